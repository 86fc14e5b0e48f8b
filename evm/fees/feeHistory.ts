// eth_feeHistory from the EvmBlock records: for `count` blocks up to `newest`, each block's base
// fee (and the base fee of the block after the newest), how full it was, and, per requested
// percentile, the tip at that point of its txs sorted by tip and weighted by gas used (geth's
// rule). No blobs exist here, so the blob fields are zeros.
import type { BlockSource } from "../chain/blockSource.js";
import type { FeeMarketParams } from "../../common/ethereum/feeMarket.js";
import { quantity } from "../codec/hex.js";
import { invalidParams, RpcCode, RpcError } from "../rpc/errors.js";
import { baseFeeAfter, tipsOf } from "./gasOracle.js";
import type { ChainBlock } from "../chain/chainBlock.js";
import { mapLimit } from "../chain/mapLimit.js";

/** geth's bound on percentiles per request. */
const MAX_PERCENTILES = 100;
/** Blocks fetched at once. */
const FETCH_CONCURRENCY = 16;

export interface FeeHistoryRequest {
  newest: bigint;
  count: number;
  percentiles: number[] | undefined;
}

/** rewardPercentiles: numbers from 0 to 100, each at least the one before. */
export function parsePercentiles(value: unknown): number[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw invalidParams("rewardPercentiles: expected an array of numbers from 0 to 100");
  if (value.length > MAX_PERCENTILES) throw invalidParams(`rewardPercentiles: at most ${MAX_PERCENTILES} percentiles`);
  value.forEach((p, i) => {
    if (typeof p !== "number" || !Number.isFinite(p) || p < 0 || p > 100)
      throw invalidParams(`invalid reward percentile #${i}: ${JSON.stringify(p)}, expected a number from 0 to 100`);
    if (i > 0 && p < value[i - 1]) throw invalidParams(`invalid reward percentile #${i}: ${p} is less than the one before (${value[i - 1]})`);
  });
  return value as number[];
}

export async function feeHistory(blocks: BlockSource, params: FeeMarketParams, req: FeeHistoryRequest): Promise<Record<string, unknown>> {
  if (req.count === 0 || req.newest < 1n) return { oldestBlock: "0x0", baseFeePerGas: [], gasUsedRatio: [] };
  const oldest = req.newest - BigInt(req.count) + 1n > 1n ? req.newest - BigInt(req.count) + 1n : 1n;
  const heights: bigint[] = [];
  for (let h = oldest; h <= req.newest; h++) heights.push(h);
  const found = await mapLimit(heights, FETCH_CONCURRENCY, (h) => blocks.byHeight(h));
  const missing = found.findIndex((b) => b === undefined);
  if (missing >= 0) throw new RpcError(RpcCode.server, `block ${heights[missing]} is not available`);
  const list = found as ChainBlock[];
  const newest = list[list.length - 1]!;
  const out: Record<string, unknown> = {
    oldestBlock: quantity(oldest),
    baseFeePerGas: [...list.map((b) => quantity(b.baseFee)), quantity(baseFeeAfter(newest, params))],
    gasUsedRatio: list.map((b) => (b.gasLimit === 0n ? 0 : Number(b.gasUsed) / Number(b.gasLimit))),
    baseFeePerBlobGas: Array.from({ length: list.length + 1 }, () => "0x0"),
    blobGasUsedRatio: list.map(() => 0),
  };
  // geth answers `reward` only when percentiles were asked for (none for an empty list).
  if (req.percentiles && req.percentiles.length > 0) out.reward = list.map((b) => rewards(b, req.percentiles!).map(quantity));
  return out;
}

/** The tips at the given gas-weighted percentiles of the block's txs (zeros for a block without). */
function rewards(block: ChainBlock, percentiles: number[]): bigint[] {
  const txs = tipsOf(block).sort((a, b) => (a.tip < b.tip ? -1 : a.tip > b.tip ? 1 : 0));
  if (txs.length === 0) return percentiles.map(() => 0n);
  const total = Number(block.receipts.reduce((sum, r) => sum + r.gasUsed, 0n));
  return percentiles.map((p) => {
    const threshold = (total * p) / 100;
    let used = 0;
    for (const tx of txs) {
      used += Number(tx.gasUsed);
      if (used >= threshold) return tx.tip;
    }
    return txs[txs.length - 1]!.tip;
  });
}
