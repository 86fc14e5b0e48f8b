import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureCometbft } from "../install.js";
import { nodeHomePaths, readAppConfig } from "../../common/node/home.js";
import { DEFAULT_PORTS, shiftPorts, type NodePorts } from "../../common/node/ports.js";
import { getTomlValue } from "../toml.js";
import { generateDevnet, isGenerated } from "./generate.js";
import { devnetNodes, generatedNodes, persistentPeers } from "./layout.js";
import { endpointTable } from "./table.js";
import { localChainAppState } from "../../app/localGenesis.js";

const DIR = path.join(os.tmpdir(), "layout-test-devnet");
const PER_NODE = ["rpc", "p2p", "abci", "grpc", "rest", "evmHttp", "evmWs"] as const;

test("validator i's every port is the default + 10·i (spec section 1, rule 1)", () => {
  const nodes = devnetNodes(DIR);
  assert.equal(nodes.length, 4);
  assert.deepEqual(
    nodes.map((n) => n.ports.rest),
    [1317, 1327, 1337, 1347],
  );
  assert.deepEqual(
    nodes.map((n) => n.ports.rpc),
    [26657, 26667, 26677, 26687],
  );
  assert.deepEqual(
    nodes.map((n) => n.ports.p2p),
    [26656, 26666, 26676, 26686],
  );
  assert.deepEqual(
    nodes.map((n) => n.ports.abci),
    [26658, 26668, 26678, 26688],
  );
  assert.deepEqual(
    nodes.map((n) => n.ports.grpc),
    [9090, 9100, 9110, 9120],
  );
  assert.deepEqual(
    nodes.map((n) => n.ports.evmHttp),
    [8545, 8555, 8565, 8575],
  );
  assert.deepEqual(
    nodes.map((n) => n.ports.evmWs),
    [8546, 8556, 8566, 8576],
  );
  for (const n of nodes) {
    for (const what of PER_NODE) assert.equal(n.ports[what], DEFAULT_PORTS[what] + 10 * n.index, `${n.moniker} ${what}`);
    assert.equal(n.home, path.join(DIR, `node${n.index}`));
    assert.equal(n.moniker, `validator-${n.index}`);
  }
  const every = nodes.flatMap((n) => Object.values(n.ports));
  assert.equal(new Set(every).size, every.length, "no port is used twice");
});

test("one faucet per network, beside validator 0", () => {
  const nodes = devnetNodes(DIR);
  assert.equal(nodes[0]!.ports.faucet, 4500);
  for (const n of nodes.slice(1)) assert.equal(n.ports.faucet, undefined, n.moniker);
});

test("another base (tests use free ports) keeps the +10·i rule", () => {
  const base = shiftPorts(1230);
  const nodes = devnetNodes(DIR, "loopback", 4, base);
  assert.deepEqual(
    nodes.map((n) => n.ports.rest),
    [2547, 2557, 2567, 2577],
  );
  for (const n of nodes) for (const what of PER_NODE) assert.equal(n.ports[what], base[what] + 10 * n.index);
  assert.equal(nodes[0]!.ports.faucet, 5730);
});

test("node ids are distinct and persistent peers name the other three, on loopback", () => {
  const nodes = devnetNodes(DIR);
  const ids = nodes.map((n) => n.nodeId);
  for (const id of ids) assert.match(id, /^[0-9a-f]{40}$/);
  assert.equal(new Set(ids).size, 4);
  for (const n of nodes) {
    const peers = persistentPeers(nodes, n.index).split(",");
    const expected = nodes.filter((o) => o.index !== n.index).map((o) => `${o.nodeId}@127.0.0.1:${o.ports.p2p}`);
    assert.deepEqual(peers, expected, n.moniker);
    assert.ok(!peers.some((p) => p.startsWith(n.nodeId)), "never itself");
  }
  assert.deepEqual(
    devnetNodes(DIR).map((n) => n.nodeId),
    ids,
    "deterministic",
  );
});

test("in containers the peers are reached by service name, on the same +10·i ports", () => {
  const nodes = devnetNodes(DIR, "docker");
  assert.deepEqual(
    nodes.map((n) => n.p2pHost),
    ["validator0", "validator1", "validator2", "validator3"],
  );
  assert.deepEqual(
    persistentPeers(nodes, 3).split(","),
    [0, 1, 2].map((i) => `${nodes[i]!.nodeId}@validator${i}:${26656 + 10 * i}`),
  );
  assert.deepEqual(
    nodes.map((n) => n.ports),
    devnetNodes(DIR).map((n) => n.ports),
  );
});

