// MsgUnjail's rules (the SDK's Keeper.Unjail), in the SDK's order: the validator exists, its
// operator still has a self-delegation worth at least min_self_delegation, it is jailed, it is not
// tombstoned, and its jail time is over. A validator jailed without a signing record (never
// bonded, jailed by staking for too little self-delegation) may leave at any time.
import { decMulInt, decQuo, decTruncate } from "../../../sdk/math/dec.js";
import type { Context } from "../../context.js";
import { slashingErrors } from "./errors.js";
import type { SlashingKeeper } from "./keeper.js";
import { formatTime, isBefore, NEVER_JAILED } from "./time.js";

export function unjail(ctx: Context, keeper: SlashingKeeper, operator: Uint8Array): void {
  const validator = keeper.staking.validatorView(ctx.store, operator);
  if (!validator) throw slashingErrors.noValidatorForAddress.wrap();
  // The operator account's bytes are the validator's own.
  const shares = keeper.staking.delegationShares(ctx.store, operator, operator);
  if (shares === undefined) throw slashingErrors.missingSelfDelegation.wrap();
  const tokens = selfBondTokens(validator, shares);
  if (tokens < validator.minSelfDelegation) throw slashingErrors.selfDelegationTooLowToUnjail.wrap(`${tokens} less than ${validator.minSelfDelegation}`);
  if (!validator.jailed) throw slashingErrors.validatorNotJailed.wrap();
  const info = keeper.getSigningInfo(ctx.store, validator.consAddress);
  if (info) {
    if (info.tombstoned) throw slashingErrors.validatorJailed.wrap("validator is tombstoned for double signing and can never be unjailed");
    const until = info.jailedUntil ?? NEVER_JAILED;
    if (isBefore(ctx.header.time, until)) throw slashingErrors.validatorJailed.wrap(`validator is jailed until ${formatTime(until)}`);
  }
  keeper.staking.unjail(ctx, validator.consAddress);
}

/** The tokens `shares` are worth, truncated (the SDK's TokensFromShares then TruncateInt). */
function selfBondTokens(v: { tokens: bigint; delegatorShares: bigint }, shares: bigint): bigint {
  if (v.delegatorShares === 0n) return 0n;
  return decTruncate(decQuo(decMulInt(shares, v.tokens), v.delegatorShares));
}
