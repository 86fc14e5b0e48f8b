// The module list, in the order the app runs their genesis, begin-block and end-block hooks.
import { validateModuleList, type AppModule } from "./module.js";
import { blockInfoModule } from "./modules/blockinfo/module.js";

export function appModules(): readonly AppModule[] {
  return validateModuleList([
    // First: later modules' begin-block hooks may read the current block's record.
    blockInfoModule,
  ]);
}
