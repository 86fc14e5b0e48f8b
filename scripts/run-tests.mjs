// Runs every test file with Node's own test runner (TypeScript through tsx). Unit tests sit beside
// the code (*.test.ts); integration tests that start real processes live in test/.
// Usage: node scripts/run-tests.mjs [filter substring ...]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const roots = ["abci", "app", "bench", "common", "cometbft", "gateway", "evm", "sdk", "test"];
const skip = new Set(["node_modules", "dist", "gen"]);

function find(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return skip.has(e.name) ? [] : find(p);
    return e.name.endsWith(".test.ts") ? [p] : [];
  });
}

const filters = process.argv.slice(2);
const files = roots
  .flatMap(find)
  .sort()
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)));
if (files.length === 0) {
  console.error("no test files matched");
  process.exit(1);
}
const concurrency = process.env.TEST_CONCURRENCY ?? "2";
const res = spawnSync(process.execPath, ["--import", "tsx", "--test", `--test-concurrency=${concurrency}`, "--test-timeout=600000", ...files], {
  stdio: "inherit",
});
process.exit(res.status ?? 1);
