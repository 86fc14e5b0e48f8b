// The bank module: balances, supply, denom metadata, MsgSend and MsgMultiSend.
import type { AppModule } from "../../module.js";
import type { BankAccountKeeper } from "./expectedKeepers.js";
import { defaultBankGenesis, initBankGenesis } from "./genesis.js";
import { BANK_MODULE, type BankKeeper } from "./keeper.js";
import { msgMultiSendHandler, msgSendHandler } from "./msgServer.js";
import { registerBankQueries } from "./queryServer.js";

export function bankModule(keeper: BankKeeper, accounts: BankAccountKeeper): AppModule {
  return {
    name: BANK_MODULE,
    registerServices: ({ msgs, queries }) => {
      msgs.register(msgSendHandler(keeper, accounts));
      msgs.register(msgMultiSendHandler(keeper, accounts));
      registerBankQueries(queries, keeper);
    },
    defaultGenesis: defaultBankGenesis,
    initGenesis: (ctx, genesis) => initBankGenesis(ctx, keeper, genesis),
  };
}
