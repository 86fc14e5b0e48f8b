// A LegacyDec as it travels in protobuf fields: the integer text of its atomics (value x 10^18),
// exactly what the SDK's LegacyDec.Marshal writes and what CosmJS reads back with
// Decimal.fromAtomics(text, 18).
import { sdkErrors } from "./errors.js";

/** Atomics of a wire LegacyDec; empty means zero, as gogoproto reads an absent field. */
export function decFromWire(text: string): bigint {
  if (text === "") return 0n;
  if (!/^-?\d{1,100}$/.test(text)) throw sdkErrors.invalidType.wrap(`invalid LegacyDec wire value "${text.slice(0, 110)}"`);
  return BigInt(text);
}

export function decToWire(atomics: bigint): string {
  return atomics.toString();
}
