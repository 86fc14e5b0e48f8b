// Deleting the versions that no retained height can read, in bounded steps outside the block's
// commit. A commit only raises `pruned_to` (which heights may be read); the rows it made unreadable
// are deleted here afterwards, a step at a time, so a Commit never waits for a prune.
import type Database from "better-sqlite3";

/**
 * Written rows one round collects (by the version index) before its deletions: enough that the
 * deletions, made in key order, touch each page of `kv` about once, as one big delete would.
 */
export const PRUNE_ROUND_ROWS = 50_000;

/** A position in (version, key) order; a null key is before every key of that version. */
interface Position {
  version: number;
  key: Buffer | null;
}

/** A row costs less to collect (an index read) than to delete: a collecting step reads this many times its rows. */
const COLLECT_FACTOR = 4;

/**
 * The keys written in a span of versions, sorted, each with the newest version the span wrote:
 * every older version of the key goes, and that version too when it is a tombstone.
 */
interface Round {
  keys: Buffer[];
  newest: number[];
  /** Rows the round holds of each key, which its deletions may cover. */
  rows: number[];
  /** Keys handled so far. */
  next: number;
  /** Where the next round starts; `undefined`: this round reaches `to`. */
  end: Position | undefined;
  /** The `prunedTo` the round was collected under. */
  to: number;
}

/** A round being collected, over as many steps as its rows take. */
interface Collecting {
  byKey: Map<string, number>;
  keys: Buffer[];
  newest: number[];
  rows: number[];
  collected: number;
  /** The last row collected. */
  position: Position;
  to: number;
}

/**
 * The work a raised `pruned_to` leaves: the versions superseded by a version written at a height
 * in (doneTo, prunedTo], and the tombstones written there once nothing older is left. Reads at
 * retained heights (>= prunedTo) read the same before, during and after: each deleted version was
 * superseded at or below prunedTo, and a tombstone's absence reads as the tombstone did.
 *
 * Deleting in the order the rows were written (by version) touched three times the pages one big
 * delete does (each step rewriting pages that later steps rewrite again), so the written rows are
 * collected a round at a time and deleted in key order, a step of keys per transaction. Where the
 * deletions stand (`prune_progress`) is persisted when a round ends; a crash redoes the round it
 * interrupted, whose deletions are idempotent. What is in memory changes only once a step's
 * transaction has committed, so a failed step is simply tried again.
 */
export class PruneWork {
  private readonly selectWritten: Database.Statement<[Position & { to: number; limit: number }], [Buffer, number]>;
  /** A key's versions below `newest`, and `newest` itself when it is a tombstone. */
  private readonly deleteSuperseded: Database.Statement<[Buffer, number, number]>;
  private readonly saveProgress: Database.Statement<[number, number, Buffer | null]>;
  private readonly keepProgress: Database.Statement<[number, number, Buffer | null]>;
  private readonly stepTx: (round: Round, rows: number) => number;
  /** Every version superseded at a height <= doneTo is gone; rounds start after `position`. */
  private doneTo: number;
  private position: Position;
  private round: Round | Collecting | undefined;
  private prunedTo: number;

  constructor(
    db: Database.Database,
    prunedTo: number,
    private readonly roundRows = PRUNE_ROUND_ROWS,
  ) {
    // Read from kv_by_version alone (version, then the primary key's key), in its order: a
    // lookup of each row's value would cost more than the deletions. The row-value comparison
    // seeks the index; a null key leaves only the rows above `version`.
    this.selectWritten = db
      .prepare<[Position & { to: number; limit: number }], [Buffer, number]>(
        `SELECT key, version FROM kv
         WHERE (version, key) > (@version, @key) AND version <= @to
         ORDER BY version, key LIMIT @limit`,
      )
      .raw();
    this.deleteSuperseded = db.prepare("DELETE FROM kv WHERE key = ? AND version <= ? AND (version < ? OR value IS NULL)");
    const insert = "INSERT INTO prune_progress (id, done_to, version, key) VALUES (1, ?, ?, ?) ON CONFLICT (id)";
    this.saveProgress = db.prepare(`${insert} DO UPDATE SET done_to = excluded.done_to, version = excluded.version, key = excluded.key`);
    this.keepProgress = db.prepare(`${insert} DO NOTHING`);
    const stored = db
      .prepare<[], { done_to: number; version: number; key: Buffer | null }>("SELECT done_to, version, key FROM prune_progress WHERE id = 1")
      .get();
    // A store pruned before deletions moved out of the commit has nothing left to delete.
    this.doneTo = Math.min(stored?.done_to ?? prunedTo, prunedTo);
    this.position = stored !== undefined && stored.done_to === this.doneTo ? { version: stored.version, key: stored.key } : { version: this.doneTo, key: null };
    this.prunedTo = prunedTo;
    this.stepTx = db.transaction((round: Round, rows: number) => this.deleteKeys(round, rows));
  }

