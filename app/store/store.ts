import { appHash } from "./appHash.js";
import { assertBytes, copyBytes, keyToString } from "./bytes.js";
import { Branch } from "./branch.js";
import { assertReadableHeight, HeightNotAvailableError } from "./errors.js";
import type { CommittedSource } from "./iterate.js";
import { SqliteBackend, type CommittedRow } from "./sqliteBackend.js";
import type { StateReader, StoreOptions, SynchronousMode } from "./types.js";
import { StateView } from "./view.js";
import { LatestReadCache } from "./latestReadCache.js";
import { ElementMemo, type StateAccumulator } from "./stateHash.js";
import type { ElementFolder } from "./elementFold/pool.js";
import { foldShared } from "./sharedFold.js";

const DEFAULT_PRUNE_INTERVAL = 10;
/** Written rows one `pruneStep` handles by default: a few milliseconds of deletions (2-10 µs per version). */
export const PRUNE_STEP_ROWS = 1_000;
/** Keys whose last element hash is kept: more than a full block changes (~38 MB at most). */
const ELEMENT_MEMO_ENTRIES = 16_384;

/**
 * A versioned key/value store on SQLite. State changes are made in a root
 * `Branch` from `begin()` and persisted, one block per height, by `commit()`.
 */
export class Store {
  private readonly backend: SqliteBackend;
  private readonly keepRecent: number;
  private readonly pruneInterval: number;
  private height: number;
  private hash: Buffer;
  private earliest: number;
  /** The state accumulator of the latest committed state (stateHash.ts). */
  private sum: StateAccumulator;
  /** Versions below this height may have been removed; 0 if never pruned. */
  private prunedTo: number;
  private closed = false;
  /** Reads of the state at `height` (see latestReadCache.ts). */
  private latestReads = newLatestReadCache();
  /** The element hashes of what recent blocks wrote, for the next change of the same keys (stateHash.ts). */
  private readonly elements = new ElementMemo(ELEMENT_MEMO_ENTRIES);
  /** Threads that hash a share of a large change set (foldAhead); none: this thread hashes it all. */
  private folder: ElementFolder | undefined;
  /** Prefixes of records kept by the height of the block that wrote them (declareBlockKeyed). */
  private readonly blockKeyed: Buffer[] = [];

  private constructor(path: string, options: StoreOptions) {
    const synchronous: SynchronousMode = options.synchronous ?? "FULL";
    if (synchronous !== "FULL" && synchronous !== "NORMAL") {
      throw new RangeError(`synchronous must be FULL or NORMAL, got ${String(synchronous)}`);
    }
    this.keepRecent = options.keepRecent ?? 0;
    this.pruneInterval = options.pruneInterval ?? DEFAULT_PRUNE_INTERVAL;
    if (!Number.isSafeInteger(this.keepRecent) || this.keepRecent < 0) {
      throw new RangeError(`keepRecent must be a non-negative integer, got ${this.keepRecent}`);
    }
    if (!Number.isSafeInteger(this.pruneInterval) || this.pruneInterval < 1) {
      throw new RangeError(`pruneInterval must be a positive integer, got ${this.pruneInterval}`);
    }
    this.backend = new SqliteBackend(path, { synchronous, pruning: this.keepRecent > 0 });
    try {
      const state = this.backend.readState();
      this.height = state.latestHeight;
      this.hash = state.latestHash;
      this.earliest = state.earliestHeight;
      this.prunedTo = state.prunedTo;
      this.sum = this.backend.latestAccumulator();
    } catch (err) {
      this.backend.close();
      throw err;
    }
  }

  /** Opens (or creates) a store at `path`; `:memory:` gives a throwaway store. */
  static open(path: string, options: StoreOptions = {}): Store {
    return new Store(path, options);
  }

  /** Latest committed height; 0 when nothing has been committed. */
  get lastHeight(): number {
    return this.height;
  }

  /** App hash of the latest committed height; empty when nothing has been committed. */
  get lastHash(): Uint8Array {
    return copyBytes(this.hash);
  }

