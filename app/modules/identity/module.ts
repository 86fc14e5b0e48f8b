// The identity module: governance-authorized issuers, credentials anchored by hash, and the
// account tier derived from them. No begin/end-block work: nothing here changes with time.
import type { AppModule } from "../../module.js";
import { defaultIdentityGenesis, exportIdentityGenesis, initIdentityGenesis } from "./genesis.js";
import type { IdentityKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { msgAddIssuerHandler, msgIssueCredentialHandler, msgRemoveIssuerHandler, msgRevokeCredentialHandler, msgUpdateParamsHandler } from "./msgServer.js";
import { registerIdentityQueries } from "./queryServer.js";

export function identityModule(keeper: IdentityKeeper): AppModule {
  return {
    name: MODULE_NAME,
    registerServices: ({ msgs, queries }) => {
      msgs.register(msgAddIssuerHandler(keeper));
      msgs.register(msgRemoveIssuerHandler(keeper));
      msgs.register(msgIssueCredentialHandler(keeper));
      msgs.register(msgRevokeCredentialHandler(keeper));
      msgs.register(msgUpdateParamsHandler(keeper));
      registerIdentityQueries(queries, keeper);
    },
    defaultGenesis: defaultIdentityGenesis,
    initGenesis: (ctx, genesis) => initIdentityGenesis(ctx, keeper, genesis),
    exportGenesis: (state) => exportIdentityGenesis(state, keeper),
  };
}
