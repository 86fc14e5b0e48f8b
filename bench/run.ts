// Runs every benchmark in turn with its default settings (`npm run bench`). Each prints a
// markdown table; bench/RESULTS.md records a run with the command that reproduces it.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const benches = ["store-commit.ts", "startup.ts"];
let failed = 0;
for (const bench of benches) {
  console.log(`\n## ${bench}\n`);
  const res = spawnSync(process.execPath, ["--import", "tsx", path.join(here, bench)], { stdio: "inherit" });
  if (res.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
