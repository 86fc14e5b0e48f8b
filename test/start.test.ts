// The `npm start` path as a user runs it: `unitd start` creates a chain, produces blocks, stops
// cleanly on Ctrl-C (SIGINT), and the next start resumes the same chain.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_PORTS, shiftPorts } from "../common/node/ports.js";
import { findFreePortOffset, isPortFree } from "../cometbft/readiness.js";
import { getStatus } from "../cometbft/rpc.js";
import { runnableModule } from "../common/node/entryPoints.js";

const UNITD = runnableModule("app/cli/unitd");
const home = fs.mkdtempSync(path.join(os.tmpdir(), "unit-start-"));
after(() => fs.rmSync(home, { recursive: true, force: true }));

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

const offset = await findFreePortOffset();
const rpc = `http://127.0.0.1:${DEFAULT_PORTS.rpc + offset}`;

/** Runs `unitd start` until the node is announced and at `minHeight`, then sends SIGINT. */
async function runUntil(minHeight: number): Promise<{ output: string; code: number | null; height: number }> {
  const child = spawn(process.execPath, [UNITD, "start", "--home", home, "--port-offset", String(offset)], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, UNIT_LOG_PRETTY: "0" },
  });
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  let height = 0;
  const deadline = Date.now() + 90_000;
  // Both: blocks are made, and the supervisor has announced the node (it waits for every API first).
  while (height < minHeight || !/press Ctrl-C to stop/.test(output)) {
    if (child.exitCode !== null) throw new Error(`unitd start exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`no height ${minHeight} in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
    height = await getStatus(rpc).then(
      (s) => s.latestBlockHeight,
      () => 0,
    );
  }
  child.kill("SIGINT");
  const code = await withTimeout(exited, 30_000, "unitd to stop after SIGINT");
  if (process.env.DEBUG_START) fs.writeFileSync("/tmp/start-debug.log", output);
  return { output, code, height };
}

test("first start creates the chain, prints its endpoints, and Ctrl-C stops every process", async () => {
  const first = await runUntil(3);
  assert.equal(first.code, 0, first.output);
  assert.match(first.output, /created a new chain "unit_2611-1"/);
  assert.match(first.output, new RegExp(`CometBFT RPC\\s+http://127\\.0\\.0\\.1:${DEFAULT_PORTS.rpc + offset}`));
  assert.match(first.output, new RegExp(`gRPC\\s+127\\.0\\.0\\.1:${DEFAULT_PORTS.grpc + offset}`));
  assert.match(first.output, new RegExp(`faucet\\s+http://127\\.0\\.0\\.1:${DEFAULT_PORTS.faucet! + offset}`));
  assert.match(first.output, new RegExp(`explorer\\s+http://127\\.0\\.0\\.1:${DEFAULT_PORTS.rest + offset}/explorer/`));
  assert.match(first.output, /\[supervisor\] stopped/, first.output.split("\n").slice(-8).join("\n"));
  assert.match(first.output, /\[app\] /, "children's logs are prefixed");
  assert.match(first.output, /the validator's operator key is "validator" \(unit1v5ptfk7aalur8q6vnkgev8wwlk4fqgfwyu9p2p\) in the test keyring/);
  const genesis = JSON.parse(fs.readFileSync(path.join(home, "cometbft", "config", "genesis.json"), "utf8"));
  assert.deepEqual(genesis.validators, [], "the app hands CometBFT its validator set at InitChain");
  assert.equal(genesis.app_state.staking.gen_validators.length, 1);
  assert.equal(genesis.app_state.gov.params.voting_period, "30s");
  for (const port of Object.values(shiftPorts(offset)).slice(0, 3)) assert.ok(await isPortFree(port), `port ${port} released`);
});

test("the next start resumes the same chain and the height keeps growing", async () => {
  const before = JSON.parse(fs.readFileSync(path.join(home, "cometbft", "config", "genesis.json"), "utf8")).genesis_time;
  const second = await runUntil(6);
  assert.equal(second.code, 0, second.output);
  assert.match(second.output, /resuming chain "unit_2611-1"/);
  assert.ok(second.height >= 6);
  const afterGenesis = JSON.parse(fs.readFileSync(path.join(home, "cometbft", "config", "genesis.json"), "utf8")).genesis_time;
  assert.equal(afterGenesis, before, "genesis untouched by a resume");
});

test("when a child dies the supervisor says which and how, stops the rest, and exits non-zero", async () => {
  const child = spawn(process.execPath, [UNITD, "start", "--home", home], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, UNIT_LOG_PRETTY: "0" } });
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
  const deadline = Date.now() + 60_000;
  while (!/press Ctrl-C to stop/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`node did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const appPid = Number(/"pid":(\d+)[^\n]*"msg":"app ready"/.exec(output)?.[1]);
  if (!(appPid > 0)) {
    // Leave nothing running for the next test, whatever went wrong here.
    child.kill("SIGINT");
    await withTimeout(closed, 30_000, "supervisor exit after SIGINT");
    assert.fail(`"node is up" came before the app's ready log line:\n${output}`);
  }
  process.kill(appPid, "SIGKILL");
  assert.equal(await withTimeout(closed, 30_000, "supervisor exit"), 1);
  assert.match(output, /\[supervisor\] app was killed by SIGKILL/);
  assert.match(output, /stopping the other processes/);
  assert.equal(
    await getStatus(rpc).then(
      () => "up",
      () => "down",
    ),
    "down",
    "CometBFT stopped too",
  );
});

test("a port already in use is reported by name before anything starts", async () => {
  const net = await import("node:net");
  const blocker = net.createServer().listen(DEFAULT_PORTS.rpc + offset, "127.0.0.1");
  await new Promise((r) => blocker.once("listening", r));
  try {
    const child = spawn(process.execPath, [UNITD, "start", "--home", home], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    const code = await withTimeout(new Promise<number | null>((resolve) => child.on("close", resolve)), 30_000, "unitd to refuse");
    assert.equal(code, 1);
    assert.match(output, new RegExp(`${DEFAULT_PORTS.rpc + offset} \\(CometBFT RPC\\)`));
  } finally {
    blocker.close();
  }
});
