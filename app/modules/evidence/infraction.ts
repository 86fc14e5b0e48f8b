// Double signs CometBFT reports with a block (FinalizeBlock's misbehavior), handled as the SDK's
// x/evidence handles an Equivocation: both kinds CometBFT knows (duplicate vote, light client
// attack) are treated alike. Evidence is ignored when the validator is unknown or unbonded, when
// it is older than the consensus params allow in both blocks and time, or when the validator is
// already tombstoned. Otherwise the stake that signed at the infraction height is slashed by
// slash_fraction_double_sign, the validator is jailed for good and tombstoned, and the evidence is
// stored by its hash.
import { BondStatus } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import type { Equivocation } from "../../../gen/cosmos/evidence/v1beta1/evidence_pb.js";
import { parseConsAddress } from "../../../common/address.js";
import type { Context } from "../../context.js";
import { equivocationFromMisbehavior, equivocationHash, packEquivocation } from "./equivocation.js";
import type { EvidenceKeeper } from "./keeper.js";
import { DOUBLE_SIGN_JAIL_END_TIME, durationNanos, timestampNanos } from "./time.js";

/** CometBFT's MisbehaviorType: DUPLICATE_VOTE and LIGHT_CLIENT_ATTACK. */
const DUPLICATE_VOTE = 1;
const LIGHT_CLIENT_ATTACK = 2;
/** Blocks between the app's validator updates and CometBFT applying them (the SDK's ValidatorUpdateDelay). */
const VALIDATOR_UPDATE_DELAY = 1n;

/** Every misbehaviour of the block, in CometBFT's order. */
export function handleMisbehavior(ctx: Context, keeper: EvidenceKeeper): void {
  for (const m of ctx.consensus.misbehavior) {
    if (m.type === DUPLICATE_VOTE || m.type === LIGHT_CLIENT_ATTACK) handleEquivocation(ctx, keeper, equivocationFromMisbehavior(m));
    else ctx.logger.error({ type: m.type }, "ignored unknown evidence type");
  }
}

export function handleEquivocation(ctx: Context, keeper: EvidenceKeeper, evidence: Equivocation): void {
  const consAddress = parseConsAddress(evidence.consensusAddress);
  const log = { validator: evidence.consensusAddress, infractionHeight: evidence.height.toString(), height: ctx.header.height.toString() };
  const validator = keeper.staking.validatorViewByConsAddress(ctx.store, consAddress);
  if (!validator || validator.status === BondStatus.UNBONDED) {
    // Its stake is gone already (or CometBFT and the app disagree): there is nothing to slash.
    ctx.logger.info(log, "ignored equivocation; validator unknown or unbonded");
    return;
  }

  const ageBlocks = ctx.header.height - evidence.height;
  const ageNanos = timestampNanos(ctx.header.time) - timestampNanos(evidence.time ?? { seconds: 0n, nanos: 0 });
  const limits = keeper.consensus.getParams(ctx.store)?.evidence;
  // Stale only when too old in both senses, as the SDK (and CometBFT's own evidence pool) decide.
  if (limits && ageNanos > durationNanos(limits.maxAgeDuration ?? { seconds: 0n, nanos: 0 }) && ageBlocks > limits.maxAgeNumBlocks) {
    ctx.logger.info({ ...log, ageBlocks: ageBlocks.toString() }, "ignored equivocation; evidence too old");
    return;
  }
  if (!keeper.slashing.hasSigningInfo(ctx.store, consAddress)) {
    // The SDK halts the chain here; a bonded validator always has a record, so this is logged loudly instead.
    ctx.logger.error(log, "ignored equivocation; validator has no signing info");
    return;
  }
  if (keeper.slashing.isTombstoned(ctx.store, consAddress)) {
    ctx.logger.info(log, "ignored equivocation; validator already tombstoned");
    return;
  }

  // The stake that signed at the infraction height: the set the app chose ValidatorUpdateDelay
  // blocks earlier. Negative heights only mean "from genesis" to staking's filter.
  const distributionHeight = evidence.height - VALIDATOR_UPDATE_DELAY;
  const fraction = keeper.slashing.slashFractionDoubleSign(ctx.store);
  keeper.slashing.slash(ctx, consAddress, fraction, evidence.power, distributionHeight, "double_sign");
  if (!validator.jailed) keeper.slashing.jail(ctx, consAddress);
  keeper.slashing.jailUntil(ctx, consAddress, DOUBLE_SIGN_JAIL_END_TIME);
  keeper.slashing.tombstone(ctx, consAddress);
  keeper.setEvidence(ctx, equivocationHash(evidence), packEquivocation(evidence));
  ctx.logger.info(log, "confirmed equivocation: slashed, jailed for good and tombstoned");
}
