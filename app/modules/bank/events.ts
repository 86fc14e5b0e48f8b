// Bank events, named and shaped as the Cosmos SDK emits them, so explorers and
// `tx_search "transfer.recipient='unit1...'"` work unchanged.
import type { Context } from "../../context.js";
import { formatCoins, type Coin } from "../../coins/coins.js";

export function emitCoinSpent(ctx: Context, spender: string, coins: readonly Coin[]): void {
  ctx.emit("coin_spent", { spender, amount: formatCoins(coins) });
}

export function emitCoinReceived(ctx: Context, receiver: string, coins: readonly Coin[]): void {
  ctx.emit("coin_received", { receiver, amount: formatCoins(coins) });
}

export function emitTransfer(ctx: Context, sender: string, recipient: string, coins: readonly Coin[]): void {
  ctx.emit("transfer", { recipient, sender, amount: formatCoins(coins) });
}

export function emitCoinbase(ctx: Context, minter: string, coins: readonly Coin[]): void {
  ctx.emit("coinbase", { minter, amount: formatCoins(coins) });
}

export function emitBurn(ctx: Context, burner: string, coins: readonly Coin[]): void {
  ctx.emit("burn", { burner, amount: formatCoins(coins) });
}
