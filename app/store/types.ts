/** A key/value pair produced by iteration. Both buffers belong to the caller. */
export interface KVEntry {
  key: Uint8Array;
  value: Uint8Array;
}

/**
 * Range options for iteration. `start` is inclusive, `end` exclusive; either may
 * be omitted for an open bound. Keys are ordered by unsigned byte order.
 */
export interface IteratorOptions {
  start?: Uint8Array;
  end?: Uint8Array;
  reverse?: boolean;
}

/** Read access to a key/value state. */
export interface KVReader {
  get(key: Uint8Array): Uint8Array | undefined;
  has(key: Uint8Array): boolean;
  iterator(options?: IteratorOptions): IterableIterator<KVEntry>;
  prefixIterator(prefix: Uint8Array, reverse?: boolean): IterableIterator<KVEntry>;
}

/** Read/write access to a key/value state. */
export interface KVStore extends KVReader {
  set(key: Uint8Array, value: Uint8Array): void;
  delete(key: Uint8Array): void;
}

/**
 * The whole state, every module's namespace: a block's branch, a tx's gas-metered view of it, or a
 * committed view. Keepers' reads take this and scope it to their own namespace themselves, so no
 * caller can hand a keeper another module's keys: a module's namespace (prefixStore.ts) is no
 * StateReader, and the type checker refuses it.
 */
export interface StateReader extends KVReader {
  readonly wholeState: true;
}

/** The whole state, writable: what a Context carries. */
export interface StateStore extends KVStore, StateReader {}

/** One entry of a change set; `value: null` is a deletion. */
export interface Change {
  key: Uint8Array;
  value: Uint8Array | null;
}

export type SynchronousMode = "FULL" | "NORMAL";

export interface StoreOptions {
  /** SQLite `synchronous` pragma. FULL (default) makes every commit durable on return. */
  synchronous?: SynchronousMode;
  /** Number of most recent heights to keep readable; 0 (default) keeps every height. */
  keepRecent?: number;
  /** Prune when the committed height is a multiple of this (default 10). */
  pruneInterval?: number;
}
