// Tests only: a key/value store that reports every write before making it, so a test can see
// what one step of the code under test writes.
import type { KVStore } from "../store/types.js";

/** `store`, with each set passed to `onSet` (key and value) before it is made. */
export function recordingStore(store: KVStore, onSet: (key: Uint8Array, value: Uint8Array) => void): KVStore {
  return {
    get: (k) => store.get(k),
    has: (k) => store.has(k),
    iterator: (o) => store.iterator(o),
    prefixIterator: (p, r) => store.prefixIterator(p, r),
    set: (k, v) => (onSet(k, v), store.set(k, v)),
    delete: (k) => store.delete(k),
  };
}
