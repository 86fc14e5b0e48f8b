import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { REPO_ROOT } from "../../common/node/paths.js";

const REGISTER = fileURLToPath(new URL("./register.mjs", import.meta.url));
const INDEX = fileURLToPath(new URL("./index.ts", import.meta.url));

type Loaded = { format?: string; source?: string | Uint8Array | null; shortCircuit?: boolean };
interface Hooks {
  rewriteFor(file: string): ((source: string, file: string) => string) | undefined;
  load(url: string, context: object, nextLoad: (url: string, context: object) => Promise<Loaded>): Promise<Loaded>;
}
const hooks = () => import(new URL("./hooks.mjs", import.meta.url).href) as Promise<Hooks>;

const packageFile = (...parts: string[]) => path.join(REPO_ROOT, "node_modules", ...parts);
const EVM_FILE = packageFile("@ethereumjs", "evm", "dist", "esm", "evm.js");
const UTIL_BYTES_FILE = packageFile("@ethereumjs", "util", "dist", "esm", "bytes.js");

test("the hooks rewrite the project's copies of the two library modules, and nothing else", async () => {
  const { rewriteFor } = await hooks();
  assert.ok(rewriteFor(EVM_FILE) && rewriteFor(UTIL_BYTES_FILE));
  assert.equal(rewriteFor(packageFile("hardhat", "node_modules", "@ethereumjs", "util", "dist", "esm", "bytes.js")), undefined, "a nested copy");
  assert.equal(rewriteFor(packageFile("@ethereumjs", "util", "dist", "esm", "index.js")), undefined);
  assert.equal(rewriteFor(path.join(REPO_ROOT, "app", "app.ts")), undefined);
});

test("load hands on a rewritten source for those modules, as string or bytes, and every other load as it came", async () => {
  const { load } = await hooks();
  const installed = fs.readFileSync(UTIL_BYTES_FILE);
  for (const source of [installed, installed.toString("utf8")]) {
    const out = await load(pathToFileURL(UTIL_BYTES_FILE).href, {}, async () => ({ format: "module", source }));
    assert.equal(out.shortCircuit, true);
    assert.match(String(out.source), /const padded = new Uint8Array\(length\); padded\.set\(msg/);
    assert.doesNotMatch(installed.toString("utf8"), /padded\.set/, "the file itself stays as installed");
  }
  const others: [string, Loaded][] = [
    ["node:fs", { format: "builtin", source: null }],
    [pathToFileURL(EVM_FILE).href, { format: "commonjs", source: null }],
    [pathToFileURL(path.join(REPO_ROOT, "app", "app.ts")).href, { format: "module", source: "export {};" }],
  ];
  for (const [url, loaded] of others) assert.equal(await load(url, {}, async () => loaded), loaded, url);
});

/** Runs `source` as a module under node_modules (so it finds the packages) with `nodeArgs`; its exit status and output. */
function run(source: string, nodeArgs: string[] = []): { status: number | null; lines: string[] } {
  const cache = path.join(REPO_ROOT, "node_modules", ".cache");
  fs.mkdirSync(cache, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cache, "library-rewrites-"));
  try {
    const script = path.join(dir, "probe.mts");
    fs.writeFileSync(script, source);
    const res = spawnSync(process.execPath, ["--import", "tsx", ...nodeArgs, script, "an-argument"], { cwd: REPO_ROOT, encoding: "utf8", timeout: 120_000 });
    assert.equal(res.error, undefined);
    return { status: res.status, lines: res.stdout.trim().split(/\r?\n/) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test("a process started with register.mjs runs the EVM rewritten; one without runs it as installed", () => {
  const probe = `const { EVM } = await import("@ethereumjs/evm");
console.log(String(EVM).includes("Object.assign({ codeAddress: message.codeAddress }, message, { gasLimit })"));`;
  assert.deepEqual(run(probe, ["--import", REGISTER]), { status: 0, lines: ["true"] });
  assert.deepEqual(run(probe), { status: 0, lines: ["false"] });
});

test("underNodeLibraryCode runs the script again under the hooks, with its arguments, and exits with its status", () => {
  const probe = `import { hasLibraryRewrites, underNodeLibraryCode } from ${JSON.stringify(INDEX)};
console.log("before", hasLibraryRewrites());
underNodeLibraryCode();
console.log("after", hasLibraryRewrites(), process.argv.slice(2).join(" "));
process.exitCode = 3;`;
  // Without the hooks: this process prints its first line, then the second run prints both of its own.
  assert.deepEqual(run(probe), { status: 3, lines: ["before false", "before true", "after true an-argument"] });
  assert.deepEqual(run(probe, ["--import", REGISTER]), { status: 3, lines: ["before true", "after true an-argument"] });
  const refused = run(probe, ["--inspect=127.0.0.1:0"]);
  assert.notEqual(refused.status, 0, "a debugger flag cannot follow into the restart");
});
