// The writer's SQLite connection: the schema, its migration, and each block's atomic commit with
// pruning. Reads are SqliteReader's (sqliteReader.ts).
import Database from "better-sqlite3";
import { SCHEMA_VERSION, SqliteReader } from "./sqliteReader.js";
import type { SynchronousMode } from "./types.js";

export type { BackendState, CommittedRow } from "./sqliteReader.js";

/** A change ready to be written: key and value are owned by the store. */
export interface StoredChange {
  key: Buffer;
  value: Buffer | null;
}

export interface PruneRange {
  /** Versions newer than this were written since the last prune. */
  from: number;
  /** New earliest retained height. */
  to: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS kv (
  key BLOB NOT NULL,
  version INTEGER NOT NULL,
  value BLOB,
  PRIMARY KEY (key, version)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS latest (
  key BLOB PRIMARY KEY,
  value BLOB NOT NULL
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
 * Every version of every key lives in `kv` (a NULL value is a tombstone); `latest` mirrors the
 * live entries of the latest height. Both change in the same transaction as the block's commit
 * row, so they can never disagree after a crash.
 */
export class SqliteBackend extends SqliteReader {
  private readonly insertOne: Database.Statement<unknown[]>;
  private readonly insertBatch: Database.Statement<unknown[]>;
  private readonly upsertLatest: Database.Statement<[Buffer, Buffer]>;
  private readonly deleteLatest: Database.Statement<[Buffer]>;
  private readonly insertCommit: Database.Statement<[number, Buffer]>;
  private readonly setMeta: Database.Statement<[string, number]>;
  private readonly pruneOld: Database.Statement<[PruneRange]>;
  private readonly pruneTombstones: Database.Statement<[PruneRange]>;
  private readonly commitTx: (height: number, hash: Buffer, changes: readonly StoredChange[], first: boolean, prune: PruneRange | undefined) => void;

  constructor(path: string, options: { synchronous: SynchronousMode; pruning: boolean }) {
    super(openWriter(path, options));
    const db = this.db;
    this.latestHeight = this.readState().latestHeight;

    this.insertOne = db.prepare("INSERT INTO kv (key, version, value) VALUES (?, ?, ?)");
    this.insertBatch = db.prepare(`INSERT INTO kv (key, version, value) VALUES ${Array(INSERT_BATCH).fill("(?, ?, ?)").join(", ")}`);
    this.upsertLatest = db.prepare("INSERT INTO latest (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    this.deleteLatest = db.prepare("DELETE FROM latest WHERE key = ?");
    this.insertCommit = db.prepare("INSERT INTO commits (height, app_hash) VALUES (?, ?)");
    this.setMeta = db.prepare("INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value");

    // A version older than another version of the same key that is <= to can never
    // be read at a retained height (>= to). Looking only at versions written in
    // (from, to] suffices: older ones were handled by the previous prune.
    this.pruneOld = db.prepare(`
      DELETE FROM kv WHERE (key, version) IN (
        SELECT o.key, o.version
        FROM kv AS w JOIN kv AS o ON o.key = w.key AND o.version < w.version
        WHERE w.version > @from AND w.version <= @to
      )`);
    // After pruneOld, a tombstone in (from, to] is the only version <= to of its key,
    // so reads at retained heights find nothing either way.
    this.pruneTombstones = db.prepare("DELETE FROM kv WHERE version > @from AND version <= @to AND value IS NULL");

    this.commitTx = db.transaction((height, hash, changes, first, prune) => {
      this.insertRows(height, changes);
      for (const c of changes) {
        if (c.value === null) this.deleteLatest.run(c.key);
        else this.upsertLatest.run(c.key, c.value);
      }
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

  /** Writes a block atomically: its changes at version `height`, the latest state, its hash and metadata. */
  commit(height: number, hash: Buffer, changes: readonly StoredChange[], first: boolean, prune: PruneRange | undefined): void {
    this.commitTx(height, hash, changes, first, prune);
    this.latestHeight = height;
  }

  /**
   * Fills an empty database with a snapshot's state as height `height` (state sync): the entries
   * become that version and the latest state, and every height below it reads as pruned.
   */
  restore(height: number, hash: Buffer, entries: Iterable<[Buffer, Buffer]>): void {
    this.db.transaction(() => {
      if (this.readState().latestHeight !== 0) throw new Error("restore: the store already holds committed state");
      for (const [key, value] of entries) {
        this.insertOne.run(key, height, value);
        this.upsertLatest.run(key, value);
      }
      this.insertCommit.run(height, hash);
      this.setMeta.run("latest_height", height);
      this.setMeta.run("earliest_height", height);
      this.setMeta.run("pruned_to", height);
    })();
    this.latestHeight = height;
  }

  /**
   * Drops the latest height (`unitd rollback`): its versions, its commit row, and the latest state
   * put back to what the height below it reads, all in one transaction.
   */
  dropLatest(height: number): void {
    const db = this.db;
    db.transaction(() => {
      const changed = db.prepare("SELECT key FROM kv WHERE version = ?").all(height) as Array<{ key: Buffer }>;
      const previous = db.prepare("SELECT value FROM kv WHERE key = ? AND version < ? ORDER BY version DESC LIMIT 1");
      for (const { key } of changed) {
        const row = previous.get(key, height) as { value: Buffer | null } | undefined;
        if (row?.value) this.upsertLatest.run(key, row.value);
        else this.deleteLatest.run(key);
      }
      db.prepare("DELETE FROM kv WHERE version = ?").run(height);
      db.prepare("DELETE FROM commits WHERE height = ?").run(height);
      this.setMeta.run("latest_height", height - 1);
    })();
    this.latestHeight = height - 1;
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
}

/** Opens the database for writing with the current schema, migrating an older one in place. */
function openWriter(path: string, options: { synchronous: SynchronousMode; pruning: boolean }): Database.Database {
  const db = new Database(path);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma(`synchronous = ${options.synchronous}`);
    db.transaction(() => {
      db.exec(SCHEMA);
      migrate(db);
    })();
    // Pruning finds recently written versions through this index; without pruning
    // it would only slow down writes.
    db.exec(options.pruning ? "CREATE INDEX IF NOT EXISTS kv_by_version ON kv (version)" : "DROP INDEX IF EXISTS kv_by_version");
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

function migrate(db: Database.Database): void {
  const version = db.prepare<[], number>("SELECT value FROM meta WHERE name = 'schema_version'").pluck().get();
  if (version === SCHEMA_VERSION) return;
  if (version === 1) {
    // Version 1 had no `latest` table: fill it with the newest live version of every key.
    db.exec(`INSERT INTO latest (key, value)
      SELECT key, value FROM (SELECT key, value, MAX(version) FROM kv GROUP BY key) WHERE value IS NOT NULL`);
  } else if (version !== undefined) {
    throw new Error(`unsupported store schema version ${version} (this node reads versions 1 and ${SCHEMA_VERSION})`);
  }
  db.prepare("INSERT INTO meta (name, value) VALUES ('schema_version', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value").run(SCHEMA_VERSION);
}
