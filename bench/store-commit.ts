/**
 * Block commit throughput: the versioned store (begin, set x N, appHash, commit)
 * against plain better-sqlite3 inserts of the same rows into a one-version table,
 * one transaction per block, same pragmas, same disk, interleaved block by block.
 *
 *   node --import tsx bench/store-commit.ts [--blocks 20] [--writes 10000]
 *        [--warmup 1] [--sync FULL|NORMAL] [--keep-recent 0] [--dir <tmp parent>]
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { positiveIntFlag } from "./args.js";
import Database from "better-sqlite3";
import { Store, type SynchronousMode } from "../app/store/index.js";

const { values: args } = parseArgs({
  options: {
    blocks: { type: "string", default: "20" },
    writes: { type: "string", default: "10000" },
    warmup: { type: "string", default: "1" },
    sync: { type: "string", default: "FULL" },
    dir: { type: "string", default: tmpdir() },
    "keep-recent": { type: "string", default: "0" },
  },
});

const BLOCKS = positiveIntFlag(args.blocks, "blocks");
const WRITES = positiveIntFlag(args.writes, "writes");
const WARMUP = nonNegativeInt(args.warmup, "warmup");
const KEEP_RECENT = nonNegativeInt(args["keep-recent"], "keep-recent");
const SYNC = args.sync.toUpperCase() as SynchronousMode;
if (SYNC !== "FULL" && SYNC !== "NORMAL") throw new Error("--sync must be FULL or NORMAL");
const KEY_BYTES = 32;
const VALUE_BYTES = 100;

function nonNegativeInt(s: string, name: string): number {
  const n = Number(s);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer`);
  return n;
}

interface Row {
  key: Buffer;
  value: Buffer;
}

function makeBlock(): Row[] {
  const keys = randomBytes(WRITES * KEY_BYTES);
  const values = randomBytes(WRITES * VALUE_BYTES);
  const rows: Row[] = new Array(WRITES);
  for (let i = 0; i < WRITES; i++) {
    rows[i] = {
      key: keys.subarray(i * KEY_BYTES, (i + 1) * KEY_BYTES),
      value: values.subarray(i * VALUE_BYTES, (i + 1) * VALUE_BYTES),
    };
  }
  return rows;
}

interface Runner {
  name: string;
  /** Writes one block; returns the time of the final commit step alone, in ms. */
  block(height: number, rows: Row[]): number;
  close(): void;
}

/** `perStatement` rows per INSERT: 1 is the usual prepared-statement loop. */
function plainRunner(path: string, name: string, sorted: boolean, perStatement: number): Runner {
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma(`synchronous = ${SYNC}`);
  db.exec("CREATE TABLE kv (key BLOB PRIMARY KEY, value BLOB) WITHOUT ROWID");
  const insert = db.prepare("INSERT INTO kv (key, value) VALUES (?, ?)");
  const insertMany = db.prepare(`INSERT INTO kv (key, value) VALUES ${Array(perStatement).fill("(?, ?)").join(", ")}`);
  const params: Buffer[] = new Array(perStatement * 2);
  const tx = db.transaction((rows: Row[]) => {
    let i = 0;
    if (perStatement > 1) {
      for (; i + perStatement <= rows.length; i += perStatement) {
        for (let j = 0; j < perStatement; j++) {
          params[2 * j] = rows[i + j]!.key;
          params[2 * j + 1] = rows[i + j]!.value;
        }
        insertMany.run(params);
      }
    }
    for (; i < rows.length; i++) insert.run(rows[i]!.key, rows[i]!.value);
  });
  return {
    name,
    block(_height, rows) {
      const t0 = performance.now();
      tx(sorted ? [...rows].sort((a, b) => Buffer.compare(a.key, b.key)) : rows);
      return performance.now() - t0;
    },
    close: () => db.close(),
  };
}

function storeRunner(path: string): Runner {
  const store = Store.open(path, { synchronous: SYNC, keepRecent: KEEP_RECENT });
  return {
    name: `store (begin, set, appHash, commit${KEEP_RECENT > 0 ? `; keepRecent=${KEEP_RECENT}, pruning every 10` : ""})`,
    block(height, rows) {
      const branch = store.begin();
      for (const r of rows) branch.set(r.key, r.value);
      const hash = store.appHashOf(branch, height, store.lastHash);
      const t0 = performance.now();
      store.commit(branch, height, hash);
      const ms = performance.now() - t0;
      // Pruning's deletions, which a node runs between blocks, outside its Commit.
      while (store.pruneStep()) {
        /* drain */
      }
      return ms;
    },
    close: () => store.close(),
  };
}

