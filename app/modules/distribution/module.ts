// The distribution module: fees to validators, delegators and the community pool (F1), withdraw
// addresses, commission, the community pool's messages, and the queries wallets read. Its begin
// block allocates the fees collected in the previous block; staking calls its hooks (hooks()).
import type { AppModule } from "../../module.js";
import { allocateTokens } from "./allocation.js";
import type { DistributionHooks } from "./expectedKeepers.js";
import { defaultDistributionGenesis, exportDistributionGenesis, initDistributionGenesis } from "./genesis.js";
import { distributionHooks } from "./hooks.js";
import type { DistributionKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { distributionMsgHandlers } from "./msgServer.js";
import { registerDistributionQueries } from "./queryServer.js";

export { DistributionKeeper } from "./keeper.js";

export function distributionModule(keeper: DistributionKeeper): AppModule & { hooks(): DistributionHooks } {
  return {
    name: MODULE_NAME,
    registerServices: ({ msgs, queries }) => {
      for (const handler of distributionMsgHandlers(keeper)) msgs.register(handler);
      registerDistributionQueries(queries, keeper);
    },
    defaultGenesis: defaultDistributionGenesis,
    initGenesis: (ctx, genesis) => initDistributionGenesis(ctx, keeper, genesis),
    exportGenesis: (state) => exportDistributionGenesis(state, keeper),
    // The SDK allocates from height 2: the first block has no previous block whose fees to share.
    beginBlock: (ctx) => {
      if (ctx.header.height > 1n) allocateTokens(ctx, keeper);
    },
    hooks: () => distributionHooks(keeper),
  };
}
