// Paying out (the SDK's keeper.go and delegation.go): a delegation's rewards, a validator's
// commission, the community pool. Whole coins leave the distribution account; the fraction of a
// delegation's rewards below one unit goes to the community pool, the fraction of a commission
// stays accrued for later.
import { accAddressToString, valAddressToString } from "../../../common/address.js";
import { sdkErrors } from "../../../common/errors.js";
import { DISTRIBUTION_ACCOUNT, GOV_ACCOUNT } from "../../../common/moduleAccounts.js";
import { formatCoins, type Coin } from "../../coins/coins.js";
import type { Context } from "../../context.js";
import { addDecCoins, decCoinsEqual, decCoinsFromCoins, formatDecCoins, intersect, subDecCoins, truncateDecimal } from "./decCoins.js";
import { distributionErrors } from "./errors.js";
import { emitSetWithdrawAddress, emitWithdrawCommission, emitWithdrawRewards } from "./events.js";
import type { DistributionValidator } from "./expectedKeepers.js";
import type { DistributionKeeper } from "./keeper.js";
import { calculateDelegationRewards, decrementReferenceCount, incrementValidatorPeriod, initializeDelegation, storedRatios } from "./rewards.js";

/** Module accounts (but gov's) receive only through their modules, as bank's sends enforce. */
export function isBlockedAddress(k: DistributionKeeper, address: Uint8Array): boolean {
  const name = k.accounts.isModuleAddress(address);
  return name !== undefined && name !== GOV_ACCOUNT;
}

export function setWithdrawAddress(ctx: Context, k: DistributionKeeper, delegator: Uint8Array, withdraw: Uint8Array): void {
  if (isBlockedAddress(k, withdraw)) throw sdkErrors.unauthorized.wrap(`${accAddressToString(withdraw)} is not allowed to receive external funds`);
  if (!k.getParams(ctx.store).withdrawAddrEnabled) throw distributionErrors.setWithdrawAddrDisabled.wrap();
  emitSetWithdrawAddress(ctx, accAddressToString(withdraw));
  k.setWithdrawAddress(ctx, delegator, withdraw);
}

/**
 * Ends the validator's period, pays the delegation's whole rewards to its withdraw address and
 * closes its accounting (withdrawDelegationRewards). Staking calls it through
 * beforeDelegationSharesModified; the caller starts the delegation again if it goes on.
 */
export function settleDelegationRewards(ctx: Context, k: DistributionKeeper, val: DistributionValidator, delegator: Uint8Array, shares: bigint): Coin[] {
  const info = k.startingInfo(ctx.store, val.operator, delegator);
  if (!info) throw distributionErrors.emptyDelegationDistInfo.wrap();
  const endingPeriod = incrementValidatorPeriod(ctx, k, val);
  const raw = calculateDelegationRewards(ctx.store, k, val, delegator, shares, endingPeriod, storedRatios(ctx.store, k, val.operator), ctx.header.height);
  const outstanding = k.outstanding(ctx.store, val.operator);
  // Rounding across periods can ask for a last atomic more than is outstanding; never pay it.
  const rewards = intersect(raw, outstanding);
  if (!decCoinsEqual(rewards, raw))
    ctx.logger.info(
      { delegator: accAddressToString(delegator), got: formatDecCoins(rewards), expected: formatDecCoins(raw) },
      "rounding error withdrawing rewards from validator",
    );
  const { coins, change } = truncateDecimal(rewards);
  if (coins.length > 0) k.bank.sendFromModule(ctx, DISTRIBUTION_ACCOUNT, k.withdrawAddress(ctx.store, delegator), coins);
  k.setOutstanding(ctx, val.operator, subDecCoins(outstanding, rewards));
  k.setCommunityPool(ctx, addDecCoins(k.communityPool(ctx.store), change));
  decrementReferenceCount(ctx, k, val.operator, info.previousPeriod);
  k.deleteStartingInfo(ctx, val.operator, delegator);
  const amount = coins.length > 0 ? formatCoins(coins) : `0${k.staking.bondDenom(ctx.store)}`;
  emitWithdrawRewards(ctx, valAddressToString(val.operator), accAddressToString(delegator), amount);
  return coins;
}

/** MsgWithdrawDelegatorReward: pays the rewards and starts the delegation's accounting again. */
export function withdrawDelegationRewards(ctx: Context, k: DistributionKeeper, delegator: Uint8Array, operator: Uint8Array): Coin[] {
  const val = k.staking.validatorView(ctx.store, operator);
  if (!val) throw distributionErrors.noValidatorDistInfo.wrap(valAddressToString(operator));
  const shares = k.staking.delegationShares(ctx.store, delegator, operator);
  if (shares === undefined)
    throw distributionErrors.emptyDelegationDistInfo.wrap(`${accAddressToString(delegator)} has no delegation to ${valAddressToString(operator)}`);
  const coins = settleDelegationRewards(ctx, k, val, delegator, shares);
  initializeDelegation(ctx, k, operator, delegator);
  return coins;
}

/** Pays the whole part of the accumulated commission to the operator's withdraw address. */
export function withdrawValidatorCommission(ctx: Context, k: DistributionKeeper, operator: Uint8Array): Coin[] {
  const accumulated = k.commission(ctx.store, operator);
  if (accumulated.length === 0) throw distributionErrors.noValidatorCommission.wrap(valAddressToString(operator));
  const { coins, change } = truncateDecimal(accumulated);
  k.setCommission(ctx, operator, change);
  k.setOutstanding(ctx, operator, subDecCoins(k.outstanding(ctx.store, operator), decCoinsFromCoins(coins)));
  if (coins.length > 0) k.bank.sendFromModule(ctx, DISTRIBUTION_ACCOUNT, k.withdrawAddress(ctx.store, operator), coins);
  emitWithdrawCommission(ctx, coins);
  return coins;
}

export function fundCommunityPool(ctx: Context, k: DistributionKeeper, depositor: Uint8Array, amount: readonly Coin[]): void {
  k.bank.sendToModule(ctx, depositor, DISTRIBUTION_ACCOUNT, amount);
  k.setCommunityPool(ctx, addDecCoins(k.communityPool(ctx.store), decCoinsFromCoins(amount)));
}

/** Pays from the community pool, whose coins the distribution account holds (DistributeFromFeePool). */
export function distributeFromCommunityPool(ctx: Context, k: DistributionKeeper, recipient: Uint8Array, amount: readonly Coin[]): void {
  const pool = k.communityPool(ctx.store);
  let rest;
  try {
    rest = subDecCoins(pool, decCoinsFromCoins(amount));
  } catch {
    throw distributionErrors.badDistribution.wrap(`the community pool holds ${formatDecCoins(pool) || "nothing"}, ${formatCoins(amount)} asked`);
  }
  k.setCommunityPool(ctx, rest);
  k.bank.sendFromModule(ctx, DISTRIBUTION_ACCOUNT, recipient, amount);
}
