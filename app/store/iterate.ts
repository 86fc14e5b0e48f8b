import { asBuffer, assertBytes, keySuccessor, keyToString, prefixEnd, stringToKey } from "./bytes.js";
import type { CommittedRow } from "./sqliteReader.js";
import type { IteratorOptions, KVEntry } from "./types.js";

/** Committed state at one fixed height. */
export interface CommittedSource {
  readonly height: number;
  /** Throws if the state at `height` can no longer be read. */
  check(): void;
  get(key: Buffer): Buffer | undefined;
  /** See SqliteBackend.page. */
  page(lower: Buffer, upper: Buffer | undefined, reverse: boolean, limit: number): CommittedRow[];
}

/** One in-memory layer of writes; `null` marks a deletion. */
export interface OverlayLevel {
  /** Keys in ascending order. The returned array is never mutated afterwards. */
  sortedKeys(): readonly string[];
  /** Current value of a key that appears in some earlier sortedKeys() snapshot. */
  lookup(key: string): Buffer | null | undefined;
}

export interface Range {
  start: Buffer | undefined;
  end: Buffer | undefined;
  reverse: boolean;
}

export function rangeFromOptions(options: IteratorOptions | undefined): Range {
  const { start, end, reverse } = options ?? {};
  if (start !== undefined) assertBytes(start, "iterator start");
  if (end !== undefined) assertBytes(end, "iterator end");
  return {
    start: start === undefined ? undefined : asBuffer(start),
    end: end === undefined ? undefined : asBuffer(end),
    reverse: reverse === true,
  };
}

export function rangeFromPrefix(prefix: Uint8Array, reverse: boolean | undefined): Range {
  assertBytes(prefix, "prefix");
  return {
    start: prefix.byteLength === 0 ? undefined : asBuffer(prefix),
    end: prefixEnd(prefix),
    reverse: reverse === true,
  };
}

const FIRST_PAGE = 16;
const MAX_PAGE = 1024;

/**
 * Pages through committed state with bounded queries, so no SQLite cursor stays
 * open between steps and the caller may run other statements while iterating.
 */
class CommittedCursor {
  private rows: CommittedRow[] = [];
  private index = 0;
  private limit = FIRST_PAGE;
  private exhausted = false;
  private lower: Buffer;
  private upper: Buffer | undefined;
  private readonly reverse: boolean;
  /** Latin-1 form of the current row's key, computed once per row. */
  headString: string | undefined;

  constructor(
    private readonly source: CommittedSource,
    range: Range,
  ) {
    this.lower = range.start ?? EMPTY;
    this.upper = range.end;
    this.reverse = range.reverse;
    this.load();
  }

  head(): CommittedRow | undefined {
    return this.rows[this.index];
  }

  advance(): void {
    this.index++;
    this.load();
  }

  private load(): void {
    if (this.index >= this.rows.length && !this.exhausted) {
      const last = this.rows[this.rows.length - 1];
      if (last !== undefined) {
        // Resume just past the last row: (last, upper) forward, [lower, last) reverse.
        if (this.reverse) this.upper = last[0];
        else this.lower = keySuccessor(last[0]);
      }
      this.rows = this.source.page(this.lower, this.upper, this.reverse, this.limit);
      this.index = 0;
      if (this.rows.length < this.limit) this.exhausted = true;
      this.limit = Math.min(this.limit * 4, MAX_PAGE);
    }
    const row = this.rows[this.index];
    this.headString = row === undefined ? undefined : keyToString(row[0]);
  }
}

const EMPTY = Buffer.alloc(0);

/** Index of the first element of `keys` that is >= `target`. */
function lowerBound(keys: readonly string[], target: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Merges overlay levels (nearest first, so earlier levels shadow later ones) with
 * committed state, in key order, skipping deletions. Each level's key set is fixed
 * when iteration starts; values are read when their key is reached.
 */
export function* mergeIterator(levels: readonly OverlayLevel[], source: CommittedSource, range: Range): Generator<KVEntry, void, undefined> {
  const { start, end, reverse } = range;
  source.check();
  if (start !== undefined && end !== undefined && Buffer.compare(start, end) >= 0) return;
  const startStr = start === undefined ? undefined : keyToString(start);
  const endStr = end === undefined ? undefined : keyToString(end);

  const n = levels.length;
  const keys: (readonly string[])[] = [];
  const pos: number[] = [];
  const stop: number[] = [];
  for (const level of levels) {
    const k = level.sortedKeys();
    const lo = startStr === undefined ? 0 : lowerBound(k, startStr);
    const hi = endStr === undefined ? k.length : lowerBound(k, endStr);
    keys.push(k);
    if (reverse) {
      pos.push(hi - 1);
      stop.push(lo - 1);
    } else {
      pos.push(lo);
      stop.push(hi);
    }
  }
  const step = reverse ? -1 : 1;
  const committed = new CommittedCursor(source, range);

  for (;;) {
    let best: string | undefined;
    for (let l = 0; l < n; l++) {
      if (pos[l] !== stop[l]) {
        const k = keys[l]![pos[l]!]!;
        if (best === undefined || (reverse ? k > best : k < best)) best = k;
      }
    }
    const row = committed.head();
    const rowKey = committed.headString;
    if (row !== undefined && (best === undefined || (reverse ? rowKey! > best : rowKey! < best))) {
      // Only committed state has this key.
      committed.advance();
      if (row[1] !== null) yield { key: row[0], value: row[1] };
      continue;
    }
    if (best === undefined) return;
    if (row !== undefined && rowKey === best) committed.advance();

    let value: Buffer | null | undefined;
    for (let l = 0; l < n; l++) {
      if (pos[l] !== stop[l] && keys[l]![pos[l]!] === best) {
        if (value === undefined) value = levels[l]!.lookup(best);
        pos[l]! += step;
      }
    }
    if (value !== undefined && value !== null) {
      yield { key: stringToKey(best), value: Buffer.from(value) };
    }
  }
}
