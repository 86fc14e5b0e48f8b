// Delegating and undelegating: coin movements between the delegator and the pools, and the share
// accounting beside them, in the order of the SDK's keeper.Delegate and keeper.Undelegate.
import { create } from "@bufbuild/protobuf";
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import { DelegationSchema, UnbondingDelegationEntrySchema, UnbondingDelegationSchema, type Validator } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import type { Context } from "../../context.js";
import { sdkErrors } from "../../../common/errors.js";
import { decTruncate } from "../../../sdk/math/dec.js";
import { accAddressToString } from "../../../common/address.js";
import { moduleAddress } from "../../../common/moduleAccounts.js";
import { stakingErrors } from "./errors.js";
import { isBonded, validatorAmounts, withAmounts, type StakingStore } from "./store.js";
import { BONDED_POOL, NOT_BONDED_POOL } from "../../../common/moduleAccounts.js";
import { POWER_REDUCTION } from "./params.js";
import { addTokensFromDelegation, invalidExRate, removeDelegatorShares, sharesFromTokens, tokensFromShares, type ValidatorAmounts } from "./shares.js";
import { addDuration, compareTime } from "./time.js";
import { valAddressToString } from "./valAddress.js";
import { decFromWire, decToWire, intFromWire } from "./wire.js";

export function requireValidator(ctx: Context, keeper: StakingStore, operator: Uint8Array): Validator {
  const validator = keeper.getValidator(ctx.store, operator);
  if (!validator) throw stakingErrors.noValidatorFound.wrap(valAddressToString(operator));
  return validator;
}

/** Moves `amount` of the bond denom from the delegator into the validator's pool; returns the shares issued. */
export function delegate(ctx: Context, keeper: StakingStore, delegator: Uint8Array, operator: Uint8Array, amount: bigint): bigint {
  const validator = requireValidator(ctx, keeper, operator);
  const amounts = validatorAmounts(validator);
  if (invalidExRate(amounts)) throw stakingErrors.delegatorShareExRateInvalid.wrap(valAddressToString(operator));
  const existing = keeper.getDelegation(ctx.store, delegator, operator);
  if (existing) keeper.hooks.beforeDelegationSharesModified?.(ctx, delegator, operator);
  else keeper.hooks.beforeDelegationCreated?.(ctx, delegator, operator);
  const { bondDenom } = keeper.getParams(ctx.store);
  keeper.bank.sendToModule(ctx, delegator, isBonded(validator) ? BONDED_POOL : NOT_BONDED_POOL, [{ denom: bondDenom, amount }]);

  const { next, issuedShares } = addTokensFromDelegation(amounts, amount);
  keeper.setValidator(ctx, operator, withAmounts(validator, next));
  const shares = (existing ? decFromWire(existing.shares) : 0n) + issuedShares;
  keeper.setDelegation(
    ctx,
    delegator,
    operator,
    create(DelegationSchema, { delegatorAddress: accAddressToString(delegator), validatorAddress: valAddressToString(operator), shares: decToWire(shares) }),
  );
  keeper.hooks.afterDelegationModified?.(ctx, delegator, operator);
  return issuedShares;
}

/**
 * The shares to remove for unbonding `amount` tokens (SDK ValidateUnbondAmount): more than the
 * delegation holds is refused; rounding above it is capped at what it holds.
 */
export function sharesToUnbond(ctx: Context, keeper: StakingStore, delegator: Uint8Array, operator: Uint8Array, amount: bigint): bigint {
  const validator = requireValidator(ctx, keeper, operator);
  const delegation = keeper.getDelegation(ctx.store, delegator, operator);
  if (!delegation) throw stakingErrors.noDelegation.wrap(`${accAddressToString(delegator)} has no delegation to ${valAddressToString(operator)}`);
  const held = decFromWire(delegation.shares);
  // SharesFromTokens and SharesFromTokensTruncated coincide for LegacyDec x Int / Int.
  const shares = sharesFromTokens(validatorAmounts(validator), amount);
  if (shares > held) throw sdkErrors.invalidRequest.wrap(`invalid shares amount: ${amount} exceeds the delegation`);
  return shares;
}

/**
 * Refuses an undelegation that would take a validator out of the set: this chain has no
 * validator exit (nor jailing), so a bonded validator keeps at least one unit of power and its
 * operator keeps the minimum self-delegation.
 */
function checkValidatorStays(
  validator: Validator,
  operator: Uint8Array,
  delegator: Uint8Array,
  before: ValidatorAmounts,
  after: ValidatorAmounts,
  remainingShares: bigint,
): void {
  if (isBonded(validator) && after.tokens < POWER_REDUCTION) {
    throw stakingErrors.validatorExitUnsupported.wrap(`${valAddressToString(operator)} would keep ${after.tokens} tokens, below ${POWER_REDUCTION}`);
  }
  if (Buffer.from(operator).equals(Buffer.from(delegator))) {
    const selfTokens = decTruncate(tokensFromShares(before, remainingShares));
    const minimum = intFromWire(validator.minSelfDelegation, "min_self_delegation");
    if (selfTokens < minimum)
      throw stakingErrors.selfDelegationBelowMinimum.wrap(`validator exit is not supported: self-delegation would fall to ${selfTokens}, below ${minimum}`);
  }
}