  /** The 32-byte hash of the whole latest committed state (stateHash.ts); that of the empty state before any commit. */
  get lastStateHash(): Uint8Array {
    return this.sum.checksum();
  }

  /** Earliest height that can still be read; 0 when nothing has been committed. */
  get earliestHeight(): number {
    return this.earliest;
  }

  /** App hash recorded for `height` (kept even after the height's state is pruned). */
  hashAt(height: number): Uint8Array | undefined {
    this.assertOpen();
    if (!Number.isSafeInteger(height)) return undefined;
    return this.backend.hashAt(height);
  }

  /**
   * The app hash (appHash.ts) of `branch` as block `height` chained from `prevHash`: its own
   * change set and the state hash of everything it reads (the latest committed state under its
   * parents' writes and its own). The state accumulator is folded from the store's by the keys
   * the branches changed and remembered, so `commit` of the root that ends up holding these
   * writes does not fold them again.
   */
  appHashOf(branch: Branch, height: number, prevHash: Uint8Array): Buffer {
    assertBytes(prevHash, "prevHash");
    return appHash(prevHash, height, this.accumulatorOf(branch).checksum(), branch.storedChanges());
  }

  /** Threads foldAhead shares a large change set's element hashes with (elementFold/pool.ts); undefined: none. */
  useElementFolder(folder: ElementFolder | undefined): void {
    this.folder = folder;
  }

  /**
   * Folds `branch`'s state accumulator with the element folder's threads and remembers it, for
   * the appHashOf and commit that follow; the same accumulator appHashOf would fold alone. Does
   * nothing without threads or for a small change set, which appHashOf then folds as ever.
   */
  async foldAhead(branch: Branch): Promise<void> {
    const folder = this.folder;
    this.checkFoldable(branch);
    if (folder === undefined || branch.accumulated() !== undefined) return;
    const stamps = branch.writeStamps();
    const base = this.baseOf(branch);
    const changes = branch.storedChanges();
    const sum = await foldShared(base, changes, (key) => branch.parentValue(key), this.memoFor(changes), folder);
    if (sum !== undefined) branch.rememberAccumulator(sum, stamps);
  }

  /**
   * Declares that a key under `prefix` goes on with the 8-byte big-endian height of the block that
   * wrote it, and that only that block writes it (a module's per-block records and receipts). Such
   * a key of a later height than a state's cannot be in that state, so reading it there answers
   * absent without a lookup: a block's own records are new keys, and the state hash reads each
   * new key's previous value. The store trusts the declaration.
   */
  declareBlockKeyed(prefix: Uint8Array): void {
    assertBytes(prefix, "prefix");
    if (prefix.byteLength === 0) throw new RangeError("a block-keyed prefix must not be empty");
    if (!this.blockKeyed.some((p) => p.equals(prefix))) this.blockKeyed.push(Buffer.from(prefix));
  }

  /** A root branch reading the latest committed state, pinned at the current height. */
  begin(): Branch {
    this.assertOpen();
    return new Branch(undefined, new PinnedState(this, this.backend, this.height, this.checkPinned));
  }

  /** Read-only view of the committed state at `height` (default: latest). */
  view(height: number = this.height): StateReader {
    this.assertOpen();
    assertReadableHeight(height, this.earliest, this.height);
    return new StateView(new PinnedState(this, this.backend, height, this.checkPinned));
  }

