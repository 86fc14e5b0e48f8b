// Number fields as they travel in staking messages. A LegacyDec is the integer text of its
// atomics (value x 10^18), exactly what the SDK's LegacyDec.Marshal writes into protobuf bytes and
// what CosmJS reads back with Decimal.fromAtomics(text, 18); a cosmos.Int is plain integer text.
import { parseAmount } from "../../coins/coins.js";

export { decFromWire, decToWire } from "../../../common/legacyDecWire.js";

/** A cosmos.Int field (tokens, balances). */
export function intFromWire(text: string, what = "amount"): bigint {
  return parseAmount(text, what);
}
