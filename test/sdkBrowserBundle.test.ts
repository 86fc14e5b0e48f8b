// Every browser entry point of the SDK bundles for a browser with esbuild: no Node builtin (node:*
// or a bare "fs", "crypto"...) is imported anywhere in the bundle, CosmJS included, and no SDK or
// generated file that ends up in it uses Node's Buffer or process. The keyring, Node-only by
// design, is the control: the same check finds its node: imports.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "../common/node/paths.js";
import { bundleForBrowser } from "./support/browserBundle.js";

/** The package's entry points (sdk/package.json `exports`) that must run in a browser. */
const BROWSER_ENTRIES = [
  "index",
  "client/index",
  "cosmjs/index",
  "crypto/index",
  "keys/index",
  "math/index",
  "query/index",
  "tx/index",
  "wallet/index",
  "signer",
];

interface BundleReport {
  builtins: string[];
  /** SDK and gen/ source files in the bundle. */
  ownInputs: string[];
  bytes: number;
}

async function bundle(entry: string): Promise<BundleReport> {
  const { builtins, inputs, bytes } = await bundleForBrowser(REPO_ROOT, { entryPoints: [`sdk/${entry}.ts`] });
  return { builtins, ownInputs: inputs.filter((file) => /^(sdk|gen)\//.test(file)), bytes };
}

/** Code lines (comments left out) that use Node's Buffer or process. */
function nodeGlobals(file: string): string[] {
  return fs
    .readFileSync(path.join(REPO_ROOT, file), "utf8")
    .split("\n")
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .filter((line) => /\b(Buffer|process)\s*[.(]/.test(line) || /\bnew Buffer\b/.test(line))
    .map((line) => `${file}: ${line.trim()}`);
}

for (const entry of BROWSER_ENTRIES) {
  test(`sdk/${entry} bundles for a browser without Node builtins, Buffer or process`, async () => {
    const report = await bundle(entry);
    assert.deepEqual(report.builtins, [], "Node builtins in the browser bundle");
    assert.ok(report.ownInputs.length > 0);
    assert.deepEqual(report.ownInputs.flatMap(nodeGlobals), [], "Node globals in SDK code on a browser path");
    assert.ok(!report.ownInputs.some((file) => file.startsWith("sdk/keyring/")), "the keyring stays out of browser entries");
  });
}

test("the check sees Node code: the Node-only keyring imports node:fs, node:crypto and uses Buffer", async () => {
  const report = await bundle("keyring/index");
  assert.ok(report.builtins.some((b) => b.startsWith("node:fs")));
  assert.ok(report.builtins.some((b) => b.startsWith("node:crypto")));
  assert.ok(report.ownInputs.flatMap(nodeGlobals).some((line) => line.includes("Buffer")));
});

test("the query entry stays small: it does not pull CosmJS in", async () => {
  const report = await bundle("query/index");
  assert.ok(!report.ownInputs.some((file) => file.startsWith("sdk/wallet/")));
  assert.ok(report.bytes < 400 * 1024, `query bundle is ${report.bytes} bytes`);
});

test("the entries checked here are the package's exports: every one but ./keyring, which only the node condition offers", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "sdk", "package.json"), "utf8")) as { exports: Record<string, unknown> };
  const browser: string[] = [];
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (subpath === "./package.json" || subpath === "./proto/*") continue;
    const conditions = target as Record<string, { import?: string }> & { import?: string };
    if (subpath === "./keyring") {
      assert.deepEqual(Object.keys(conditions), ["node"]);
      continue;
    }
    assert.match(conditions.import ?? "", /^\.\/dist\/sdk\/.+\.js$/, subpath);
    browser.push(conditions.import!.replace(/^\.\/dist\/sdk\//, "").replace(/\.js$/, ""));
  }
  assert.deepEqual(browser.sort(), [...BROWSER_ENTRIES].sort());
});