  /**
   * Persists the root branch's changes as the state at `height`, together with
   * `appHash`, in one SQLite transaction. When a prune is due, the same transaction
   * makes the heights older than keep-recent unreadable; their rows are deleted by
   * `pruneStep`s afterwards.
   */
  commit(branch: Branch, height: number, appHash: Uint8Array): void {
    this.assertOpen();
    if (!(branch instanceof Branch) || !branch.isRoot || !(branch.source instanceof PinnedState) || branch.source.store !== this) {
      throw new Error("commit: not a root branch of this store");
    }
    if (branch.finished) throw new Error("commit: branch has already been committed");
    if (branch.baseHeight !== this.height) {
      throw new Error(`commit: branch was begun at height ${branch.baseHeight} but the store is now at height ${this.height}`);
    }
    if (!Number.isSafeInteger(height) || height < 1) {
      throw new RangeError(`commit: height must be a positive integer, got ${height}`);
    }
    if (height <= this.height) {
      throw new RangeError(`commit: height ${height} must be greater than the last committed height ${this.height}`);
    }
    assertBytes(appHash, "appHash");

    const first = this.height === 0;
    const prunedTo = this.pruneTo(height);
    const hash = copyBytes(appHash);
    const changes = branch.storedChanges();
    const sum = this.accumulatorOf(branch);
    this.backend.commit(height, hash, changes, first, prunedTo, sum);
    this.sum = sum;
    // What the block did not change reads the same at the new height; what it changed reads its new value.
    for (const c of changes) this.latestReads.refresh(keyToString(c.key), c.value ?? undefined);

    branch.markCommitted();
    this.height = height;
    this.hash = hash;
    if (first) this.earliest = height;
    if (prunedTo !== undefined) {
      this.earliest = prunedTo;
      this.prunedTo = prunedTo;
    }
  }

  /**
   * Whether rows that pruning made unreadable are still stored. A commit that prunes only moves
   * the earliest readable height; the rows go in `pruneStep`s, which the node runs between
   * blocks, so no Commit waits for them.
   */
  get prunePending(): boolean {
    return this.keepRecent > 0 && this.backend.pruneWork.pending;
  }

  /** Heights whose rows pruning made unreadable but has not deleted yet. */
  get pruneBacklog(): number {
    return this.keepRecent > 0 ? this.backend.pruneWork.backlog : 0;
  }

  /**
   * Deletes what pruning made unreadable: the older versions of up to `rows` written rows, in one
   * SQLite transaction. Reads at readable heights return the same before and after. Returns
   * whether more remains. (An archive store, keep-recent 0, has no index to find them by, so it
   * leaves any rows a former setting made unreadable.)
   */
  pruneStep(rows = PRUNE_STEP_ROWS): boolean {
    this.assertOpen();
    if (this.keepRecent === 0) return false;
    return this.backend.pruneWork.step(rows);
  }

  /**
   * Forgets the latest committed height, so the state is the one below it again (`unitd rollback`,
   * as the SDK's rollback deletes its latest version). Refused when that height is not readable.
   */
  rollbackLatest(): { height: number; appHash: Uint8Array } {
    this.assertOpen();
    const to = this.height - 1;
    if (to < 1) throw new Error(`rollback: the store is at height ${this.height}; there is no committed height to go back to`);
    if (to < this.earliest) throw new Error(`rollback: height ${to} has been pruned (earliest readable height is ${this.earliest})`);
    const hash = this.backend.hashAt(to);
    if (hash === undefined) throw new Error(`rollback: no app hash recorded for height ${to}`);
    this.sum = this.backend.dropLatest(this.height, this.sum);
    this.latestReads = newLatestReadCache();
    this.height = to;
    this.hash = Buffer.from(hash);
    return { height: to, appHash: copyBytes(hash) };
  }

  /**
   * Makes an empty store hold a snapshot's state as committed height `height` with `appHash`
   * (state sync, app/snapshots/): readable from that height on, every height below it pruned.
   */
  restore(height: number, appHash: Uint8Array, entries: Iterable<[Buffer, Buffer]>): void {
    this.assertOpen();
    if (this.height !== 0) throw new Error(`restore: the store already holds height ${this.height}`);
    if (!Number.isSafeInteger(height) || height < 1) throw new RangeError(`restore: height must be a positive integer, got ${height}`);
    const hash = copyBytes(appHash);
    this.sum = this.backend.restore(height, hash, entries);
    this.height = height;
    this.hash = hash;
    this.earliest = height;
    this.prunedTo = height;
    // Reads cached while the store was empty are not the restored state's.
    this.latestReads = newLatestReadCache();
  }

