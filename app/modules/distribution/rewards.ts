// F1 fee distribution (the SDK's keeper/validator.go and keeper/delegation.go): every change of a
// validator's stake ends its current period, folding the period's rewards per token into a
// cumulative ratio kept per period; a delegation's rewards are its stake times the difference of
// the ratios at the periods that bound it, with its stake cut by each slash in between. Every
// step truncates as the SDK does, so nothing is ever paid that was not allocated.
//
// Reference counts keep exactly the historical records something still needs: one for period 0
// of each validator, one per delegation (its starting period), one per slash event.
import { DEC_ONE, decQuo } from "../../../sdk/math/dec.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";
import { addDecCoins, decMulTruncate, decQuoTruncate, mulDecTruncate, quoDecTruncate, subDecCoins, type DecCoin } from "./decCoins.js";
import type { DistributionValidator } from "./expectedKeepers.js";
import type { DistributionKeeper } from "./keeper.js";

/** The SDK's tolerance for a recomputed stake above the delegation's current worth: 3 atomics. */
const STAKE_MARGIN = 3n;

/** Records a new validator: period 0 (referenced once), current period 1, nothing owed. */
export function initializeValidator(ctx: Context, k: DistributionKeeper, operator: Uint8Array): void {
  k.setHistoricalRewards(ctx, operator, 0n, { ratio: [], referenceCount: 1 });
  k.setCurrentRewards(ctx, operator, { rewards: [], period: 1n });
  k.setCommission(ctx, operator, []);
  k.setOutstanding(ctx, operator, []);
}

export function currentRewardsOf(state: StateReader, k: DistributionKeeper, operator: Uint8Array) {
  const current = k.currentRewards(state, operator);
  if (!current) throw new Error(`distribution has no current rewards for validator ${Buffer.from(operator).toString("hex")}`);
  return current;
}

function historicalOf(state: StateReader, k: DistributionKeeper, operator: Uint8Array, period: bigint) {
  const h = k.historicalRewards(state, operator, period);
  if (!h) throw new Error(`distribution has no historical rewards for validator ${Buffer.from(operator).toString("hex")} period ${period}`);
  return h;
}

/**
 * The rewards per token of the open period: a validator without tokens has none, and its
 * current rewards are owed to no one (they go to the community pool when the period ends).
 */
function openPeriodRatio(val: DistributionValidator, rewards: readonly DecCoin[]): DecCoin[] {
  return val.tokens === 0n ? [] : quoDecTruncate(rewards, val.tokens * DEC_ONE);
}

/** Ends the validator's current period and returns its number (IncrementValidatorPeriod). */
export function incrementValidatorPeriod(ctx: Context, k: DistributionKeeper, val: DistributionValidator): bigint {
  const current = currentRewardsOf(ctx.store, k, val.operator);
  if (val.tokens === 0n && current.rewards.length > 0) {
    k.setCommunityPool(ctx, addDecCoins(k.communityPool(ctx.store), current.rewards));
    k.setOutstanding(ctx, val.operator, subDecCoins(k.outstanding(ctx.store, val.operator), current.rewards));
  }
  const previous = historicalOf(ctx.store, k, val.operator, current.period - 1n);
  decrementReferenceCount(ctx, k, val.operator, current.period - 1n);
  k.setHistoricalRewards(ctx, val.operator, current.period, { ratio: addDecCoins(previous.ratio, openPeriodRatio(val, current.rewards)), referenceCount: 1 });
  k.setCurrentRewards(ctx, val.operator, { rewards: [], period: current.period + 1n });
  return current.period;
}

export function incrementReferenceCount(ctx: Context, k: DistributionKeeper, operator: Uint8Array, period: bigint): void {
  const h = historicalOf(ctx.store, k, operator, period);
  if (h.referenceCount > 2) throw new Error("reference count should never exceed 2");
  k.setHistoricalRewards(ctx, operator, period, { ...h, referenceCount: h.referenceCount + 1 });
}

/** The record goes when nothing references it any more. */
export function decrementReferenceCount(ctx: Context, k: DistributionKeeper, operator: Uint8Array, period: bigint): void {
  const h = historicalOf(ctx.store, k, operator, period);
  if (h.referenceCount === 0) throw new Error("cannot set negative reference count");
  if (h.referenceCount === 1) k.deleteHistoricalRewards(ctx, operator, period);
  else k.setHistoricalRewards(ctx, operator, period, { ...h, referenceCount: h.referenceCount - 1 });
}

/** Tokens `shares` are worth, truncated (Validator.TokensFromSharesTruncated), as LegacyDec atomics. */
export function tokensFromSharesTruncated(val: DistributionValidator, shares: bigint): bigint {
  return decQuoTruncate(shares * val.tokens, val.delegatorShares);
}

