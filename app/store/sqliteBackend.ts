import Database from "better-sqlite3";
import type { SynchronousMode } from "./types.js";

/** A committed row as returned by range pages: [key, value or null for a tombstone]. */
export type CommittedRow = [key: Buffer, value: Buffer | null];

/** A change ready to be written: key and value are owned by the store. */
export interface StoredChange {
  key: Buffer;
  value: Buffer | null;
}

export interface BackendState {
  latestHeight: number;
  latestHash: Buffer;
  earliestHeight: number;
  prunedTo: number;
}

export interface PruneRange {
  /** Versions newer than this were written since the last prune. */
  from: number;
  /** New earliest retained height. */
  to: number;
}

const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS kv (
  key BLOB NOT NULL,
  version INTEGER NOT NULL,
  value BLOB,
  PRIMARY KEY (key, version)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS commits (
  height INTEGER PRIMARY KEY,
  app_hash BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;
`;

/** Rows per INSERT statement when writing a block; fewer statement calls per row. */
const INSERT_BATCH = 64;

/**
 * All SQLite access. Every version of every key lives in `kv`; a NULL value is a
 * tombstone. Reading key K at height H takes the row with the greatest version <= H.
 */
export class SqliteBackend {
  private readonly db: Database.Database;
  private readonly getStmt: Database.Statement<[Buffer, number], Buffer | null>;
  private readonly pageFwd: Database.Statement<[Buffer, number, number], unknown[]>;
  private readonly pageFwdTo: Database.Statement<[Buffer, Buffer, number, number], unknown[]>;
  private readonly pageRev: Database.Statement<[Buffer, number, number], unknown[]>;
  private readonly pageRevTo: Database.Statement<[Buffer, Buffer, number, number], unknown[]>;
  private readonly insertOne: Database.Statement<unknown[]>;
  private readonly insertBatch: Database.Statement<unknown[]>;
  private readonly insertCommit: Database.Statement<[number, Buffer]>;
  private readonly setMeta: Database.Statement<[string, number]>;
  private readonly getHash: Database.Statement<[number], Buffer>;
  private readonly pruneOld: Database.Statement<[PruneRange]>;
  private readonly pruneTombstones: Database.Statement<[PruneRange]>;
  private readonly commitTx: (height: number, hash: Buffer, changes: readonly StoredChange[], first: boolean, prune: PruneRange | undefined) => void;

  constructor(path: string, options: { synchronous: SynchronousMode; pruning: boolean }) {
    this.db = new Database(path);
    try {
      this.db.pragma("journal_mode = WAL");
      this.db.pragma(`synchronous = ${options.synchronous}`);
      this.db.exec(SCHEMA);
      this.checkSchemaVersion();
      // Pruning finds recently written versions through this index; without pruning
      // it would only slow down writes.
      this.db.exec(options.pruning ? "CREATE INDEX IF NOT EXISTS kv_by_version ON kv (version)" : "DROP INDEX IF EXISTS kv_by_version");
    } catch (err) {
      this.db.close();
      throw err;
    }

    this.getStmt = this.db
      .prepare<[Buffer, number], Buffer | null>("SELECT value FROM kv WHERE key = ? AND version <= ? ORDER BY version DESC LIMIT 1")
      .pluck();
    // The bare `key, value` columns come from the row holding MAX(version) (SQLite
    // min/max aggregate rule), i.e. the newest version <= the height.
    const page = (upper: boolean, desc: boolean): string =>
      `SELECT key, value, MAX(version) FROM kv
       WHERE key >= ? ${upper ? "AND key < ?" : ""} AND version <= ?
       GROUP BY key ORDER BY key ${desc ? "DESC" : "ASC"} LIMIT ?`;
    this.pageFwd = this.db.prepare<[Buffer, number, number], unknown[]>(page(false, false)).raw();
    this.pageFwdTo = this.db.prepare<[Buffer, Buffer, number, number], unknown[]>(page(true, false)).raw();
    this.pageRev = this.db.prepare<[Buffer, number, number], unknown[]>(page(false, true)).raw();
    this.pageRevTo = this.db.prepare<[Buffer, Buffer, number, number], unknown[]>(page(true, true)).raw();

    this.insertOne = this.db.prepare("INSERT INTO kv (key, version, value) VALUES (?, ?, ?)");
    this.insertBatch = this.db.prepare(`INSERT INTO kv (key, version, value) VALUES ${Array(INSERT_BATCH).fill("(?, ?, ?)").join(", ")}`);
    this.insertCommit = this.db.prepare("INSERT INTO commits (height, app_hash) VALUES (?, ?)");
    this.setMeta = this.db.prepare("INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value");
    this.getHash = this.db.prepare<[number], Buffer>("SELECT app_hash FROM commits WHERE height = ?").pluck();

    // A version older than another version of the same key that is <= to can never
    // be read at a retained height (>= to). Looking only at versions written in
    // (from, to] suffices: older ones were handled by the previous prune.
    this.pruneOld = this.db.prepare(`
      DELETE FROM kv WHERE (key, version) IN (
        SELECT o.key, o.version
        FROM kv AS w JOIN kv AS o ON o.key = w.key AND o.version < w.version
        WHERE w.version > @from AND w.version <= @to
      )`);
    // After pruneOld, a tombstone in (from, to] is the only version <= to of its key,
    // so reads at retained heights find nothing either way.
    this.pruneTombstones = this.db.prepare("DELETE FROM kv WHERE version > @from AND version <= @to AND value IS NULL");

    this.commitTx = this.db.transaction((height, hash, changes, first, prune) => {
      this.insertRows(height, changes);
      this.insertCommit.run(height, hash);
      this.setMeta.run("latest_height", height);
      if (first) this.setMeta.run("earliest_height", height);
      if (prune !== undefined) {
        this.pruneOld.run(prune);
        this.pruneTombstones.run(prune);
        this.setMeta.run("earliest_height", prune.to);
        this.setMeta.run("pruned_to", prune.to);
      }
    });
  }

  readState(): BackendState {
    const meta = new Map<string, number>();
    for (const row of this.db.prepare<[], { name: string; value: number }>("SELECT name, value FROM meta").all()) {
      meta.set(row.name, row.value);
    }
    const latestHeight = meta.get("latest_height") ?? 0;
    const latestHash = latestHeight === 0 ? Buffer.alloc(0) : this.hashAt(latestHeight);
    if (latestHash === undefined) {
      throw new Error(`store is corrupt: no app hash recorded for latest height ${latestHeight}`);
    }
    return {
      latestHeight,
      latestHash,
      earliestHeight: meta.get("earliest_height") ?? 0,
      prunedTo: meta.get("pruned_to") ?? 0,
    };
  }

  /** Value of `key` at `height`; undefined if absent or deleted. */
  get(key: Buffer, height: number): Buffer | undefined {
    return this.getStmt.get(key, height) ?? undefined;
  }

  /**
   * Up to `limit` keys in [lower, upper) as of `height`, ascending (or descending),
   * tombstones included so the caller can continue paging after the last row.
   */
  page(height: number, lower: Buffer, upper: Buffer | undefined, reverse: boolean, limit: number): CommittedRow[] {
    let rows: unknown[][];
    if (upper === undefined) {
      rows = (reverse ? this.pageRev : this.pageFwd).all(lower, height, limit) as unknown[][];
    } else {
      rows = (reverse ? this.pageRevTo : this.pageFwdTo).all(lower, upper, height, limit) as unknown[][];
    }
    // Each raw row is [key, value, version]; callers only look at the first two.
    return rows as unknown as CommittedRow[];
  }

  hashAt(height: number): Buffer | undefined {
    return this.getHash.get(height);
  }

  /** Writes a block atomically: its changes at version `height`, its hash and metadata. */
  commit(height: number, hash: Buffer, changes: readonly StoredChange[], first: boolean, prune: PruneRange | undefined): void {
    this.commitTx(height, hash, changes, first, prune);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private insertRows(height: number, changes: readonly StoredChange[]): void {
    const n = changes.length;
    let i = 0;
    if (n >= INSERT_BATCH) {
      const params: unknown[] = new Array(INSERT_BATCH * 3);
      for (; i + INSERT_BATCH <= n; i += INSERT_BATCH) {
        for (let j = 0; j < INSERT_BATCH; j++) {
          const c = changes[i + j]!;
          params[3 * j] = c.key;
          params[3 * j + 1] = height;
          params[3 * j + 2] = c.value;
        }
        this.insertBatch.run(params);
      }
    }
    for (; i < n; i++) {
      const c = changes[i]!;
      this.insertOne.run(c.key, height, c.value);
    }
  }

  private checkSchemaVersion(): void {
    const row = this.db.prepare<[], number>("SELECT value FROM meta WHERE name = 'schema_version'").pluck().get();
    if (row === undefined) {
      this.db.prepare("INSERT INTO meta (name, value) VALUES ('schema_version', ?)").run(SCHEMA_VERSION);
    } else if (row !== SCHEMA_VERSION) {
      throw new Error(`unsupported store schema version ${row} (expected ${SCHEMA_VERSION})`);
    }
  }
}