interface Stats {
  blockMs: number[];
  commitMs: number[];
}

function quantile(sortedMs: number[], q: number): number {
  // Nearest-rank quantile.
  const i = Math.max(0, Math.ceil(q * sortedMs.length) - 1);
  return sortedMs[i]!;
}

function summarize(s: Stats): { writesPerSec: number; median: number; p95: number; commitMedian: number; commitP95: number } {
  const total = s.blockMs.reduce((a, b) => a + b, 0);
  const block = [...s.blockMs].sort((a, b) => a - b);
  const commit = [...s.commitMs].sort((a, b) => a - b);
  return {
    writesPerSec: (WRITES * s.blockMs.length) / (total / 1000),
    median: quantile(block, 0.5),
    p95: quantile(block, 0.95),
    commitMedian: quantile(commit, 0.5),
    commitP95: quantile(commit, 0.95),
  };
}

const fmtInt = (n: number): string => Math.round(n).toLocaleString("en-US");
const fmtMs = (n: number): string => n.toFixed(1);

function main(): void {
  const dir = mkdtempSync(join(args.dir, "store-commit-bench-"));
  const runners: Runner[] = [];
  try {
    runners.push(
      plainRunner(join(dir, "plain.db"), "plain: 1 row per INSERT, rows as generated", false, 1),
      storeRunner(join(dir, "store.db")),
      plainRunner(join(dir, "plain-sorted.db"), "plain: 1 row per INSERT, rows sorted by key", true, 1),
      plainRunner(join(dir, "plain-multi.db"), "plain: 64 rows per INSERT, rows sorted by key", true, 64),
    );
    const stats = runners.map((): Stats => ({ blockMs: [], commitMs: [] }));
    const total = WARMUP + BLOCKS;
    process.stderr.write(`generating ${total} blocks of ${WRITES} writes...\n`);
    const blocks = Array.from({ length: total }, makeBlock);

    for (let b = 0; b < total; b++) {
      const height = b + 1;
      // Rotate the order each block so no runner always goes first.
      for (let j = 0; j < runners.length; j++) {
        const i = (b + j) % runners.length;
        const t0 = performance.now();
        const commitMs = runners[i]!.block(height, blocks[b]!);
        const blockMs = performance.now() - t0;
        if (b >= WARMUP) {
          stats[i]!.blockMs.push(blockMs);
          stats[i]!.commitMs.push(commitMs);
        }
      }
      process.stderr.write(`block ${height}/${total}\r`);
    }
    process.stderr.write("\n");

    const summaries = stats.map(summarize);
    const [plain, store] = summaries;
    console.log(
      `Store commit throughput: ${BLOCKS} blocks x ${WRITES} writes (${KEY_BYTES}-byte keys, ${VALUE_BYTES}-byte values), ` +
        `${WARMUP} warm-up block(s) not counted, synchronous=${SYNC}, journal_mode=WAL, store keepRecent=${KEEP_RECENT}`,
    );
    console.log(
      `node ${process.version}, SQLite ${new Database(":memory:").prepare("SELECT sqlite_version()").pluck().get()}, ` +
        `${cpus()[0]?.model ?? "unknown CPU"} x${cpus().length}, temp dir ${dir}`,
    );
    console.log("");
    console.log("| variant | writes/s | block latency median (ms) | block latency p95 (ms) | commit step median (ms) | commit step p95 (ms) |");
    console.log("|---|---:|---:|---:|---:|---:|");
    for (const [i, s] of summaries.entries()) {
      const name = runners[i]!.name;
      console.log(`| ${name} | ${fmtInt(s.writesPerSec)} | ${fmtMs(s.median)} | ${fmtMs(s.p95)} | ${fmtMs(s.commitMedian)} | ${fmtMs(s.commitP95)} |`);
    }
    console.log("");
    const pct = (a: number, b: number): string => `${((a / b) * 100).toFixed(1)}%`;
    console.log(`store / plain (1 row per INSERT, as generated) = ${pct(store!.writesPerSec, plain!.writesPerSec)} (goal >= 70%)`);
    for (let i = 2; i < runners.length; i++) {
      console.log(`store / ${runners[i]!.name.replace(/^plain: /, "plain (")}) = ${pct(store!.writesPerSec, summaries[i]!.writesPerSec)}`);
    }
  } finally {
    for (const r of runners) r.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
