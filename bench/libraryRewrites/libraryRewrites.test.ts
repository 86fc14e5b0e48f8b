import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { REPO_ROOT } from "../../common/node/paths.js";

const REGISTER = fileURLToPath(new URL("./register.mjs", import.meta.url));
const INDEX = fileURLToPath(new URL("./index.ts", import.meta.url));

/** Runs `source` as a module under node_modules (so it finds the packages) with `nodeArgs`. */
function run(source: string, nodeArgs: string[] = []): string {
  const cache = path.join(REPO_ROOT, "node_modules", ".cache");
  fs.mkdirSync(cache, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cache, "library-rewrites-"));
  try {
    const script = path.join(dir, "probe.mts");
    fs.writeFileSync(script, source);
    const res = spawnSync(process.execPath, ["--import", "tsx", ...nodeArgs, script, "an-argument"], { cwd: REPO_ROOT, encoding: "utf8" });
    assert.equal(res.status, 0, res.stderr);
    return res.stdout.trim();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// What each rewrite leaves in the library's source: the EVM's call message built with Object.assign,
// and setLength padding into a zeroed array.
const PROBE = `
const { EVM } = await import("@ethereumjs/evm");
const { setLengthLeft } = await import("@ethereumjs/util");
const util = await import("node:fs").then((fs) => fs.readFileSync(new URL(import.meta.resolve("@ethereumjs/util")).pathname.replace(/index\\.js$/, "bytes.js"), "utf8"));
console.log(JSON.stringify({
  evm: String(EVM).includes("Object.assign({ codeAddress: message.codeAddress }, message, { gasLimit })"),
  padded: Array.from(setLengthLeft(Uint8Array.of(1, 2), 4)),
  onDisk: util.includes("padded.set"),
}));
`;

test("the hooks give the library the bundles' rewrites; without them it runs as installed", () => {
  assert.deepEqual(JSON.parse(run(PROBE, ["--import", REGISTER])), { evm: true, padded: [0, 0, 1, 2], onDisk: false });
  assert.deepEqual(JSON.parse(run(PROBE)), { evm: false, padded: [0, 0, 1, 2], onDisk: false });
});

test("underNodeLibraryCode runs the script again under the hooks, with its arguments, and exits with its status", () => {
  const source = `
import { hasLibraryRewrites, underNodeLibraryCode } from ${JSON.stringify(INDEX)};
console.log("before", hasLibraryRewrites());
underNodeLibraryCode();
console.log("after", hasLibraryRewrites(), process.argv.slice(2).join(" "));
process.exitCode = 0;
`;
  // Without the hooks: this process prints its first line, then the second run prints both of its own.
  assert.deepEqual(run(source).split(/\r?\n/), ["before false", "before true", "after true an-argument"]);
  assert.deepEqual(run(source, ["--import", REGISTER]).split(/\r?\n/), ["before true", "after true an-argument"]);
});
