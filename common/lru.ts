// A bounded cache that forgets the least recently used entry first (a hit makes its entry the
// most recent). Bounded in entries and, when given a weight, in the total
// weight of its values (bytes), so a few huge values cannot take the room of many small ones.
// Only for caches whose hits and misses never change a result (the store's latest-state reads,
// the bank's denom keys, the JSON-RPC server's blocks and pending txs): which entries it holds
// must never matter to consensus. A tx pass's hot lookups use common/memo.ts instead, whose hits move nothing.

/** A second bound: the values' total weight (e.g. their approximate bytes). */
export interface LruWeight<V, K = unknown> {
  max: number;
  /** The weight of one entry; the key is given for caches whose keys are large too. */
  of(value: V, key: K): number;
}

/** An entry, linked to its neighbours in order of use. */
interface Entry<K, V> {
  key: K;
  value: V;
  weight: number;
  older: Entry<K, V> | undefined;
  newer: Entry<K, V> | undefined;
}

/**
 * The order of use is a doubly linked list of the entries, not the Map's own order: moving an
 * entry or finding the oldest is a few pointer updates. (Deleting and re-inserting a hit's key to
 * move it to the Map's end left a deleted slot behind every time, and `keys().next()` walks over
 * all of those to the oldest entry: once full, every eviction cost time in proportion to the
 * cache, ~14 µs per miss at 200,000 entries; bench/cache-eviction.ts.)
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, Entry<K, V>>();
  private oldest: Entry<K, V> | undefined;
  private newest: Entry<K, V> | undefined;
  private totalWeight = 0;

  constructor(
    private readonly capacity: number,
    private readonly weight?: LruWeight<V, K>,
  ) {
    if (!(capacity >= 1)) throw new RangeError(`cache capacity must be at least 1, got ${capacity}`);
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry !== this.newest) {
      this.unlink(entry);
      this.append(entry);
    }
    return entry.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const entry: Entry<K, V> = { key, value, weight: this.weight?.of(value, key) ?? 0, older: undefined, newer: undefined };
    this.entries.set(key, entry);
    this.append(entry);
    this.totalWeight += entry.weight;
    // The newest entry stays even if it alone outweighs the bound: its caller is about to use it.
    while (this.entries.size > 1 && (this.entries.size > this.capacity || (this.weight !== undefined && this.totalWeight > this.weight.max))) {
      this.delete(this.oldest!.key);
    }
  }

  /** Whether `key` is cached, without making it the most recently used. */
  has(key: K): boolean {
    return this.entries.has(key);
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (entry === undefined) return false;
    this.entries.delete(key);
    this.unlink(entry);
    this.totalWeight -= entry.weight;
    return true;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The values' total weight (0 without a weight bound). */
  get weightSum(): number {
    return this.totalWeight;
  }

  private append(entry: Entry<K, V>): void {
    entry.older = this.newest;
    entry.newer = undefined;
    if (this.newest) this.newest.newer = entry;
    else this.oldest = entry;
    this.newest = entry;
  }

  private unlink(entry: Entry<K, V>): void {
    if (entry.older) entry.older.newer = entry.newer;
    else this.oldest = entry.newer;
    if (entry.newer) entry.newer.older = entry.older;
    else this.newest = entry.older;
    entry.older = entry.newer = undefined;
  }
}
