// The consensus module: CometBFT's consensus params in state, their query, and their
// governance-only update. No genesis of its own (the params come from CometBFT's InitChain, as
// in the SDK) and no begin/end-block work: the app reads the record after each block.
import type { AppModule } from "../../module.js";
import type { ConsensusKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { msgUpdateParamsHandler } from "./msgServer.js";
import { registerConsensusQueries } from "./queryServer.js";

export function consensusModule(keeper: ConsensusKeeper): AppModule {
  return {
    name: MODULE_NAME,
    registerServices: ({ msgs, queries }) => {
      msgs.register(msgUpdateParamsHandler(keeper));
      registerConsensusQueries(queries, keeper);
    },
  };
}
