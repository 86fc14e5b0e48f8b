/**
 * What scripts/evmObjectCopies.mjs saves. Node 20's V8 builds an object literal that spreads
 * several objects by adding each property after the first spread's through its runtime, and
 * @ethereumjs/evm copies a whole call message and interpreter state that way for every message
 * frame; the bundles build those copies with Object.assign instead. Two parts:
 *
 *   1. the same copy both ways, for objects shaped as the EVM's (a message of 25 properties; a
 *      state of 20, a result of 3 and an environment of 20);
 *   2. Token's balanceOf and transfer through evm.runCall, with the library bundled as installed,
 *      with the rewrite, and with it and @ethereumjs/util's padding rewrite
 *      (scripts/utilBytePadding.mjs) as the node's bundles have both (bench/object-copies/tokenCalls.ts,
 *      each copy in this process), in alternating rounds.
 *
 *   npm run bench -- object-copies [--rounds 12] [--calls 400]
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { hexToBytes } from "@ethereumjs/util";
import { positiveIntFlag } from "./args.js";
import { median } from "./stats.js";
import { TOKEN, token } from "./erc20/workload.js";
import { REPO_ROOT } from "../common/node/paths.js";
import type * as TokenCalls from "./object-copies/tokenCalls.js";

const { values: args } = parseArgs({ options: { rounds: { type: "string", default: "12" }, calls: { type: "string", default: "400" } } });
const rounds = positiveIntFlag(args.rounds, "rounds");
const calls = positiveIntFlag(args.calls, "calls");

// --- 1. one copy, two ways ---------------------------------------------------------------------

const shaped = (n: number, prefix: string) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, i]));
const message = shaped(25, "m");
const [state, result, env] = [shaped(20, "s"), shaped(3, "r"), shaped(20, "e")];
const copies = {
  "message: { ...{ codeAddress }, ...message, gasLimit }": [
    () => ({ ...{ codeAddress: 1 }, ...message, gasLimit: 2 }),
    () => Object.assign({ codeAddress: 1 }, message, { gasLimit: 2 }),
  ],
  "state: { ...state, ...result, ...env }": [() => ({ ...state, ...result, ...env }), () => Object.assign({}, state, result, env)],
} as const;

function timeCopy(copy: () => object, n = 50_000): number {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) if (Object.keys(copy()).length === 0) throw new Error("empty copy");
  return Number(process.hrtime.bigint() - t0) / 1000 / n;
}

console.log(`One copy, µs (median of ${rounds} alternating rounds of 50,000 after one untimed)\n`);
console.log("| copy | spread | Object.assign |");
console.log("| --- | ---: | ---: |");
for (const [name, [spread, assign]] of Object.entries(copies)) {
  timeCopy(spread);
  timeCopy(assign);
  const times: [number[], number[]] = [[], []];
  for (let r = 0; r < rounds; r++) {
    times[0].push(timeCopy(spread));
    times[1].push(timeCopy(assign));
  }
  console.log(`| ${name} | ${median(times[0]).toFixed(2)} | ${median(times[1]).toFixed(2)} |`);
}

// --- 2. the EVM, bundled both ways -------------------------------------------------------------

const plugin = async (file: string, name: string) =>
  ((await import(pathToFileURL(path.join(REPO_ROOT, "scripts", file)).href)) as Record<string, esbuild.Plugin>)[name]!;
const evmObjectCopies = await plugin("evmObjectCopies.mjs", "evmObjectCopies");
const utilBytePadding = await plugin("utilBytePadding.mjs", "utilBytePadding");
/** Every package stays an import from node_modules but the EVM and its byte helpers, which each bundle holds its own copy of. */
const onlyTheEvmBundled: esbuild.Plugin = {
  name: "only-the-evm-bundled",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (a) =>
      a.path === "@ethereumjs/evm" || a.path === "@ethereumjs/util" ? undefined : { path: a.path, external: true },
    );
  },
};

/** The entry bundled with `plugins`, imported. Written beside the entry, so its package imports resolve from the repository. */
async function bundle(name: string, plugins: esbuild.Plugin[]): Promise<typeof TokenCalls> {
  const outfile = path.join(REPO_ROOT, "bench", "object-copies", `.${name}.bundle.mjs`);
  await esbuild.build({
    entryPoints: [path.join(REPO_ROOT, "bench", "object-copies", "tokenCalls.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    plugins: [onlyTheEvmBundled, ...plugins],
    logLevel: "warning",
  });
  try {
    return (await import(pathToFileURL(outfile).href)) as typeof TokenCalls;
  } finally {
    fs.rmSync(outfile);
  }
}

const deploy = hexToBytes((TOKEN.bytecode + token.encodeDeploy(["Bench Token", "BENCH", 10n ** 30n]).slice(2)) as `0x${string}`);
const variants = [];
for (const [name, plugins] of [
  ["installed", []],
  ["rewritten", [evmObjectCopies]],
  ["padded", [evmObjectCopies, utilBytePadding]],
] as const) {
  const calls = await bundle(name, [...plugins]);
  variants.push({ calls, target: await calls.deployToken(deploy) });
}
const recipient = (i: number) => "0x" + (0x2000 + (i % 200)).toString(16).padStart(40, "0");
const inputs = {
  balanceOf: Array.from({ length: calls }, (_, i) => hexToBytes(token.encodeFunctionData("balanceOf", [recipient(i)]) as `0x${string}`)),
  transfer: Array.from({ length: calls }, (_, i) => hexToBytes(token.encodeFunctionData("transfer", [recipient(i), 1n]) as `0x${string}`)),
};
console.log(`\nToken through evm.runCall, µs per call (medians of ${rounds} alternating rounds of ${calls} calls, after one untimed)\n`);
console.log("| call | library as installed | with the copies rewritten | less | and the padding too (bundles) | less again |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
for (const [name, data] of Object.entries(inputs)) {
  const times = variants.map(() => [] as number[]);
  for (const v of variants) await v.calls.timeCalls(v.target, data);
  for (let r = 0; r < rounds; r++) for (const [i, v] of variants.entries()) times[i]!.push(await v.calls.timeCalls(v.target, data));
  const [installed, copies, padded] = times.map(median) as [number, number, number];
  const less = (from: number, to: number) => `${(from - to).toFixed(1)} (${((100 * (from - to)) / from).toFixed(1)} %)`;
  console.log(`| ${name} | ${installed.toFixed(1)} | ${copies.toFixed(1)} | ${less(installed, copies)} | ${padded.toFixed(1)} | ${less(copies, padded)} |`);
}
