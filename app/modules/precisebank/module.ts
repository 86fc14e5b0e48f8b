// The precisebank module: the 18-decimal aunit view of the native uunit, its fractional balances,
// reserve and remainder. It has no messages (the EVM moves aunit through the keeper) and no
// begin/end-block work. Its genesis must run after bank's, which credits the reserve.
import type { AppModule } from "../../module.js";
import { MODULE_NAME } from "./keys.js";
import { defaultPrecisebankGenesis, exportPrecisebankGenesis, initPrecisebankGenesis } from "./genesis.js";
import type { PrecisebankKeeper } from "./keeper.js";
import { registerPrecisebankQueries } from "./queryServer.js";

export { PrecisebankKeeper } from "./keeper.js";
export { CONVERSION_FACTOR, EXTENDED_DENOM, INTEGER_DENOM } from "./denoms.js";

export function precisebankModule(keeper: PrecisebankKeeper): AppModule {
  return {
    name: MODULE_NAME,
    registerServices: ({ queries }) => registerPrecisebankQueries(queries, keeper),
    defaultGenesis: defaultPrecisebankGenesis,
    initGenesis: (ctx, genesis) => initPrecisebankGenesis(ctx, keeper, genesis),
    exportGenesis: (state) => exportPrecisebankGenesis(state, keeper),
  };
}
