// CometBFT v0.38's rules for consensus params (its types/params.go): how an update applies
// (Update), which params are valid (ValidateBasic) and which vote-extension changes are allowed
// (ValidateUpdate). CometBFT applies these to the `consensus_param_updates` of FinalizeBlock and
// halts the node on a failure, so the app checks an update with the same rules before it leaves
// a block. Pure functions over the tendermint.types protos; each failure is a plain Error with
// CometBFT's message.
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import type { Duration } from "@bufbuild/protobuf/wkt";
import { ConsensusParamsSchema, type ConsensusParams } from "../../gen/tendermint/types/params_pb.js";

/** CometBFT's hard cap on a block (types.MaxBlockSizeBytes): what block.max_bytes -1 means. */
export const MAX_BLOCK_SIZE_BYTES = 104_857_600;

/** The validator key types CometBFT v0.38 knows (types.ABCIPubKeyTypesToNames). */
export const ABCI_PUB_KEY_TYPES: readonly string[] = ["ed25519", "secp256k1"];

const NANOS_PER_SECOND = 1_000_000_000n;
const MAX_INT64 = 2n ** 63n - 1n;

/** The parts of the consensus params an update may carry (version is never among them here). */
export type ConsensusParamsUpdate = Pick<ConsensusParams, "block" | "evidence" | "validator" | "abci">;

/**
 * The params after `update`, as CometBFT's ConsensusParams.Update computes them: every part the
 * update carries replaces the current one whole; the parts it leaves out stay.
 */
export function updatedParams(current: ConsensusParams, update: ConsensusParamsUpdate): ConsensusParams {
  const next: MessageInitShape<typeof ConsensusParamsSchema> = {};
  const block = update.block ?? current.block;
  const evidence = update.evidence ?? current.evidence;
  const validator = update.validator ?? current.validator;
  const abci = update.abci ?? current.abci;
  if (block) next.block = { maxBytes: block.maxBytes, maxGas: block.maxGas };
  if (evidence) {
    next.evidence = {
      maxAgeNumBlocks: evidence.maxAgeNumBlocks,
      maxBytes: evidence.maxBytes,
      ...(evidence.maxAgeDuration ? { maxAgeDuration: { seconds: evidence.maxAgeDuration.seconds, nanos: evidence.maxAgeDuration.nanos } } : {}),
    };
  }
  if (validator) next.validator = { pubKeyTypes: [...validator.pubKeyTypes] };
  if (current.version) next.version = { app: current.version.app };
  if (abci) next.abci = { voteExtensionsEnableHeight: abci.voteExtensionsEnableHeight };
  return create(ConsensusParamsSchema, next);
}

/**
 * A protobuf Duration as Go's time.Duration (int64 nanoseconds), as gogoproto's stdduration reads
 * it; throws where that conversion fails (CometBFT could not even decode such a message).
 */
export function durationNanos(d: Duration | undefined, field: string): bigint {
  if (!d) return 0n;
  const { seconds, nanos } = d;
  if (nanos <= -1_000_000_000 || nanos >= 1_000_000_000) throw new Error(`${field}: duration has out-of-range nanos ${nanos}`);
  if ((seconds < 0n && nanos > 0) || (seconds > 0n && nanos < 0)) throw new Error(`${field}: duration has seconds and nanos of different signs`);
  const total = seconds * NANOS_PER_SECOND + BigInt(nanos);
  if (total > MAX_INT64 || total < -MAX_INT64 - 1n) throw new Error(`${field}: duration ${seconds}s is out of range for time.Duration`);
  return total;
}

/**
 * CometBFT's ConsensusParams.ValidateBasic over the parts present (a part left out is not checked;
 * every part an update sends is present). Throws a plain Error with CometBFT's message.
 */
export function validateConsensusParams(p: ConsensusParams): void {
  const block = p.block;
  if (block) {
    if (block.maxBytes === 0n) throw new Error("block.MaxBytes cannot be 0");
    if (block.maxBytes < -1n) throw new Error(`block.MaxBytes must be -1 or greater than 0. Got ${block.maxBytes}`);
    if (block.maxBytes > BigInt(MAX_BLOCK_SIZE_BYTES)) throw new Error(`block.MaxBytes is too big. ${block.maxBytes} > ${MAX_BLOCK_SIZE_BYTES}`);
    if (block.maxGas < -1n) throw new Error(`block.MaxGas must be greater or equal to -1. Got ${block.maxGas}`);
  }
  const evidence = p.evidence;
  if (evidence) {
    if (evidence.maxAgeNumBlocks <= 0n) throw new Error(`evidence.MaxAgeNumBlocks must be greater than 0. Got ${evidence.maxAgeNumBlocks}`);
    const age = durationNanos(evidence.maxAgeDuration, "evidence.MaxAgeDuration");
    if (age <= 0n) throw new Error(`evidence.MaxAgeDuration must be greater than 0 if provided, Got ${age}ns`);
    if (block) {
      const maxBytes = block.maxBytes === -1n ? BigInt(MAX_BLOCK_SIZE_BYTES) : block.maxBytes;
      if (evidence.maxBytes > maxBytes) throw new Error(`evidence.MaxBytesEvidence is greater than upper bound, ${evidence.maxBytes} > ${block.maxBytes}`);
    }
    if (evidence.maxBytes < 0n) throw new Error(`evidence.MaxBytes must be non negative. Got: ${evidence.maxBytes}`);
  }
  if (p.abci && p.abci.voteExtensionsEnableHeight < 0n) {
    throw new Error(`ABCI.VoteExtensionsEnableHeight cannot be negative. Got: ${p.abci.voteExtensionsEnableHeight}`);
  }
  const validator = p.validator;
  if (validator) {
    if (validator.pubKeyTypes.length === 0) throw new Error("len(Validator.PubKeyTypes) must be greater than 0");
    validator.pubKeyTypes.forEach((type, i) => {
      if (!ABCI_PUB_KEY_TYPES.includes(type)) throw new Error(`params.Validator.PubKeyTypes[${i}], ${type.slice(0, 40)}, is an unknown pubkey type`);
    });
  }
}

/**
 * CometBFT's ConsensusParams.ValidateUpdate: once vote extensions are enabled (their enable height
 * reached) they cannot be disabled or moved, and a new enable height must lie after `height`, the
 * block executing the update. `currentHeight` is the stored enable height.
 */
export function validateVoteExtensionsUpdate(currentHeight: bigint, update: ConsensusParamsUpdate, height: bigint): void {
  if (!update.abci) return;
  const next = update.abci.voteExtensionsEnableHeight;
  if (next < 0n) throw new Error("VoteExtensionsEnableHeight must be positive");
  if (currentHeight <= 0n && next === 0n) return;
  if (currentHeight === next) return;
  if (currentHeight > 0n && next === 0n) {
    if (currentHeight <= height) {
      throw new Error(`vote extensions cannot be disabled once enabled, old enable height: ${currentHeight}, current height ${height}`);
    }
    return;
  }
  if (next <= height) throw new Error(`vote extensions cannot be updated to a past or current height, enable height: ${next}, current height ${height}`);
  if (currentHeight <= 0n) return;
  if (currentHeight <= height) throw new Error(`vote extensions cannot be modified once enabled, enable height: ${currentHeight}, current height ${height}`);
}
