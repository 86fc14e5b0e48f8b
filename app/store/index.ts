/**
 * Versioned key/value state on SQLite.
 *
 *   const store = Store.open(path);
 *   const block = store.begin();              // root branch at store.lastHeight
 *   const tx = block.branch(); ...; tx.write() // or drop tx to discard it
 *   const hash = store.appHashOf(block, height, store.lastHash);
 *   store.commit(block, height, hash);        // one SQLite transaction
 *   store.view(height).get(key);              // historical reads
 */
export type { Change, IteratorOptions, KVEntry, KVReader, KVStore, StoreOptions, SynchronousMode } from "./types.js";
export { APP_HASH_DOMAIN, appHash } from "./appHash.js";
export { Branch } from "./branch.js";
export { compareBytes, equalBytes, prefixEnd } from "./bytes.js";
export { HeightNotAvailableError } from "./errors.js";
export { Store, openStore } from "./store.js";
