// Fee suggestions and history: eth_gasPrice, eth_maxPriorityFeePerGas, eth_feeHistory.
import { parseBlockNumberOrTag } from "../codec/blockParam.js";
import { parseUint64, quantity, describe } from "../codec/hex.js";
import { feeHistory, parsePercentiles } from "../fees/feeHistory.js";
import { baseFeeAfter } from "../fees/gasOracle.js";
import { invalidParams, serverError } from "../rpc/errors.js";
import { method, required, type Methods, type RpcServices } from "./services.js";

export function feeMethods(s: RpcServices): Methods {
  /** The latest block, which the next block's base fee follows from. */
  const latestBlock = async () => {
    const height = await s.node.committedHeight();
    const block = await s.blocks.byHeight(height);
    if (!block) throw serverError(`block ${height} is not available yet`);
    return block;
  };
  return {
    eth_gasPrice: method(0, async () => {
      const block = await latestBlock();
      const [params, tip] = await Promise.all([s.params.feeMarket(), s.oracle.suggestedTip(block.height)]);
      return quantity(baseFeeAfter(block, params) + tip);
    }),
    eth_maxPriorityFeePerGas: method(0, async () => quantity(await s.oracle.suggestedTip(await s.node.committedHeight()))),
    eth_feeHistory: method(3, async (p) => {
      const requested = blockCount(required(p, 0, "block count"));
      const ref = parseBlockNumberOrTag(required(p, 1, "newest block"), "newest block");
      const percentiles = parsePercentiles(p[2]);
      const latest = await s.node.committedHeight();
      let newest = latest;
      if (ref.kind === "number") {
        if (ref.height > latest) throw serverError(`request beyond head block: requested ${ref.height}, head ${latest}`);
        newest = ref.height;
      } else if (ref.kind === "tag" && ref.tag === "earliest") {
        newest = (await s.node.syncStatus()).earliestHeight;
      }
      const count = Math.min(requested, s.maxFeeHistoryBlocks);
      return feeHistory(s.blocks, await s.params.feeMarket(), { newest, count, percentiles });
    }),
  };
}

/** The block count: a hex quantity, or (as some wallets send it, and geth accepts) a decimal integer or string. */
function blockCount(value: unknown): number {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value) || value < 0) throw invalidParams(`block count: expected a non-negative integer, got ${describe(value)}`);
    return value;
  }
  const n = typeof value === "string" && /^[0-9]{1,20}$/.test(value) ? BigInt(value) : parseUint64(value, "block count");
  return n > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(n);
}
