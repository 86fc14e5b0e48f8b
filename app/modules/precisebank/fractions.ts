// Pure arithmetic of extended amounts: an aunit amount splits into whole uunit and a fraction
// below 10^12, and a fractional balance that leaves [0, 10^12) borrows or carries one uunit.
import { CONVERSION_FACTOR } from "./denoms.js";

/** `amount` aunit as whole uunit plus a fraction in [0, 10^12). */
export function splitExtended(amount: bigint): { integer: bigint; fractional: bigint } {
  return { integer: amount / CONVERSION_FACTOR, fractional: amount % CONVERSION_FACTOR };
}

function assertFraction(value: bigint, what: string): void {
  if (value < 0n || value >= CONVERSION_FACTOR) throw new RangeError(`${what} ${value} is not a fraction in [0, ${CONVERSION_FACTOR})`);
}

/**
 * `balance - amount` as a fraction; `borrow` when it went below zero, in which case one uunit
 * (10^12 aunit) was added back and the holder owes that uunit to whoever backs fractions.
 */
export function subFraction(balance: bigint, amount: bigint): { fraction: bigint; borrow: boolean } {
  assertFraction(balance, "fractional balance");
  assertFraction(amount, "fractional amount");
  const fraction = balance - amount;
  return fraction < 0n ? { fraction: fraction + CONVERSION_FACTOR, borrow: true } : { fraction, borrow: false };
}

/**
 * `balance + amount` as a fraction; `carry` when it reached 10^12, in which case one uunit was
 * taken off and the holder is owed that uunit.
 */
export function addFraction(balance: bigint, amount: bigint): { fraction: bigint; carry: boolean } {
  assertFraction(balance, "fractional balance");
  assertFraction(amount, "fractional amount");
  const fraction = balance + amount;
  return fraction >= CONVERSION_FACTOR ? { fraction: fraction - CONVERSION_FACTOR, carry: true } : { fraction, carry: false };
}
