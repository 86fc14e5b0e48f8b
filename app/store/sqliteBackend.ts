// The writer's SQLite connection: the schema, its migration, each block's atomic commit, and
// pruning's deletions (pruneWork.ts). Reads are SqliteReader's (sqliteReader.ts).
import Database from "better-sqlite3";
import { PruneWork } from "./pruneWork.js";
import { SCHEMA_VERSION, SqliteReader } from "./sqliteReader.js";
import { StateAccumulator } from "./stateHash.js";
import type { SynchronousMode } from "./types.js";

export type { BackendState, CommittedRow } from "./sqliteReader.js";

/** A change ready to be written: key and value are owned by the store. */
export interface StoredChange {
  key: Buffer;
  value: Buffer | null;
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
  app_hash BLOB NOT NULL,
  state_hash BLOB
);
CREATE TABLE IF NOT EXISTS meta (
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS prune_progress (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  done_to INTEGER NOT NULL,
  version INTEGER NOT NULL,
  key BLOB
);
CREATE TABLE IF NOT EXISTS state_sum (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  height INTEGER NOT NULL,
  lanes BLOB NOT NULL
);
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
  private readonly upsertLatestBatch: Database.Statement<unknown[]>;
  private readonly deleteLatest: Database.Statement<[Buffer]>;
  private readonly insertCommit: Database.Statement<[number, Buffer, Buffer]>;
  private readonly setMeta: Database.Statement<[string, number]>;
  private readonly setSum: Database.Statement<[number, Buffer]>;
  /** Deleting what raised `pruned_to`s made unreadable, in steps after the commits. */
  readonly pruneWork: PruneWork;
  private readonly commitTx: (
    height: number,
    hash: Buffer,
    changes: readonly StoredChange[],
    first: boolean,
    prunedTo: number | undefined,
    sum: StateAccumulator,
  ) => void;

  constructor(path: string, options: { synchronous: SynchronousMode; pruning: boolean }) {
    super(openWriter(path, options));
    const db = this.db;
    this.latestHeight = this.readState().latestHeight;

    this.insertOne = db.prepare("INSERT INTO kv (key, version, value) VALUES (?, ?, ?)");
    this.insertBatch = db.prepare(`INSERT INTO kv (key, version, value) VALUES ${Array(INSERT_BATCH).fill("(?, ?, ?)").join(", ")}`);
    this.upsertLatest = db.prepare("INSERT INTO latest (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    this.upsertLatestBatch = db.prepare(
      `INSERT INTO latest (key, value) VALUES ${Array(INSERT_BATCH).fill("(?, ?)").join(", ")} ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    this.deleteLatest = db.prepare("DELETE FROM latest WHERE key = ?");
    this.insertCommit = db.prepare("INSERT INTO commits (height, app_hash, state_hash) VALUES (?, ?, ?)");
    this.setMeta = db.prepare("INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value");
    this.setSum = db.prepare(setSumSql);

    this.pruneWork = new PruneWork(db, this.readState().prunedTo);

    this.commitTx = db.transaction((height, hash, changes, first, prunedTo, sum) => {
      this.insertRows(height, changes);
      this.updateLatest(changes);
      this.insertCommit.run(height, hash, sum.checksum());
      this.setSum.run(height, sum.toBytes());
      this.setMeta.run("latest_height", height);
      if (first) this.setMeta.run("earliest_height", height);
      if (prunedTo !== undefined) {
        this.pruneWork.beforeRaise();
        this.setMeta.run("earliest_height", prunedTo);
        this.setMeta.run("pruned_to", prunedTo);
      }
    });
  }

  /**
   * Writes a block atomically: its changes at version `height`, the latest state, its hash, the
   * state accumulator `sum` of the new state, and metadata; with `prunedTo`, heights below it
   * unreadable from now on (their rows deleted later, `pruneWork`).
   */
  commit(height: number, hash: Buffer, changes: readonly StoredChange[], first: boolean, prunedTo: number | undefined, sum: StateAccumulator): void {
    this.commitTx(height, hash, changes, first, prunedTo, sum);
    this.latestHeight = height;
    if (prunedTo !== undefined) this.pruneWork.raised(prunedTo);
  }

  /**
   * The accumulator of the latest state as the last commit stored it; recomputed from `latest` and
   * stored when the row is missing or of another height (a binary of schema 2 committed to the
   * file after a newer one migrated it).
   */
  latestAccumulator(): StateAccumulator {
    const row = this.db.prepare<[], { height: number; lanes: Buffer }>("SELECT height, lanes FROM state_sum WHERE id = 1").get();
    if (row !== undefined && row.height === this.latestHeight) return StateAccumulator.fromBytes(row.lanes);
    if (row === undefined && this.latestHeight === 0) return StateAccumulator.empty();
    return this.db.transaction(() => storeLatestAccumulator(this.db, this.latestHeight))();
  }

  /** The state hash recorded beside height's app hash; undefined if none (committed before the column existed). */
  stateHashAt(height: number): Buffer | undefined {
    const value = this.db.prepare<[number], Buffer | null>("SELECT state_hash FROM commits WHERE height = ?").pluck().get(height);
    return value ?? undefined;
  }

  /**
   * Fills an empty database with a snapshot's state as height `height` (state sync): the entries
   * become that version and the latest state, and every height below it reads as pruned. Returns
   * the accumulator of the entries.
   */
  restore(height: number, hash: Buffer, entries: Iterable<[Buffer, Buffer]>): StateAccumulator {
    return this.db.transaction(() => {
      if (this.readState().latestHeight !== 0) throw new Error("restore: the store already holds committed state");
      const fold = StateAccumulator.empty().fold();
      for (const [key, value] of entries) {
        this.insertOne.run(key, height, value);
        this.upsertLatest.run(key, value);
        fold.add(key, value);
      }
      const sum = fold.done();
      this.insertCommit.run(height, hash, sum.checksum());
      this.setSum.run(height, sum.toBytes());
      this.setMeta.run("latest_height", height);
      this.setMeta.run("earliest_height", height);
      this.setMeta.run("pruned_to", height);
      this.pruneWork.reset(height);
      this.latestHeight = height;
      return sum;
    })();
  }

  /**
   * Drops the latest height (`unitd rollback`): its versions, its commit row, the latest state put
   * back to what the height below it reads, and the accumulator `sum` with the height's writes
   * undone, all in one transaction. Refused (nothing changed) when the result is not the state hash
   * recorded for the height below. Returns the accumulator of that height.
   */
  dropLatest(height: number, sum: StateAccumulator): StateAccumulator {
    const db = this.db;
    const below = db.transaction(() => {
      const written = db.prepare<[number], { key: Buffer; value: Buffer | null }>("SELECT key, value FROM kv WHERE version = ?").all(height);
      const previous = db.prepare<[Buffer, number], Buffer | null>("SELECT value FROM kv WHERE key = ? AND version < ? ORDER BY version DESC LIMIT 1").pluck();
      const fold = sum.fold();
      for (const { key, value } of written) {
        const before = previous.get(key, height) ?? undefined;
        if (before !== undefined) this.upsertLatest.run(key, before);
        else this.deleteLatest.run(key);
        fold.change(key, value ?? undefined, before);
      }
      const result = fold.done();
      const recorded = this.stateHashAt(height - 1);
      if (recorded !== undefined && !recorded.equals(result.checksum())) {
        throw new Error(`rollback: the state of height ${height - 1} does not match the state hash recorded for it; the store is unchanged`);
      }
      db.prepare("DELETE FROM kv WHERE version = ?").run(height);
      db.prepare("DELETE FROM commits WHERE height = ?").run(height);
      this.setSum.run(height - 1, result.toBytes());
      this.setMeta.run("latest_height", height - 1);
      return result;
    })();
    this.latestHeight = height - 1;
    return below;
  }

  /** The latest state takes the block's changes: live values upserted INSERT_BATCH rows per statement, deletions one by one. */
  private updateLatest(changes: readonly StoredChange[]): void {
    const params: unknown[] = new Array(INSERT_BATCH * 2);
    let filled = 0;
    for (const c of changes) {
      if (c.value === null) {
        this.deleteLatest.run(c.key);
        continue;
      }
      params[2 * filled] = c.key;
      params[2 * filled + 1] = c.value;
      if (++filled === INSERT_BATCH) {
        this.upsertLatestBatch.run(params);
        filled = 0;
      }
    }
    for (let j = 0; j < filled; j++) this.upsertLatest.run(params[2 * j] as Buffer, params[2 * j + 1] as Buffer);
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
    // A commit's multi-row INSERT statements each keep a statement journal (the pages they change,
    // to undo the one statement), which SQLite spills to a temporary file past 64 KiB: two fifths
    // of a block's page writes went there. Kept in memory, they are dropped at the statement's end.
    db.pragma("temp_store = MEMORY");
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

const setSumSql = "INSERT INTO state_sum (id, height, lanes) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET height = excluded.height, lanes = excluded.lanes";

/** Computes the accumulator of the `latest` table and stores it as height's, with that height's state hash where unset. */
function storeLatestAccumulator(db: Database.Database, height: number): StateAccumulator {
  const sum = StateAccumulator.of(db.prepare<[], [Buffer, Buffer]>("SELECT key, value FROM latest").raw().iterate());
  db.prepare(setSumSql).run(height, sum.toBytes());
  db.prepare("UPDATE commits SET state_hash = ? WHERE height = ? AND state_hash IS NULL").run(sum.checksum(), height);
  return sum;
}

function migrate(db: Database.Database): void {
  const version = db.prepare<[], number>("SELECT value FROM meta WHERE name = 'schema_version'").pluck().get();
  if (version === SCHEMA_VERSION) return;
  if (version === 1) {
    // Version 1 had no `latest` table: fill it with the newest live version of every key.
    db.exec(`INSERT INTO latest (key, value)
      SELECT key, value FROM (SELECT key, value, MAX(version) FROM kv GROUP BY key) WHERE value IS NOT NULL`);
  }
  if (version === 1 || version === 2) {
    // Versions 1 and 2 had no state accumulator: compute it once from the latest state. Heights
    // committed before keep no state hash.
    db.exec("ALTER TABLE commits ADD COLUMN state_hash BLOB");
    const height = db.prepare<[], number>("SELECT value FROM meta WHERE name = 'latest_height'").pluck().get() ?? 0;
    if (height > 0) storeLatestAccumulator(db, height);
  } else if (version !== undefined) {
    throw new Error(`unsupported store schema version ${version} (this node reads versions 1 to ${SCHEMA_VERSION})`);
  }
  db.prepare("INSERT INTO meta (name, value) VALUES ('schema_version', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value").run(SCHEMA_VERSION);
}
