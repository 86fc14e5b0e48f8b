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
