// The app's modules leave the EVM's execution code (@ethereumjs/vm and evm, the WebAssembly
// precompile backends) unloaded until a VM is needed: it is most of their loading time, which a
// node's start would otherwise wait for. Checked in a fresh process that records every module
// Node resolves.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const EXECUTION_CODE = /node_modules\/(@ethereumjs\/(vm|evm)|mcl-wasm|rustbn-wasm)\//;

// Resolve hooks run on a thread of their own: each resolved URL comes back through a port.
const HOOKS = `let port; export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) { const r = await next(specifier, context); port.postMessage(r.url); return r; }`;

const CHILD = `
import { register } from "node:module";
import { MessageChannel } from "node:worker_threads";
const { port1, port2 } = new MessageChannel();
const urls = [];
port1.on("message", (url) => urls.push(url));
port1.unref();
register("data:text/javascript," + encodeURIComponent(${JSON.stringify(HOOKS)}), { data: { port: port2 }, transferList: [port2] });
const settle = () => new Promise((r) => setTimeout(r, 300));
await import(${JSON.stringify(new URL("../../../modules.ts", import.meta.url).href)});
await settle();
const before = urls.length;
const { loadVm } = await import(${JSON.stringify(new URL("./vmLoader.ts", import.meta.url).href)});
const vm = await loadVm();
if (vm !== (await loadVm())) throw new Error("loadVm gave two modules");
await settle();
console.log(JSON.stringify({ before: urls.slice(0, before), after: urls.slice(before), createEvmRuntime: typeof vm.createEvmRuntime }));
`;

test("the app's modules load no EVM execution code; loadVm() loads it, once", () => {
  const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", CHILD], {
    cwd: fileURLToPath(new URL("../../../../", import.meta.url)),
    encoding: "utf8",
  });
  const seen = JSON.parse(out.trim().split("\n").pop()!) as { before: string[]; after: string[]; createEvmRuntime: string };
  assert.ok(
    seen.before.some((url) => url.endsWith("/app/modules.ts")),
    "the hook saw the app's modules load",
  );
  assert.deepEqual(
    seen.before.filter((url) => EXECUTION_CODE.test(url)),
    [],
  );
  assert.ok(
    seen.after.some((url) => url.includes("node_modules/@ethereumjs/vm/")),
    "loadVm() loads @ethereumjs/vm",
  );
  assert.ok(
    seen.after.some((url) => url.includes("node_modules/mcl-wasm/")),
    "and the WebAssembly backends",
  );
  assert.equal(seen.createEvmRuntime, "function");
});
