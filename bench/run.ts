// Runs every benchmark in turn with its default settings (`npm run bench`). Each prints a
// markdown table; bench/RESULTS.md records a run with the command that reproduces it.
// `npm run bench -- bank-send [flags]` runs only the named benchmark(s), with the flags passed on.
// bench/crash-campaign.ts is not listed: a correctness campaign of 100 kills by default (minutes),
// run on its own (`node --import tsx bench/crash-campaign.ts`, see bench/RESULTS.md).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const benches = [
  "store-commit.ts",
  "store-history.ts",
  "prune-steps.ts",
  "startup.ts",
  "bank-send.ts",
  "rest-query.ts",
  "hop-floor.ts",
  "broadcast-hop.ts",
  "http-overhead.ts",
  "query-flood.ts",
  "devnet-send.ts",
  "erc20.ts",
  "state-size.ts",
  "precompiles.ts",
  "evm-worst-case.ts",
  "cache-eviction.ts",
  "word-opcodes.ts",
  "object-copies.ts",
  "hand-codecs.ts",
];
const args = process.argv.slice(2);
const named: string[] = [];
while (args.length > 0 && !args[0]!.startsWith("-")) {
  const name = args.shift()!.replace(/\.ts$/, "") + ".ts";
  if (!benches.includes(name)) {
    console.error(`unknown benchmark ${name}; known: ${benches.map((b) => b.replace(/\.ts$/, "")).join(", ")}`);
    process.exit(2);
  }
  named.push(name);
}
if (named.length === 0 && args.length > 0) {
  console.error("flags are passed to named benchmarks only, e.g. npm run bench -- bank-send --runs 1");
  process.exit(2);
}
let failed = 0;
for (const bench of named.length > 0 ? named : benches) {
  console.log(`\n## ${bench}\n`);
  const res = spawnSync(process.execPath, ["--import", "tsx", path.join(here, bench), ...args], { stdio: "inherit" });
  if (res.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
