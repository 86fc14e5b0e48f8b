// `npm run build` on the tree the suite just built finds every step up to date: it runs nothing,
// so `npm start` on an unchanged tree goes straight to `unitd start` (bench/startup.ts times it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "../common/node/paths.js";

test("the build skips every step when no input changed, and keeps a stamp per step", () => {
  const started = performance.now();
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, "scripts", "build.mjs")], { cwd: REPO_ROOT, encoding: "utf8" });
  const ms = performance.now() - started;
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, "", "no step ran");
  for (const stamp of ["gen", "tsc", "bundles", "explorer"])
    assert.match(fs.readFileSync(path.join(REPO_ROOT, "dist", ".stamps", stamp), "utf8"), /^[0-9a-f]{64}$/);
  // Generous for a loaded machine; the check itself reads about 1,000 files (tens of ms).
  assert.ok(ms < 5000, `the up-to-date check took ${ms.toFixed(0)} ms`);
});

test("npm start's script builds nothing on an unchanged tree, then runs unitd (its bundle) with its arguments", () => {
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, "scripts", "unitd.mjs"), "version"], { cwd: REPO_ROOT, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, "", "no build step ran");
  assert.match(run.stdout, /^unitd \d+\.\d+\.\d+ \(CometBFT 0\.38\.25\)\n$/);
  const packageJson = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  assert.equal(packageJson.scripts.start, "node scripts/unitd.mjs start");
});
