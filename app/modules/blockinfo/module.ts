// blockinfo: records every finalized block's height, time, hash and proposer in state, so each
// block changes the app hash and recent block hashes are readable by later modules.
import type { AppModule } from "../../module.js";
import { recordBlock } from "./keeper.js";
import { BLOCKINFO_STORE } from "./keys.js";

export const BLOCKINFO_MODULE = BLOCKINFO_STORE;

export const blockInfoModule: AppModule = {
  name: BLOCKINFO_MODULE,
  beginBlock(ctx) {
    recordBlock(ctx.storeFor(BLOCKINFO_MODULE), ctx.header);
  },
};
