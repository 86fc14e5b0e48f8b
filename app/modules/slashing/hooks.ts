// What slashing does when staking's validator set changes (the SDK's slashing Hooks). The type is
// structural: staking's StakingHooks accepts it, and the composition root hands it over.
import type { Context } from "../../context.js";
import type { SlashingKeeper } from "./keeper.js";

export interface SlashingHooks {
  afterValidatorBonded(ctx: Context, consAddress: Uint8Array, operator: Uint8Array): void;
  afterValidatorRemoved(ctx: Context, consAddress: Uint8Array, operator: Uint8Array): void;
}

export function slashingHooks(keeper: SlashingKeeper): SlashingHooks {
  return {
    // Signing is counted from the height the validator (re-)entered the set; a validator seen
    // before keeps its record (jail time, tombstone), only its start height moves.
    afterValidatorBonded: (ctx, consAddress) => {
      const existing = keeper.getSigningInfo(ctx.store, consAddress);
      const info = existing ? { ...existing, startHeight: ctx.header.height } : keeper.newSigningInfo(consAddress, ctx.header.height);
      keeper.setSigningInfo(ctx, consAddress, info);
    },
    // The SDK keeps a removed validator's record for ever. Here it goes with the validator, unless
    // the validator was tombstoned: that record stays, so a validator created again with the same
    // consensus key is still tombstoned and can never be unjailed.
    afterValidatorRemoved: (ctx, consAddress) => {
      if (keeper.isTombstoned(ctx.store, consAddress)) return;
      keeper.deleteSigningInfo(ctx, consAddress);
      keeper.clearMissedBitmap(ctx, consAddress);
    },
  };
}
