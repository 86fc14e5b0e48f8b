// A bounded memo for pure functions called on the hot path of every tx pass (decoded txs,
// accounts, address text): a hit is one Map lookup. Unlike common/lru.ts a hit does not move its
// entry (that delete-and-insert was a measurable share of a bank send's CPU); the oldest entry
// goes first when the memo is full, which for values used within a few blocks of their first use
// keeps what matters. Only for results that do not depend on which entries are held.
//
// The oldest key comes from a queue of keys in insertion order, not from the Map's own order:
// `map.keys().next()` walks over the slots of every entry deleted since the table was last
// rebuilt, so once full, each eviction cost time in proportion to the capacity (a genesis of a
// million accounts spent seconds there). A key deleted by its caller stays in the queue until it
// comes up or the queue, grown past twice the entries held, is rebuilt from the Map.
import type { LruWeight } from "./lru.js";

export class Memo<K, V> {
  private readonly entries = new Map<K, V>();
  /** The keys of `entries` oldest first, from `head` on; slots before `head` are spent. */
  private order: K[] = [];
  private head = 0;
  private totalWeight = 0;

  constructor(
    private readonly capacity: number,
    /** A second bound on the total weight (bytes) of the values, with the weight of one. */
    private readonly weight?: LruWeight<V, K>,
  ) {
    if (!(capacity >= 1)) throw new RangeError(`memo capacity must be at least 1, got ${capacity}`);
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    const before = this.entries.get(key);
    if (before !== undefined) this.totalWeight -= this.weight?.of(before, key) ?? 0;
    else if (!this.entries.has(key)) this.order.push(key);
    this.entries.set(key, value);
    this.totalWeight += this.weight?.of(value, key) ?? 0;
    const maxWeight = this.weight?.max ?? Infinity;
    while (this.entries.size > 1 && (this.entries.size > this.capacity || this.totalWeight > maxWeight)) this.evictOldest();
  }

  /** Forgets `key` (a value its callers will not ask for again); false when it was not held. */
  delete(key: K): boolean {
    const value = this.entries.get(key);
    if (value === undefined && !this.entries.has(key)) return false;
    this.entries.delete(key);
    this.totalWeight -= this.weight?.of(value as V, key) ?? 0;
    if (this.order.length - this.head > 2 * this.entries.size + 1024) {
      this.order = [...this.entries.keys()];
      this.head = 0;
    }
    return true;
  }

  /** Forgets every entry. */
  clear(): void {
    this.entries.clear();
    this.order = [];
    this.head = 0;
    this.totalWeight = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The values' total weight (0 without a weight bound), as common/lru.ts names it. */
  get weightSum(): number {
    return this.totalWeight;
  }

  private evictOldest(): void {
    let oldest = this.order[this.head++]!;
    // Keys deleted since are skipped. (One deleted and set again is also further back in the
    // queue: it goes at its first place, a little early, which changes no result.)
    while (!this.entries.has(oldest)) oldest = this.order[this.head++]!;
    this.totalWeight -= this.weight?.of(this.entries.get(oldest)!, oldest) ?? 0;
    this.entries.delete(oldest);
    // Drop the spent slots once they are half the queue: amortised O(1) per key.
    if (this.head >= 1024 && this.head * 2 >= this.order.length) {
      this.order = this.order.slice(this.head);
      this.head = 0;
    }
  }
}
