// Delegating, unbonding and undelegating: coin movements between the delegator and the pools, and
// the share accounting beside them, in the order of the SDK's keeper.Delegate, Unbond and
// Undelegate, with the staking hooks at the SDK's call points.
import { create } from "@bufbuild/protobuf";
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import {
  BondStatus,
  DelegationSchema,
  UnbondingDelegationEntrySchema,
  UnbondingDelegationSchema,
  type Validator,
} from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import type { Context } from "../../context.js";
import { sdkErrors } from "../../../common/errors.js";
import { decTruncate } from "../../../sdk/math/dec.js";
import { accAddressToString } from "../../../common/address.js";
import { BONDED_POOL, moduleAddress, NOT_BONDED_POOL } from "../../../common/moduleAccounts.js";
import { stakingErrors } from "./errors.js";
import { isBonded, validatorAmounts, type StakingStore } from "./store.js";
import { invalidExRate, sharesFromTokens, tokensFromShares } from "./shares.js";
import { addDuration, compareTime } from "./time.js";
import { valAddressToString } from "./valAddress.js";
import { addValidatorTokensAndShares, jailValidator, removeValidator, removeValidatorTokensAndShares } from "./validatorState.js";
import { decFromWire, decToWire, intFromWire } from "./wire.js";

export function requireValidator(ctx: Context, keeper: StakingStore, operator: Uint8Array): Validator {
  const validator = keeper.getValidator(ctx.store, operator);
  if (!validator) throw stakingErrors.noValidatorFound.wrap(valAddressToString(operator));
  return validator;
}

/** Moves bond-denom tokens between the pools (SDK bondedTokensToNotBonded and back). */
export function movePools(ctx: Context, keeper: StakingStore, fromBonded: boolean, amount: bigint): void {
  if (amount <= 0n) return;
  const [from, to] = fromBonded ? [BONDED_POOL, NOT_BONDED_POOL] : [NOT_BONDED_POOL, BONDED_POOL];
  keeper.bank.send(ctx, moduleAddress(from), moduleAddress(to), [{ denom: keeper.getParams(ctx.store).bondDenom, amount }]);
}

/**
 * Where delegated tokens come from: a delegator's account, or (redelegation, cancelled unbonding)
 * a pool already holding them, named by the status of the validator they were bonded to.
 */
export type TokenSource = { account: true } | { account: false; status: BondStatus };

/** Adds `amount` tokens to the delegation (SDK Keeper.Delegate); returns the shares issued. */
export function delegate(
  ctx: Context,
  keeper: StakingStore,
  delegator: Uint8Array,
  operator: Uint8Array,
  amount: bigint,
  source: TokenSource = { account: true },
): bigint {
  const validator = requireValidator(ctx, keeper, operator);
  if (invalidExRate(validatorAmounts(validator))) throw stakingErrors.delegatorShareExRateInvalid.wrap(valAddressToString(operator));
  const existing = keeper.getDelegation(ctx.store, delegator, operator);
  if (existing) keeper.hooks.beforeDelegationSharesModified?.(ctx, delegator, operator);
  else keeper.hooks.beforeDelegationCreated?.(ctx, delegator, operator);

  if (source.account) {
    const { bondDenom } = keeper.getParams(ctx.store);
    keeper.bank.sendToModule(ctx, delegator, isBonded(validator) ? BONDED_POOL : NOT_BONDED_POOL, [{ denom: bondDenom, amount }]);
  } else {
    const fromBonded = source.status === BondStatus.BONDED;
    if (fromBonded !== isBonded(validator)) movePools(ctx, keeper, fromBonded, amount);
  }

  const { issuedShares } = addValidatorTokensAndShares(ctx, keeper, operator, validator, amount);
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
 * delegation holds is refused.
 */
export function sharesToUnbond(ctx: Context, keeper: StakingStore, delegator: Uint8Array, operator: Uint8Array, amount: bigint): bigint {
  const validator = requireValidator(ctx, keeper, operator);
  const delegation = keeper.getDelegation(ctx.store, delegator, operator);
  if (!delegation) throw stakingErrors.noDelegation.wrap(`${accAddressToString(delegator)} has no delegation to ${valAddressToString(operator)}`);
  const held = decFromWire(delegation.shares);
  // SharesFromTokens and SharesFromTokensTruncated coincide for LegacyDec x Int / Int, so the
  // SDK's cap at the delegation's shares never applies beyond this check.
  const shares = sharesFromTokens(validatorAmounts(validator), amount);
  if (shares > held) throw sdkErrors.invalidRequest.wrap(`invalid shares amount: ${amount} exceeds the delegation`);
  return shares;
}

/**
 * Removes `shares` from a delegation and the validator (SDK Keeper.Unbond): an operator whose
 * self-delegation falls below its minimum is jailed; the delegation is deleted when nothing is
 * left, and an unbonded validator without shares is removed. Returns the tokens the shares were
 * worth; moving them between pools is the caller's job.
 */
export function unbond(ctx: Context, keeper: StakingStore, delegator: Uint8Array, operator: Uint8Array, shares: bigint): bigint {
  const delegation = keeper.getDelegation(ctx.store, delegator, operator);
  if (!delegation) throw stakingErrors.noDelegation.wrap(`${accAddressToString(delegator)} has no delegation to ${valAddressToString(operator)}`);
  keeper.hooks.beforeDelegationSharesModified?.(ctx, delegator, operator);
  const held = decFromWire(delegation.shares);
  if (held < shares) throw stakingErrors.notEnoughDelegationShares.wrap(`${shares} share atomics requested, ${held} held`);
  let validator = requireValidator(ctx, keeper, operator);
  const remaining = held - shares;

  if (Buffer.from(delegator).equals(Buffer.from(operator)) && !validator.jailed) {
    const selfTokens = decTruncate(tokensFromShares(validatorAmounts(validator), remaining));
    if (selfTokens < intFromWire(validator.minSelfDelegation, "min_self_delegation")) {
      jailValidator(ctx, keeper, operator, validator);
      validator = requireValidator(ctx, keeper, operator);
    }
  }

  if (remaining === 0n) {
    keeper.hooks.beforeDelegationRemoved?.(ctx, delegator, operator);
    keeper.removeDelegation(ctx, delegator, operator);
  } else {
    keeper.setDelegation(ctx, delegator, operator, { ...delegation, shares: decToWire(remaining) });
    keeper.hooks.afterDelegationModified?.(ctx, delegator, operator);
  }

  const { validator: after, issuedTokens } = removeValidatorTokensAndShares(ctx, keeper, operator, validator, shares);
  // A bonded or unbonding validator is removed by the end block once it has unbonded.
  if (decFromWire(after.delegatorShares) === 0n && after.status === BondStatus.UNBONDED) removeValidator(ctx, keeper, operator, after);
  return issuedTokens;
}

/**
 * Unbonds `shares`: tokens leave the validator for the not-bonded pool and are paid out when the
 * entry matures, a full unbonding_time from now. Returns the completion time and the tokens.
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
  if (isBonded(validator)) movePools(ctx, keeper, true, issuedTokens);

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
