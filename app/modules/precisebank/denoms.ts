// The two denominations of the one native coin. `uunit` is the bank denom (6 decimals); `aunit`
// (18 decimals) exists only in this module's arithmetic: it is never a bank denom, never held in
// bank state and never minted.
export const INTEGER_DENOM = "uunit";
export const EXTENDED_DENOM = "aunit";
/** aunit per uunit. */
export const CONVERSION_FACTOR = 10n ** 12n;
