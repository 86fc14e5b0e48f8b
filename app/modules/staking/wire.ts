// Number fields as they travel in staking messages. A LegacyDec is the integer text of its
// atomics (value x 10^18), exactly what the SDK's LegacyDec.Marshal writes into protobuf bytes and
// what CosmJS reads back with Decimal.fromAtomics(text, 18); a cosmos.Int is plain integer text.
import { parseAmount } from "../../coins/coins.js";
import { sdkErrors } from "../../../common/errors.js";

/** Atomics of a wire LegacyDec; empty means zero, as gogoproto reads an absent field. */
export function decFromWire(text: string): bigint {
  if (text === "") return 0n;
  if (!/^-?\d{1,100}$/.test(text)) throw sdkErrors.invalidType.wrap(`invalid LegacyDec wire value "${text.slice(0, 110)}"`);
  return BigInt(text);
}

export function decToWire(atomics: bigint): string {
  return atomics.toString();
}

/** A cosmos.Int field (tokens, balances). */
export function intFromWire(text: string, what = "amount"): bigint {
  return parseAmount(text, what);
}
