// The block limits of CometBFT's consensus params (block.max_bytes, block.max_gas), which
// ProcessProposal checks a proposal against. They reach the app only in InitChain (this chain has
// no module that changes consensus params), so InitChain stores them in state, as the SDK stores
// its consensus params: every validator, restarted or not, then checks against the same numbers.
import type { KVReader, KVStore } from "./store/index.js";

/** Under the app's own namespace (app.ts's APP_NAMESPACE), which no module may take. */
const BLOCK_PARAMS_KEY = Buffer.from("app/block_params");

/** CometBFT's hard cap on a block (types.MaxBlockSizeBytes), what max_bytes -1 means. */
export const MAX_BLOCK_SIZE_BYTES = 104_857_600;

export interface BlockParams {
  /** Bytes of the whole block; the txs alone take less. */
  maxBytes: number;
  /** Gas wanted by all of a block's txs together; negative: no limit. */
  maxGas: bigint;
}

/** Stores InitChain's block params; a chain started without them keeps none (see readBlockParams). */
export function storeBlockParams(state: KVStore, params: { maxBytes: bigint; maxGas: bigint } | undefined): void {
  if (!params) return;
  state.set(BLOCK_PARAMS_KEY, Buffer.from(JSON.stringify({ max_bytes: params.maxBytes.toString(), max_gas: params.maxGas.toString() })));
}

/**
 * The stored block params. Without any (a store from before they were kept, or an InitChain that
 * sent none) the limits are CometBFT's own caps: no byte limit beyond MaxBlockSizeBytes, no gas
 * limit, which never rejects a block CometBFT itself would accept.
 */
export function readBlockParams(state: KVReader): BlockParams {
  const raw = state.get(BLOCK_PARAMS_KEY);
  if (!raw) return { maxBytes: MAX_BLOCK_SIZE_BYTES, maxGas: -1n };
  const parsed = JSON.parse(Buffer.from(raw).toString("utf8")) as { max_bytes: string; max_gas: string };
  const maxBytes = Number(parsed.max_bytes);
  return { maxBytes: maxBytes > 0 && maxBytes < MAX_BLOCK_SIZE_BYTES ? maxBytes : MAX_BLOCK_SIZE_BYTES, maxGas: BigInt(parsed.max_gas) };
}