/**
 * Removes `shares` from a delegation and the validator (SDK Keeper.Unbond): the delegation hooks
 * around the change, the delegation deleted when nothing is left. Returns the tokens the shares
 * were worth; moving them between pools is the caller's job.
 */
export function unbond(ctx: Context, keeper: StakingStore, delegator: Uint8Array, operator: Uint8Array, shares: bigint): bigint {
  const delegation = keeper.getDelegation(ctx.store, delegator, operator);
  if (!delegation) throw stakingErrors.noDelegation.wrap(`${accAddressToString(delegator)} has no delegation to ${valAddressToString(operator)}`);
  keeper.hooks.beforeDelegationSharesModified?.(ctx, delegator, operator);
  const held = decFromWire(delegation.shares);
  if (held < shares) throw stakingErrors.notEnoughDelegationShares.wrap(`${shares} share atomics requested, ${held} held`);
  const validator = requireValidator(ctx, keeper, operator);
  const remainingShares = held - shares;
  const before = validatorAmounts(validator);
  const { next, issuedTokens } = removeDelegatorShares(before, shares);
  checkValidatorStays(validator, operator, delegator, before, next, remainingShares);

  if (remainingShares === 0n) {
    keeper.hooks.beforeDelegationRemoved?.(ctx, delegator, operator);
    keeper.removeDelegation(ctx, delegator, operator);
  } else {
    keeper.setDelegation(ctx, delegator, operator, { ...delegation, shares: decToWire(remainingShares) });
    keeper.hooks.afterDelegationModified?.(ctx, delegator, operator);
  }
  keeper.setValidator(ctx, operator, withAmounts(validator, next));
  return issuedTokens;
}

/**
 * Unbonds `shares`: tokens leave the validator for the not-bonded pool and are paid out when the
 * entry matures. Returns the completion time and the tokens to be paid.
 */
export function undelegate(
  ctx: Context,
  keeper: StakingStore,
  delegator: Uint8Array,
  operator: Uint8Array,
  shares: bigint,
): { completionTime: Timestamp; amount: bigint } {
  const params = keeper.getParams(ctx.store);
  const validator = requireValidator(ctx, keeper, operator);
  const existingUbd = keeper.getUnbondingDelegation(ctx.store, delegator, operator);
  if (existingUbd && existingUbd.entries.length >= params.maxEntries) {
    throw stakingErrors.maxUnbondingDelegationEntries.wrap(`${existingUbd.entries.length} entries, at most ${params.maxEntries}`);
  }

  const issuedTokens = unbond(ctx, keeper, delegator, operator, shares);
  if (isBonded(validator) && issuedTokens > 0n) {
    keeper.bank.send(ctx, moduleAddress(BONDED_POOL), moduleAddress(NOT_BONDED_POOL), [{ denom: params.bondDenom, amount: issuedTokens }]);
  }

  const completionTime = addDuration(ctx.header.time, params.unbondingTime!);
  addUnbondingEntry(ctx, keeper, delegator, operator, completionTime, issuedTokens);
  keeper.insertUnbondingQueue(ctx, completionTime, delegator, operator);
  return { completionTime, amount: issuedTokens };
}

/** Appends an entry, or adds to one from the same height maturing at the same time (SDK AddEntry). */
function addUnbondingEntry(ctx: Context, keeper: StakingStore, delegator: Uint8Array, operator: Uint8Array, completionTime: Timestamp, balance: bigint): void {
  // The SDK draws an id even when the entry merges into an existing one; so do we.
  const unbondingId = keeper.nextUnbondingId(ctx);
  const ubd =
    keeper.getUnbondingDelegation(ctx.store, delegator, operator) ??
    create(UnbondingDelegationSchema, { delegatorAddress: accAddressToString(delegator), validatorAddress: valAddressToString(operator) });
  const height = ctx.header.height;
  const same = ubd.entries.find((e) => e.creationHeight === height && e.completionTime && compareTime(e.completionTime, completionTime) === 0);
  if (same) {
    same.balance = (intFromWire(same.balance) + balance).toString();
    same.initialBalance = (intFromWire(same.initialBalance) + balance).toString();
  } else {
    ubd.entries.push(
      create(UnbondingDelegationEntrySchema, {
        creationHeight: height,
        completionTime,
        initialBalance: balance.toString(),
        balance: balance.toString(),
        unbondingId,
      }),
    );
  }
  keeper.setUnbondingDelegation(ctx, delegator, operator, ubd);
}
