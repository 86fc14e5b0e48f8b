// The block limits of CometBFT's consensus params (block.max_bytes, block.max_gas), which
// PrepareProposal and ProcessProposal hold a proposal to. CometBFT hands the app its consensus
// params in InitChain, and governance changes them (cosmos.consensus.v1.MsgUpdateParams); the
// consensus module keeps them in state, as the SDK's does, so every validator, restarted or not,
// checks a proposal against the same numbers: those committed before the block.
import { create } from "@bufbuild/protobuf";
import { ConsensusParamsSchema, type ConsensusParams } from "../gen/tendermint/types/params_pb.js";
import { MAX_BLOCK_SIZE_BYTES } from "../common/comet/consensusParams.js";
import type { Context } from "./context.js";
import type { StateReader } from "./store/types.js";

export { MAX_BLOCK_SIZE_BYTES };

/** Where the app keeps the consensus params: the consensus module's keeper, passed in by the composition root. */
export interface ConsensusParamsStore {
  /** The params committed in `state`; undefined when none are kept. */
  getParams(state: StateReader): ConsensusParams | undefined;
  /** Stores the params InitChain received. */
  initParams(ctx: Context, params: ConsensusParams): void;
}

/**
 * Where chains started before the consensus module kept only InitChain's block params (JSON
 * `{max_bytes, max_gas}` under the app's own namespace). Read, never written: such a chain keeps
 * working without a migration, and its first governance update writes the module's record.
 */
const LEGACY_BLOCK_PARAMS_KEY = Buffer.from("app/block_params");

/** The block params of a chain that kept only the legacy record, as consensus params with only `block`. */
export function readLegacyConsensusParams(state: StateReader): ConsensusParams | undefined {
  const raw = state.get(LEGACY_BLOCK_PARAMS_KEY);
  if (!raw) return undefined;
  const parsed = JSON.parse(Buffer.from(raw).toString("utf8")) as { max_bytes: string; max_gas: string };
  return create(ConsensusParamsSchema, { block: { maxBytes: BigInt(parsed.max_bytes), maxGas: BigInt(parsed.max_gas) } });
}

export interface BlockParams {
  /** Bytes of the whole block; the txs alone take less. */
  maxBytes: number;
  /** Gas wanted by all of a block's txs together; negative: no limit. */
  maxGas: bigint;
}

/**
 * The block limits of `params`. Without any (a store that kept none, or an InitChain that sent
 * none) the limits are CometBFT's own caps: no byte limit beyond MaxBlockSizeBytes, no gas limit,
 * which never rejects a block CometBFT itself would accept.
 */
export function blockLimits(params: ConsensusParams | undefined): BlockParams {
  const block = params?.block;
  if (!block) return { maxBytes: MAX_BLOCK_SIZE_BYTES, maxGas: -1n };
  const maxBytes = Number(block.maxBytes);
  return { maxBytes: maxBytes > 0 && maxBytes < MAX_BLOCK_SIZE_BYTES ? maxBytes : MAX_BLOCK_SIZE_BYTES, maxGas: block.maxGas };
}
