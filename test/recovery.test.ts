// Recovery on a real node: `unitd rollback` takes CometBFT and the app back one height and the
// restarted node re-executes the block to the same app hash; `unitd comet unsafe-reset-all` wipes
// both states but keeps keys and config, and the node starts the chain again from genesis.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { LocalNode } from "./support/localNode.js";
import { runUnitd } from "./support/unitdCli.js";
import { openStore } from "../app/store/index.js";

let node: LocalNode;
before(async () => {
  node = await LocalNode.create();
  await node.start();
});
after(() => node.destroy());

function appState(): { height: number; hash: string } {
  const store = openStore(node.paths.appDb);
  try {
    return { height: store.lastHeight, hash: Buffer.from(store.lastHash).toString("hex").toUpperCase() };
  } finally {
    store.close();
  }
}

async function headerAppHash(height: number): Promise<string> {
  const body = (await (await fetch(`${node.rpcUrl}/block?height=${height}`)).json()) as { result: { block: { header: { app_hash: string } } } };
  return body.result.block.header.app_hash;
}

test("rollback refuses while the node runs, then rolls back one height; the node re-executes it to the same app hash", async () => {
  await node.waitForHeight(4);
  const running = await runUnitd(["rollback", "--home", node.paths.root]);
  assert.notEqual(running.code, 0);
  assert.match(running.stderr, /is running \(its ABCI port \d+ answers\): stop it first/);
  await node.stop();
  const before = appState();
  const run = await runUnitd(["rollback", "--home", node.paths.root]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, new RegExp(`rolled back CometBFT's state and the app's state to height ${before.height - 1} \\(app hash [0-9A-F]{64}\\)`));
  assert.equal(appState().height, before.height - 1);
  await node.start();
  await node.waitForHeight(before.height + 2);
  assert.equal(await headerAppHash(before.height + 1), before.hash, "block re-executed to the same app hash");
});

test("unsafe-reset-all removes both states, keeps keys and config, and the chain starts again from genesis", async () => {
  await node.stop();
  const keyFile = path.join(node.paths.cometHome, "config", "priv_validator_key.json");
  const key = fs.readFileSync(keyFile, "utf8");
  const run = await runUnitd(["comet", "unsafe-reset-all", "--home", node.paths.root, "--keep-addr-book"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /removed CometBFT's blocks and state in .* and the app's state in /);
  assert.equal(fs.existsSync(node.paths.appDb), false, "app state gone");
  assert.equal(fs.existsSync(path.join(node.paths.cometHome, "data", "blockstore.db")), false, "blocks gone");
  assert.equal(fs.readFileSync(keyFile, "utf8"), key, "validator key kept");
  assert.ok(fs.existsSync(node.paths.appConfigFile), "app.toml kept");
  const state = JSON.parse(fs.readFileSync(path.join(node.paths.cometHome, "data", "priv_validator_state.json"), "utf8")) as { height: string };
  assert.equal(state.height, "0", "double-sign protection reset to genesis");
  await node.start();
  const status = await node.waitForHeight(2);
  assert.ok(status.latestBlockHeight < 10, `a new chain from height 1 (at ${status.latestBlockHeight})`);
});
