/**
 * What pruning costs a block: heights of N writes over a fixed key set (each write superseding an
 * older version of its key), committed by a store that prunes (keep-recent 50, every --interval
 * heights) and, interleaved height by height, by an archive store (keep-recent 0) that never does.
 * Times each Commit, and, in the pruning store, the deletion steps a node runs between blocks
 * (`store.pruneStep()` until nothing is pending), from height 61 on, once both chains hold history.
 *
 *   node --import tsx bench/prune-steps.ts [--writes 10000] [--keys 30000] [--interval 10] [--heights 140] [--dir <tmp parent>]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { positiveIntFlag } from "./args.js";
import { median } from "./stats.js";
import { Store } from "../app/store/index.js";

const { values: args } = parseArgs({
  options: {
    writes: { type: "string", default: "10000" },
    keys: { type: "string", default: "30000" },
    interval: { type: "string", default: "10" },
    heights: { type: "string", default: "140" },
    dir: { type: "string", default: tmpdir() },
  },
});
const WRITES = positiveIntFlag(args.writes, "writes");
const KEYS = positiveIntFlag(args.keys, "keys");
const INTERVAL = positiveIntFlag(args.interval, "interval");
const HEIGHTS = positiveIntFlag(args.heights, "heights");
const KEEP_RECENT = 50;
const MEASURED_FROM = KEEP_RECENT + 11;
if (HEIGHTS < MEASURED_FROM + INTERVAL) throw new Error(`--heights must be at least ${MEASURED_FROM + INTERVAL}`);

/** A fixed pseudo-random sequence, so both stores get the same writes. */
function keyStream(): () => Buffer {
  let seed = 1;
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    // The high bits: an LCG's low bits repeat with short periods.
    return Buffer.from(`key/${Math.floor((seed / 2147483648) * KEYS)}`);
  };
}

function commitBlock(store: Store, height: number, nextKey: () => Buffer): number {
  const branch = store.begin();
  for (let i = 0; i < WRITES; i++) branch.set(nextKey(), Buffer.from(`${height}.${i}`.padEnd(64, ".")));
  const hash = store.appHashOf(branch, height, store.lastHash);
  const t0 = performance.now();
  store.commit(branch, height, hash);
  return performance.now() - t0;
}

const fmt = (ms: number): string => ms.toFixed(1);

const dir = mkdtempSync(join(args.dir, "prune-steps-"));
const pruning = Store.open(join(dir, "pruning.db"), { keepRecent: KEEP_RECENT, pruneInterval: INTERVAL });
const archive = Store.open(join(dir, "archive.db"), { keepRecent: 0 });
const pruningKeys = keyStream();
const archiveKeys = keyStream();
const commits = { pruning: [] as number[], other: [] as number[], archive: [] as number[] };
const steps: number[] = [];
try {
  for (let h = 1; h <= HEIGHTS; h++) {
    const ms = commitBlock(pruning, h, pruningKeys);
    const measured = h >= MEASURED_FROM;
    if (measured) (h % INTERVAL === 0 ? commits.pruning : commits.other).push(ms);
    // A tree from before pruneStep (run this file there to compare) deleted the rows in its Commit.
    for (let more = typeof pruning.pruneStep === "function"; more;) {
      const t0 = performance.now();
      more = pruning.pruneStep();
      if (measured) steps.push(performance.now() - t0);
    }
    const archived = commitBlock(archive, h, archiveKeys);
    if (measured) commits.archive.push(archived);
  }
} finally {
  pruning.close();
  archive.close();
  rmSync(dir, { recursive: true, force: true });
}

const heights = HEIGHTS - MEASURED_FROM + 1;
const stepTotal = steps.reduce((a, b) => a + b, 0);
const row = (what: string, ms: number[]): string => (ms.length > 0 ? `| ${what} | ${ms.length} | ${fmt(median(ms))} | ${fmt(Math.max(...ms))} |` : "");
console.log(
  `${cpus().length} x ${cpus()[0]?.model}; ${WRITES} writes a height over ${KEYS} keys, keep-recent ${KEEP_RECENT}, ` +
    `pruning every ${INTERVAL}, heights ${MEASURED_FROM}..${HEIGHTS}\n`,
);
console.log("| what | count | median ms | max ms |\n| --- | ---: | ---: | ---: |");
for (const line of [
  row("Commit, pruning store, heights that prune", commits.pruning),
  row("Commit, pruning store, other heights", commits.other),
  row("Commit, archive store (reference)", commits.archive),
  row("deletion step between blocks", steps),
])
  if (line) console.log(line);
console.log(`\nDeletion steps: ${fmt(stepTotal / heights)} ms a height in all.`);
