// Proposal helpers shared by applications.
import { protoBytesFieldSize } from "../common/protobufSize.js";

/**
 * Keeps txs in order while their summed proto-encoded size fits `maxTxBytes`, the way CometBFT
 * measures it (`ComputeProtoSizeForTxs`); a tx that does not fit is skipped, later smaller ones may still fit.
 */
export function selectTxsWithinBytes(txs: readonly Uint8Array[], maxTxBytes: bigint | number): Uint8Array[] {
  const limit = Number(maxTxBytes);
  const out: Uint8Array[] = [];
  let used = 0;
  for (const tx of txs) {
    const size = protoBytesFieldSize(tx.length);
    if (limit >= 0 && used + size > limit) continue;
    used += size;
    out.push(tx);
  }
  return out;
}
