// Changes to a validator record that move it in the ranking or between statuses, each keeping the
// power index (store.ts, 0x23) in step: the index holds every unjailed validator under its
// consensus power, so every change of tokens or jailing removes the old entry and writes the new
// one. Status changes (bond, begin unbonding, complete unbonding, removal) happen in the end
// block (validatorSet.ts) and call the staking hooks, as the SDK's val_state_change.go.
import { create } from "@bufbuild/protobuf";
import { BondStatus, type Validator } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import type { Context } from "../../context.js";
import { sdkErrors } from "../../../common/errors.js";
import { stakingErrors } from "./errors.js";
import { consensusPower } from "./params.js";
import { addTokensFromDelegation, removeDelegatorShares } from "./shares.js";
import { validatorAmounts, withAmounts, type StakingStore } from "./store.js";
import { addDuration } from "./time.js";
import { valAddressToString } from "./valAddress.js";
import { validatorView } from "./validatorView.js";
import { TimestampSchema } from "@bufbuild/protobuf/wkt";

/** The power a validator ranks by: its tokens in whole units, whatever its status (SDK PotentialConsensusPower). */
export function potentialPower(v: Validator): bigint {
  return consensusPower(validatorAmounts(v).tokens);
}

function unindex(ctx: Context, keeper: StakingStore, operator: Uint8Array, v: Validator): void {
  keeper.deleteValidatorByPower(ctx, potentialPower(v), operator);
}

/** Jailed validators stay out of the index: they cannot enter the set. */
export function indexValidator(ctx: Context, keeper: StakingStore, operator: Uint8Array, v: Validator): void {
  if (!v.jailed) keeper.setValidatorByPower(ctx, potentialPower(v), operator);
}

/** Writes the record with its new numbers and moves its index entry. */
function replace(ctx: Context, keeper: StakingStore, operator: Uint8Array, before: Validator, after: Validator): Validator {
  unindex(ctx, keeper, operator, before);
  keeper.setValidator(ctx, operator, after);
  indexValidator(ctx, keeper, operator, after);
  return after;
}

/** SDK AddValidatorTokensAndShares: returns the validator and the shares issued. */
export function addValidatorTokensAndShares(
  ctx: Context,
  keeper: StakingStore,
  operator: Uint8Array,
  v: Validator,
  amount: bigint,
): { validator: Validator; issuedShares: bigint } {
  const { next, issuedShares } = addTokensFromDelegation(validatorAmounts(v), amount);
  return { validator: replace(ctx, keeper, operator, v, withAmounts(v, next)), issuedShares };
}

/** SDK RemoveValidatorTokensAndShares: returns the validator and the tokens the shares were worth. */
export function removeValidatorTokensAndShares(
  ctx: Context,
  keeper: StakingStore,
  operator: Uint8Array,
  v: Validator,
  shares: bigint,
): { validator: Validator; issuedTokens: bigint } {
  const { next, issuedTokens } = removeDelegatorShares(validatorAmounts(v), shares);
  return { validator: replace(ctx, keeper, operator, v, withAmounts(v, next)), issuedTokens };
}

/** Takes `amount` tokens from the validator without touching shares (SDK RemoveValidatorTokens). */
export function removeValidatorTokens(ctx: Context, keeper: StakingStore, operator: Uint8Array, v: Validator, amount: bigint): Validator {
  const amounts = validatorAmounts(v);
  if (amount < 0n || amount > amounts.tokens) throw sdkErrors.logic.wrap(`cannot remove ${amount} tokens from a validator holding ${amounts.tokens}`);
  return replace(ctx, keeper, operator, v, withAmounts(v, { ...amounts, tokens: amounts.tokens - amount }));
}

/** The operator behind a consensus address, or the SDK's "not found" error. */
function byConsAddress(ctx: Context, keeper: StakingStore, consAddress: Uint8Array): { operator: Uint8Array; validator: Validator } {
  const operator = keeper.validatorByConsAddress(ctx.store, consAddress);
  const validator = operator && keeper.getValidator(ctx.store, operator);
  if (!operator || !validator)
    throw stakingErrors.noValidatorFound.wrap(`no validator with consensus address ${Buffer.from(consAddress).toString("hex").toUpperCase()}`);
  return { operator: Uint8Array.from(operator), validator };
}

