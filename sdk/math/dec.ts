// Fixed-point decimals with 18 fractional digits, as the Cosmos SDK's LegacyDec: a value is held
// as a bigint of atomics (value x 10^18). Multiplication and division round half to even at the
// 18th digit, exactly as LegacyDec's Mul and Quo do, so tallies and share maths agree with the
// SDK's to the last atomic unit. No floats anywhere.

export const DEC_PRECISION = 18;
export const DEC_ONE = 10n ** 18n;
const HALF = DEC_ONE / 2n;

/** Parses "0.334", "1", "0.500000000000000000" into atomics; at most 18 fractional digits, no sign. */
export function parseDec(text: string): bigint {
  const m = /^(\d{1,60})(?:\.(\d{1,18}))?$/.exec(text);
  if (!m) throw new Error(`invalid decimal "${text.slice(0, 80)}": expected digits with at most 18 after the point`);
  return BigInt(m[1]!) * DEC_ONE + BigInt((m[2] ?? "").padEnd(DEC_PRECISION, "0"));
}

/** Atomics as the SDK prints a LegacyDec: always 18 fractional digits ("0.334000000000000000"). */
export function formatDec(atomics: bigint): string {
  const negative = atomics < 0n;
  const abs = negative ? -atomics : atomics;
  const int = abs / DEC_ONE;
  const frac = (abs % DEC_ONE).toString().padStart(DEC_PRECISION, "0");
  return `${negative ? "-" : ""}${int}.${frac}`;
}

/** Divides by 10^18, rounding half to even (LegacyDec's chopPrecisionAndRound). */
function chopPrecisionAndRound(value: bigint): bigint {
  if (value < 0n) return -chopPrecisionAndRound(-value);
  const quo = value / DEC_ONE;
  const rem = value % DEC_ONE;
  if (rem < HALF) return quo;
  if (rem > HALF) return quo + 1n;
  return quo % 2n === 0n ? quo : quo + 1n;
}

export function decFromInt(n: bigint): bigint {
  return n * DEC_ONE;
}

/** The integer part, truncated toward zero (LegacyDec.TruncateInt). */
export function decTruncate(atomics: bigint): bigint {
  return atomics / DEC_ONE;
}

/** a x b, rounded half to even (LegacyDec.Mul). */
export function decMul(a: bigint, b: bigint): bigint {
  return chopPrecisionAndRound(a * b);
}

/** a x n for an integer n: exact (LegacyDec.MulInt). */
export function decMulInt(a: bigint, n: bigint): bigint {
  return a * n;
}

/** a / b, rounded half to even after a truncating division (LegacyDec.Quo). Throws on b = 0. */
export function decQuo(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError("decimal division by zero");
  return chopPrecisionAndRound((a * DEC_ONE * DEC_ONE) / b);
}
