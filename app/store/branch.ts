import { asBuffer, assertBytes, copyBytes, keyToString, stringToKey } from "./bytes.js";
import { mergeIterator, rangeFromOptions, rangeFromPrefix, type CommittedSource, type OverlayLevel } from "./iterate.js";
import type { StoredChange } from "./sqliteBackend.js";
import type { StateAccumulator } from "./stateHash.js";
import type { Change, IteratorOptions, KVEntry, StateStore } from "./types.js";

type BranchState = "open" | "written" | "committed";

/** A written branch's writes (writeAndKeep), shared with the branch it was written into and never changed. */
export interface BranchWrites {
  readonly entries: ReadonlyMap<string, Buffer | null>;
}

/**
 * An in-memory write layer over its parent branch (or, for a root branch, over the
 * committed state at a pinned height). Writes stay local until `write()` merges
 * them into the parent; a branch that is dropped without `write()` is discarded.
 */
export class Branch implements StateStore, OverlayLevel {
  readonly wholeState = true;
  /** Latin-1 key -> value; null is a deletion. Keys are never removed. */
  private readonly overlay = new Map<string, Buffer | null>();
  /** Sorted overlay keys, rebuilt lazily; never mutated once handed out. */
  private sorted: string[] | undefined;
  /** Keys added since `sorted` was built, merged in on the next sortedKeys(). */
  private pending: string[] = [];
  private sortedChanges: StoredChange[] | undefined;
  private state: BranchState = "open";
  /** Bumped on every write, so a remembered accumulator can tell it is stale. */
  private mutations = 0;
  /** The state accumulator of what this branch reads, and the mutation counts (this, parent, ...) it was taken at. */
  private accumulator: { sum: StateAccumulator; stamps: number[] } | undefined;

  /** Use `Store.begin()` or `branch.branch()`. */
  constructor(
    readonly parent: Branch | undefined,
    /** Committed state this branch chain reads through to. */
    readonly source: CommittedSource,
  ) {}

  /** The committed height this branch reads through to. */
  get baseHeight(): number {
    return this.source.height;
  }

  get isRoot(): boolean {
    return this.parent === undefined;
  }

  /** True once `write()` (child) or `Store.commit` (root) has consumed this branch. */
  get finished(): boolean {
    return this.state !== "open";
  }

  get(key: Uint8Array): Uint8Array | undefined {
    assertBytes(key, "key");
    // Fail on a pruned base even when the overlay could answer, so a stale branch
    // is detected consistently rather than depending on which keys it touched.
    this.source.check();
    const k = keyToString(key);
    for (let b: Branch | undefined = this; b !== undefined; b = b.parent) {
      const v = b.overlay.get(k);
      if (v !== undefined) return v === null ? undefined : copyBytes(v);
    }
    return this.source.get(asBuffer(key));
  }

  has(key: Uint8Array): boolean {
    assertBytes(key, "key");
    this.source.check();
    const k = keyToString(key);
    for (let b: Branch | undefined = this; b !== undefined; b = b.parent) {
      const v = b.overlay.get(k);
      if (v !== undefined) return v !== null;
    }
    return this.source.get(asBuffer(key)) !== undefined;
  }

  set(key: Uint8Array, value: Uint8Array): void {
    assertBytes(key, "key");
    assertBytes(value, "value");
    this.put(keyToString(key), copyBytes(value));
  }

  delete(key: Uint8Array): void {
    assertBytes(key, "key");
    this.put(keyToString(key), null);
  }

  iterator(options?: IteratorOptions): IterableIterator<KVEntry> {
    return mergeIterator(this.levels(), this.source, rangeFromOptions(options));
  }

  prefixIterator(prefix: Uint8Array, reverse?: boolean): IterableIterator<KVEntry> {
    return mergeIterator(this.levels(), this.source, rangeFromPrefix(prefix, reverse));
  }

  /** A nested branch whose writes reach this one only through its `write()`. */
  branch(): Branch {
    this.assertOpen();
    return new Branch(this, this.source);
  }

  /** Merges this branch's writes into its parent. The branch is finished afterwards. */
  write(): void {
    const parent = this.parent;
    if (parent === undefined) throw new Error("a root branch is committed with Store.commit, not written");
    this.assertOpen();
    if (parent.state !== "open") throw new Error("cannot write into a parent branch that is already finished");
    // What this branch read is what the parent reads once it holds these writes.
    const carried = this.accumulated();
    for (const [k, v] of this.overlay) parent.putOwned(k, v);
    this.state = "written";
    if (carried) parent.rememberAccumulator(carried);
  }

