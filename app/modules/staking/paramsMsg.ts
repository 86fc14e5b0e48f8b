// MsgUpdateParams: governance replaces the staking params whole. As in SDK v0.50, validators whose
// commission is below a raised min_commission_rate keep it (the minimum binds MsgCreateValidator
// and MsgEditValidator only; raising existing rates came with x/staking v0.2, SDK v0.52).
import { MsgUpdateParamsResponseSchema, MsgUpdateParamsSchema } from "../../../gen/cosmos/staking/v1beta1/tx_pb.js";
import type { Params } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { BONDED_POOL, moduleAddress, NOT_BONDED_POOL } from "../../../common/moduleAccounts.js";
import type { Context } from "../../context.js";
import { governanceOnly } from "../../tx/authority.js";
import type { MsgHandler } from "../../tx/msgRouter.js";
import { stakingErrors } from "./errors.js";
import type { StakingKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { validateParams } from "./params.js";
import { decFromWire, decToWire } from "./wire.js";

/** The params as they will be stored (min_commission_rate as canonical atomics), or invalidParams. */
export function checkedParams(params: Params | undefined): Params {
  if (!params) throw stakingErrors.invalidParams.wrap("params must be given");
  if (params.minCommissionRate === "") throw stakingErrors.invalidParams.wrap("minimum commission rate cannot be nil");
  try {
    validateParams(params);
    return { ...params, minCommissionRate: decToWire(decFromWire(params.minCommissionRate)) };
  } catch (err) {
    throw stakingErrors.invalidParams.wrap((err as Error).message);
  }
}

/**
 * This chain's rule (the SDK has none): the bond denom stays while anything is staked, since
 * delegations, unbondings and the pools' balances are all counted in it.
 */
function checkBondDenomChange(ctx: Context, keeper: StakingKeeper, next: string): void {
  const current = keeper.bondDenom(ctx.store);
  if (next === current) return;
  const pooled = [BONDED_POOL, NOT_BONDED_POOL].some((pool) => keeper.bank.getBalance(ctx.store, moduleAddress(pool), current) > 0n);
  if (pooled || keeper.allValidatorViews(ctx.store).length > 0) {
    throw stakingErrors.invalidParams.wrap(`bond_denom cannot change from ${current} to ${next} while tokens are staked`);
  }
}

export function msgUpdateParamsHandler(keeper: StakingKeeper): MsgHandler<typeof MsgUpdateParamsSchema, typeof MsgUpdateParamsResponseSchema> {
  return governanceOnly(keeper.authority, stakingErrors.invalidSigner, {
    request: MsgUpdateParamsSchema,
    response: MsgUpdateParamsResponseSchema,
    module: MODULE_NAME,
    validateBasic: (msg) => void checkedParams(msg.params),
    handle: (ctx, msg) => {
      const params = checkedParams(msg.params);
      checkBondDenomChange(ctx, keeper, params.bondDenom);
      keeper.setParams(ctx, params);
      return {};
    },
  });
}
