// The auth module: accounts, their numbers and sequences, params, and module accounts.
import type { AppModule } from "../../module.js";
import { defaultAuthGenesis, initAuthGenesis } from "./genesis.js";
import { exportAuthGenesis } from "./export.js";
import type { AccountKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { registerAuthQueries } from "./queryServer.js";
import { BaseAccountSchema, ModuleAccountSchema } from "../../../gen/cosmos/auth/v1beta1/auth_pb.js";
import { PUBKEY_SCHEMAS } from "./pubkey.js";

export function authModule(keeper: AccountKeeper): AppModule {
  return {
    name: MODULE_NAME,
    registerServices: ({ queries }) => registerAuthQueries(queries, keeper),
    anyTypes: [BaseAccountSchema, ModuleAccountSchema, ...Object.values(PUBKEY_SCHEMAS)],
    defaultGenesis: defaultAuthGenesis,
    initGenesis: (ctx, genesis) => initAuthGenesis(ctx, keeper, genesis),
    exportGenesis: (state) => exportAuthGenesis(state, keeper),
  };
}
