// Crash safety with the real binary: kill -9 the app or CometBFT at random moments during block
// production while signed txs are in flight, restart, and check the chain continues from CometBFT's
// replay with the same blocks, no app-hash mismatch, and the app never ahead of CometBFT's block
// store; that every tx CometBFT reported committed is still in its block with the same result and
// its effect is in the app's state; and that the load resumes. Every round must run: the last tests
// check the count, so a kill test that stopped early cannot pass unnoticed.
//
// The load is the crash campaign's (bench/crash-campaign.ts) lanes, test/support/crashLanes.ts: two
// bank-send lanes, EVM transfers, staking delegations, identity credentials, one tx in flight per lane.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { LocalNode } from "./support/localNode.js";
import { openStore } from "../app/store/index.js";
import { BlockInfoKeeper } from "../app/modules/blockinfo/keeper.js";
import { validatorAccountAddress } from "../app/localGenesis.js";
import { waitUntil } from "../cometbft/readiness.js";
import { formatValidatorAddress, parseAccountAddress } from "../sdk/crypto/accountAddress.js";
import { CometRpcClient } from "../sdk/client/cometRpcClient.js";
import { consensusFailureLine, crashRounds } from "./support/crashChecks.js";
import { fundLanes, LANES, runLanes, type LaneRun } from "./support/crashLanes.js";
import { LaneLedger } from "./support/crashLedger.js";
import { prng, seedFromEnv } from "./support/prng.js";

interface BlockResult {
  block_id: { hash: string };
  block: { header: { app_hash: string } };
}

const ROUNDS = crashRounds(process.env.CRASH_ROUNDS);
/** Rounds each kill test completed (killed with txs in flight, restarted, load resumed, checked). */
const completed = { app: 0, comet: 0 };

/** A seeded PRNG so a failing schedule can be replayed with CRASH_SEED. */
const seed = seedFromEnv("CRASH_SEED");
const random = prng(seed);
/** Every failure message ends with this, so the schedule can be replayed. */
const replay = `(replay with CRASH_SEED=${seed})`;

let node: LocalNode;
let load: LaneRun | undefined;
let loadStopped = false;
let ledger: LaneLedger;
before(async () => {
  // info level: the handshake lines say where the app and the block store stood at each restart.
  node = await LocalNode.create({ timeoutCommit: "100ms", cometLogLevel: "info", editAppState: fundLanes });
  // Stretch FinalizeBlock and Commit so random kills land inside them, not only between blocks.
  node.appEnv = { UNIT_FAULT_BLOCK_DELAY_MS: "60" };
  await node.start();
  await node.waitForHeight(3);
  ledger = new LaneLedger(new CometRpcClient(node.rpcUrl));
  const operator = formatValidatorAddress(parseAccountAddress(validatorAccountAddress(0)));
  load = runLanes({ cometUrl: node.rpcUrl, validatorOperator: operator, stop: () => loadStopped, pauseMs: 100 });
  await waitForLoad(0, "the load to start");
});
after(async () => {
  loadStopped = true;
  await node.destroy();
  await load?.finished;
});

/** Waits until every lane has had a tx reported committed since `since` (an index into the committed list). */
async function waitForLoad(since: number, what: string): Promise<void> {
  const stats = load!.stats;
  const idle = () => LANES.filter((l) => !stats.committed.slice(since).some((t) => t.lane === l.name)).map((l) => l.name);
  await waitUntil(what, async () => idle().length === 0, 30_000).catch((err: Error) => {
    throw new Error(`${err.message}: lanes ${idle().join(", ")} committed nothing; first refusals ${JSON.stringify(stats.firstRefusal)} ${replay}`);
  });
}

/** Waits (after the round's random pause) until a broadcast is under way, so the kill cuts txs in flight. */
async function killWithTxsInFlight(which: "app" | "comet"): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (load!.stats.inFlight === 0) {
    assert.ok(Date.now() < deadline, `no tx in flight for 10 s before a kill of ${which} ${replay}`);
    await new Promise((r) => setTimeout(r, 2));
  }
  await node.kill(which, "SIGKILL");
}

