// Every read of the SQLite state, on one connection: the writer's (sqliteBackend.ts) or a
// read-only one (readOnlyStore.ts, for queries in worker threads).
//
// Two layouts serve reads. `latest` holds exactly the live entries of the latest committed height,
// so the reads blocks make (the state they build on) and queries of the latest height touch only
// live rows, however many versions and tombstones history holds. `kv` holds every version and
// answers older heights; its pages walk distinct keys with one index seek per key (a loose index
// scan) instead of grouping every stored version, so they too cost per key, not per version.
import Database from "better-sqlite3";

/** A committed row as returned by range pages: [key, value or null for a tombstone]. */
export type CommittedRow = [key: Buffer, value: Buffer | null];

/** The heights the store's metadata records. */
export interface StoredHeights {
  latestHeight: number;
  earliestHeight: number;
  prunedTo: number;
}

/** The heights and the latest height's app hash (absent before the first commit), read together. */
export interface StoredHead extends StoredHeights {
  latestHash: Buffer | undefined;
}

export interface BackendState extends StoredHeights {
  latestHash: Buffer;
}

/** The store layout this code reads and writes; older layouts are migrated by the writer. */
export const SCHEMA_VERSION = 3;

type PageStatement = Database.Statement<unknown[], unknown[]>;

export class SqliteReader {
  /** The height whose state `latest` holds; set by the owner, who knows when it moves. */
  latestHeight = 0;
  private readonly getLatest: Database.Statement<[Buffer], Buffer>;
  private readonly getVersioned: Database.Statement<[Buffer, number], Buffer | null>;
  private readonly getHash: Database.Statement<[number], Buffer>;
  /** The three heights and the latest app hash in one row: a query worker reads them at the start of every query. */
  private readonly readMeta: Database.Statement<[], [number | null, number | null, number | null, Buffer | null]>;
  /** [versioned?][upper bound?][reverse?] */
  private readonly pages: PageStatement[][][];

  constructor(protected readonly db: Database.Database) {
    this.getLatest = db.prepare<[Buffer], Buffer>("SELECT value FROM latest WHERE key = ?").pluck();
    this.getVersioned = db
      .prepare<[Buffer, number], Buffer | null>("SELECT value FROM kv WHERE key = ? AND version <= ? ORDER BY version DESC LIMIT 1")
      .pluck();
    this.getHash = db.prepare<[number], Buffer>("SELECT app_hash FROM commits WHERE height = ?").pluck();
    const meta = (name: string) => `(SELECT value FROM meta WHERE name = '${name}')`;
    const latestHash = `(SELECT app_hash FROM commits WHERE height = ${meta("latest_height")})`;
    this.readMeta = db
      .prepare<[], [number | null, number | null, number | null, Buffer | null]>(
        `SELECT ${meta("latest_height")}, ${meta("earliest_height")}, ${meta("pruned_to")}, ${latestHash}`,
      )
      .raw();
    this.pages = [false, true].map((versioned) =>
      [false, true].map((upper) => [false, true].map((reverse) => db.prepare<unknown[], unknown[]>(pageSql(versioned, upper, reverse)).raw())),
    );
  }

  /** The heights and the latest app hash, in one read (one snapshot when inside a read transaction). */
  readHead(): StoredHead {
    const [latestHeight, earliestHeight, prunedTo, latestHash] = this.readMeta.get()!;
    return { latestHeight: latestHeight ?? 0, earliestHeight: earliestHeight ?? 0, prunedTo: prunedTo ?? 0, latestHash: latestHash ?? undefined };
  }

  readState(): BackendState {
    const { latestHash, ...heights } = this.readHead();
    if (heights.latestHeight !== 0 && latestHash === undefined) {
      throw new Error(`store is corrupt: no app hash recorded for latest height ${heights.latestHeight}`);
    }
    return { ...heights, latestHash: latestHash ?? Buffer.alloc(0) };
  }

  /** Value of `key` at `height`; undefined if absent or deleted. */
  get(key: Buffer, height: number): Buffer | undefined {
    if (height === this.latestHeight) return this.getLatest.get(key);
    return this.getVersioned.get(key, height) ?? undefined;
  }

  /**
   * Up to `limit` keys in [lower, upper) as of `height`, ascending (or descending). Rows of older
   * heights may carry a null value (deleted, or not yet written, at that height); the caller skips
   * them and continues paging after the last row either way.
   */
  page(height: number, lower: Buffer, upper: Buffer | undefined, reverse: boolean, limit: number): CommittedRow[] {
    const versioned = height !== this.latestHeight;
    const statement = this.pages[Number(versioned)]![Number(upper !== undefined)]![Number(reverse)]!;
    const params: Record<string, unknown> = { lower, limit };
    if (upper !== undefined) params.upper = upper;
    if (versioned) params.height = height;
    return statement.all(params) as unknown as CommittedRow[];
  }

  hashAt(height: number): Buffer | undefined {
    return this.getHash.get(height);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

function pageSql(versioned: boolean, upper: boolean, reverse: boolean): string {
  const bound = upper ? "AND key < @upper" : "";
  const order = reverse ? "DESC" : "ASC";
  if (!versioned) return `SELECT key, value FROM latest WHERE key >= @lower ${bound} ORDER BY key ${order} LIMIT @limit`;
  // Each step seeks the next distinct key past the previous one; the recursion ends with a NULL
  // key (none left) or at the limit. The value is the key's newest version <= the height.
  const next = reverse ? "key < k.key AND key >= @lower" : `key > k.key ${bound}`;
  return `WITH RECURSIVE k(key) AS (
      SELECT (SELECT key FROM kv WHERE key >= @lower ${bound} ORDER BY key ${order} LIMIT 1)
      UNION ALL
      SELECT (SELECT key FROM kv WHERE ${next} ORDER BY key ${order} LIMIT 1) FROM k WHERE k.key IS NOT NULL
      LIMIT @limit
    )
    SELECT key, (SELECT value FROM kv WHERE kv.key = k.key AND version <= @height ORDER BY version DESC LIMIT 1)
    FROM k WHERE key IS NOT NULL`;
}
