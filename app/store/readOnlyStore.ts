// A second, read-only connection to a node's state database, for queries served away from the
// thread that executes blocks (app/query/pool/). The writer commits while this reads: each query
// runs inside snapshot(), one SQLite read transaction, so it sees one committed height from start
// to end (WAL keeps that snapshot intact), and learns which height is the latest from the same
// snapshot.
//
// Point reads of the latest height go through a cache (the same contract code, token balances and
// params are read query after query), which lives as long as the latest height does: this
// connection cannot see which keys a commit changed, so a new latest height, or the same height
// with another app hash (a rollback committed again), starts an empty one.
import Database from "better-sqlite3";
import { assertReadableHeight } from "./errors.js";
import type { CommittedSource } from "./iterate.js";
import { LatestReadCache } from "./latestReadCache.js";
import { SCHEMA_VERSION, SqliteReader, type CommittedRow, type StoredHead } from "./sqliteReader.js";
import type { StateReader } from "./types.js";
import { StateView } from "./view.js";

/** Bounds of one connection's cache of latest reads: a query worker holds one. */
const CACHED_READS = 20_000;
const CACHED_READ_BYTES = 16 * 1024 * 1024;

export class ReadOnlyStore {
  private readonly reader: SqliteReader;
  private readonly db: Database.Database;
  private state: StoredHead | undefined;
  /** Reads of `cached.head`'s latest height (its height and app hash). */
  private cached: { head: StoredHead; reads: LatestReadCache } | undefined;
  /** Prepared once: every query opens and closes a read transaction. */
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;

  private constructor(path: string) {
    this.db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      const version = this.db.prepare<[], number>("SELECT value FROM meta WHERE name = 'schema_version'").pluck().get();
      if (version !== SCHEMA_VERSION) {
        throw new Error(`store schema version ${version ?? "(none)"} at ${path}: queries read version ${SCHEMA_VERSION} (start the app once to migrate)`);
      }
      this.reader = new SqliteReader(this.db);
      this.begin = this.db.prepare("BEGIN");
      this.commit = this.db.prepare("COMMIT");
    } catch (err) {
      this.db.close();
      throw err;
    }
  }

  static open(path: string): ReadOnlyStore {
    return new ReadOnlyStore(path);
  }

  /**
   * Runs `read` on one consistent snapshot of the database. Everything `read` does, including
   * after an await, reads that snapshot; views taken inside must not be used after it ends.
   */
  async snapshot<T>(read: () => T | Promise<T>): Promise<T> {
    if (this.state !== undefined) throw new Error("snapshot: one at a time per connection");
    this.begin.run();
    try {
      // The first read fixes the snapshot: the heights read here are those of everything after.
      this.state = this.reader.readHead();
      this.reader.latestHeight = this.state.latestHeight;
      if (!this.cached || !sameHead(this.cached.head, this.state)) {
        this.cached = { head: this.state, reads: new LatestReadCache(CACHED_READS, CACHED_READ_BYTES) };
      }
      return await read();
    } finally {
      this.state = undefined;
      this.commit.run();
    }
  }

  /** Latest committed height in the current snapshot. */
  get lastHeight(): number {
    return this.current().latestHeight;
  }

  get earliestHeight(): number {
    return this.current().earliestHeight;
  }

  /** Read-only view at `height` (default: latest) in the current snapshot. */
  view(height: number = this.lastHeight): StateReader {
    const state = this.current();
    assertReadableHeight(height, state.earliestHeight, state.latestHeight);
    const cache = height === state.latestHeight ? this.cached!.reads : undefined;
    return new StateView(new SnapshotState(this.reader, height, () => this.current(), cache));
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private current(): StoredHead {
    if (this.state === undefined) throw new Error("read outside a snapshot: wrap it in ReadOnlyStore.snapshot()");
    return this.state;
  }
}

class SnapshotState implements CommittedSource {
  constructor(
    private readonly reader: SqliteReader,
    readonly height: number,
    private readonly inSnapshot: () => unknown,
    /** Reads of `height` kept between snapshots; only ever filled with values read at `height`. */
    private readonly cache: LatestReadCache | undefined,
  ) {}

  check(): void {
    this.inSnapshot();
  }

  get(key: Buffer): Buffer | undefined {
    this.check();
    const load = () => this.reader.get(key, this.height);
    return this.cache ? this.cache.read(key, load) : load();
  }

  page(lower: Buffer, upper: Buffer | undefined, reverse: boolean, limit: number): CommittedRow[] {
    this.check();
    return this.reader.page(this.height, lower, upper, reverse, limit);
  }
}

function sameHead(a: StoredHead, b: StoredHead): boolean {
  if (a.latestHeight !== b.latestHeight) return false;
  return a.latestHash === undefined || b.latestHash === undefined ? a.latestHash === b.latestHash : a.latestHash.equals(b.latestHash);
}