/** Jails a validator: out of the index now, out of the set at the end block (SDK jailValidator). */
export function jailValidator(ctx: Context, keeper: StakingStore, operator: Uint8Array, v: Validator): void {
  if (v.jailed) throw stakingErrors.validatorJailed.wrap(`cannot jail already jailed validator ${valAddressToString(operator)}`);
  unindex(ctx, keeper, operator, v);
  keeper.setValidator(ctx, operator, { ...v, jailed: true });
}

export function unjailValidator(ctx: Context, keeper: StakingStore, operator: Uint8Array, v: Validator): void {
  if (!v.jailed) throw sdkErrors.logic.wrap(`cannot unjail already unjailed validator ${valAddressToString(operator)}`);
  const next = { ...v, jailed: false };
  keeper.setValidator(ctx, operator, next);
  indexValidator(ctx, keeper, operator, next);
}

export function jailByConsAddress(ctx: Context, keeper: StakingStore, consAddress: Uint8Array): void {
  const { operator, validator } = byConsAddress(ctx, keeper, consAddress);
  jailValidator(ctx, keeper, operator, validator);
}

export function unjailByConsAddress(ctx: Context, keeper: StakingStore, consAddress: Uint8Array): void {
  const { operator, validator } = byConsAddress(ctx, keeper, consAddress);
  unjailValidator(ctx, keeper, operator, validator);
}

// --- status changes, called by the end block ----------------------------------------------

/** UNBONDED or UNBONDING → BONDED; leaves the unbonding queue if it was in it (SDK bondValidator). */
export function bondValidator(ctx: Context, keeper: StakingStore, operator: Uint8Array, v: Validator): Validator {
  if (v.status === BondStatus.BONDED) throw sdkErrors.logic.wrap(`bad state transition: ${valAddressToString(operator)} is already bonded`);
  const next = { ...v, status: BondStatus.BONDED };
  keeper.setValidator(ctx, operator, next);
  if (v.status === BondStatus.UNBONDING && v.unbondingTime) keeper.deleteValidatorQueue(ctx, v.unbondingTime, v.unbondingHeight, operator);
  keeper.hooks.afterValidatorBonded?.(ctx, validatorView(operator, next).consAddress, operator);
  return next;
}

/** BONDED → UNBONDING until now + unbonding_time, queued to complete then (SDK BeginUnbondingValidator). */
export function beginUnbondingValidator(ctx: Context, keeper: StakingStore, operator: Uint8Array, v: Validator): Validator {
  if (v.status !== BondStatus.BONDED) throw sdkErrors.logic.wrap(`bad state transition: ${valAddressToString(operator)} is not bonded`);
  const { unbondingTime } = keeper.getParams(ctx.store);
  const id = keeper.nextUnbondingId(ctx);
  const next = {
    ...v,
    status: BondStatus.UNBONDING,
    unbondingTime: addDuration(ctx.header.time, unbondingTime!),
    unbondingHeight: ctx.header.height,
    unbondingIds: [...v.unbondingIds, id],
  };
  keeper.setValidator(ctx, operator, next);
  keeper.insertValidatorQueue(ctx, next.unbondingTime, next.unbondingHeight, operator);
  keeper.hooks.afterValidatorBeginUnbonding?.(ctx, validatorView(operator, next).consAddress, operator);
  return next;
}

export function completeUnbondingValidator(ctx: Context, keeper: StakingStore, operator: Uint8Array, v: Validator): Validator {
  if (v.status !== BondStatus.UNBONDING) throw sdkErrors.logic.wrap(`bad state transition: ${valAddressToString(operator)} is not unbonding`);
  const next = { ...v, status: BondStatus.UNBONDED };
  keeper.setValidator(ctx, operator, next);
  return next;
}

/** Deletes an unbonded validator without tokens, with its indexes (SDK RemoveValidator). */
export function removeValidator(ctx: Context, keeper: StakingStore, operator: Uint8Array, v: Validator): void {
  if (v.status !== BondStatus.UNBONDED) throw stakingErrors.badRemoveValidator.wrap("cannot remove a bonded or unbonding validator");
  if (validatorAmounts(v).tokens > 0n) throw stakingErrors.badRemoveValidator.wrap("attempting to remove a validator which still contains tokens");
  const { consAddress } = validatorView(operator, v);
  keeper.deleteValidator(ctx, operator, consAddress);
  unindex(ctx, keeper, operator, v);
  keeper.hooks.afterValidatorRemoved?.(ctx, consAddress, operator);
}

/** The unbonding time a validator that never unbonded carries (the SDK's time.Unix(0, 0)). */
export const NEVER_UNBONDED = () => create(TimestampSchema, { seconds: 0n, nanos: 0 });
