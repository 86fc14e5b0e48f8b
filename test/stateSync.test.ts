// State sync on the four-validator devnet: the validators take a snapshot every 10 heights; a new
// node with the same genesis and CometBFT's [statesync] (two validators' RPC, a trusted height and
// hash from a validator's /commit) restores the newest one instead of replaying from height 1,
// catches up, agrees with the validators on every app hash it has, and answers REST queries at
// heights after the snapshot (and a clear error below it).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, test } from "node:test";
import { readAppConfig, nodeHomePaths } from "../common/node/home.js";
import { setTomlValue } from "../cometbft/toml.js";
import { readNodeId } from "../cometbft/home.js";
import { ensureCometbft } from "../cometbft/install.js";
import { waitUntil } from "../cometbft/readiness.js";
import { Devnet, DevnetValidator, freeDevnetPortBlock, type PortBlock } from "./support/devnet.js";
import { REPO_ROOT } from "../common/node/paths.js";

const INTERVAL = 10;
let devnet: Devnet;
let fullnode: DevnetValidator;
let fullnodePorts: PortBlock | undefined;

/** Rewrites a node's app settings as app.json (read when there is no app.toml) with `edit` applied. */
function editAppConfig(home: string, edit: (c: Record<string, unknown>) => void): void {
  const paths = nodeHomePaths(home);
  const config = readAppConfig(paths) as unknown as Record<string, unknown>;
  edit(config);
  fs.rmSync(path.join(home, "config", "app.toml"), { force: true });
  fs.writeFileSync(path.join(home, "config", "app.json"), JSON.stringify(config, null, 2));
}

function snapshotHeights(home: string): number[] {
  const dir = path.join(home, "data", "snapshots");
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((n) => /^\d+$/.test(n))
        .map(Number)
    : [];
}

before(async () => {
  devnet = await Devnet.create({ timeoutCommit: "300ms" });
  for (const v of devnet.validators) editAppConfig(v.node.home, (c) => Object.assign(c, { snapshotInterval: INTERVAL, snapshotKeepRecent: 5 }));
  // Only the gateways the test reads: validator 0's and the new node's.
  await devnet.start({ rest: false });
  await devnet.validator(0).startRest();
});

after(async () => {
  await fullnode?.stopAll();
  fullnodePorts?.release();
  await devnet?.destroy();
});

