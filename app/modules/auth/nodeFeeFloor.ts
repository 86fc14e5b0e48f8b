// The node's own `minimum-gas-prices` (app.toml): CheckTx refuses a Cosmos tx that pays less than
// gas limit × this price, so it never enters this node's mempool. Delivery in blocks is untouched:
// there only the chain's minimum gas price applies, the same on every validator (as the SDK).
import { sdkErrors } from "../../../common/errors.js";
import { formatCoins, parseCoins } from "../../coins/coins.js";
import { decodeCosmosTx } from "../../tx/decode.js";
import type { MsgRouter } from "../../tx/msgRouter.js";
import type { TxProcessor } from "../../tx/processor.js";
import { formatGasPrice, requiredFee, type GasPrice } from "./params.js";

export function withNodeFeeFloor(inner: TxProcessor, floor: GasPrice, msgs: MsgRouter): TxProcessor {
  const wrapped: TxProcessor = Object.create(inner) as TxProcessor;
  wrapped.check = (env, tx, recheck) => {
    let fee: { amount: ReturnType<typeof parseCoins>; gasLimit: bigint } | undefined;
    try {
      const decoded = decodeCosmosTx(tx, msgs);
      if (decoded.authInfo.fee) fee = { amount: parseCoins(decoded.authInfo.fee.amount), gasLimit: decoded.authInfo.fee.gasLimit };
    } catch {
      fee = undefined; // not a Cosmos tx, or malformed: the processor says why
    }
    if (fee) {
      const required = requiredFee(floor, fee.gasLimit);
      const paid = fee.amount.find((c) => c.denom === floor.denom)?.amount ?? 0n;
      if (paid < required) {
        const e = sdkErrors.insufficientFee;
        return {
          code: e.code,
          codespace: e.codespace,
          log: `insufficient fees; got: ${formatCoins(fee.amount) || "0" + floor.denom} required: ${required}${floor.denom} (this node's minimum-gas-prices ${formatGasPrice(floor)})`,
          gasWanted: fee.gasLimit,
        };
      }
    }
    return inner.check(env, tx, recheck);
  };
  return wrapped;
}

/**
 * The least gas price this node accepts, as the node service's Config reports it: the chain's
 * minimum, or the node's own floor where that is higher (a floor in another denom is reported as is:
 * a tx must then pay it in that denom here).
 */
export function nodeMinimumGasPrice(chain: GasPrice, floor: GasPrice | undefined): GasPrice {
  if (!floor) return chain;
  if (floor.denom !== chain.denom) return floor;
  return floor.scaled > chain.scaled ? floor : chain;
}
