/**
 * The long simulation run (docs/simulation.md): the real app over real SQLite, random txs from
 * every wired module, every invariant checked after each block; optionally each seed twice to
 * compare app hashes at every height. Prints a summary per seed (txs by kind, and how the
 * governance proposals carrying registry, taxrail and voting messages ended); exits 1 on the
 * first failure, whose message names the seed to replay.
 *
 *   npx tsx bench/simulation.ts [--seed 2611] [--seeds 1] [--blocks 500] [--txs 12] [--twice]
 *     --seed    first seed (default: random, printed)      --seeds  how many consecutive seeds
 *     --blocks  blocks per run                             --txs    most txs per block
 *     --twice   run each seed twice and compare app hashes at every height
 */
import { parseArgs } from "node:util";
import { positiveIntFlag } from "./args.js";
import { runSimulation } from "../test/support/simulation/engine.js";

const { values } = parseArgs({
  options: { seed: { type: "string" }, seeds: { type: "string" }, blocks: { type: "string" }, txs: { type: "string" }, twice: { type: "boolean" } },
});
const first = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 1e9);
if (!Number.isSafeInteger(first) || first < 0) throw new Error("--seed must be a non-negative integer");
const seeds = positiveIntFlag(values.seeds ?? "1", "seeds");
const blocks = positiveIntFlag(values.blocks ?? "500", "blocks");
const maxTxsPerBlock = positiveIntFlag(values.txs ?? "12", "txs");

for (let seed = first; seed < first + seeds; seed++) {
  const started = performance.now();
  const run = await runSimulation({ seed, blocks, maxTxsPerBlock });
  const ms = performance.now() - started;
  if (values.twice) {
    const again = await runSimulation({ seed, blocks, maxTxsPerBlock });
    const h = run.appHashes.findIndex((hash, i) => again.appHashes[i] !== hash);
    if (h >= 0) {
      console.error(`seed ${seed}: app hash differs at height ${h + 1} between two runs (replay: --seed ${seed} --blocks ${blocks} --twice)`);
      process.exit(1);
    }
  }
  let ok = 0;
  let failed = 0;
  for (const s of Object.values(run.operations)) ((ok += s.ok), (failed += s.failed));
  console.log(`seed ${seed}: ${blocks} blocks, ${ok + failed} txs (${ok} ok, ${failed} failed), ${run.invariantChecks} invariant checks, ${ms.toFixed(0)} ms`);
  console.log(`  final app hash ${run.appHashes.at(-1)}${values.twice ? " (identical at every height in a second run)" : ""}`);
  const line = (label: string, s: { ok: number; failed: number; firstFailure?: string }) =>
    console.log(
      `  ${label.padEnd(20)} ok ${String(s.ok).padStart(5)}  failed ${String(s.failed).padStart(5)}${s.firstFailure ? `  e.g. ${s.firstFailure.slice(0, 90)}` : ""}`,
    );
  for (const [kind, s] of Object.entries(run.operations).sort(([a], [b]) => (a < b ? -1 : 1))) line(kind, s);
  // Not txs: how the proposals carrying registry, taxrail and voting messages ended (ok = passed and executed).
  line("(proposals run)", run.authorityProposals);
}
