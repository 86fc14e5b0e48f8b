// The bundles `npm run build` writes (scripts/bundle.mjs) and that launchers run.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BUNDLED_MODULES, runnableModule } from "../common/node/entryPoints.js";
import { REPO_ROOT } from "../common/node/paths.js";

const bundles = BUNDLED_MODULES.map((module) => ({ module, file: runnableModule(module) }));

test("every process and worker entry point runs from its bundle after a build", () => {
  for (const { module, file } of bundles) assert.ok(file.endsWith(`dist/${module}.bundle.mjs`), `${module} runs ${file}`);
});

test("no bundle holds code that finds files by its own location", () => {
  // Such a package stays an import from node_modules: in a bundle its paths would point into dist/.
  for (const { file } of bundles) {
    const text = fs.readFileSync(file, "utf8");
    assert.doesNotMatch(text, /\b__dirname\b|\b__filename\b|require\.resolve\(/, file);
  }
});

test("the jump-analysis cache and the interpreter loop patch the interpreter the bundled EVM runs", () => {
  const copies = (text: string, file: string) => text.split(`// node_modules/@ethereumjs/evm/dist/esm/${file}\n`).length - 1;
  for (const module of ["app/main", "app/queryWorker"]) {
    const text = fs.readFileSync(runnableModule(module), "utf8");
    assert.equal(copies(text, "interpreter.js"), 1, `${module}: one copy of the interpreter`);
    assert.equal(copies(text, "opcodes/EIP7928.js"), 1, `${module}: one copy of the EIP-7928 helpers`);
    assert.ok(text.includes('"dist/app/modules/evm/tx/jumpAnalysisCache.js"'), `${module} holds the cache`);
    assert.ok(text.includes('"dist/app/modules/evm/tx/interpreterLoop.js"'), `${module} holds the loop`);
    for (const expression of ["await import(interpreterModule)", "await import(eip7928Module)"]) {
      assert.ok(!text.includes(expression), `${module}: ${expression} imports the bundled module, not a file`);
    }
  }
});

interface ObjectCopies {
  REWRITES: readonly { what: string; replacement: string }[];
  rewriteEvmObjectCopies(source: string, file?: string): string;
}
/** A build script's module (scripts/*.mjs), typed as what the test uses of it. */
const script = async <T>(file: string) => (await import(pathToFileURL(path.join(REPO_ROOT, "scripts", file)).href)) as T;
const objectCopies = () => script<ObjectCopies>("evmObjectCopies.mjs");

test("the bundled EVM copies call messages and interpreter state with Object.assign, not spreads", async () => {
  const { REWRITES } = await objectCopies();
  for (const module of ["app/main", "app/queryWorker"]) {
    const text = fs.readFileSync(runnableModule(module), "utf8");
    for (const { what, replacement } of REWRITES) assert.equal(text.split(replacement).length - 1, 1, `${module}: ${what}`);
    assert.doesNotMatch(text, /\.\.\.interpreterRes\.runState|\.\.\.\{ codeAddress: message\.codeAddress \}/, module);
  }
});

interface UtilPadding {
  rewriteUtilPadding(source: string, file?: string): string;
}
const utilPadding = () => script<UtilPadding>("utilBytePadding.mjs");

test("every bundle that holds @ethereumjs/util pads bytes with set, not spreads", async () => {
  // esbuild reprints the rewritten statement; its call stays as written.
  const setPadding = /padded\.set\(msg, right \? 0 : length - msg\.length\)/g;
  let holding = 0;
  for (const { module, file } of bundles) {
    const text = fs.readFileSync(file, "utf8");
    if (!text.includes("// node_modules/@ethereumjs/util/dist/esm/bytes.js\n")) continue;
    holding++;
    assert.equal(text.match(setPadding)?.length ?? 0, 1, module);
    assert.doesNotMatch(text, /new Uint8Array\(\[\.\.\.new Uint8Array\(length - msg\.length\), \.\.\.msg\]\)/, module);
  }
  assert.ok(holding >= 3, `${holding} bundles hold the library`);
});

test("the padding rewrite gives the library's bytes and refuses a source it does not match exactly once", async () => {
  const { rewriteUtilPadding } = await utilPadding();
  const original = fs.readFileSync(path.join(REPO_ROOT, "node_modules", "@ethereumjs", "util", "dist", "esm", "bytes.js"), "utf8");
  const body = (source: string) => source.slice(source.indexOf("const setLength = "), source.indexOf("};", source.indexOf("const setLength = ")) + 2);
  // Both versions of setLength as functions of their own (the body uses nothing but its arguments and the error helper).
  const make = (source: string) =>
    new Function("EthereumJSErrorWithoutCode", `${body(source)}; return setLength;`)((m: string) => new Error(m)) as (
      msg: Uint8Array,
      length: number,
      right: boolean,
      allowTruncate: boolean,
    ) => Uint8Array;
  const [before, after] = [make(original), make(rewriteUtilPadding(original))];
  for (let n = 0; n <= 33; n++) {
    const msg = Uint8Array.from({ length: n }, (_, i) => i + 1);
    for (const length of [0, 1, 20, 32]) {
      for (const right of [false, true]) {
        if (n > length) {
          assert.throws(() => after(msg, length, right, false), /exceeds target length/);
          assert.deepEqual(after(msg, length, right, true), before(msg, length, right, true));
          continue;
        }
        const padded = after(msg, length, right, false);
        assert.deepEqual(padded, before(msg, length, right, false));
        if (n < length) assert.notEqual(padded.buffer, msg.buffer, "a fresh array");
      }
    }
  }
  assert.throws(() => rewriteUtilPadding("export const x = 1;"), /matched 0 times, not once: update scripts\/utilBytePadding\.mjs/);
});

test("the EVM rewrite refuses a library it does not match exactly once", async () => {
  const { rewriteEvmObjectCopies } = await objectCopies();
  assert.throws(() => rewriteEvmObjectCopies("export class EVM {}"), /matched 0 times, not once: update scripts\/evmObjectCopies\.mjs/);
  const once =
    "f({ ...{ codeAddress: message.codeAddress }, ...message, gasLimit }); g({ ...message, gasLimit, isCreate: true }); h({ runState: { ...interpreterRes.runState, ...result, ...interpreter._env } });";
  assert.match(rewriteEvmObjectCopies(once), /^f\(Object\.assign\(\{ codeAddress: message\.codeAddress \}, message, \{ gasLimit \}\)\); g\(Object\.assign/);
  assert.throws(() => rewriteEvmObjectCopies(once + once), /matched 2 times/);
});