test(
  "a new node joins by state sync from the validators' snapshot, then follows with equal app hashes and answers queries after the snapshot",
  { timeout: 180_000 },
  async () => {
    const v0 = devnet.validator(0);
    await waitUntil("a snapshot on validator 0", async () => snapshotHeights(v0.node.home).length > 0, 60_000);
    assert.ok(snapshotHeights(v0.node.home).every((h) => h % INTERVAL === 0));

    // The new home: validator 0's genesis and settings, but its own keys, ports and no state.
    fullnodePorts = await freeDevnetPortBlock();
    const ports = fullnodePorts.base;
    const home = path.join(devnet.dir, "fullnode");
    fs.cpSync(v0.node.home, home, { recursive: true });
    for (const p of [
      "data",
      "cometbft/data",
      "logs",
      "cometbft/config/node_key.json",
      "cometbft/config/priv_validator_key.json",
      "cometbft/config/addrbook.json",
    ])
      fs.rmSync(path.join(home, p), { recursive: true, force: true });
    for (const dir of ["data", "cometbft/data"]) fs.mkdirSync(path.join(home, dir), { recursive: true });
    editAppConfig(home, (c) => Object.assign(c, { ports, snapshotInterval: 0 }));

    const latest = (await v0.status()).latestBlockHeight;
    const trustHeight = latest - 2;
    const commit = await v0.rpc<{ signed_header: { commit: { block_id: { hash: string } } } }>(`commit?height=${trustHeight}`);
    const peers = devnet.validators.map((v) => `${readNodeId(path.join(v.node.home, "cometbft"))}@127.0.0.1:${v.ports.p2p}`).join(",");
    const configFile = path.join(home, "cometbft", "config", "config.toml");
    const edits: Array<[string, string, string | number | boolean]> = [
      ["", "proxy_app", `tcp://127.0.0.1:${ports.abci}`],
      ["", "moniker", "fullnode"],
      ["rpc", "laddr", `tcp://127.0.0.1:${ports.rpc}`],
      ["p2p", "laddr", `tcp://127.0.0.1:${ports.p2p}`],
      ["p2p", "persistent_peers", peers],
      ["statesync", "enable", true],
      ["statesync", "rpc_servers", `${devnet.validator(0).rpcUrl},${devnet.validator(1).rpcUrl}`],
      ["statesync", "trust_height", trustHeight],
      ["statesync", "trust_hash", commit.signed_header.commit.block_id.hash],
      ["statesync", "trust_period", "168h0m0s"],
    ];
    fs.writeFileSync(
      configFile,
      edits.reduce((text, [s, k, v]) => setTomlValue(text, s, k, v), fs.readFileSync(configFile, "utf8")),
    );

    // The compiled command lines, as the devnet's validators run them.
    const processes = (await import(
      pathToFileURL(path.join(REPO_ROOT, "dist", "cometbft", "devnet", "processes.js")).href
    )) as typeof import("../cometbft/devnet/processes.js");
    const [app, comet, rest] = processes.nodeProcesses(home, 4, ensureCometbft());
    fullnode = new DevnetValidator(
      { index: 4, moniker: "fullnode", home, ports, nodeId: "", p2pHost: "127.0.0.1" },
      { app: app!, comet: comet!, rest: rest! },
      path.join(devnet.dir, "logs"),
    );
    const started = Date.now();
    await fullnode.startApp();
    try {
      await fullnode.startComet();
      await waitUntil(
        "the full node to catch up",
        async () => {
          const [mine, theirs] = await Promise.all([fullnode.status().catch(() => undefined), v0.status()]);
          return mine !== undefined && !mine.catchingUp && mine.latestBlockHeight >= theirs.latestBlockHeight - 1;
        },
        90_000,
      );
    } catch (err) {
      throw new Error(`${(err as Error).message}\n--- cometbft:\n${fullnode.logTail("comet", 40)}\n--- app:\n${fullnode.logTail("app", 20)}`);
    }
    const joinedMs = Date.now() - started;

    const sync = await fullnode.rpc<{ sync_info: { earliest_block_height: string; latest_block_height: string } }>("status");
    const earliest = Number(sync.sync_info.earliest_block_height);
    assert.ok(earliest > 1, `state-synced: earliest block ${earliest}, not 1`);
    const restored = earliest - 1; // the snapshot height: CometBFT keeps blocks from the next one
    assert.equal(restored % INTERVAL, 0, `restored at a snapshot height (${restored})`);
    assert.match(fs.readFileSync(fullnode.logFile("app"), "utf8"), new RegExp(`"height":${restored}[^\\n]*state restored from a snapshot`));

    // Every later app hash agrees with the validators'.
    await devnet.waitForHeight(Number(sync.sync_info.latest_block_height) + 3);
    const upTo = (await fullnode.status()).latestBlockHeight;
    for (let h = earliest; h <= upTo; h++) {
      const [mine, theirs] = await Promise.all([fullnode.block(h), v0.block(h)]);
      assert.equal(mine.appHash, theirs.appHash, `app hash at ${h}`);
    }

    // Queries: at a height after the snapshot the node answers as the validators do; below it, a clear error.
    await fullnode.startRest();
    const route = "/cosmos/bank/v1beta1/supply/by_denom?denom=uunit";
    const at = restored + 2;
    const [mine, theirs] = await Promise.all([fullnode.rest(route, at), v0.rest(route, at)]);
    assert.equal(mine.status, 200, JSON.stringify(mine.body));
    assert.deepEqual(mine.body, theirs.body);
    assert.ok(BigInt(mine.body.amount.amount) > 0n);
    const below = await fullnode.rest(route, restored - 1);
    assert.notEqual(below.status, 200);
    assert.match(JSON.stringify(below.body), new RegExp(`height ${restored - 1} is no longer available \\(pruned\\): readable heights are ${restored}\\.\\.`));
    console.log(`state sync: restored height ${restored}, caught up in ${joinedMs} ms, ${upTo - earliest + 1} app hashes compared`);
  },
);
