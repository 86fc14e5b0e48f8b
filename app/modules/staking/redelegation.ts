// Redelegation: moving a delegation from one validator to another without waiting out the
// unbonding period (SDK BeginRedelegation and CompleteRedelegation). The tokens move at once; an
// entry remembers them until unbonding_time has passed, so a slash of the source validator for an
// earlier infraction still reaches them, and so the delegator cannot hop again from the
// destination before then (no transitive redelegation).
import { create } from "@bufbuild/protobuf";
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import { BondStatus, RedelegationEntrySchema, RedelegationSchema } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import type { Context } from "../../context.js";
import type { Coin } from "../../coins/coins.js";
import { accAddressToString } from "../../../common/address.js";
import { delegate, unbond } from "./delegation.js";
import { stakingErrors } from "./errors.js";
import { emitCompleteRedelegation } from "./events.js";
import type { StakingStore } from "./store.js";
import { addDuration, compareTime } from "./time.js";
import { valAddressToString } from "./valAddress.js";
import { decToWire, intFromWire } from "./wire.js";

/**
 * When a redelegation away from `src` completes (SDK getBeginInfo): a bonded (or removed) source
 * holds it a full unbonding_time, an unbonding one until its own unbonding ends, and an unbonded
 * one not at all (`now`).
 */
function beginInfo(ctx: Context, keeper: StakingStore, src: Uint8Array): { completionTime: Timestamp; height: bigint; now: boolean } {
  const v = keeper.getValidator(ctx.store, src);
  if (!v || v.status === BondStatus.BONDED) {
    return { completionTime: addDuration(ctx.header.time, keeper.getParams(ctx.store).unbondingTime!), height: ctx.header.height, now: false };
  }
  if (v.status === BondStatus.UNBONDING) return { completionTime: v.unbondingTime!, height: v.unbondingHeight, now: false };
  return { completionTime: ctx.header.time, height: ctx.header.height, now: true };
}

/** Moves `shares` of the delegation from `src` to `dst`; returns when the redelegation completes. */
export function beginRedelegation(ctx: Context, keeper: StakingStore, delegator: Uint8Array, src: Uint8Array, dst: Uint8Array, shares: bigint): Timestamp {
  if (Buffer.from(src).equals(Buffer.from(dst))) throw stakingErrors.selfRedelegation.wrap(valAddressToString(src));
  if (!keeper.getValidator(ctx.store, dst)) throw stakingErrors.badRedelegationDst.wrap(valAddressToString(dst));
  const srcValidator = keeper.getValidator(ctx.store, src);
  // The SDK reports a missing source with the destination's error too.
  if (!srcValidator) throw stakingErrors.badRedelegationDst.wrap(`source validator ${valAddressToString(src)} not found`);
  if (keeper.hasReceivingRedelegation(ctx.store, delegator, src)) throw stakingErrors.transitiveRedelegation.wrap(valAddressToString(src));
  const { maxEntries } = keeper.getParams(ctx.store);
  const existing = keeper.getRedelegation(ctx.store, delegator, src, dst);
  if (existing && existing.entries.length >= maxEntries)
    throw stakingErrors.maxRedelegationEntries.wrap(`${existing.entries.length} entries, at most ${maxEntries}`);

  const amount = unbond(ctx, keeper, delegator, src, shares);
  if (amount === 0n) throw stakingErrors.tinyRedelegationAmount.wrap(`${shares} share atomics are worth no tokens`);
  const sharesCreated = delegate(ctx, keeper, delegator, dst, amount, { account: false, status: srcValidator.status });

  const { completionTime, height, now } = beginInfo(ctx, keeper, src);
  if (now) return completionTime;
  const unbondingId = keeper.nextUnbondingId(ctx);
  const red =
    existing ??
    create(RedelegationSchema, {
      delegatorAddress: accAddressToString(delegator),
      validatorSrcAddress: valAddressToString(src),
      validatorDstAddress: valAddressToString(dst),
    });
  red.entries.push(
    create(RedelegationEntrySchema, {
      creationHeight: height,
      completionTime,
      initialBalance: amount.toString(),
      sharesDst: decToWire(sharesCreated),
      unbondingId,
    }),
  );
  keeper.setRedelegation(ctx, delegator, src, dst, red);
  keeper.insertRedelegationQueue(ctx, completionTime, delegator, src, dst);
  return completionTime;
}

/** Drops the redelegation entries that have matured by the block time (the end block's last step). */
export function completeMatureRedelegations(ctx: Context, keeper: StakingStore): void {
  const now = ctx.header.time;
  const { bondDenom } = keeper.getParams(ctx.store);
  for (const { delegator, src, dst } of keeper.dequeueMatureRedelegations(ctx, now)) {
    const red = keeper.getRedelegation(ctx.store, delegator, src, dst);
    // Several queue entries of one triple can be due in one block; the first completes them all.
    if (!red) continue;
    let total = 0n;
    red.entries = red.entries.filter((e) => {
      const mature = e.completionTime !== undefined && compareTime(e.completionTime, now) <= 0 && e.unbondingOnHoldRefCount <= 0n;
      if (mature) total += intFromWire(e.initialBalance, "initial_balance");
      return !mature;
    });
    keeper.setRedelegation(ctx, delegator, src, dst, red);
    const amount: Coin[] = total > 0n ? [{ denom: bondDenom, amount: total }] : [];
    emitCompleteRedelegation(ctx, accAddressToString(delegator), valAddressToString(src), valAddressToString(dst), amount);
  }
}
