// The slashing module's events, named and keyed as the SDK's x/slashing emits them. Addresses are
// consensus addresses (unitvalcons1...); burned_coins is the integer amount of the bond denom
// staking burned, as the SDK prints a math.Int.
import type { Context } from "../../context.js";

export const EVENT_LIVENESS = "liveness";
export const EVENT_SLASH = "slash";

export const REASON_MISSING_SIGNATURE = "missing_signature";
export const REASON_DOUBLE_SIGN = "double_sign";

/** A bonded validator's vote was absent from the last commit. */
export function emitLiveness(ctx: Context, consAddress: string, missedBlocks: bigint): void {
  ctx.emit(EVENT_LIVENESS, { address: consAddress, missed_blocks: missedBlocks.toString(), height: ctx.header.height.toString() });
}

/** A validator was slashed; `jailed` is set when the same event reports its jailing (downtime). */
export function emitSlash(ctx: Context, e: { consAddress: string; power: bigint; reason: string; burned: bigint; jailed?: boolean }): void {
  ctx.emit(EVENT_SLASH, {
    address: e.consAddress,
    power: e.power.toString(),
    reason: e.reason,
    burned_coins: e.burned.toString(),
    ...(e.jailed ? { jailed: e.consAddress } : {}),
  });
}

/** A validator was jailed apart from a slash event (a double sign). */
export function emitJailed(ctx: Context, consAddress: string): void {
  ctx.emit(EVENT_SLASH, { jailed: consAddress });
}
