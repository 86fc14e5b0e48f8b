/**
 * State cost against history length: the reads a block's end makes and the reads queries make,
 * measured at checkpoints while the store's history grows to a million stored versions and more.
 * The history is built through the real Store API (begin, set/delete, appHash, commit) on a temp
 * file, in two databases:
 *
 * - small key set: 4 validator records rewritten every block, and a queue (like staking's
 *   unbonding queue or gov's due proposals: keys `queue/<maturity height be>`) that takes 3 entries
 *   a block and dequeues the matured ones by scanning its head, so it piles up tombstones;
 * - large key set: 100,000 balance-like keys (33 bytes) written once, then rewritten at random,
 *   1,000 writes a block, one write in ten a deletion.
 *
 * Next to the store's reads, a separate read-only connection runs the statement every range page
 * ran before the `latest` table (GROUP BY over every stored version) for the validator walk and the
 * queue head: what the old layout cost on the same database at the same moment.
 *
 * The build commits with synchronous=NORMAL to keep it fast; the commit cost reported at each
 * checkpoint is measured over further blocks committed with synchronous=FULL (the node's setting)
 * and then NORMAL (the same work without fsync). The store prunes as a new node does (keep the
 * last 362,880 heights, every 10): the default run stays below that many heights, so nothing is
 * pruned yet; --keep-recent 10000 shows a store at its pruned steady state.
 *
 *   node --import tsx bench/store-history.ts [--checkpoints 10k,100k,300k,1M] [--keep-recent 362880]
 *        [--large-keys 100000] [--large-writes 1000] [--maturity 100] [--queue-take 10]
 *        [--commit-blocks 200] [--reps 7] [--min-ms 300] [--dir <tmp parent>]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import { prefixEnd, Store, type Branch, type KVReader, type SynchronousMode } from "../app/store/index.js";
import { ReadOnlyStore } from "../app/store/readOnlyStore.js";
import { positiveIntFlag } from "./args.js";
import { median, percentile } from "./stats.js";
import { prng } from "../test/support/prng.js"; // deterministic, so runs build the same history

const { values: args } = parseArgs({
  options: {
    checkpoints: { type: "string", default: "10k,100k,300k,1M" },
    "keep-recent": { type: "string", default: "362880" },
    "large-keys": { type: "string", default: "100000" },
    "large-writes": { type: "string", default: "1000" },
    maturity: { type: "string", default: "100" },
    "queue-take": { type: "string", default: "10" },
    "commit-blocks": { type: "string", default: "200" },
    reps: { type: "string", default: "7" },
    "min-ms": { type: "string", default: "300" },
    dir: { type: "string", default: tmpdir() },
  },
});

const CHECKPOINTS = args.checkpoints.split(",").map(parseCount);
const KEEP_RECENT = nonNegativeInt(args["keep-recent"], "keep-recent");
const LARGE_KEYS = positiveIntFlag(args["large-keys"], "large-keys");
const LARGE_WRITES = positiveIntFlag(args["large-writes"], "large-writes");
const MATURITY = positiveIntFlag(args.maturity, "maturity");
const QUEUE_TAKE = positiveIntFlag(args["queue-take"], "queue-take");
const COMMIT_BLOCKS = positiveIntFlag(args["commit-blocks"], "commit-blocks");
const MIN_REPS = positiveIntFlag(args.reps, "reps");
const MIN_MS = positiveIntFlag(args["min-ms"], "min-ms");
/** Blocks of the large key set are 100 times bigger: fewer of them make a stable median. */
const LARGE_COMMIT_BLOCKS = Math.max(5, Math.round(COMMIT_BLOCKS / 10));
/** The height by which every key of the large set has been written once (none deleted yet). */
const POPULATED_HEIGHT = Math.ceil(LARGE_KEYS / LARGE_WRITES);
/** A page of a paged query (the gRPC default page is 100). */
const PAGE = 100;
const VALIDATORS = 4;
/** About the size of an encoded cosmos.staking.v1beta1.Validator with a short description. */
const VALIDATOR_BYTES = 300;
const QUEUE_PER_BLOCK = 3;
/** One deletion in this many writes of the large key set. */
const DELETE_EVERY = 10;

