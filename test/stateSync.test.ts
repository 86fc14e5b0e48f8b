// State sync on the four-validator devnet: the validators take a snapshot every 10 heights; a new
// node prepared as `unitd devnet run-fullnode` (the compose fullnode) prepares one
// (cometbft/stateSyncHome.ts: the genesis from a validator's RPC, CometBFT's [statesync] with two
// validators' RPC and a trusted height and hash from /commit) restores the newest one instead of
// replaying from height 1, catches up, agrees with the validators on every app hash it has, and
// answers REST queries at heights after the snapshot (and a clear error below it).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, test } from "node:test";
import { nodeHomePaths, updateAppConfig } from "../common/node/home.js";
import { getTomlValue } from "../cometbft/toml.js";
import { readNodeId } from "../cometbft/home.js";
import { readGenesis } from "../cometbft/genesis.js";
import { prepareStateSyncHome, TRUST_PERIOD } from "../cometbft/stateSyncHome.js";
import { ensureCometbft } from "../cometbft/install.js";
import { waitUntil } from "../cometbft/readiness.js";
import { Devnet, DevnetValidator, freeDevnetPortBlock, type PortBlock } from "./support/devnet.js";
import { REPO_ROOT } from "../common/node/paths.js";

const INTERVAL = 10;
let devnet: Devnet;
let fullnode: DevnetValidator;
let fullnodePorts: PortBlock | undefined;

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
  for (const v of devnet.validators) updateAppConfig(nodeHomePaths(v.node.home), { snapshotInterval: INTERVAL, snapshotKeepRecent: 5 });
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

    // The new home, as `unitd devnet run-fullnode` makes it: own keys and ports, no state.
    fullnodePorts = await freeDevnetPortBlock();
    const ports = fullnodePorts.base;
    const home = path.join(devnet.dir, "fullnode");
    const latestBefore = (await v0.status()).latestBlockHeight;
    const rpcServers = [devnet.validator(0).rpcUrl, devnet.validator(1).rpcUrl];
    const trust = await prepareStateSyncHome({ home, cometBinary: ensureCometbft(), rpcServers, ports });
    assert.ok(trust, "prepared now");
    assert.equal(await prepareStateSyncHome({ home, cometBinary: ensureCometbft(), rpcServers, ports }), undefined, "a second run keeps the home");
    assert.ok(!fs.existsSync(`${home}.partial`));
    // CometBFT's /genesis leaves out an empty validator list (the app's InitChain gave the set), and
    // prints the genesis time as Go does, without trailing zeros (".47Z" for ".470Z"): the same instant.
    const fetched = readGenesis(path.join(home, "cometbft"));
    const network = readGenesis(path.join(v0.node.home, "cometbft"));
    assert.equal(Date.parse(fetched.genesis_time), Date.parse(network.genesis_time), "the network's genesis time");
    assert.deepEqual({ validators: [], ...fetched, genesis_time: network.genesis_time }, network, "the network's genesis");
    assert.ok(trust.trustHeight >= latestBefore - 2 && trust.trustHeight > 0);
    assert.equal((await v0.block(trust.trustHeight)).blockHash, trust.trustHash, "the trusted hash is that block's");
    const expectedPeers = [0, 1].map((i) => `${readNodeId(path.join(devnet.validator(i).node.home, "cometbft"))}@127.0.0.1:${devnet.validator(i).ports.p2p}`);
    assert.equal(trust.peers, expectedPeers.join(","), "the RPC servers' own P2P addresses");
    const toml = fs.readFileSync(path.join(home, "cometbft", "config", "config.toml"), "utf8");
    for (const [section, key, value] of [
      ["statesync", "enable", "true"],
      ["statesync", "rpc_servers", JSON.stringify(rpcServers.join(","))],
      ["statesync", "trust_height", String(trust.trustHeight)],
      ["statesync", "trust_hash", JSON.stringify(trust.trustHash)],
      ["statesync", "trust_period", JSON.stringify(TRUST_PERIOD)],
      ["p2p", "persistent_peers", JSON.stringify(trust.peers)],
      ["rpc", "laddr", JSON.stringify(`tcp://127.0.0.1:${ports.rpc}`)],
      ["", "proxy_app", JSON.stringify(`tcp://127.0.0.1:${ports.abci}`)],
    ] as const)
      assert.equal(getTomlValue(toml, section, key), value, `${section}.${key}`);

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
