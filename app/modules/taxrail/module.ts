// The taxrail module: a transfer-tax rate per jurisdiction, the tax collected on every asset
// transfer (registry calls collectTransferTax), and withdrawals by the jurisdiction's authority.
// No begin/end-block work.
import type { AppModule } from "../../module.js";
import { defaultTaxrailGenesis, exportTaxrailGenesis, initTaxrailGenesis } from "./genesis.js";
import type { TaxrailKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { msgSetTaxRuleHandler, msgUpdateParamsHandler, msgWithdrawTaxHandler } from "./msgServer.js";
import { registerTaxrailQueries } from "./queryServer.js";

export function taxrailModule(keeper: TaxrailKeeper): AppModule {
  return {
    name: MODULE_NAME,
    registerServices: ({ msgs, queries }) => {
      msgs.register(msgSetTaxRuleHandler(keeper));
      msgs.register(msgWithdrawTaxHandler(keeper));
      msgs.register(msgUpdateParamsHandler(keeper));
      registerTaxrailQueries(queries, keeper);
    },
    defaultGenesis: defaultTaxrailGenesis,
    initGenesis: (ctx, genesis) => initTaxrailGenesis(ctx, keeper, genesis),
    exportGenesis: (state) => exportTaxrailGenesis(state, keeper),
  };
}
