// Besides the uunit events bank emits for the whole-coin moves (including borrows and carries
// with the reserve), each extended send or burn emits bank-shaped events for its full aunit
// amount, as Kava's precisebank does, so a client sees the exact value that moved. Built only for
// a context that records events.
import type { Context } from "../../context.js";
import { accountText } from "../../tx/addressText.js";
import { EXTENDED_DENOM } from "./denoms.js";

export function emitExtendedTransfer(ctx: Context, from: Uint8Array, to: Uint8Array, amount: bigint): void {
  if (!ctx.recordsEvents) return;
  const coins = `${amount}${EXTENDED_DENOM}`;
  const sender = accountText(from);
  const recipient = accountText(to);
  ctx.emit("transfer", { recipient, sender, amount: coins });
  ctx.emit("coin_spent", { spender: sender, amount: coins });
  ctx.emit("coin_received", { receiver: recipient, amount: coins });
}

export function emitExtendedBurn(ctx: Context, from: Uint8Array, amount: bigint): void {
  if (!ctx.recordsEvents) return;
  const coins = `${amount}${EXTENDED_DENOM}`;
  const burner = accountText(from);
  ctx.emit("burn", { burner, amount: coins });
  ctx.emit("coin_spent", { spender: burner, amount: coins });
}
