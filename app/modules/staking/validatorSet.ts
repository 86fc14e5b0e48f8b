// The validator set CometBFT runs with, as the SDK's ApplyAndReturnValidatorSetUpdates: the top
// `max_validators` of the power index with power of at least 1 are bonded; the rest of those
// CometBFT had begin unbonding. Tokens follow their validator's status between the bonded and
// not-bonded pools. CometBFT receives only the validators whose power changed, and power 0 for
// those that left.
//
// An outcome with no validator at all is handed to CometBFT as the SDK would (its validators
// removed), and CometBFT then stops the chain: see docs/staking.md.
import { BondStatus, type Validator } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import type { Context } from "../../context.js";
import type { ValidatorUpdate } from "../../module.js";
import { sdkErrors } from "../../../common/errors.js";
import { decodeConsensusPubKey } from "./consensusKey.js";
import { movePools } from "./delegation.js";
import { validatorAmounts, type StakingStore } from "./store.js";
import { valAddressToString } from "./valAddress.js";
import { beginUnbondingValidator, bondValidator, completeUnbondingValidator, potentialPower, removeValidator } from "./validatorState.js";
import { decFromWire } from "./wire.js";

export function validatorUpdate(v: Validator, power: bigint): ValidatorUpdate {
  return { pubKey: { sum: { case: "ed25519", value: decodeConsensusPubKey(v.consensusPubkey) } }, power };
}

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

/** The operators the power index ranks into the set: at most `max`, each with power of at least 1. */
function topOfIndex(ctx: Context, keeper: StakingStore, max: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const operator of keeper.validatorsByPower(ctx.store)) {
    if (out.length >= max) break;
    const v = keeper.getValidator(ctx.store, operator);
    if (!v) throw sdkErrors.logic.wrap(`power index names ${valAddressToString(operator)}, which has no record`);
    if (v.jailed) throw sdkErrors.logic.wrap(`jailed validator ${valAddressToString(operator)} in the power index`);
    // Ranked by power, so nothing after a zero-power validator can be bonded.
    if (potentialPower(v) === 0n) break;
    out.push(operator);
  }
  return out;
}

export function applyValidatorSetUpdates(ctx: Context, keeper: StakingStore): ValidatorUpdate[] {
  const { maxValidators } = keeper.getParams(ctx.store);
  const last = new Map<string, bigint>();
  for (const operator of keeper.lastValidatorOperators(ctx.store)) last.set(hex(operator), keeper.getLastValidatorPower(ctx.store, operator)!);

  const updates: ValidatorUpdate[] = [];
  let totalPower = 0n;
  let toBonded = 0n;
  let toNotBonded = 0n;
  // Collected first: bonding rewrites index entries (under the same keys) while we would iterate.
  for (const operator of topOfIndex(ctx, keeper, maxValidators)) {
    let v = keeper.getValidator(ctx.store, operator)!;
    if (v.status !== BondStatus.BONDED) {
      v = bondValidator(ctx, keeper, operator, v);
      toBonded += validatorAmounts(v).tokens;
    }
    const power = potentialPower(v);
    if (last.get(hex(operator)) !== power) {
      updates.push(validatorUpdate(v, power));
      keeper.setLastValidatorPower(ctx, operator, power);
    }
    last.delete(hex(operator));
    totalPower += power;
  }

  // Those CometBFT had that are no longer in the top, ascending by operator address.
  for (const key of [...last.keys()].sort()) {
    const operator = Uint8Array.from(Buffer.from(key, "hex"));
    const v = beginUnbondingValidator(ctx, keeper, operator, keeper.getValidator(ctx.store, operator)!);
    toNotBonded += validatorAmounts(v).tokens;
    keeper.setLastValidatorPower(ctx, operator, 0n);
    updates.push(validatorUpdate(v, 0n));
  }

  // One transfer for the net movement, as the SDK does.
  if (toBonded > toNotBonded) movePools(ctx, keeper, false, toBonded - toNotBonded);
  else if (toNotBonded > toBonded) movePools(ctx, keeper, true, toNotBonded - toBonded);
  if (updates.length > 0) keeper.setLastTotalPower(ctx, totalPower);
  return updates;
}

/**
 * Validators whose unbonding period ended become UNBONDED; those without delegator shares left
 * are removed (SDK UnbondAllMatureValidators).
 */
export function unbondAllMatureValidators(ctx: Context, keeper: StakingStore): void {
  for (const entry of keeper.matureValidatorQueue(ctx.store, ctx.header.time, ctx.header.height)) {
    const v = keeper.getValidator(ctx.store, entry.operator);
    if (!v) throw sdkErrors.logic.wrap(`validator ${valAddressToString(entry.operator)} in the unbonding queue was not found`);
    if (v.status !== BondStatus.UNBONDING) throw sdkErrors.logic.wrap(`unexpected validator in unbonding queue; status was not unbonding`);
    if (v.unbondingOnHoldRefCount > 0n) continue;
    const unbonded = completeUnbondingValidator(ctx, keeper, entry.operator, v);
    if (decFromWire(unbonded.delegatorShares) === 0n) removeValidator(ctx, keeper, entry.operator, unbonded);
    keeper.deleteValidatorQueue(ctx, entry.time, entry.height, entry.operator);
  }
}
