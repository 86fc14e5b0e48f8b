// The registry module: jurisdiction authorities set by governance, assets they register, and each
// asset's transfer history; a transfer pays its tax through taxrail. No begin/end-block work.
import type { AppModule } from "../../module.js";
import { defaultRegistryGenesis, exportRegistryGenesis, initRegistryGenesis } from "./genesis.js";
import type { RegistryKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import {
  msgRegisterAssetHandler,
  msgRemoveJurisdictionAuthorityHandler,
  msgSetJurisdictionAuthorityHandler,
  msgTransferAssetHandler,
  msgUpdateParamsHandler,
} from "./msgServer.js";
import { registerRegistryQueries } from "./queryServer.js";

export function registryModule(keeper: RegistryKeeper): AppModule {
  return {
    name: MODULE_NAME,
    registerServices: ({ msgs, queries }) => {
      msgs.register(msgSetJurisdictionAuthorityHandler(keeper));
      msgs.register(msgRemoveJurisdictionAuthorityHandler(keeper));
      msgs.register(msgRegisterAssetHandler(keeper));
      msgs.register(msgTransferAssetHandler(keeper));
      msgs.register(msgUpdateParamsHandler(keeper));
      registerRegistryQueries(queries, keeper);
    },
    defaultGenesis: defaultRegistryGenesis,
    initGenesis: (ctx, genesis) => initRegistryGenesis(ctx, keeper, genesis),
    exportGenesis: (state) => exportRegistryGenesis(state, keeper),
  };
}