  /** Whether rows made unreadable by a raised `pruned_to` may still be stored. */
  get pending(): boolean {
    return this.doneTo < this.prunedTo;
  }

  /**
   * In the transaction that raises `pruned_to`: records where the deletions stand if nothing has
   * yet (a store first pruned by this version), so a restart before they do does not take the
   * rows below the new `pruned_to` for deleted.
   */
  beforeRaise(): void {
    this.keepProgress.run(this.doneTo, this.position.version, this.position.key);
  }

  /** `pruned_to` was raised to `to` (by a committed transaction that called `beforeRaise`). */
  raised(to: number): void {
    if (to > this.prunedTo) this.prunedTo = to;
  }

  /** Nothing below `height` is left and nothing is pending (a restore, which writes only `height`). */
  reset(height: number): void {
    this.prunedTo = height;
    this.doneTo = height;
    this.position = { version: height, key: null };
    this.round = undefined;
    this.saveProgress.run(height, height, null);
  }

  /** Heights whose rows may still be stored though unreadable. */
  get backlog(): number {
    return this.prunedTo - this.doneTo;
  }

  /**
   * One step: in one transaction, the deletions for the next keys of the round whose rows in it
   * add up to `rows` (at least one key), or, between rounds, the collection of the next round.
   * True while work remains.
   */
  step(rows: number): boolean {
    if (!Number.isSafeInteger(rows) || rows < 1) throw new RangeError(`prune step: rows must be a positive integer, got ${rows}`);
    if (!this.pending) return false;
    const round = this.round ?? this.startRound();
    if ("byKey" in round) {
      this.round = this.collect(round, rows * COLLECT_FACTOR);
      return true;
    }
    const next = this.stepTx(round, rows);
    // Committed: memory follows.
    round.next = next;
    if (next === round.keys.length) {
      this.round = undefined;
      [this.doneTo, this.position] = roundEnd(round);
    }
    return this.pending;
  }

  private startRound(): Collecting {
    return { byKey: new Map(), keys: [], newest: [], rows: [], collected: 0, position: this.position, to: this.prunedTo };
  }

  /** Up to `limit` more written rows into the round; the round, sorted by key, once it is complete. */
  private collect(c: Collecting, limit: number): Round | Collecting {
    const want = Math.min(limit, this.roundRows - c.collected);
    const rows = this.selectWritten.all({ ...c.position, to: c.to, limit: want });
    for (const [key, version] of rows) {
      // Versions ascend, so a key's last row is its newest in the round.
      const id = key.toString("latin1");
      let i = c.byKey.get(id);
      if (i === undefined) {
        i = c.keys.push(key) - 1;
        c.byKey.set(id, i);
        c.rows[i] = 0;
      }
      c.rows[i]!++;
      c.newest[i] = version;
    }
    c.collected += rows.length;
    if (rows.length > 0) {
      const [key, version] = rows[rows.length - 1]!;
      c.position = { version, key };
    }
    const reachedTo = rows.length < want;
    if (!reachedTo && c.collected < this.roundRows) return c;
    const order = c.keys.map((_, i) => i).sort((x, y) => Buffer.compare(c.keys[x]!, c.keys[y]!));
    return {
      keys: order.map((i) => c.keys[i]!),
      newest: order.map((i) => c.newest[i]!),
      rows: order.map((i) => c.rows[i]!),
      next: 0,
      end: reachedTo ? undefined : c.position,
      to: c.to,
    };
  }

  /** The deletions of the round's next keys, whose rows add up to `rows`; where the round stands after them. */
  private deleteKeys(round: Round, rows: number): number {
    let covered = 0;
    let i = round.next;
    for (; i < round.keys.length && covered < rows; i++) {
      const key = round.keys[i]!;
      const newest = round.newest[i]!;
      this.deleteSuperseded.run(key, newest, newest);
      covered += round.rows[i]!;
    }
    if (i === round.keys.length) {
      const [doneTo, position] = roundEnd(round);
      this.saveProgress.run(doneTo, position.version, position.key);
    }
    return i;
  }
}

/** Where the deletions stand once `round` is done: heights below its end's finished, the next round after it. */
function roundEnd(round: Round): [doneTo: number, position: Position] {
  if (round.end === undefined) return [round.to, { version: round.to, key: null }];
  return [round.end.version - 1, round.end];
}
