// Events named and keyed as the SDK's x/distribution emits them (types/events.go). Amounts print as
// the SDK prints Coins and DecCoins ("12uunit", "1.500000000000000000uunit"). v0.50 pays no
// proposer reward, so there is no proposer_reward event.
import { formatCoins, type Coin } from "../../coins/coins.js";
import type { Context } from "../../context.js";
import { formatDecCoins, type DecCoins } from "./decCoins.js";

export const EVENT_SET_WITHDRAW_ADDRESS = "set_withdraw_address";
export const EVENT_REWARDS = "rewards";
export const EVENT_COMMISSION = "commission";
export const EVENT_WITHDRAW_REWARDS = "withdraw_rewards";
export const EVENT_WITHDRAW_COMMISSION = "withdraw_commission";

export function emitSetWithdrawAddress(ctx: Context, withdrawAddress: string): void {
  ctx.emit(EVENT_SET_WITHDRAW_ADDRESS, { withdraw_address: withdrawAddress });
}

/** The commission part of an allocation to a validator. */
export function emitCommission(ctx: Context, validator: string, amount: DecCoins): void {
  ctx.emit(EVENT_COMMISSION, { amount: formatDecCoins(amount), validator });
}

/** The whole allocation to a validator (commission included). */
export function emitRewards(ctx: Context, validator: string, amount: DecCoins): void {
  ctx.emit(EVENT_REWARDS, { amount: formatDecCoins(amount), validator });
}

/** `amount` is "0<bond denom>" when nothing whole was paid, as the SDK writes it. */
export function emitWithdrawRewards(ctx: Context, validator: string, delegator: string, amount: string): void {
  ctx.emit(EVENT_WITHDRAW_REWARDS, { amount, validator, delegator });
}

export function emitWithdrawCommission(ctx: Context, amount: readonly Coin[]): void {
  ctx.emit(EVENT_WITHDRAW_COMMISSION, { amount: formatCoins(amount) });
}