function parseCount(text: string): number {
  const m = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(text.trim());
  const n = m === null ? NaN : Number(m[1]) * (m[2] === "" ? 1 : m[2]!.toLowerCase() === "k" ? 1e3 : 1e6);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--checkpoints takes positive counts like 10k,100k,1M; got ${text}`);
  return n;
}

function nonNegativeInt(s: string, name: string): number {
  const n = Number(s);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer`);
  return n;
}

const ascii = (s: string): Buffer => Buffer.from(s, "latin1");
const VALIDATOR_PREFIX = ascii("validator/");
const QUEUE_PREFIX = ascii("queue/");
const BALANCE_PREFIX = ascii("balance/");

const validatorKey = (i: number): Buffer => Buffer.concat([VALIDATOR_PREFIX, Buffer.of(i)]);
function queueKey(due: number, i: number): Buffer {
  const k = Buffer.alloc(QUEUE_PREFIX.length + 9);
  QUEUE_PREFIX.copy(k);
  k.writeBigUInt64BE(BigInt(due), QUEUE_PREFIX.length);
  k[k.length - 1] = i;
  return k;
}
const queueDue = (key: Uint8Array): number => Number(Buffer.from(key.buffer, key.byteOffset, key.length).readBigUInt64BE(QUEUE_PREFIX.length));
/** balance/ | 20-byte address | denom: spread over the key space like real accounts. */
const balanceKey = (i: number): Buffer => Buffer.concat([BALANCE_PREFIX, createHash("sha256").update(`account ${i}`).digest().subarray(0, 20), ascii("uunit")]);

function stamped(bytes: number, height: number, i: number): Buffer {
  const v = Buffer.alloc(bytes, 0xab);
  v.writeUInt32BE(height, 0);
  v.writeUInt32BE(i, 4);
  return v;
}

/** Time of the `store.commit` step of one block. */
type BlockTiming = number;

/** One store file whose history grows block by block through the Store API. */
class History {
  store: Store;
  /** Stored versions written so far: every set or delete is one row of `kv`. */
  versions = 0;

  constructor(
    readonly path: string,
    private readonly write: (branch: Branch, height: number) => void,
  ) {
    this.store = this.open("NORMAL");
  }

  /** Builds blocks with synchronous=NORMAL until `versions` reaches `target`. */
  growTo(target: number, label: string): void {
    const t0 = performance.now();
    let last = 0;
    while (this.versions < target) {
      this.block();
      if (performance.now() - last > 500) {
        last = performance.now();
        const s = ((last - t0) / 1000).toFixed(0);
        process.stderr.write(`${label}: ${fmtInt(this.versions)}/${fmtInt(target)} versions, height ${fmtInt(this.store.lastHeight)}, ${s} s   \r`);
      }
    }
    process.stderr.write(`${label}: ${fmtInt(this.versions)} versions, height ${fmtInt(this.store.lastHeight)}                 \n`);
  }

  /** Commits `blocks` blocks with `synchronous` and returns their timings; the build goes on with NORMAL. */
  measureCommits(blocks: number, synchronous: SynchronousMode): BlockTiming[] {
    if (synchronous !== "NORMAL") this.reopen(synchronous);
    const out: BlockTiming[] = [];
    for (let i = 0; i < blocks; i++) out.push(this.block());
    if (synchronous !== "NORMAL") this.reopen("NORMAL");
    return out;
  }

  block(): BlockTiming {
    const branch = this.store.begin();
    const height = this.store.lastHeight + 1;
    this.write(branch, height);
    this.versions += branch.size;
    const hash = this.store.appHashOf(branch, height, this.store.lastHash);
    const t0 = performance.now();
    this.store.commit(branch, height, hash);
    const ms = performance.now() - t0;
    // Pruning's deletions, which a node runs between blocks, outside its Commit.
    while (this.store.pruneStep()) {
      /* drain */
    }
    return ms;
  }

  close(): void {
    this.store.close();
  }

  private open(synchronous: SynchronousMode): Store {
    return Store.open(this.path, { synchronous, keepRecent: KEEP_RECENT });
  }

  private reopen(synchronous: SynchronousMode): void {
    this.store.close();
    this.store = this.open(synchronous);
  }
}

