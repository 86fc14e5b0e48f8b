// Time to the first committed block, fresh chain each run, on a warm machine (CometBFT already
// installed, dist/ built): `npm start` on an unchanged tree (its build step finds nothing to do),
// `unitd start` alone (bin/unitd.js, as an installed `unitd` runs), and CometBFT's built-in kvstore app started the same way, as the floor set
// by CometBFT itself.
// Usage: node --import tsx bench/startup.ts [--runs 5]
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureCometbft } from "../cometbft/install.js";
import { REPO_ROOT } from "../common/node/paths.js";
import { DEFAULT_PORTS, shiftPorts } from "../common/node/ports.js";
import { findFreePortOffset } from "../cometbft/readiness.js";
import { hasHeight } from "../cometbft/rpc.js";
import { writeCometConfig, defaultCometConfig } from "../cometbft/config.js";
import { median } from "./stats.js";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const runs = Number(values.runs);
const comet = ensureCometbft();

/** Starts `command`, returns ms until the RPC reports height 1, then stops it with SIGINT. */
async function timeToFirstBlock(command: string, args: string[], rpcPort: number): Promise<number> {
  const started = performance.now();
  // Its own process group, so the stop reaches what npm started too.
  const child = spawn(command, args, { stdio: "ignore", detached: true, cwd: REPO_ROOT });
  const exited = new Promise((r) => child.on("close", r));
  while (!(await hasHeight(`http://127.0.0.1:${rpcPort}`, 1))) {
    if (child.exitCode !== null) throw new Error(`${command} exited early`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  process.kill(-child.pid!, "SIGINT");
  await exited;
  return ms;
}

/** `unitd start` run directly, or through `npm start` (which builds first) when `viaNpm`. */
async function unitdRun(viaNpm: boolean): Promise<number> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "bench-start-"));
  const offset = await findFreePortOffset();
  const flags = ["--home", home, "--port-offset", String(offset)];
  try {
    return viaNpm
      ? await timeToFirstBlock("npm", ["start", "--silent", "--", ...flags], DEFAULT_PORTS.rpc + offset)
      : await timeToFirstBlock(process.execPath, [path.join(REPO_ROOT, "bin/unitd.js"), "start", ...flags], DEFAULT_PORTS.rpc + offset);
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

async function kvstoreRun(): Promise<number> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "bench-kv-"));
  const ports = shiftPorts(await findFreePortOffset());
  try {
    const started = performance.now();
    await new Promise((resolve, reject) =>
      spawn(comet, ["init", "--home", home], { stdio: "ignore" }).on("close", (c) => (c === 0 ? resolve(c) : reject(new Error("init failed")))),
    );
    writeCometConfig(home, { ...defaultCometConfig(ports), proxyApp: "kvstore" });
    const initMs = performance.now() - started;
    return initMs + (await timeToFirstBlock(comet, ["start", "--home", home], ports.rpc));
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

// The build step must find nothing to do in the timed runs: bring the tree up to date first.
const build = spawnSync(process.execPath, [path.join(REPO_ROOT, "scripts/build.mjs"), "--quiet"], { stdio: "inherit" });
if (build.status !== 0) throw new Error("scripts/build.mjs failed");

const npmStart: number[] = [];
const unitd: number[] = [];
const kvstore: number[] = [];
for (let i = 0; i < runs; i++) {
  npmStart.push(await unitdRun(true));
  unitd.push(await unitdRun(false));
  kvstore.push(await kvstoreRun());
  process.stderr.write(
    `run ${i + 1}/${runs}: npm start ${npmStart.at(-1)!.toFixed(0)} ms, unitd ${unitd.at(-1)!.toFixed(0)} ms, kvstore ${kvstore.at(-1)!.toFixed(0)} ms\n`,
  );
}
console.log(`| what | median ms to first block | runs |`);
console.log(`| --- | --- | --- |`);
console.log(`| npm start on an unchanged tree (build check + init + app + CometBFT) | ${median(npmStart).toFixed(0)} | ${runs} |`);
console.log(`| unitd start (init + app + CometBFT) | ${median(unitd).toFixed(0)} | ${runs} |`);
console.log(`| cometbft init + start with built-in kvstore | ${median(kvstore).toFixed(0)} | ${runs} |`);
