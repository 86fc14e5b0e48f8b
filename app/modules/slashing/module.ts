// The slashing module: liveness records of bonded validators, counted from every block's last
// commit in begin block; MsgUnjail; governance-only params; their queries. Double signs reach it
// through the evidence module, which asks its keeper to slash, jail and tombstone; staking calls
// its hooks (hooks()).
import type { AppModule } from "../../module.js";
import { slashingHooks, type SlashingHooks } from "./hooks.js";
import { defaultSlashingGenesis, exportSlashingGenesis, initSlashingGenesis } from "./genesis.js";
import type { SlashingKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { handleLastCommit } from "./liveness.js";
import { msgUnjailHandler, msgUpdateParamsHandler } from "./msgServer.js";
import { registerSlashingQueries } from "./queryServer.js";

export function slashingModule(keeper: SlashingKeeper): AppModule & { hooks(): SlashingHooks } {
  return {
    name: MODULE_NAME,
    registerServices: ({ msgs, queries }) => {
      msgs.register(msgUnjailHandler(keeper));
      msgs.register(msgUpdateParamsHandler(keeper));
      registerSlashingQueries(queries, keeper);
    },
    defaultGenesis: defaultSlashingGenesis,
    initGenesis: (ctx, genesis) => initSlashingGenesis(ctx, keeper, genesis),
    exportGenesis: (state) => exportSlashingGenesis(state, keeper),
    beginBlock: (ctx) => handleLastCommit(ctx, keeper),
    // Staking calls these as validators enter and leave the set (the composition root installs them).
    hooks: () => slashingHooks(keeper),
  };
}