test("the endpoint table lists every validator's endpoints and the faucet", () => {
  const nodes = devnetNodes(DIR);
  const lines = endpointTable(nodes, 4500, "unit_2611-1");
  assert.equal(lines[0], "chain id unit_2611-1");
  assert.match(lines[1]!, /^validator\s+CometBFT RPC\s+P2P\s+gRPC\s+REST\s+EVM JSON-RPC\s+node id$/);
  for (const n of nodes) {
    const row = lines.find((l) => l.startsWith(n.moniker + " "));
    assert.ok(row, `a row for ${n.moniker}`);
    const i = n.index;
    const cells = row.split(/\s{2,}/);
    assert.equal(cells[1], `http://127.0.0.1:${26657 + 10 * i}`);
    assert.equal(cells[2], String(26656 + 10 * i));
    assert.equal(cells[3], `127.0.0.1:${9090 + 10 * i}`);
    assert.equal(cells[4], `http://127.0.0.1:${1317 + 10 * i}`);
    assert.match(cells[5]!, new RegExp(`^http://127\\.0\\.0\\.1:${8545 + 10 * i}\\b`));
    assert.equal(cells.at(-1), n.nodeId);
  }
  assert.ok(
    lines.some((l) => l.includes("http://127.0.0.1:4500/faucet")),
    "the faucet",
  );
  assert.equal(lines.filter((l) => /^validator-\d/.test(l)).length, 4);
  assert.ok(lines.includes("explorer: http://127.0.0.1:1317/explorer/ (every validator's REST gateway serves it at /explorer/)"), "the web explorer");
});

test("generated homes carry the layout: ports, peers, loopback listeners, one genesis", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-devnet-layout-"));
  try {
    const base: NodePorts = shiftPorts(2000);
    const nodes = generateDevnet({
      dir,
      cometBinary: ensureCometbft(),
      appState: localChainAppState,
      basePorts: base,
      timeoutCommit: "300ms",
      votingPeriod: "8s",
    });
    assert.ok(isGenerated(dir));
    assert.deepEqual(generatedNodes(dir), nodes, "the layout is read back from the homes");
    const genesis = nodes.map((n) => fs.readFileSync(path.join(n.home, "cometbft", "config", "genesis.json"), "utf8"));
    assert.ok(
      genesis.every((g) => g === genesis[0]),
      "byte-identical genesis files",
    );
    const gen = JSON.parse(genesis[0]!);
    assert.equal(gen.chain_id, "unit_2611-1");
    assert.equal(gen.app_state.gov.params.voting_period, "8s");
    assert.equal(gen.app_state.staking.gen_validators.length, 4);
    for (const n of nodes) {
      const toml = fs.readFileSync(path.join(n.home, "cometbft", "config", "config.toml"), "utf8");
      const get = (section: string, key: string) => getTomlValue(toml, section, key);
      assert.equal(get("rpc", "laddr"), JSON.stringify(`tcp://127.0.0.1:${base.rpc + 10 * n.index}`));
      assert.equal(get("p2p", "laddr"), JSON.stringify(`tcp://127.0.0.1:${base.p2p + 10 * n.index}`));
      assert.equal(get("", "proxy_app"), JSON.stringify(`tcp://127.0.0.1:${base.abci + 10 * n.index}`));
      assert.equal(get("p2p", "persistent_peers"), JSON.stringify(persistentPeers(nodes, n.index)));
      assert.equal(get("p2p", "allow_duplicate_ip"), "true");
      assert.equal(get("p2p", "addr_book_strict"), "false");
      assert.equal(get("consensus", "timeout_commit"), JSON.stringify("300ms"));
      const app = readAppConfig(nodeHomePaths(n.home));
      assert.deepEqual(app.ports, n.ports);
      assert.equal(app.listenHost, "127.0.0.1");
      assert.equal(app.unsafeCors, true);
    }
    assert.throws(() => generateDevnet({ dir, cometBinary: ensureCometbft(), appState: localChainAppState }), /already holds a devnet/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
