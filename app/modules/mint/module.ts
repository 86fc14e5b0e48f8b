// The mint module of a chain that does not inflate: genesis records zero inflation and the SDK's
// mint queries answer it, so wallets that read them show no inflation APR. No begin block mints
// anything and no message changes the params (docs/mint.md says why, and how to turn it on).
import type { AppModule } from "../../module.js";
import { defaultMintGenesis, exportMintGenesis, initMintGenesis } from "./genesis.js";
import type { MintKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { registerMintQueries } from "./queryServer.js";

export { MintKeeper } from "./keeper.js";

export function mintModule(keeper: MintKeeper): AppModule {
  return {
    name: MODULE_NAME,
    registerServices: ({ queries }) => registerMintQueries(queries, keeper),
    defaultGenesis: defaultMintGenesis,
    initGenesis: (ctx, genesis) => initMintGenesis(ctx, keeper, genesis),
    exportGenesis: (state) => exportMintGenesis(state, keeper),
  };
}