  /** @internal A committed read at `height`, through the cache when that is the latest height. */
  readCommitted(key: Buffer, height: number): Buffer | undefined {
    // Before the first commit the committed state is empty (genesis writes millions of new keys).
    if (height === 0 && this.height === 0) return undefined;
    if (this.blockKeyed.length > 0 && this.writtenAfter(key, height)) return undefined;
    if (height !== this.height) return this.backend.get(key, height);
    return this.latestReads.read(key, () => this.backend.get(key, height));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.backend.close();
  }

  /** Whether `key` is a declared block-keyed record of a block after `height` (declareBlockKeyed). */
  private writtenAfter(key: Buffer, height: number): boolean {
    for (const prefix of this.blockKeyed) {
      const at = prefix.length;
      if (key.length < at + 8 || prefix.compare(key, 0, at) !== 0) continue;
      return key.readUInt32BE(at) * 2 ** 32 + key.readUInt32BE(at + 4) > height;
    }
    return false;
  }

  /** The accumulator of the state `branch` reads: remembered, or folded from its parent's (or the store's) by its changes. */
  private accumulatorOf(branch: Branch): StateAccumulator {
    this.checkFoldable(branch);
    const known = branch.accumulated();
    if (known !== undefined) return known;
    const base = this.baseOf(branch);
    const changes = branch.storedChanges();
    const fold = base.fold(this.memoFor(changes));
    for (const c of changes) fold.change(c.key, branch.parentValue(c.key), c.value ?? undefined);
    const sum = fold.done();
    branch.rememberAccumulator(sum);
    return sum;
  }

  private checkFoldable(branch: Branch): void {
    this.assertOpen();
    if (!(branch instanceof Branch) || !(branch.source instanceof PinnedState) || branch.source.store !== this) {
      throw new Error("appHashOf: not a branch of this store");
    }
    if (branch.finished) throw new Error("appHashOf: branch has already been written or committed");
    if (branch.baseHeight !== this.height) {
      throw new Error(`appHashOf: branch was begun at height ${branch.baseHeight} but the store is now at height ${this.height}`);
    }
  }

  /** The accumulator of what `branch` reads before its own changes: its parent's, or the committed state's. */
  private baseOf(branch: Branch): StateAccumulator {
    return branch.parent === undefined ? this.sum : this.accumulatorOf(branch.parent);
  }

  /** A block's changes fold with the element memo; a genesis of millions would only churn through it. */
  private memoFor(changes: readonly unknown[]): ElementMemo | undefined {
    return changes.length <= ELEMENT_MEMO_ENTRIES ? this.elements : undefined;
  }

  /** Throws if state at `height` may no longer be intact (pruned since it was pinned). */
  private readonly checkPinned = (height: number): void => {
    this.assertOpen();
    if (height < this.prunedTo) throw new HeightNotAvailableError(height, this.earliest, this.height);
  };

  /** The new earliest readable height when `height`'s commit prunes; undefined when it does not. */
  private pruneTo(height: number): number | undefined {
    if (this.keepRecent === 0 || height % this.pruneInterval !== 0) return undefined;
    const due = height - this.keepRecent + 1;
    // On the first commit there is nothing older to prune.
    if (this.height === 0 || due <= this.earliest) return undefined;
    return due;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error("store is closed");
  }
}

/** Committed state at a fixed height, guarded against reading pruned versions. */
class PinnedState implements CommittedSource {
  constructor(
    readonly store: Store,
    private readonly backend: SqliteBackend,
    readonly height: number,
    private readonly checkHeight: (height: number) => void,
  ) {}

  check(): void {
    this.checkHeight(this.height);
  }

  get(key: Buffer): Buffer | undefined {
    this.check();
    return this.store.readCommitted(key, this.height);
  }

  page(lower: Buffer, upper: Buffer | undefined, reverse: boolean, limit: number): CommittedRow[] {
    this.check();
    return this.backend.page(this.height, lower, upper, reverse, limit);
  }
}

function newLatestReadCache(): LatestReadCache {
  return new LatestReadCache(200_000, 64 * 1024 * 1024);
}

export function openStore(path: string, options: StoreOptions = {}): Store {
  return Store.open(path, options);
}
