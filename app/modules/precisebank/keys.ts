// The precisebank module's storage schema, under the `precisebank/` namespace. Addresses are
// their fixed 20 bytes, so `0x01 | address` lists fractional balances in address order. Amounts
// are decimal strings, as bank stores its balances.

export const MODULE_NAME = "precisebank";
/** 0x01 | address(20) → fractional balance in aunit, 0 < f < 10^12; a zero fraction is deleted */
export const FRACTIONAL_BALANCE_PREFIX = Uint8Array.of(0x01);
/** The remainder in aunit, 0 <= r < 10^12; absent means zero */
export const REMAINDER_KEY = Uint8Array.of(0x02);

export const fractionalBalanceKey = (address: Uint8Array) => Buffer.concat([FRACTIONAL_BALANCE_PREFIX, address]);
