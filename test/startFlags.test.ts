// `unitd start`'s flags for CometBFT: --p2p.persistent_peers reaches CometBFT for this run (its
// log names the peer, config.toml stays as it was), a malformed list is refused before a home is
// created, and --log-format json turns CometBFT's log into JSON lines.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findFreePortOffset } from "../cometbft/readiness.js";
import { nodeHomePaths } from "../common/node/home.js";
import { getTomlValue } from "../cometbft/toml.js";
import { runnableModule } from "../common/node/entryPoints.js";

const UNITD = runnableModule("app/cli/unitd");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-startflags-"));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const PEER = `${"ab".repeat(20)}@127.0.0.1:9`;

test("a malformed peer list is refused before anything is created", () => {
  const home = path.join(dir, "refused");
  const run = spawnSync(process.execPath, [UNITD, "start", "--home", home, "--p2p.persistent_peers", "127.0.0.1:26656"], { encoding: "utf8" });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /--p2p\.persistent_peers: "127\.0\.0\.1:26656": expected <node id>@<host>:<port>/);
  assert.equal(fs.existsSync(home), false);
});

test("unitd start --help names the peer flags", () => {
  const run = spawnSync(process.execPath, [UNITD, "start", "--help"], { encoding: "utf8" });
  assert.equal(run.status, 0);
  assert.match(run.stdout, /--p2p\.persistent_peers <id@host:port,\.\.\.>/);
  assert.match(run.stdout, /--p2p\.seeds/);
});

test("the peers and the JSON log format reach CometBFT", { timeout: 90_000 }, async () => {
  const home = path.join(dir, "node");
  const offset = await findFreePortOffset();
  const child = spawn(
    process.execPath,
    [UNITD, "start", "--home", home, "--port-offset", String(offset), "--log-format", "json", "--p2p.persistent_peers", PEER].concat([
      "--api.enable",
      "false",
      "--json-rpc.enable",
      "false",
      "--faucet.enable",
      "false",
    ]),
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  const cometLines = () =>
    output
      .split("\n")
      .filter((l) => l.startsWith("[cometbft] "))
      .map((l) => l.slice("[cometbft] ".length));
  const deadline = Date.now() + 60_000;
  while (!cometLines().some((l) => l.includes('"Adding persistent peers"')) || !output.includes("node is up")) {
    if (child.exitCode !== null) throw new Error(`unitd start exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`timed out:\n${output.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGINT");
  assert.equal(await exited, 0, output.slice(-2000));

  const lines = cometLines().filter((l) => l.trim() !== "");
  assert.ok(lines.length > 10);
  const parsed = lines.map((l) => JSON.parse(l) as { _msg?: string; addrs?: string[] });
  assert.deepEqual(parsed.find((l) => l._msg === "Adding persistent peers")?.addrs, [PEER]);
  const configToml = fs.readFileSync(path.join(nodeHomePaths(home).cometHome, "config", "config.toml"), "utf8");
  assert.equal(getTomlValue(configToml, "p2p", "persistent_peers"), '""', "the flag does not edit config.toml");
});
