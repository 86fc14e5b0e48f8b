// Bank events, named and shaped as the Cosmos SDK emits them, so explorers and
// `tx_search "transfer.recipient='unit1...'"` work unchanged. Each takes addresses and builds its
// attributes only for a context that records events (CheckTx's does not).
import type { Context } from "../../context.js";
import { formatCoins, type Coin } from "../../coins/coins.js";
import { accountText } from "../../tx/addressText.js";

export function emitCoinSpent(ctx: Context, spender: Uint8Array, coins: readonly Coin[]): void {
  if (ctx.recordsEvents) ctx.emit("coin_spent", { amount: formatCoins(coins), spender: accountText(spender) });
}

export function emitCoinReceived(ctx: Context, receiver: Uint8Array, coins: readonly Coin[]): void {
  if (ctx.recordsEvents) ctx.emit("coin_received", { amount: formatCoins(coins), receiver: accountText(receiver) });
}

/** A send's `transfer` event and the `message` event naming its sender. */
export function emitTransfer(ctx: Context, sender: Uint8Array, recipient: Uint8Array, coins: readonly Coin[]): void {
  if (!ctx.recordsEvents) return;
  const senderText = accountText(sender);
  ctx.emit("transfer", { amount: formatCoins(coins), recipient: accountText(recipient), sender: senderText });
  ctx.emit("message", { sender: senderText });
}

export function emitCoinbase(ctx: Context, minter: Uint8Array, coins: readonly Coin[]): void {
  if (ctx.recordsEvents) ctx.emit("coinbase", { amount: formatCoins(coins), minter: accountText(minter) });
}

export function emitBurn(ctx: Context, burner: Uint8Array, coins: readonly Coin[]): void {
  if (ctx.recordsEvents) ctx.emit("burn", { amount: formatCoins(coins), burner: accountText(burner) });
}
