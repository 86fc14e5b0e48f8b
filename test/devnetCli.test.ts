// `unitd devnet` as an operator types it: init on free ports, start (the endpoint table), status
// from another terminal (four nodes at one height with one app hash and three peers each), a
// taken port named before anything starts, stop, and reset to a fresh genesis.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { waitUntil, isPortFree } from "../cometbft/readiness.js";
import { DEFAULT_PORTS } from "../common/node/ports.js";
import { nodeHomePaths, readAppConfig } from "../common/node/home.js";
import { freeDevnetPortBlock } from "./support/devnet.js";
import { runUnitd, UNITD_MAIN } from "./support/unitdCli.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-devnet-cli-"));
let offset = 0;
let supervisor: ChildProcess | undefined;
let output = "";

const devnet = (...args: string[]) => runUnitd(["devnet", ...args, "--dir", dir]);

let releasePorts = () => {};
before(async () => {
  // Below the ephemeral range and claimed against the other devnet tests running alongside.
  const block = await freeDevnetPortBlock();
  offset = block.base.rpc - DEFAULT_PORTS.rpc;
  releasePorts = block.release;
});

after(async () => {
  supervisor?.kill("SIGTERM");
  await devnet("stop");
  supervisor?.kill("SIGKILL");
  releasePorts();
  if (process.env.KEEP_NODE_HOME) console.log(`devnet kept at ${dir}`);
  else fs.rmSync(dir, { recursive: true, force: true });
});

function start(): ChildProcess {
  output = "";
  const child = spawn(process.execPath, [UNITD_MAIN, "devnet", "start", "--dir", dir], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (c) => (output += c));
  child.stderr!.on("data", (c) => (output += c));
  return child;
}

test("init generates four nodes whose ports are the offset + 10 per validator", async () => {
  const run = await devnet("init", "--port-offset", String(offset));
  assert.equal(run.code, 0, run.stderr);
  for (let i = 0; i < 4; i++) {
    const config = readAppConfig(nodeHomePaths(path.join(dir, `node${i}`)));
    assert.equal(config.ports.rest, DEFAULT_PORTS.rest + offset + 10 * i);
    assert.equal(config.ports.rpc, DEFAULT_PORTS.rpc + offset + 10 * i);
    assert.equal(config.unsafeCors, true);
  }
  // The spec's devnet votes for 30 seconds, with a deposit its validators can afford.
  const genesis = JSON.parse(fs.readFileSync(path.join(dir, "node0", "cometbft", "config", "genesis.json"), "utf8"));
  assert.equal(genesis.chain_id, "unit_2611-1");
  assert.equal(genesis.app_state.gov.params.voting_period, "30s");
  assert.deepEqual(genesis.app_state.gov.params.min_deposit, [{ denom: "uunit", amount: "10000000" }]);
  assert.equal(genesis.app_state.staking.gen_validators.length, 4);
  assert.ok(fs.existsSync(path.join(dir, "devnet.json")), "the completion marker");
});

test("a taken port is named before anything starts", async () => {
  const blocker = net.createServer();
  const port = DEFAULT_PORTS.rest + offset + 20;
  await new Promise<void>((resolve) => blocker.listen(port, "127.0.0.1", resolve));
  try {
    const child = start();
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    assert.notEqual(code, 0);
    assert.match(output, new RegExp(`${port} \\(validator-2 rest\\)`), output);
    assert.equal(fs.existsSync(path.join(dir, "devnet.pid")), false, "nothing left running");
  } finally {
    blocker.close();
  }
});

test("start prints every validator's endpoints; status shows one height, one app hash, three peers each", async () => {
  supervisor = start();
  const exited = new Promise<void>((resolve) => supervisor!.on("exit", () => resolve()));
  // The table's last line: the announcement can arrive in one chunk and the table in the next.
  await waitUntil("the devnet to be up", async () => /validators are up[\s\S]*CORS is permissive/.test(output), 180_000, exited).catch((err: Error) => {
    throw new Error(`${err.message}; supervisor output:\n${output.slice(-3000)}`);
  });
  for (let i = 0; i < 4; i++)
    assert.match(
      output,
      new RegExp(
        `validator-${i}\\s+http://127\\.0\\.0\\.1:${DEFAULT_PORTS.rpc + offset + 10 * i}\\s+${DEFAULT_PORTS.p2p + offset + 10 * i}\\s+127\\.0\\.0\\.1:${DEFAULT_PORTS.grpc + offset + 10 * i}\\s+http://127\\.0\\.0\\.1:${DEFAULT_PORTS.rest + offset + 10 * i}`,
      ),
    );
  assert.match(output, new RegExp(`faucet: http://127\\.0\\.0\\.1:${DEFAULT_PORTS.faucet! + offset}/faucet`));

  const again = await devnet("start");
  assert.equal(again.code, 1);
  assert.match(again.stderr, /already running/);

  // Status lines: the app hash is the same on every node at a moment all four share a height.
  await waitUntil(
    "four nodes at one height",
    async () => {
      const run = await devnet("status");
      const rows = run.stdout
        .split("\n")
        .filter((l) => /^validator-\d/.test(l))
        .map((l) => l.trim().split(/\s+/));
      return rows.length === 4 && rows.every((r) => r[1] === rows[0]![1] && r[2] === rows[0]![2] && r[3] === "3" && r[4] === "false");
    },
    30_000,
  );
  const status = await devnet("status");
  assert.match(status.stdout, /running \(supervisor pid \d+\)/);
});

test("stop ends every process; reset gives a fresh genesis on the same ports", async () => {
  const genesisBefore = fs.readFileSync(path.join(dir, "node0", "cometbft", "config", "genesis.json"), "utf8");
  const stopped = await devnet("stop");
  assert.equal(stopped.code, 0, stopped.stderr);
  if (supervisor!.exitCode === null && supervisor!.signalCode === null) await new Promise((resolve) => supervisor!.once("exit", resolve));
  assert.equal(supervisor!.exitCode, 0, "the supervisor stopped cleanly");
  for (let i = 0; i < 4; i++) {
    for (const base of [DEFAULT_PORTS.rpc, DEFAULT_PORTS.p2p, DEFAULT_PORTS.grpc, DEFAULT_PORTS.rest, DEFAULT_PORTS.abci])
      assert.ok(await isPortFree(base + offset + 10 * i), `validator-${i}'s port ${base + offset + 10 * i} is released`);
  }
  assert.ok(await isPortFree(DEFAULT_PORTS.faucet! + offset), "the faucet's port is released");
  const status = await devnet("status");
  assert.match(status.stdout, /not running/);
  assert.match(status.stdout, /validator-0\s+down/);

  const reset = await devnet("reset");
  assert.equal(reset.code, 0, reset.stderr);
  const genesisAfter = fs.readFileSync(path.join(dir, "node0", "cometbft", "config", "genesis.json"), "utf8");
  assert.notEqual(genesisAfter, genesisBefore, "a new genesis (new genesis time)");
  assert.deepEqual(
    JSON.parse(genesisAfter).app_state.staking.gen_validators,
    JSON.parse(genesisBefore).app_state.staking.gen_validators,
    "the same deterministic validators",
  );
  assert.equal(fs.existsSync(path.join(dir, "node0", "data", "app.db")), false, "state wiped");
  assert.equal(readAppConfig(nodeHomePaths(path.join(dir, "node3"))).ports.rest, DEFAULT_PORTS.rest + offset + 30, "ports kept");
});
