// A second, read-only connection to a node's state database, for queries served away from the
// thread that executes blocks (app/query/pool/). The writer commits while this reads: each query
// runs inside snapshot(), one SQLite read transaction, so it sees one committed height from start
// to end (WAL keeps that snapshot intact), and learns which height is the latest from the same
// snapshot. It keeps no cache: it cannot see which keys a commit changed.
import Database from "better-sqlite3";
import { assertReadableHeight } from "./errors.js";
import type { CommittedSource } from "./iterate.js";
import { SCHEMA_VERSION, SqliteReader, type CommittedRow, type StoredHeights } from "./sqliteReader.js";
import type { StateReader } from "./types.js";
import { StateView } from "./view.js";

export class ReadOnlyStore {
  private readonly reader: SqliteReader;
  private readonly db: Database.Database;
  private state: StoredHeights | undefined;
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
      this.state = this.reader.readHeights();
      this.reader.latestHeight = this.state.latestHeight;
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
    return new StateView(new SnapshotState(this.reader, height, () => this.current()));
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private current(): StoredHeights {
    if (this.state === undefined) throw new Error("read outside a snapshot: wrap it in ReadOnlyStore.snapshot()");
    return this.state;
  }
}

class SnapshotState implements CommittedSource {
  constructor(
    private readonly reader: SqliteReader,
    readonly height: number,
    private readonly inSnapshot: () => unknown,
  ) {}

  check(): void {
    this.inSnapshot();
  }

  get(key: Buffer): Buffer | undefined {
    this.check();
    return this.reader.get(key, this.height);
  }

  page(lower: Buffer, upper: Buffer | undefined, reverse: boolean, limit: number): CommittedRow[] {
    this.check();
    return this.reader.page(this.height, lower, upper, reverse, limit);
  }
}
