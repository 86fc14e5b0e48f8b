// The staking module: genesis validators, delegations and unbondings, the validator set handed
// to CometBFT. Validators are created at genesis only; MsgCreateValidator and redelegation are
// not offered.
import type { AppModule } from "../../module.js";
import { Ed25519PubKeySchema } from "./consensusKey.js";
import { defaultStakingGenesis, initStakingGenesis } from "./genesis.js";
import { type StakingKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { msgDelegateHandler, msgUndelegateHandler } from "./msgServer.js";
import { registerStakingQueries } from "./queryServer.js";
import { completeMatureUnbondings } from "./unbonding.js";
import { applyValidatorSetUpdates } from "./validatorSet.js";

export function stakingModule(keeper: StakingKeeper): AppModule {
  return {
    name: MODULE_NAME,
    registerServices: ({ msgs, queries }) => {
      msgs.register(msgDelegateHandler(keeper));
      msgs.register(msgUndelegateHandler(keeper));
      registerStakingQueries(queries, keeper);
    },
    // Validators' consensus_pubkey is an Any of this type.
    anyTypes: [Ed25519PubKeySchema],
    defaultGenesis: defaultStakingGenesis,
    initGenesis: (ctx, genesis) => initStakingGenesis(ctx, keeper, genesis),
    endBlock: (ctx) => {
      // Payouts first: they never change power, and the set below then reflects the whole block.
      completeMatureUnbondings(ctx, keeper);
      return applyValidatorSetUpdates(ctx, keeper);
    },
  };
}
