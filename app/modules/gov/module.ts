// The gov module: proposals, deposits, votes, the tally and the execution of passed proposals'
// messages at the end of their voting period; gov v1beta1's messages and queries over the same state.
import { TextProposalSchema } from "../../../gen/cosmos/gov/v1beta1/gov_pb.js";
import type { AppModule } from "../../module.js";
import { govEndBlock } from "./endBlocker.js";
import { defaultGovGenesis, exportGovGenesis, initGovGenesis } from "./genesis.js";
import type { GovKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { legacyMsgDepositHandler, legacyMsgSubmitProposalHandler, legacyMsgVoteHandler, legacyMsgVoteWeightedHandler } from "./legacyMsgServer.js";
import { registerLegacyGovQueries } from "./legacyQueryServer.js";
import {
  msgCancelProposalHandler,
  msgDepositHandler,
  msgExecLegacyContentHandler,
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
      msgs.register(msgExecLegacyContentHandler(keeper));
      // gov v1beta1 beside v1: one store, two views, as the SDK serves them.
      msgs.register(legacyMsgSubmitProposalHandler(keeper));
      msgs.register(legacyMsgVoteHandler(keeper));
      msgs.register(legacyMsgVoteWeightedHandler(keeper));
      msgs.register(legacyMsgDepositHandler(keeper));
      registerGovQueries(queries, keeper);
      registerLegacyGovQueries(queries, keeper);
    },
    // A legacy proposal's content: reflection describes it so clients can render it.
    anyTypes: [TextProposalSchema],
    defaultGenesis: defaultGovGenesis,
    initGenesis: (ctx, genesis) => initGovGenesis(ctx, keeper, genesis),
    exportGenesis: (state) => exportGovGenesis(state, keeper),
    endBlock: (ctx) => govEndBlock(keeper, ctx),
  };
}
