// Numbers as they travel in distribution records and answers. A LegacyDec (a DecCoin's amount, a
// slash fraction, a stake) is the integer text of its atomics on the protobuf wire, as the SDK's
// LegacyDec.Marshal writes it and CosmJS reads it.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { DecCoinSchema } from "../../../gen/cosmos/base/v1beta1/coin_pb.js";
import { decFromWire, decToWire } from "../../../common/legacyDecWire.js";
import type { DecCoin, DecCoins } from "./decCoins.js";

export { decFromWire, decToWire };

export function decCoinsToWire(coins: DecCoins): MessageInitShape<typeof DecCoinSchema>[] {
  return coins.map((c) => ({ denom: c.denom, amount: decToWire(c.amount) }));
}

/** Stored DecCoins (written by this module, so already sorted and non-zero). */
export function decCoinsFromWire(coins: readonly { denom: string; amount: string }[]): DecCoin[] {
  return coins.map((c) => ({ denom: c.denom, amount: decFromWire(c.amount) }));
}
