import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runnableModule, threadModule } from "./entryPoints.js";

test("runnableModule: the bundle unless the compiled module is newer or the bundle is missing", (t) => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "entry-points-"));
  t.after(() => fs.rmSync(dist, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dist, "app"));
  const compiled = path.join(dist, "app", "main.js");
  const bundle = path.join(dist, "app", "main.bundle.mjs");
  fs.writeFileSync(compiled, "");
  assert.equal(runnableModule("app/main", dist), compiled, "no bundle");
  fs.writeFileSync(bundle, "");
  const at = (file: string, seconds: number) => fs.utimesSync(file, seconds, seconds);
  at(compiled, 1_000);
  at(bundle, 1_000);
  assert.equal(runnableModule("app/main", dist), bundle, "built together");
  at(bundle, 2_000);
  assert.equal(runnableModule("app/main", dist), bundle, "bundle newer");
  at(compiled, 3_000);
  assert.equal(runnableModule("app/main", dist), compiled, "compiled again since the bundle");
});

test("threadModule: outside a bundle a worker runs the compiled module given", () => {
  const url = new URL("file:///repo/dist/app/queryWorker.js");
  assert.equal(threadModule(url).href, url.href);
});
