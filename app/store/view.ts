import { asBuffer, assertBytes } from "./bytes.js";
import { mergeIterator, rangeFromOptions, rangeFromPrefix, type CommittedSource } from "./iterate.js";
import type { IteratorOptions, KVEntry, StateReader } from "./types.js";

/** Read-only access to the committed state at one height. */
export class StateView implements StateReader {
  readonly wholeState = true;
  constructor(private readonly source: CommittedSource) {}

  get height(): number {
    return this.source.height;
  }

  get(key: Uint8Array): Uint8Array | undefined {
    assertBytes(key, "key");
    return this.source.get(asBuffer(key));
  }

  has(key: Uint8Array): boolean {
    return this.get(key) !== undefined;
  }

  iterator(options?: IteratorOptions): IterableIterator<KVEntry> {
    return mergeIterator([], this.source, rangeFromOptions(options));
  }

  prefixIterator(prefix: Uint8Array, reverse?: boolean): IterableIterator<KVEntry> {
    return mergeIterator([], this.source, rangeFromPrefix(prefix, reverse));
  }
}
