// The staking module: validators (created at genesis or by MsgCreateValidator), delegations,
// unbondings and redelegations, and the validator set handed to CometBFT.
import type { AppModule } from "../../module.js";
import { Ed25519PubKeySchema } from "./consensusKey.js";
import { defaultStakingGenesis, exportStakingGenesis, initStakingGenesis } from "./genesis.js";
import { trackHistoricalInfo } from "./historicalInfo.js";
import { type StakingKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { registerStakingMsgs } from "./msgServer.js";
import { registerStakingQueries } from "./queryServer.js";
import { completeMatureRedelegations } from "./redelegation.js";
import { completeMatureUnbondings } from "./unbonding.js";
import { applyValidatorSetUpdates, unbondAllMatureValidators } from "./validatorSet.js";

export function stakingModule(keeper: StakingKeeper): AppModule {
  return {
    name: MODULE_NAME,
    registerServices: ({ msgs, queries }) => {
      registerStakingMsgs(msgs, keeper);
      registerStakingQueries(queries, keeper);
    },
    // Validators' consensus_pubkey is an Any of this type.
    anyTypes: [Ed25519PubKeySchema],
    defaultGenesis: defaultStakingGenesis,
    initGenesis: (ctx, genesis) => initStakingGenesis(ctx, keeper, genesis),
    exportGenesis: (state) => exportStakingGenesis(state, keeper),
    beginBlock: (ctx) => trackHistoricalInfo(ctx, keeper),
    // The SDK's order: the set first (a validator leaving starts unbonding now), then validators,
    // unbonding delegations and redelegations whose time has come.
    endBlock: (ctx) => {
      const updates = applyValidatorSetUpdates(ctx, keeper);
      unbondAllMatureValidators(ctx, keeper);
      completeMatureUnbondings(ctx, keeper);
      completeMatureRedelegations(ctx, keeper);
      return updates;
    },
  };
}