/** Starts a delegation's accounting at the period just ended (initializeDelegation). */
export function initializeDelegation(ctx: Context, k: DistributionKeeper, operator: Uint8Array, delegator: Uint8Array): void {
  const previousPeriod = currentRewardsOf(ctx.store, k, operator).period - 1n;
  incrementReferenceCount(ctx, k, operator, previousPeriod);
  const val = k.staking.validatorView(ctx.store, operator);
  const shares = k.staking.delegationShares(ctx.store, delegator, operator);
  if (!val || shares === undefined) throw new Error("initializeDelegation: the validator or the delegation does not exist");
  k.setStartingInfo(ctx, operator, delegator, { previousPeriod, stake: tokensFromSharesTruncated(val, shares), height: ctx.header.height });
}

/** The cumulative ratio at a period: stored, or (for a query) the open period's as if it ended now. */
export type RatioAt = (period: bigint) => DecCoin[];

export function storedRatios(state: StateReader, k: DistributionKeeper, operator: Uint8Array): RatioAt {
  return (period) => historicalOf(state, k, operator, period).ratio;
}

/**
 * Ratios for reading rewards without ending the period: the open period's ratio is the last
 * ended one's plus the open rewards per token, exactly what incrementValidatorPeriod would store.
 */
export function ratiosWithOpenPeriod(state: StateReader, k: DistributionKeeper, val: DistributionValidator): { endingPeriod: bigint; ratioAt: RatioAt } {
  const current = currentRewardsOf(state, k, val.operator);
  const stored = storedRatios(state, k, val.operator);
  const open = addDecCoins(stored(current.period - 1n), openPeriodRatio(val, current.rewards));
  return { endingPeriod: current.period, ratioAt: (period) => (period === current.period ? open : stored(period)) };
}

function rewardsBetween(ratioAt: RatioAt, startingPeriod: bigint, endingPeriod: bigint, stake: bigint): DecCoin[] {
  if (startingPeriod > endingPeriod) throw new Error("startingPeriod cannot be greater than endingPeriod");
  if (stake < 0n) throw new Error("stake should not be negative");
  // subDecCoins throws on a negative difference: the ratio only ever grows.
  return mulDecTruncate(subDecCoins(ratioAt(endingPeriod), ratioAt(startingPeriod)), stake);
}

/**
 * A delegation's rewards up to `endingPeriod` (CalculateDelegationRewards), at block `height`:
 * a delegation started in this block has none yet.
 */
export function calculateDelegationRewards(
  state: StateReader,
  k: DistributionKeeper,
  val: DistributionValidator,
  delegator: Uint8Array,
  shares: bigint,
  endingPeriod: bigint,
  ratioAt: RatioAt,
  height: bigint,
): DecCoin[] {
  const info = k.startingInfo(state, val.operator, delegator);
  if (!info) throw new Error("calculateDelegationRewards: the delegation has no starting info");
  if (info.height === height) return [];
  let rewards: DecCoin[] = [];
  let startingPeriod = info.previousPeriod;
  let stake = info.stake;
  // Slashes since the delegation started end periods; the stake shrinks by each fraction.
  if (height > info.height) {
    for (const { event } of k.slashEventsBetween(state, val.operator, info.height, height)) {
      if (event.validatorPeriod <= startingPeriod) continue;
      rewards = addDecCoins(rewards, rewardsBetween(ratioAt, startingPeriod, event.validatorPeriod, stake));
      stake = decMulTruncate(stake, DEC_ONE - event.fraction);
      startingPeriod = event.validatorPeriod;
    }
  }
  // Truncating per slash can leave the stake a few atomics above what the shares are worth now.
  const currentStake = decQuo(shares * val.tokens, val.delegatorShares);
  if (stake > currentStake) {
    if (stake > currentStake + STAKE_MARGIN) throw new Error(`calculated final stake ${stake} greater than current stake ${currentStake}`);
    stake = currentStake;
  }
  return addDecCoins(rewards, rewardsBetween(ratioAt, startingPeriod, endingPeriod, stake));
}

/** Records a slash of `fraction` (LegacyDec atomics) in this block, ending the validator's period. */
export function updateValidatorSlashFraction(ctx: Context, k: DistributionKeeper, operator: Uint8Array, fraction: bigint): void {
  if (fraction < 0n || fraction > DEC_ONE) throw new Error(`fraction must be >=0 and <=1, current fraction: ${fraction}`);
  const val = k.staking.validatorView(ctx.store, operator);
  if (!val) throw new Error("beforeValidatorSlashed: unknown validator");
  const newPeriod = incrementValidatorPeriod(ctx, k, val);
  incrementReferenceCount(ctx, k, operator, newPeriod);
  k.setSlashEvent(ctx, operator, ctx.header.height, { validatorPeriod: newPeriod, fraction });
}
