// The begin-block allocation (the SDK's AllocateTokens): the fees collected in the previous block
// move from fee_collector to the distribution account; the community tax and every remainder of
// truncation go to the community pool; the rest is shared by the validators of the last commit in
// proportion to their power (v0.50: no proposer bonus, and absent validators share too), each
// validator's share split into its commission and its delegators' rewards.
import { DISTRIBUTION_ACCOUNT, FEE_COLLECTOR, moduleAddress } from "../../../common/moduleAccounts.js";
import { DEC_ONE } from "../../../sdk/math/dec.js";
import type { Context } from "../../context.js";
import { valAddressToString } from "../../../common/address.js";
import { addDecCoins, decCoinsFromCoins, decQuoTruncate, mulDec, mulDecTruncate, subDecCoins, type DecCoin } from "./decCoins.js";
import { emitCommission, emitRewards } from "./events.js";
import type { DistributionValidator } from "./expectedKeepers.js";
import type { DistributionKeeper } from "./keeper.js";
import { communityTax } from "./params.js";
import { currentRewardsOf } from "./rewards.js";

/** Adds `tokens` to a validator: its commission at its current rate, the rest to its delegators (AllocateTokensToValidator). */
export function allocateTokensToValidator(ctx: Context, k: DistributionKeeper, val: DistributionValidator, tokens: readonly DecCoin[]): void {
  const commission = mulDec(tokens, val.commissionRate);
  const shared = subDecCoins(tokens, commission);
  const operator = valAddressToString(val.operator);
  emitCommission(ctx, operator, commission);
  k.setCommission(ctx, val.operator, addDecCoins(k.commission(ctx.store, val.operator), commission));
  const current = currentRewardsOf(ctx.store, k, val.operator);
  k.setCurrentRewards(ctx, val.operator, { ...current, rewards: addDecCoins(current.rewards, shared) });
  emitRewards(ctx, operator, tokens);
  k.setOutstanding(ctx, val.operator, addDecCoins(k.outstanding(ctx.store, val.operator), tokens));
}

/**
 * Allocates everything fee_collector holds in the bank (every denom). Fractional aunit amounts
 * that EVM tips leave there are not bank balances; they stay in fee_collector until they add up
 * to whole uunit, which a later block then allocates.
 */
export function allocateTokens(ctx: Context, k: DistributionKeeper): void {
  const feeCollector = moduleAddress(FEE_COLLECTOR);
  const collected = k.bank.getAllBalances(ctx.store, feeCollector);
  if (collected.length > 0) k.bank.send(ctx, feeCollector, moduleAddress(DISTRIBUTION_ACCOUNT), collected);
  const fees = decCoinsFromCoins(collected);
  if (fees.length === 0) return;

  const votes = ctx.consensus.lastCommit.votes;
  let totalPower = 0n;
  for (const v of votes) totalPower += v.power;
  if (totalPower === 0n) {
    k.setCommunityPool(ctx, addDecCoins(k.communityPool(ctx.store), fees));
    return;
  }

  const feeMultiplier = mulDecTruncate(fees, DEC_ONE - communityTax(k.getParams(ctx.store)));
  let remaining = fees;
  for (const vote of votes) {
    // A validator CometBFT still lists but staking no longer knows keeps no share: it stays in the pool.
    const val = k.staking.validatorViewByConsAddress(ctx.store, vote.consAddress);
    if (!val) continue;
    const powerFraction = decQuoTruncate(vote.power * DEC_ONE, totalPower * DEC_ONE);
    const reward = mulDecTruncate(feeMultiplier, powerFraction);
    allocateTokensToValidator(ctx, k, val, reward);
    remaining = subDecCoins(remaining, reward);
  }
  k.setCommunityPool(ctx, addDecCoins(k.communityPool(ctx.store), remaining));
}
