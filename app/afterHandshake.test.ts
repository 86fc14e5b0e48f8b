// UnitApp's afterHandshake: called once, after the answer that ends CometBFT's handshake.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import * as pb from "../gen/tendermint/abci/types_pb.js";
import { UnitApp } from "./app.js";
import { defaultAppState } from "./genesis.js";
import { wireApp } from "./modules.js";
import { openStore } from "./store/index.js";
import { testLogger } from "../test/support/logger.js";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function appOver(dbPath: string) {
  const store = openStore(dbPath, { synchronous: "NORMAL" });
  let calls = 0;
  const app = new UnitApp({ store, ...wireApp(), logger: testLogger, afterHandshake: () => calls++ });
  return { app, store, calls: () => calls };
}

test("afterHandshake: after InitChain on a new chain, after Info on one with blocks, once each", async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "after-handshake-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const dbPath = path.join(dir, "app.db");

  const fresh = appOver(dbPath);
  await fresh.app.info(create(pb.RequestInfoSchema));
  await nextTurn();
  assert.equal(fresh.calls(), 0, "Info on a new chain: InitChain comes next");
  const appState = Buffer.from(JSON.stringify(defaultAppState(wireApp().modules)));
  await fresh.app.initChain(
    create(pb.RequestInitChainSchema, { chainId: "handshake-1", initialHeight: 1n, appStateBytes: appState, time: timestampFromMs(1e12) }),
  );
  assert.equal(fresh.calls(), 0, "not before the answer is out");
  await nextTurn();
  assert.equal(fresh.calls(), 1, "after InitChain");
  const time = timestampFromMs(1e12 + 1000);
  await fresh.app.finalizeBlock(
    create(pb.RequestFinalizeBlockSchema, { height: 1n, time, hash: new Uint8Array(32).fill(1), proposerAddress: new Uint8Array(20).fill(7) }),
  );
  await fresh.app.commit(create(pb.RequestCommitSchema));
  await fresh.app.info(create(pb.RequestInfoSchema));
  await nextTurn();
  assert.equal(fresh.calls(), 1, "once per process");
  fresh.store.close();

  const resumed = appOver(dbPath);
  t.after(() => resumed.store.close());
  await resumed.app.info(create(pb.RequestInfoSchema));
  assert.equal(resumed.calls(), 0, "not before the answer is out");
  await nextTurn();
  assert.equal(resumed.calls(), 1, "after Info on a chain with blocks");
  await resumed.app.info(create(pb.RequestInfoSchema));
  await nextTurn();
  assert.equal(resumed.calls(), 1, "a later Info (abci_info) does not call it again");
});