  /**
   * Like write(), and returns the writes so that replay() can put them into another branch: the
   * mempool keeps each admitted tx's writes to rebuild the state after a prefix of its txs.
   */
  writeAndKeep(): BranchWrites {
    this.write();
    // A written branch takes no more writes, so its overlay stays as it is now.
    return { entries: this.overlay };
  }

  /** Puts writes taken by writeAndKeep into this branch, as if the branch that made them were written here. */
  replay(writes: BranchWrites): void {
    this.assertOpen();
    for (const [k, v] of writes.entries) this.putOwned(k, v);
  }

  /** This branch's own writes and deletions, sorted by key. The caller owns the result. */
  changes(): Change[] {
    return this.storedChanges().map((c) => ({ key: copyBytes(c.key), value: c.value === null ? null : copyBytes(c.value) }));
  }

  /** Number of distinct keys written or deleted in this branch. */
  get size(): number {
    return this.overlay.size;
  }

  // ---- internal: used by Store and the merge iterator ----

  /** @internal Sorted changes sharing the branch's buffers; must not reach callers. */
  storedChanges(): readonly StoredChange[] {
    if (this.sortedChanges === undefined) {
      const keys = this.sortedKeys();
      const out: StoredChange[] = new Array(keys.length);
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i]!;
        out[i] = { key: stringToKey(k), value: this.overlay.get(k)! };
      }
      this.sortedChanges = out;
    }
    return this.sortedChanges;
  }

  /** @internal The state accumulator remembered by `rememberAccumulator`, unless a write since made it stale. */
  accumulated(): StateAccumulator | undefined {
    const record = this.accumulator;
    if (record === undefined) return undefined;
    const now = this.stamps();
    return now.length === record.stamps.length && now.every((m, i) => m === record.stamps[i]) ? record.sum : undefined;
  }

  /**
   * @internal Remembers the accumulator of the state this branch reads now (Store.appHashOf), or
   * read at `stamps` (writeStamps) for one folded over a wait: a write since makes it stale.
   */
  rememberAccumulator(sum: StateAccumulator, stamps = this.stamps()): void {
    this.accumulator = { sum, stamps };
  }

  /** @internal What rememberAccumulator takes to tell later whether this branch or its parents were written since. */
  writeStamps(): number[] {
    return this.stamps();
  }

  /** @internal The value a read through the parents (not this branch) sees; the buffer must not reach callers. */
  parentValue(key: Buffer): Buffer | undefined {
    if (this.parent === undefined) return this.source.get(key);
    const k = keyToString(key);
    for (let b: Branch | undefined = this.parent; b !== undefined; b = b.parent) {
      const v = b.overlay.get(k);
      if (v !== undefined) return v ?? undefined;
    }
    return this.source.get(key);
  }

  /** @internal */
  markCommitted(): void {
    this.assertOpen();
    this.state = "committed";
  }

  /** @internal */
  sortedKeys(): readonly string[] {
    if (this.sorted === undefined) {
      this.sorted = Array.from(this.overlay.keys()).sort();
      this.pending = [];
    } else if (this.pending.length > 0) {
      // Writes interleaved with iteration add a few keys at a time: merging them
      // costs O(n) instead of re-sorting everything.
      this.sorted = mergeSorted(this.sorted, this.pending.sort());
      this.pending = [];
    }
    return this.sorted;
  }

  /** @internal */
  lookup(key: string): Buffer | null | undefined {
    return this.overlay.get(key);
  }

  private stamps(): number[] {
    const out: number[] = [];
    for (let b: Branch | undefined = this; b !== undefined; b = b.parent) out.push(b.mutations);
    return out;
  }

  private levels(): OverlayLevel[] {
    const out: OverlayLevel[] = [];
    for (let b: Branch | undefined = this; b !== undefined; b = b.parent) {
      if (b.overlay.size > 0) out.push(b);
    }
    return out;
  }

  private put(key: string, value: Buffer | null): void {
    this.assertOpen();
    this.putOwned(key, value);
  }

  private putOwned(key: string, value: Buffer | null): void {
    const size = this.overlay.size;
    this.overlay.set(key, value);
    if (this.overlay.size !== size && this.sorted !== undefined) this.pending.push(key);
    this.sortedChanges = undefined;
    this.mutations++;
  }

  private assertOpen(): void {
    if (this.state !== "open") {
      throw new Error(this.state === "committed" ? "branch has already been committed" : "branch has already been written");
    }
  }
}

/** Merges two ascending arrays of distinct strings into a new array. */
function mergeSorted(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let o = 0;
  while (i < a.length && j < b.length) out[o++] = a[i]! < b[j]! ? a[i++]! : b[j++]!;
  while (i < a.length) out[o++] = a[i++]!;
  while (j < b.length) out[o++] = b[j++]!;
  return out;
}