/** A block of the small key set: dequeue the matured head, enqueue new entries, rewrite the validators. */
function smallBlock(branch: Branch, height: number): void {
  // As staking's end block does: scan from the head, stop at the first entry not yet due,
  // delete after the scan.
  const due: Uint8Array[] = [];
  for (const { key } of branch.prefixIterator(QUEUE_PREFIX)) {
    if (queueDue(key) > height) break;
    due.push(key);
  }
  for (const key of due) branch.delete(key);
  for (let i = 0; i < QUEUE_PER_BLOCK; i++) branch.set(queueKey(height + MATURITY, i), stamped(8, height, i));
  for (let v = 0; v < VALIDATORS; v++) branch.set(validatorKey(v), stamped(VALIDATOR_BYTES, height, v));
}

function largeBlockWriter(keys: readonly Buffer[]): (branch: Branch, height: number) => void {
  const random = prng(1);
  let created = 0;
  return (branch, height) => {
    for (let i = 0; i < LARGE_WRITES; i++) {
      if (created < keys.length) {
        branch.set(keys[created]!, stamped(100, height, i));
        created++;
        continue;
      }
      const key = keys[Math.floor(random() * keys.length)]!;
      if (random() * DELETE_EVERY < 1) branch.delete(key);
      else branch.set(key, stamped(100, height, i));
    }
  };
}

/**
 * Times `fn` (after one warm-up call) at least MIN_REPS times and for at least MIN_MS, and
 * returns the median in ms. `fn` returns how many entries it read, checked against `expect`.
 */
function medianMs(fn: () => number, expect: number | undefined, what: string): number {
  const check = (n: number): void => {
    if (expect !== undefined && n !== expect) throw new Error(`${what}: read ${n} entries, expected ${expect}`);
  };
  check(fn());
  const samples: number[] = [];
  const start = performance.now();
  while (samples.length < MIN_REPS || (performance.now() - start < MIN_MS && samples.length < 100_000)) {
    const t0 = performance.now();
    const n = fn();
    samples.push(performance.now() - t0);
    check(n);
  }
  return median(samples);
}

function take(entries: Iterable<unknown>, limit: number): number {
  let n = 0;
  for (const _ of entries) if (++n >= limit) break;
  return n;
}

/**
 * The range page every iteration ran before the `latest` table, paged the way the iterator paged
 * it (16 rows, then 4x up to 1,024, skipping tombstones): returns the live entries read, at most `want`.
 */
function oldScan(db: Database.Database): (lower: Buffer, upper: Buffer, height: number, want: number) => number {
  const page = db
    .prepare<[Buffer, Buffer, number, number], [Buffer, Buffer | null, number]>(
      "SELECT key, value, MAX(version) FROM kv WHERE key >= ? AND key < ? AND version <= ? GROUP BY key ORDER BY key LIMIT ?",
    )
    .raw();
  return (lower, upper, height, want) => {
    let limit = 16;
    let found = 0;
    for (;;) {
      const rows = page.all(lower, upper, height, limit);
      for (const [, value] of rows) if (value !== null && ++found >= want) return found;
      if (rows.length < limit) return found;
      lower = Buffer.concat([rows[rows.length - 1]![0], Buffer.of(0)]);
      limit = Math.min(limit * 4, 1024);
    }
  };
}