/** Block hashes of heights 1..upTo, from the block metas, 20 per request (the RPC's page). */
async function blockHashes(upTo: number): Promise<string[]> {
  const out: string[] = [];
  for (let lo = 1; lo <= upTo; lo += 20) {
    const hi = Math.min(upTo, lo + 19);
    const page = await node.rpc<{ block_metas: Array<{ block_id: { hash: string }; header: { height: string } }> }>(
      `blockchain?minHeight=${lo}&maxHeight=${hi}`,
    );
    for (const m of [...page.block_metas].sort((a, b) => Number(a.header.height) - Number(b.header.height))) out.push(m.block_id.hash);
  }
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
function assertNoMismatch(where: string): void {
  const line = consensusFailureLine(node.logFile("comet"));
  assert.equal(line, undefined, `${where}: CometBFT reported a consensus failure: ${line} ${replay}`);
}

/**
 * After a restart: every lane commits again, no committed tx is lost or changed its result, and
 * the lanes' accounts at the newest final height hold what the blocks up to it say.
 */
async function assertLoadSurvived(where: string, since: number): Promise<void> {
  await waitForLoad(since, `${where}: the load to resume`);
  const height = await ledger.scanCommitted();
  const problems = [...ledger.missing(load!.stats.committed), ...(await ledger.stateProblems(load!.stats.sent, height))];
  assert.equal(problems.length, 0, `${where}, state at height ${height}:\n  ${problems.slice(0, 20).join("\n  ")}\n${replay}`);
}

test(`kill -9 of the app at random moments with txs in flight (${ROUNDS} rounds, seed ${seed})`, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const where = `app kill, round ${round + 1}/${ROUNDS}`;
    await new Promise((r) => setTimeout(r, 50 + random() * 900));
    const before = (await node.status()).latestBlockHeight;
    const known = await blockHashes(before);
    await killWithTxsInFlight("app");
    // CometBFT shuts itself down when it loses its app, but its shutdown can hang on an ABCI call
    // that will never be answered; a supervisor kills it then, and so do we.
    await node.waitExit("comet", 5_000).catch(() => node.kill("comet", "SIGKILL"));
    assertNoMismatch(where);

    const committed = appCommitted();
    const since = load!.stats.committed.length;
    await node.start();
    await node.waitForHeight(before + 3);
    assertNoMismatch(where);
    const canonical = await node.rpc<BlockResult>(`block?height=${committed.height}`);
    assert.equal(committed.hash, canonical.block_id.hash, `${where}: app state at ${committed.height} belongs to the canonical block ${replay}`);
    assert.deepEqual(await blockHashes(before), known, `${where}: no committed block lost or changed ${replay}`);
    await assertLoadSurvived(where, since);
    completed.app++;
  }
});

test(`kill -9 of CometBFT at random moments with txs in flight (${ROUNDS} rounds)`, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const where = `CometBFT kill, round ${round + 1}/${ROUNDS}`;
    await new Promise((r) => setTimeout(r, 50 + random() * 900));
    const before = (await node.status()).latestBlockHeight;
    const known = await blockHashes(before);
    await killWithTxsInFlight("comet");
    const since = load!.stats.committed.length;
    // The app keeps running; a new CometBFT reconnects to it and replays what it missed.
    await node.startComet();
    const after = await node.waitForHeight(before + 3);
    assertNoMismatch(where);
    assert.ok(after.latestBlockHeight >= before + 3);
    assert.deepEqual(await blockHashes(before), known, `${where}: no committed block lost or changed ${replay}`);
    await assertLoadSurvived(where, since);
    completed.comet++;
  }
});

test("at every restart the app was never ahead of CometBFT's block store", () => {
  assert.deepEqual(completed, { app: ROUNDS, comet: ROUNDS }, `every round of both kill tests ran to its end ${replay}`);
  const replays = [...node.logFile("comet").matchAll(/ABCI Replay Blocks\s.*appHeight=(\d+) storeHeight=(\d+)/g)];
  assert.ok(replays.length >= 2 * ROUNDS, `one handshake per restart (saw ${replays.length}) ${replay}`);
  for (const [line, app, store] of replays) assert.ok(Number(app) <= Number(store), `${line} ${replay}`);
  // With 2·ROUNDS random kills inside stretched blocks, some must have caught the app mid-block.
  assert.ok(
    replays.some(([, app, store]) => Number(app) < Number(store)),
    `some crash left the app a block behind, so replay was exercised ${replay}`,
  );
});

test("after all the crashes, every tx reported committed is in its block and the lanes' state adds up", async (t) => {
  loadStopped = true;
  const stats = await load!.finished;
  const lastReported = Math.max(...stats.committed.map((tx) => tx.height));
  await node.waitForHeight(lastReported + 1);
  const height = await ledger.scanCommitted();
  assert.ok(height >= lastReported, `blocks read up to ${height}, below the last reported commit at ${lastReported} ${replay}`);
  const problems = [...ledger.missing(stats.committed), ...(await ledger.stateProblems(stats.sent, height))];
  assert.equal(problems.length, 0, `final state at height ${height}:\n  ${problems.slice(0, 20).join("\n  ")}\n${replay}`);
  const { total, unreported } = ledger.inChain(stats.sent, stats.committed);
  t.diagnostic(
    `${stats.committed.length} txs reported committed, ${total} lane txs in blocks 1..${height} (${unreported} of them had their broadcast cut by a kill); ` +
      `broadcasts cut: ${stats.unknown}, refused and re-synced: ${stats.refused}`,
  );
  // Each of the 2·ROUNDS kills came with at least one broadcast under way.
  assert.ok(stats.unknown >= 1, `no broadcast was ever cut by a kill ${replay}`);
});

test("after all the crashes, every header's app hash chain is the one the app reports", async () => {
  const info = await node.rpc<{ response: { last_block_height: string; last_block_app_hash: string } }>("abci_info");
  const h = Number(info.response.last_block_height);
  await node.waitForHeight(h + 1);
  const next = await node.rpc<BlockResult>(`block?height=${h + 1}`);
  assert.equal(
    Buffer.from(info.response.last_block_app_hash, "base64").toString("hex").toUpperCase(),
    next.block.header.app_hash,
    `app hash of ${h} against header ${h + 1} ${replay}`,
  );
  assertNoMismatch("at the end");
});
