// blockinfo: records every finalized block's height, time, hash and proposer in state, so each
// block changes the app hash and recent block hashes are readable by later modules.
import type { AppModule } from "../../module.js";
import type { BlockInfoKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";

export function blockInfoModule(keeper: BlockInfoKeeper): AppModule {
  return {
    name: MODULE_NAME,
    beginBlock: (ctx) => keeper.recordBlock(ctx),
  };
}
