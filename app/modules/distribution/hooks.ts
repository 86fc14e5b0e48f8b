// What distribution does when stake changes (the SDK's keeper/hooks.go): a new validator gets its
// records; a delegation about to change is paid its rewards first and starts again after; a slash
// ends the validator's period and is recorded; a removed validator's commission is paid out and
// what is left of its rewards goes to the community pool.
import { DISTRIBUTION_ACCOUNT } from "../../../common/moduleAccounts.js";
import type { Context } from "../../context.js";
import { addDecCoins, subDecCoins, truncateDecimal } from "./decCoins.js";
import type { DistributionHooks, DistributionValidator } from "./expectedKeepers.js";
import type { DistributionKeeper } from "./keeper.js";
import { incrementValidatorPeriod, initializeDelegation, initializeValidator, updateValidatorSlashFraction } from "./rewards.js";
import { settleDelegationRewards } from "./withdraw.js";

function validatorOf(ctx: Context, k: DistributionKeeper, operator: Uint8Array, hook: string): DistributionValidator {
  const val = k.staking.validatorView(ctx.store, operator);
  if (!val) throw new Error(`${hook}: staking has no validator ${Buffer.from(operator).toString("hex")}`);
  return val;
}

/** Pays out a removed validator's commission and gives the rest of its outstanding rewards (dust) to the pool. */
function removeValidator(ctx: Context, k: DistributionKeeper, operator: Uint8Array): void {
  let outstanding = k.outstanding(ctx.store, operator);
  const commission = k.commission(ctx.store, operator);
  let pool = k.communityPool(ctx.store);
  if (commission.length > 0) {
    outstanding = subDecCoins(outstanding, commission);
    const { coins, change } = truncateDecimal(commission);
    pool = addDecCoins(pool, change);
    if (coins.length > 0) k.bank.sendFromModule(ctx, DISTRIBUTION_ACCOUNT, k.withdrawAddress(ctx.store, operator), coins);
  }
  // The validator is removed only once no delegation is left: what remains is rounding dust.
  k.setCommunityPool(ctx, addDecCoins(pool, outstanding));
  k.deleteValidatorRecords(ctx, operator);
}

export function distributionHooks(k: DistributionKeeper): DistributionHooks {
  return {
    afterValidatorCreated: (ctx, operator) => initializeValidator(ctx, k, operator),
    afterValidatorRemoved: (ctx, _consAddress, operator) => removeValidator(ctx, k, operator),
    beforeDelegationCreated: (ctx, _delegator, operator) => {
      incrementValidatorPeriod(ctx, k, validatorOf(ctx, k, operator, "beforeDelegationCreated"));
    },
    beforeDelegationSharesModified: (ctx, delegator, operator) => {
      const val = validatorOf(ctx, k, operator, "beforeDelegationSharesModified");
      const shares = k.staking.delegationShares(ctx.store, delegator, operator);
      if (shares === undefined) throw new Error("beforeDelegationSharesModified: no delegation");
      settleDelegationRewards(ctx, k, val, delegator, shares);
    },
    afterDelegationModified: (ctx, delegator, operator) => initializeDelegation(ctx, k, operator, delegator),
    beforeValidatorSlashed: (ctx, operator, fraction) => updateValidatorSlashFraction(ctx, k, operator, fraction),
  };
}
