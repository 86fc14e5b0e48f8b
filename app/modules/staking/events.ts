// Staking events, named and shaped as the Cosmos SDK emits them (x/staking/types/events.go), so
// `tx_search "delegate.validator='unitvaloper1...'"` and explorers work unchanged.
import type { Context } from "../../context.js";
import { formatCoins, type Coin } from "../../coins/coins.js";
import { formatDec } from "../../../sdk/math/dec.js";

export function emitDelegate(ctx: Context, validator: string, delegator: string, amount: Coin, newShares: bigint): void {
  ctx.emit("delegate", { validator, delegator, amount: formatCoins([amount]), new_shares: formatDec(newShares) });
}

export function emitUnbond(ctx: Context, validator: string, delegator: string, amount: Coin, completionTime: string): void {
  ctx.emit("unbond", { validator, delegator, amount: formatCoins([amount]), completion_time: completionTime });
}

/** `amount` is empty when the matured entries held nothing, as the SDK prints empty Coins. */
export function emitCompleteUnbonding(ctx: Context, validator: string, delegator: string, amount: readonly Coin[]): void {
  ctx.emit("complete_unbonding", { validator, delegator, amount: formatCoins(amount.filter((c) => c.amount > 0n)) });
}

export function emitCreateValidator(ctx: Context, validator: string, amount: Coin): void {
  ctx.emit("create_validator", { validator, amount: formatCoins([amount]) });
}

/** `commissionRate` is the current rate in decimal form; the SDK prints its whole Commission struct there. */
export function emitEditValidator(ctx: Context, commissionRate: bigint, minSelfDelegation: bigint): void {
  ctx.emit("edit_validator", { commission_rate: formatDec(commissionRate), min_self_delegation: minSelfDelegation.toString() });
}

export function emitRedelegate(ctx: Context, source: string, destination: string, amount: Coin, completionTime: string): void {
  ctx.emit("redelegate", { source_validator: source, destination_validator: destination, amount: formatCoins([amount]), completion_time: completionTime });
}

export function emitCompleteRedelegation(ctx: Context, delegator: string, source: string, destination: string, amount: readonly Coin[]): void {
  ctx.emit("complete_redelegation", { amount: formatCoins(amount), delegator, source_validator: source, destination_validator: destination });
}

export function emitCancelUnbondingDelegation(ctx: Context, validator: string, delegator: string, amount: Coin, creationHeight: bigint): void {
  ctx.emit("cancel_unbonding_delegation", { validator, delegator, amount: formatCoins([amount]), creation_height: creationHeight.toString() });
}