const fmtInt = (n: number): string => Math.round(n).toLocaleString("en-US");
const fmtMs = (ms: number): string =>
  ms < 0.01 ? `${(ms * 1000).toFixed(1)} µs` : ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(ms < 100 ? 1 : 0)} ms`;
/** Commit step medians and p95 with synchronous=FULL, then the median with NORMAL (no fsync). */
function commitCells(full: BlockTiming[], normal: BlockTiming[]): string {
  return `${fmtMs(median(full))} / ${fmtMs(percentile(full, 95))} | ${fmtMs(median(normal))}`;
}

interface Counts {
  kvRows: number;
  liveRows: number;
}

function counts(db: Database.Database): Counts {
  return {
    kvRows: db.prepare<[], number>("SELECT count(*) FROM kv").pluck().get()!,
    liveRows: db.prepare<[], number>("SELECT count(*) FROM latest").pluck().get()!,
  };
}

async function smallKeySet(dir: string): Promise<string[]> {
  const path = join(dir, "small.db");
  const history = new History(path, smallBlock);
  const rows: string[] = [];
  const VALIDATOR_END = prefixEnd(VALIDATOR_PREFIX)!;
  const QUEUE_END = prefixEnd(QUEUE_PREFIX)!;
  const queueLive = QUEUE_PER_BLOCK * MATURITY;
  try {
    for (const target of CHECKPOINTS) {
      history.growTo(target, "small key set");
      const full = history.measureCommits(COMMIT_BLOCKS, "FULL");
      const normal = history.measureCommits(COMMIT_BLOCKS, "NORMAL");
      const store = history.store;
      const height = store.lastHeight;
      const old = new Database(path, { readonly: true, fileMustExist: true });
      const ro = ReadOnlyStore.open(path);
      try {
        const scanOld = oldScan(old);
        const { kvRows, liveRows } = counts(old);
        const m = await ro.snapshot(() => {
          const latest = ro.view();
          const past = ro.view(Math.max(Math.floor(height / 2), ro.earliestHeight));
          const previous = ro.view(height - 1);
          return {
            validators: medianMs(() => take(store.begin().prefixIterator(VALIDATOR_PREFIX), VALIDATORS + 1), VALIDATORS, "validators"),
            validatorsOld: medianMs(() => scanOld(VALIDATOR_PREFIX, VALIDATOR_END, height, VALIDATORS + 1), VALIDATORS, "validators (old)"),
            queue: medianMs(() => take(store.begin().prefixIterator(QUEUE_PREFIX), QUEUE_TAKE), QUEUE_TAKE, "queue head"),
            queueOld: medianMs(() => scanOld(QUEUE_PREFIX, QUEUE_END, height, QUEUE_TAKE), QUEUE_TAKE, "queue head (old)"),
            get: medianMs(() => (latest.get(validatorKey(1)) === undefined ? 0 : 1), 1, "get"),
            validatorsPast: medianMs(() => take(past.prefixIterator(VALIDATOR_PREFIX), VALIDATORS + 1), VALIDATORS, "validators at h/2"),
            queuePrevious: medianMs(() => take(previous.prefixIterator(QUEUE_PREFIX), QUEUE_TAKE), QUEUE_TAKE, "queue head at h-1"),
          };
        });
        rows.push(
          `| ${fmtInt(history.versions)} | ${fmtInt(height)} | ${fmtInt(kvRows)} | ${fmtInt(liveRows)} | ` +
            `${fmtMs(m.validators)} | ${fmtMs(m.validatorsOld)} | ${fmtMs(m.queue)} | ${fmtMs(m.queueOld)} | ${fmtMs(m.get)} | ` +
            `${fmtMs(m.validatorsPast)} | ${fmtMs(m.queuePrevious)} | ${commitCells(full, normal)} |`,
        );
        process.stderr.write(`${rows.at(-1)}\n`);
        if (liveRows !== VALIDATORS + queueLive) throw new Error(`small key set: ${liveRows} live entries, expected ${VALIDATORS + queueLive}`);
      } finally {
        ro.close();
        old.close();
      }
    }
  } finally {
    history.close();
  }
  return rows;
}

async function largeKeySet(dir: string): Promise<string[]> {
  const path = join(dir, "large.db");
  const keys = Array.from({ length: LARGE_KEYS }, (_, i) => balanceKey(i));
  const starts = [...keys].sort(Buffer.compare).slice(0, Math.max(1, LARGE_KEYS - 2 * PAGE));
  const history = new History(path, largeBlockWriter(keys));
  // The same sequence of random keys at every checkpoint: only the history differs.
  const picker = (seed: number): (<T>(xs: readonly T[]) => T) => {
    const random = prng(seed);
    return (xs) => xs[Math.floor(random() * xs.length)]!;
  };
  const end = prefixEnd(BALANCE_PREFIX)!;
  const page = (view: KVReader, pick: (xs: readonly Buffer[]) => Buffer): number => take(view.iterator({ start: pick(starts), end }), PAGE);
  const rows: string[] = [];
  try {
    // The first checkpoint is when every key exists once; history grows from there.
    const targets = [LARGE_KEYS, ...CHECKPOINTS.filter((c) => c > LARGE_KEYS)];
    for (const target of targets) {
      history.growTo(target, "large key set");
      const full = history.measureCommits(LARGE_COMMIT_BLOCKS, "FULL");
      const normal = history.measureCommits(LARGE_COMMIT_BLOCKS, "NORMAL");
      const height = history.store.lastHeight;
      const old = new Database(path, { readonly: true, fileMustExist: true });
      const ro = ReadOnlyStore.open(path);
      try {
        const { kvRows, liveRows } = counts(old);
        const m = await ro.snapshot(() => {
          const latest = ro.view();
          // Every key exists at this height, and the state there is the same at every checkpoint
          // (unless pruning has removed it: then the earliest retained height).
          const pastHeight = Math.max(POPULATED_HEIGHT, ro.earliestHeight);
          const past = ro.view(pastHeight);
          const pickGet = picker(2);
          const pickPast = picker(3);
          const pickLatest = picker(4);
          return {
            get: medianMs(() => (latest.get(pickGet(keys)) === undefined ? 0 : 1), undefined, "get"),
            pagePast: medianMs(() => page(past, pickPast), pastHeight === POPULATED_HEIGHT ? PAGE : undefined, `page at height ${pastHeight}`),
            pageLatest: medianMs(() => page(latest, pickLatest), PAGE, "page at latest"),
          };
        });
        rows.push(
          `| ${fmtInt(history.versions)} | ${fmtInt(height)} | ${fmtInt(kvRows)} | ${fmtInt(liveRows)} | ` +
            `${fmtMs(m.get)} | ${fmtMs(m.pagePast)} | ${fmtMs(m.pageLatest)} | ${commitCells(full, normal)} |`,
        );
        process.stderr.write(`${rows.at(-1)}\n`);
      } finally {
        ro.close();
        old.close();
      }
    }
  } finally {
    history.close();
  }
  return rows;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(args.dir, "store-history-bench-"));
  try {
    const started = performance.now();
    const small = await smallKeySet(dir);
    const large = await largeKeySet(dir);
    const minutes = ((performance.now() - started) / 60_000).toFixed(1);
    const sqlite = new Database(":memory:").prepare("SELECT sqlite_version()").pluck().get();
    console.log(
      `State cost against history length: built with synchronous=NORMAL; commit cost over further blocks with FULL, then NORMAL; ` +
        `keepRecent=${KEEP_RECENT} (pruning every 10 heights), medians of >= ${MIN_REPS} reps and >= ${MIN_MS} ms, ${minutes} min`,
    );
    console.log(`node ${process.version}, SQLite ${sqlite}, ${cpus()[0]?.model ?? "unknown CPU"} x${cpus().length}, temp dir ${dir}`);
    console.log("");
    console.log(
      `Small key set: ${VALIDATORS} validators rewritten every block; a queue taking ${QUEUE_PER_BLOCK} entries a block, ` +
        `due ${MATURITY} blocks later, dequeued by scanning its head (${VALIDATORS + 2 * QUEUE_PER_BLOCK} versions a block). ` +
        `h = latest height; commit step over ${COMMIT_BLOCKS} blocks each way.`,
    );
    console.log("");
    console.log(
      `| versions written | height | kv rows | live entries | (a) validators, latest | (a) old GROUP BY | (b) queue first ${QUEUE_TAKE}, latest | ` +
        `(b) old GROUP BY | (c) get, latest | (d) validators at h/2 | (d) queue first ${QUEUE_TAKE} at h-1 | ` +
        `commit FULL median / p95 | commit NORMAL median |`,
    );
    console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const row of small) console.log(row);
    console.log("");
    console.log(
      `Large key set: ${fmtInt(LARGE_KEYS)} keys written once, then ${fmtInt(LARGE_WRITES)} random writes a block ` +
        `(1 in ${DELETE_EVERY} a deletion); pages of ${PAGE} keys from a random start; old height ${POPULATED_HEIGHT}, ` +
        `the first at which every key exists (or the earliest retained); commit step over ${LARGE_COMMIT_BLOCKS} blocks each way.`,
    );
    console.log("");
    console.log(
      `| versions written | height | kv rows | live keys | (c) get, latest | (d) page, old height | (e) page, latest | ` +
        `commit FULL median / p95 | commit NORMAL median |`,
    );
    console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const row of large) console.log(row);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
