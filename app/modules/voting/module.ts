// The voting module: governance-authorized electoral authorities, elections whose registration can
// require an identity credential, and their results. Its end block opens and closes elections as
// block time reaches their windows.
import type { AppModule } from "../../module.js";
import { votingEndBlock } from "./endBlocker.js";
import { defaultVotingGenesis, exportVotingGenesis, initVotingGenesis } from "./genesis.js";
import type { VotingKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import {
  msgAddElectoralAuthorityHandler,
  msgCancelElectionHandler,
  msgCastVoteHandler,
  msgCreateElectionHandler,
  msgRegisterVoterHandler,
  msgRemoveElectoralAuthorityHandler,
  msgUpdateParamsHandler,
} from "./msgServer.js";
import { registerVotingQueries } from "./queryServer.js";

export function votingModule(keeper: VotingKeeper): AppModule {
  return {
    name: MODULE_NAME,
    registerServices: ({ msgs, queries }) => {
      msgs.register(msgAddElectoralAuthorityHandler(keeper));
      msgs.register(msgRemoveElectoralAuthorityHandler(keeper));
      msgs.register(msgCreateElectionHandler(keeper));
      msgs.register(msgCancelElectionHandler(keeper));
      msgs.register(msgRegisterVoterHandler(keeper));
      msgs.register(msgCastVoteHandler(keeper));
      msgs.register(msgUpdateParamsHandler(keeper));
      registerVotingQueries(queries, keeper);
    },
    defaultGenesis: defaultVotingGenesis,
    initGenesis: (ctx, genesis) => initVotingGenesis(ctx, keeper, genesis),
    exportGenesis: (state) => exportVotingGenesis(state, keeper),
    endBlock: (ctx) => votingEndBlock(keeper, ctx),
  };
}
