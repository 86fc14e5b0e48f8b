// A full node joins the running four-validator devnet the way an operator joins a network:
// `unitd init`, the network's genesis.json copied in, then the node's app and CometBFT started
// with the validators as --p2p.persistent_peers (config.toml names no peer). CometBFT block-syncs it from height 1; it reaches the
// validators' height with their app hashes and answers a REST query at an early height exactly
// as a validator does.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Devnet, DevnetValidator, freeDevnetPortBlock, type PortBlock } from "./support/devnet.js";
import { genesisFile, loopbackCometSettings, must } from "./support/ceremony.js";
import { runInit } from "../app/cli/genesis/init.js";
import { readNodeId } from "../cometbft/home.js";
import { getTomlValue } from "../cometbft/toml.js";
import { ensureCometbft } from "../cometbft/install.js";
import { DEFAULT_PORTS } from "../common/node/ports.js";
import { REPO_ROOT } from "../common/node/paths.js";
import { nodeHomePaths } from "../common/node/home.js";
import { waitUntil } from "../cometbft/readiness.js";
import { faucetAddress } from "../app/localGenesis.js";

let devnet: Devnet | undefined;
let ports: PortBlock | undefined;
let full: DevnetValidator | undefined;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-fullnode-"));

after(async () => {
  await full?.stopAll();
  await devnet?.destroy();
  ports?.release();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a full node block-syncs the devnet from height 1 and answers historical queries", { timeout: 120_000 }, async () => {
  devnet = await Devnet.create();
  await devnet.start({ rest: false });
  await devnet.waitForHeight(4);

  ports = await freeDevnetPortBlock();
  const home = path.join(dir, "full");
  await must(runInit, ["full-node", "--chain-id", "unit_2611-1", "--home", home, "--port-offset", String(ports.base.rpc - DEFAULT_PORTS.rpc)]);
  fs.copyFileSync(genesisFile(devnet.validator(0).node.home), genesisFile(home));
  const cometHome = nodeHomePaths(home).cometHome;
  const peers = devnet.validators.map((v) => `${v.node.nodeId}@127.0.0.1:${v.ports.p2p}`).join(",");
  loopbackCometSettings(home);
  const configToml = fs.readFileSync(path.join(cometHome, "config", "config.toml"), "utf8");
  assert.equal(getTomlValue(configToml, "p2p", "persistent_peers"), '""', "the peers come only from the flag");

  const cometBinary = ensureCometbft();
  const processes = (await import(
    pathToFileURL(path.join(REPO_ROOT, "dist", "cometbft", "devnet", "processes.js")).href
  )) as typeof import("../cometbft/devnet/processes.js");
  const [app, comet, rest] = processes.nodeProcesses(home, 4, cometBinary, { "p2p.persistent_peers": peers });
  assert.ok(comet!.args.includes("--p2p.persistent_peers"));
  full = new DevnetValidator(
    { index: 4, moniker: "full-node", home, ports: ports.base, nodeId: readNodeId(cometHome), p2pHost: "127.0.0.1" },
    { app: app!, comet: comet!, rest: rest! },
    path.join(dir, "logs"),
  );
  fs.mkdirSync(path.join(dir, "logs"), { recursive: true });
  await full.startApp();
  await full.startComet();
  const target = Math.max(...(await devnet.heights())) + 1;
  await waitUntil(
    `the full node at height ${target}`,
    async () => ((await full!.status().catch(() => undefined))?.latestBlockHeight ?? 0) >= target,
    60_000,
  ).catch((err: Error) => {
    throw new Error(`${err.message}:\n${full!.logTail("comet", 15)}`);
  });
  for (const h of [1, 2, target]) assert.deepEqual(await full.block(h), await devnet.validator(0).block(h), `height ${h}`);
  // Block sync hands over to consensus a moment after the last fetched block.
  await waitUntil("the full node to stop catching up", async () => (await full!.status()).catchingUp === false, 30_000);

  await full.startRest();
  const route = `/cosmos/bank/v1beta1/balances/${faucetAddress()}`;
  const atTwo = await full.rest(route, 2);
  assert.equal(atTwo.status, 200, JSON.stringify(atTwo.body));
  assert.ok(atTwo.body.balances.length > 0);
  await devnet.validator(1).startRest();
  assert.deepEqual(atTwo.body, (await devnet.validator(1).rest(route, 2)).body, "the full node's answer at height 2 is the validators'");
});
