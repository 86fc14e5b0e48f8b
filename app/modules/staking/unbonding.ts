// Paying out matured unbonding entries at end-block: the only place tokens leave the not-bonded
// pool. Entries mature when their completion time is at or before the block time.
import type { Context } from "../../context.js";
import type { Coin } from "../../coins/coins.js";
import { accAddressToString } from "../../../common/address.js";
import { emitCompleteUnbonding } from "./events.js";
import { type StakingStore } from "./store.js";
import { NOT_BONDED_POOL } from "../../../common/moduleAccounts.js";
import { compareTime } from "./time.js";
import { valAddressToString } from "./valAddress.js";
import { intFromWire } from "./wire.js";

export function completeMatureUnbondings(ctx: Context, keeper: StakingStore): void {
  const now = ctx.header.time;
  const { bondDenom } = keeper.getParams(ctx.store);
  for (const { delegator, validator } of keeper.dequeueMatureUnbondings(ctx, now)) {
    const ubd = keeper.getUnbondingDelegation(ctx.store, delegator, validator);
    // A pair can be queued at several times due in one block; the first dequeue pays them all.
    if (!ubd) continue;
    let paid = 0n;
    const before = ubd.entries.length;
    ubd.entries = ubd.entries.filter((e) => {
      const mature = e.completionTime !== undefined && compareTime(e.completionTime, now) <= 0 && e.unbondingOnHoldRefCount <= 0n;
      if (mature) paid += intFromWire(e.balance, "unbonding balance");
      return !mature;
    });
    if (ubd.entries.length === before) continue;
    if (paid > 0n) keeper.bank.sendFromModule(ctx, NOT_BONDED_POOL, delegator, [{ denom: bondDenom, amount: paid }]);
    keeper.setUnbondingDelegation(ctx, delegator, validator, ubd);
    const amount: Coin[] = [{ denom: bondDenom, amount: paid }];
    emitCompleteUnbonding(ctx, valAddressToString(validator), accAddressToString(delegator), amount);
  }
}
