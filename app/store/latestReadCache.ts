// Values of the latest committed state, read before: the same account, balance and code are read
// by tx after tx, and each SQLite lookup ("newest version <= height") costs far more than a Map
// hit. Valid for one height only: Store.commit gives every cached key the block changed its new
// value (or absence) and moves the cache on to the new height, so the accounts a block touched are
// read from memory again by the next one. Absent keys are remembered too (an EOA has no code hash).
// Bounded by entries and by bytes (common/lru.ts); a value that alone outweighs the byte bound is not
// kept. It is a cache of reads and never changes what a read returns, so consensus cannot see it.
import { Lru } from "../../common/lru.js";
import { copyBytes, keyToString, ownedCopy } from "./bytes.js";

const ABSENT = null;
/** What a value's own buffer costs beside its bytes (ownedCopy): the Buffer and its ArrayBuffer. */
const OWN_BUFFER_BYTES = 160;

export class LatestReadCache {
  private readonly entries: Lru<string, Buffer | typeof ABSENT>;

  constructor(
    maxEntries: number,
    private readonly maxBytes: number,
  ) {
    this.entries = new Lru(maxEntries, { max: maxBytes, of: weight });
  }

  /** The cached value: a Buffer (a copy: callers may not share ours), ABSENT, or undefined when not cached. */
  get(key: string): Buffer | typeof ABSENT | undefined {
    const v = this.entries.get(key);
    return v === undefined || v === ABSENT ? v : copyBytes(v);
  }

  /** `key`'s value: the cached one, else `load()`'s, which is kept. */
  read(key: Buffer, load: () => Buffer | undefined): Buffer | undefined {
    const k = keyToString(key);
    const cached = this.get(k);
    if (cached !== undefined) return cached ?? undefined;
    const value = load();
    this.set(k, value);
    return value;
  }

  set(key: string, value: Buffer | undefined): void {
    const stored = value === undefined ? ABSENT : ownedCopy(value);
    if (weight(stored, key) > this.maxBytes) {
      this.entries.delete(key);
      return;
    }
    this.entries.set(key, stored);
  }

  /** The committed value of `key` at the new height, kept only if `key` was cached (blind writes stay out). */
  refresh(key: string, value: Buffer | undefined): void {
    if (this.entries.has(key)) this.set(key, value);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Approximate bytes an entry holds: the key's UTF-16 string, the value with its own buffer, and the entry itself. */
function weight(value: Buffer | typeof ABSENT, key: string): number {
  return key.length * 2 + (value === ABSENT ? 0 : value.length + OWN_BUFFER_BYTES) + 64;
}
