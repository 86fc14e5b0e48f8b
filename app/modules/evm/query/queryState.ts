// The EVM state as queries see it: a StoreStateManager over a committed (or the mempool's) view
// that refuses every write. The VM's writes stay in the manager's journal, which a query drops;
// nothing calls settle() here, and if anything tried to write, the store would refuse it: so a
// query never changes state, whatever it runs.
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { pino } from "pino";
import { Context } from "../../../context.js";
import type { StateReader, StateStore } from "../../../store/types.js";
import type { EvmKeepers } from "../expectedKeepers.js";
import { StoreStateManager } from "../state/stateManager.js";

const silent = pino({ level: "silent" });

/** `reader` as a store whose writes throw. */
export function readOnlyStore(reader: StateReader): StateStore {
  const refuse = (): never => {
    throw new Error("a query cannot write state");
  };
  return {
    wholeState: true,
    get: (key) => reader.get(key),
    has: (key) => reader.has(key),
    iterator: (options) => reader.iterator(options),
    prefixIterator: (prefix, reverse) => reader.prefixIterator(prefix, reverse),
    set: refuse,
    delete: refuse,
  };
}

/** A read-only context over `state`; `height` only labels it. */
export function queryContext(state: StateReader, height: bigint): Context {
  const header = { chainId: "", height, time: timestampFromMs(0), hash: new Uint8Array(), proposerAddress: new Uint8Array() };
  return new Context(header, readOnlyStore(state), silent);
}

/** A fresh manager (empty journal) over `state`, read-only; `height` only labels its context. */
export function queryStateManager(keepers: EvmKeepers, state: StateReader, height: bigint): StoreStateManager {
  return new StoreStateManager(keepers, queryContext(state, height));
}
