// The gov module: proposals, deposits, votes, the tally and the execution of passed proposals'
// messages at the end of their voting period.
import type { AppModule } from "../../module.js";
import { govEndBlock } from "./endBlocker.js";
import { defaultGovGenesis, initGovGenesis } from "./genesis.js";
import type { GovKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import {
  msgCancelProposalHandler,
  msgDepositHandler,
  msgSubmitProposalHandler,
  msgUpdateParamsHandler,
  msgVoteHandler,
  msgVoteWeightedHandler,
} from "./msgServer.js";
import { registerGovQueries } from "./queryServer.js";

export { GovKeeper } from "./keeper.js";

export function govModule(keeper: GovKeeper): AppModule {
  return {
    name: MODULE_NAME,
    registerServices: ({ msgs, queries }) => {
      msgs.register(msgSubmitProposalHandler(keeper));
      msgs.register(msgVoteHandler(keeper));
      msgs.register(msgVoteWeightedHandler(keeper));
      msgs.register(msgDepositHandler(keeper));
      msgs.register(msgUpdateParamsHandler(keeper));
      msgs.register(msgCancelProposalHandler(keeper));
      registerGovQueries(queries, keeper);
    },
    defaultGenesis: defaultGovGenesis,
    initGenesis: (ctx, genesis) => initGovGenesis(ctx, keeper, genesis),
    endBlock: (ctx) => govEndBlock(keeper, ctx),
  };
}
