import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cometStartCommand, P2P_FLAGS, parsePeerList } from "./startArgs.js";
import { nodeProcesses } from "./devnet/processes.js";
import { ensureCometbft } from "./install.js";

const ID_A = "a".repeat(40);
const ID_B = "0123456789abcdef0123456789abcdef01234567";

test("without options, cometbft start gets only the home", () => {
  assert.deepEqual(cometStartCommand("/h/cometbft"), { args: ["start", "--home", "/h/cometbft"], env: {} });
});

test("log settings and peers are passed under CometBFT's names, in a fixed order", () => {
  const { args, env } = cometStartCommand("/h/cometbft", {
    logLevel: "debug",
    logFormat: "json",
    p2p: { "p2p.seeds": `${ID_B}@seed.example.org:26656`, "p2p.persistent_peers": ` ${ID_A}@10.0.0.1:26656 , ${ID_B}@[::1]:36656,` },
  });
  assert.deepEqual(args, [
    "start",
    "--home",
    "/h/cometbft",
    "--log_level",
    "debug",
    "--p2p.persistent_peers",
    `${ID_A}@10.0.0.1:26656,${ID_B}@[::1]:36656`,
    "--p2p.seeds",
    `${ID_B}@seed.example.org:26656`,
  ]);
  assert.deepEqual(env, { CMT_LOG_FORMAT: "json" }, "start has no --log_format flag");
  assert.deepEqual(cometStartCommand("/h", { logFormat: "text" }), { args: ["start", "--home", "/h"], env: {} }, "text is CometBFT's default");
});

test("a malformed peer list is refused naming the flag and the entry", () => {
  const cases: Array<[string, RegExp]> = [
    ["", /--p2p.persistent_peers needs at least one/],
    [" , ", /needs at least one/],
    ["10.0.0.1:26656", /"10.0.0.1:26656": expected <node id>@<host>:<port>/],
    [`${ID_A}@10.0.0.1`, /expected <node id>@<host>:<port>/],
    [`${ID_A.toUpperCase()}@10.0.0.1:26656`, /node id must be 40 lowercase hex/],
    [`abc@10.0.0.1:26656`, /node id must be 40 lowercase hex/],
    [`${ID_A}@:26656`, /the host is empty/],
    [`${ID_A}@h:0`, /port must be 1-65535/],
    [`${ID_A}@h:65536`, /port must be 1-65535/],
    [`${ID_A}@h:p2p`, /port must be 1-65535/],
    [`${ID_A}@h:26656,${ID_B}@h`, new RegExp(`"${ID_B}@h": expected`)],
  ];
  for (const [value, error] of cases) assert.throws(() => parsePeerList("p2p.persistent_peers", value), error, JSON.stringify(value));
  assert.throws(() => cometStartCommand("/h", { p2p: { "p2p.seeds": "nope" } }), /--p2p.seeds: "nope"/);
});

test("the devnet's CometBFT process takes the same peer flags", () => {
  const peers = `${ID_A}@127.0.0.1:26656`;
  const comet = nodeProcesses("/n/node4", 4, "cometbft", { "p2p.persistent_peers": peers })[1]!;
  assert.deepEqual(comet.args, ["start", "--home", "/n/node4/cometbft", "--p2p.persistent_peers", peers]);
  assert.deepEqual(nodeProcesses("/n/node4", 4, "cometbft")[1]!.args, ["start", "--home", "/n/node4/cometbft"]);
});

test("the pinned CometBFT's start command has every forwarded flag", () => {
  const help = execFileSync(ensureCometbft(), ["start", "--help"], { encoding: "utf8" });
  for (const flag of [...P2P_FLAGS, "log_level"]) assert.match(help, new RegExp(`--${flag.replace(".", "\\.")} string`), flag);
});

test("CometBFT logs JSON lines when given the variable", () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "unit-startargs-"));
  try {
    const binary = ensureCometbft();
    execFileSync(binary, ["init", "--home", home], { stdio: "ignore" });
    // `show-node-id` loads config.toml through the same viper setup as start, then logs nothing;
    // an invalid format is refused only if the variable is read, which proves it is.
    const { env } = cometStartCommand(home, { logFormat: "json" });
    assert.equal(spawnSync(binary, ["show-node-id", "--home", home], { env: { ...process.env, ...env } }).status, 0);
    const bad = spawnSync(binary, ["show-node-id", "--home", home], { env: { ...process.env, CMT_LOG_FORMAT: "yaml" }, encoding: "utf8" });
    assert.notEqual(bad.status, 0, bad.stdout + bad.stderr);
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
});
