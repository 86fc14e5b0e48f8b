// How a keeper reaches its module's namespace: reads scope the whole state, writes the Context of
// the transition. Keepers hold one StoreKey, named once in their module's keys.ts, and are the only
// code that uses it (see docs/architecture.md, "Keepers").
import type { Context } from "./context.js";
import { moduleReader } from "./store/prefixStore.js";
import type { KVReader, KVStore, StateReader } from "./store/types.js";

export class StoreKey {
  constructor(readonly moduleName: string) {
    if (!/^[a-z][a-z0-9_]*$/.test(moduleName)) throw new Error(`invalid module name "${moduleName}"`);
  }

  /** The module's keys in the whole state (a committed view or a block's branch), read-only. */
  read(state: StateReader): KVReader {
    return moduleReader(state, this.moduleName);
  }

  /** The module's keys in the branch the transition writes to. */
  write(ctx: Context): KVStore {
    return ctx.storeFor(this.moduleName);
  }
}
