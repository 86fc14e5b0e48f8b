// Bank events, named and shaped as the Cosmos SDK emits them, so explorers and
// `tx_search "transfer.recipient='unit1...'"` work unchanged. Each takes addresses and builds its
// attributes only for a context that records events (CheckTx's does not).
import type { Context } from "../../context.js";
import { formatCoins, type Coin } from "../../coins/coins.js";
import { accountText } from "../../tx/addressText.js";

export function emitCoinSpent(ctx: Context, spender: Uint8Array, coins: readonly Coin[]): void {
  if (ctx.recordsEvents) ctx.emit("coin_spent", { spender: accountText(spender), amount: formatCoins(coins) });
}

export function emitCoinReceived(ctx: Context, receiver: Uint8Array, coins: readonly Coin[]): void {
  if (ctx.recordsEvents) ctx.emit("coin_received", { receiver: accountText(receiver), amount: formatCoins(coins) });
}

/** A send's `transfer` event and the `message` event naming its sender. */
export function emitTransfer(ctx: Context, sender: Uint8Array, recipient: Uint8Array, coins: readonly Coin[]): void {
  if (!ctx.recordsEvents) return;
  const senderText = accountText(sender);
  ctx.emit("transfer", { recipient: accountText(recipient), sender: senderText, amount: formatCoins(coins) });
  ctx.emit("message", { sender: senderText });
}

export function emitCoinbase(ctx: Context, minter: Uint8Array, coins: readonly Coin[]): void {
  if (ctx.recordsEvents) ctx.emit("coinbase", { minter: accountText(minter), amount: formatCoins(coins) });
}

export function emitBurn(ctx: Context, burner: Uint8Array, coins: readonly Coin[]): void {
  if (ctx.recordsEvents) ctx.emit("burn", { burner: accountText(burner), amount: formatCoins(coins) });
}
