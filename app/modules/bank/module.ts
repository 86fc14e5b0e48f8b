// The bank module: balances, supply, denom metadata, MsgSend and MsgMultiSend.
import type { AppModule } from "../../module.js";
import type { BankAccountKeeper } from "./expectedKeepers.js";
import { defaultBankGenesis, exportBankGenesis, initBankGenesis } from "./genesis.js";
import type { BankKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { msgMultiSendHandler, msgSendHandler } from "./msgServer.js";
import { registerBankQueries } from "./queryServer.js";

export function bankModule(keeper: BankKeeper, accounts: BankAccountKeeper): AppModule {
  return {
    name: MODULE_NAME,
    registerServices: ({ msgs, queries }) => {
      msgs.register(msgSendHandler(keeper, accounts));
      msgs.register(msgMultiSendHandler(keeper, accounts));
      registerBankQueries(queries, keeper);
    },
    defaultGenesis: defaultBankGenesis,
    initGenesis: (ctx, genesis) => initBankGenesis(ctx, keeper, genesis),
    exportGenesis: (state) => exportBankGenesis(state, keeper),
  };
}
