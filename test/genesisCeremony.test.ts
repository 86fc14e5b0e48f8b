// Four homes made by the genesis ceremony commands (init, add-genesis-account, gentx,
// collect-gentxs, validate), peers wired only by the persistent_peers collect-gentxs wrote, started
// as app + CometBFT process pairs: they make blocks together with one app hash per height and
// the four gentx validators as CometBFT's set.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DevnetValidator, freeDevnetPortBlock, type PortBlock } from "./support/devnet.js";
import { genesisFile, must, runCeremony } from "./support/ceremony.js";
import { runValidate } from "../app/cli/genesis/validate.js";
import { readNodeId } from "../cometbft/home.js";
import { ensureCometbft } from "../cometbft/install.js";
import { portsForValidator } from "../common/node/ports.js";
import { REPO_ROOT } from "../common/node/paths.js";
import { nodeHomePaths, readAppConfig } from "../common/node/home.js";
import { getTomlValue } from "../cometbft/toml.js";
import { waitUntil } from "../cometbft/readiness.js";

const CHAIN_ID = "ceremony-1";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-ceremony-"));
let ports: PortBlock | undefined;
const nodes: DevnetValidator[] = [];

after(async () => {
  await Promise.all(nodes.map((n) => n.stopAll()));
  ports?.release();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("four homes from init/gentx/collect-gentxs reach height 5 with equal app hashes", { timeout: 120_000 }, async () => {
  ports = await freeDevnetPortBlock();
  const homes = [0, 1, 2, 3].map((i) => path.join(dir, `node${i}`));
  const nodePorts = homes.map((_, i) => portsForValidator(i, ports!.base));
  await runCeremony(homes, CHAIN_ID, nodePorts, path.join(dir, "gentxs"));

  const genesis = fs.readFileSync(genesisFile(homes[0]!), "utf8");
  for (const home of homes) assert.equal(fs.readFileSync(genesisFile(home), "utf8"), genesis, `${home}'s genesis differs from the coordinator's`);
  const doc = JSON.parse(genesis) as { validators?: unknown[]; app_state: { genutil: { gen_txs: unknown[] } } };
  assert.equal(doc.app_state.genutil.gen_txs.length, 4);
  assert.deepEqual(doc.validators ?? [], [], "the validators come from the gentxs at InitChain");
  await must(runValidate, ["--home", homes[0]!]);
  for (const home of homes) assert.equal(readAppConfig(nodeHomePaths(home), {}).enable?.faucet, false, "a network's node has no test faucet");
  // Each node's peers are the other three, as the gentx memos name them.
  const ids = homes.map((h) => readNodeId(nodeHomePaths(h).cometHome));
  for (const [i, home] of homes.entries()) {
    const toml = fs.readFileSync(path.join(nodeHomePaths(home).cometHome, "config", "config.toml"), "utf8");
    const peers = JSON.parse(getTomlValue(toml, "p2p", "persistent_peers")!) as string;
    assert.deepEqual(
      peers
        .split(",")
        .map((p) => p.split("@")[0])
        .sort(),
      ids.filter((_, k) => k !== i).sort(),
    );
  }

  const cometBinary = ensureCometbft();
  const processes = (await import(
    pathToFileURL(path.join(REPO_ROOT, "dist", "cometbft", "devnet", "processes.js")).href
  )) as typeof import("../cometbft/devnet/processes.js");
  const logDir = path.join(dir, "logs");
  fs.mkdirSync(logDir, { recursive: true });
  for (const [i, home] of homes.entries()) {
    const [app, comet, rest] = processes.nodeProcesses(home, i, cometBinary);
    nodes.push(
      new DevnetValidator(
        { index: i, moniker: `validator-${i}`, home, ports: nodePorts[i]!, nodeId: ids[i]!, p2pHost: "127.0.0.1" },
        { app: app!, comet: comet!, rest: rest! },
        logDir,
      ),
    );
  }
  await Promise.all(nodes.map((n) => n.startApp()));
  await Promise.all(nodes.map((n) => n.startComet()));
  const heights = async () =>
    Promise.all(
      nodes.map((n) =>
        n.status().then(
          (s) => s.latestBlockHeight,
          () => -1,
        ),
      ),
    );
  await waitUntil("height 5 on all four", async () => (await heights()).every((h) => h >= 5), 60_000).catch(async (err: Error) => {
    throw new Error(`${err.message} (heights ${(await heights()).join(", ")}):\n${nodes.map((n) => n.logTail("comet", 10)).join("\n---\n")}`);
  });
  for (let h = 1; h <= 5; h++) {
    const blocks = await Promise.all(nodes.map((n) => n.block(h)));
    for (const b of blocks) assert.deepEqual(b, blocks[0], `height ${h}: the nodes disagree`);
  }
  const set = await nodes[0]!.rpc<{ validators: { pub_key: { value: string }; voting_power: string }[] }>("validators?height=5");
  assert.equal(set.validators.length, 4);
  for (const v of set.validators) assert.equal(v.voting_power, "100000", "100000000000uunit bonded is 100000 power");
});
