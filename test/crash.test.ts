// Crash safety with the real binary: kill -9 the app or CometBFT at random moments during block
// production, restart, and check the chain continues from CometBFT's replay with the same blocks,
// no app-hash mismatch, and the app never ahead of CometBFT's block store. Every round must run:
// the last tests check the count, so a kill test that stopped early cannot pass unnoticed.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { LocalNode } from "./support/localNode.js";
import { openStore } from "../app/store/index.js";
import { BlockInfoKeeper } from "../app/modules/blockinfo/keeper.js";
import { consensusFailureLine, crashRounds } from "./support/crashChecks.js";

interface BlockResult {
  block_id: { hash: string };
  block: { header: { app_hash: string } };
}

const ROUNDS = crashRounds(process.env.CRASH_ROUNDS);
/** Rounds each kill test completed (killed, restarted, checked). */
const completed = { app: 0, comet: 0 };

let node: LocalNode;
before(async () => {
  // info level: the handshake lines say where the app and the block store stood at each restart.
  node = await LocalNode.create({ timeoutCommit: "100ms", cometLogLevel: "info" });
  // Stretch FinalizeBlock and Commit so random kills land inside them, not only between blocks.
  node.appEnv = { UNIT_FAULT_BLOCK_DELAY_MS: "60" };
  await node.start();
  await node.waitForHeight(3);
});
after(() => node.destroy());

/** A seeded PRNG so a failing schedule can be replayed with CRASH_SEED. */
const seed = Number(process.env.CRASH_SEED ?? Date.now() % 100_000);
let state = seed;
function random(): number {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
}

async function blockHashes(upTo: number): Promise<string[]> {
  const out: string[] = [];
  for (let h = 1; h <= upTo; h++) out.push((await node.rpc<BlockResult>(`block?height=${h}`)).block_id.hash);
  return out;
}

/** The app's committed height and its record of that block's hash, read from the SQLite file. */
function appCommitted(): { height: number; hash: string } {
  const store = openStore(node.paths.appDb);
  try {
    const raw = new BlockInfoKeeper().blockHash(store.view(), BigInt(store.lastHeight));
    return {
      height: store.lastHeight,
      hash: Buffer.from(raw ?? [])
        .toString("hex")
        .toUpperCase(),
    };
  } finally {
    store.close();
  }
}

/** CometBFT's whole log (every process since the node was created, killed ones included) reports no divergence. */
function assertNoMismatch(): void {
  const line = consensusFailureLine(node.logFile("comet"));
  assert.equal(line, undefined, `CometBFT reported a consensus failure: ${line}`);
}

test(`kill -9 of the app at random moments (${ROUNDS} rounds, seed ${seed})`, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    await new Promise((r) => setTimeout(r, 50 + random() * 900));
    const before = (await node.status()).latestBlockHeight;
    const known = await blockHashes(before);
    await node.kill("app", "SIGKILL");
    // CometBFT shuts itself down when it loses its app, but its shutdown can hang on an ABCI call
    // that will never be answered; a supervisor kills it then, and so do we.
    await node.waitExit("comet", 5_000).catch(() => node.kill("comet", "SIGKILL"));
    assertNoMismatch();

    const committed = appCommitted();
    await node.start();
    const after = await node.waitForHeight(before + 3);
    assertNoMismatch();
    const canonical = await node.rpc<BlockResult>(`block?height=${committed.height}`);
    assert.equal(committed.hash, canonical.block_id.hash, `app state at ${committed.height} belongs to the canonical block`);
    assert.deepEqual(await blockHashes(before), known, "no committed block lost or changed");
    completed.app++;
  }
});

test(`kill -9 of CometBFT at random moments (${ROUNDS} rounds)`, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    await new Promise((r) => setTimeout(r, 50 + random() * 900));
    const before = (await node.status()).latestBlockHeight;
    const known = await blockHashes(before);
    await node.kill("comet", "SIGKILL");
    // The app keeps running; a new CometBFT reconnects to it and replays what it missed.
    await node.startComet();
    const after = await node.waitForHeight(before + 3);
    assertNoMismatch();
    assert.ok(after.latestBlockHeight >= before + 3);
    assert.deepEqual(await blockHashes(before), known, "no committed block lost or changed");
    completed.comet++;
  }
});

test("at every restart the app was never ahead of CometBFT's block store", () => {
  assert.deepEqual(completed, { app: ROUNDS, comet: ROUNDS }, "every round of both kill tests ran to its end");
  const replays = [...node.logFile("comet").matchAll(/ABCI Replay Blocks\s.*appHeight=(\d+) storeHeight=(\d+)/g)];
  assert.ok(replays.length >= 2 * ROUNDS, `one handshake per restart (saw ${replays.length})`);
  for (const [line, app, store] of replays) assert.ok(Number(app) <= Number(store), line);
  // With 2·ROUNDS random kills inside stretched blocks, some must have caught the app mid-block.
  assert.ok(
    replays.some(([, app, store]) => Number(app) < Number(store)),
    "some crash left the app a block behind, so replay was exercised",
  );
});

test("after all the crashes, every header's app hash chain is the one the app reports", async () => {
  const info = await node.rpc<{ response: { last_block_height: string; last_block_app_hash: string } }>("abci_info");
  const h = Number(info.response.last_block_height);
  await node.waitForHeight(h + 1);
  const next = await node.rpc<BlockResult>(`block?height=${h + 1}`);
  assert.equal(Buffer.from(info.response.last_block_app_hash, "base64").toString("hex").toUpperCase(), next.block.header.app_hash);
  assertNoMismatch();
});
