// A bounded cache that forgets the least recently used entry first (a Map keeps insertion order;
// a hit moves the entry to the end). Bounded in entries and, when given a weight, in the total
// weight of its values (bytes), so a few huge values cannot take the room of many small ones.
// Only for caches whose hits and misses never change a result (the bank's denom keys, the
// JSON-RPC server's blocks and pending txs): which entries it holds must never matter to
// consensus. A tx pass's hot lookups use common/memo.ts instead, whose hits move nothing.

/** A second bound: the values' total weight (e.g. their approximate bytes). */
export interface LruWeight<V, K = unknown> {
  max: number;
  /** The weight of one entry; the key is given for caches whose keys are large too. */
  of(value: V, key: K): number;
}

export class Lru<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  /** Walks the keys oldest first; see evictOldest. */
  private oldestFirst = this.entries.keys();
  private totalWeight = 0;

  constructor(
    private readonly capacity: number,
    private readonly weight?: LruWeight<V, K>,
  ) {
    if (!(capacity >= 1)) throw new RangeError(`cache capacity must be at least 1, got ${capacity}`);
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry?.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weight?.of(value, key) ?? 0;
    this.entries.set(key, { value, weight });
    this.totalWeight += weight;
    // The newest entry stays even if it alone outweighs the bound: its caller is about to use it.
    while (this.entries.size > 1 && (this.entries.size > this.capacity || (this.weight !== undefined && this.totalWeight > this.weight.max))) {
      this.evictOldest();
    }
  }

  /**
   * Drops the least recently used entry. One iterator serves every eviction: a fresh
   * `keys().next()` would walk over every slot deleted since the Map's table was last rebuilt
   * (each hit leaves one, as it moves its entry to the end), tens of µs per eviction in a full
   * cache of 200,000. The iterator resumes where the last eviction stopped; every live entry
   * lies ahead of it, since entries are only ever added at the end, and a moved one is met again
   * in its new place.
   */
  private evictOldest(): void {
    const oldest = this.oldestFirst.next();
    this.delete(oldest.value as K);
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (entry === undefined) return false;
    this.entries.delete(key);
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
}
