// Pruning through the app: the Commit that prunes returns with the old rows still stored, and the
// app deletes them in steps afterwards, between its ABCI requests; stopped, it starts no more.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { setImmediate as nextMacrotask } from "node:timers/promises";
import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import Database from "better-sqlite3";
import { pino } from "pino";
import * as pb from "../gen/tendermint/abci/types_pb.js";
import { testLogger } from "../test/support/logger.js";
import { UnitApp } from "./app.js";
import type { Context } from "./context.js";
import type { AppModule } from "./module.js";
import { openStore, type Store } from "./store/index.js";
import { PRUNE_STEP_ROWS } from "./store/store.js";

const KEYS = 2_500;

/** Every block rewrites the same `keys` keys, so each block supersedes all of the previous one's rows. */
const rewriterOf = (keys: number): AppModule => ({
  name: "rewriter",
  defaultGenesis: () => ({}),
  beginBlock(ctx: Context) {
    for (let i = 0; i < keys; i++) ctx.store.set(Buffer.from(`rw/${i}`), Buffer.from(String(ctx.header.height)));
  },
});
const rewriter = rewriterOf(KEYS);

async function block(app: UnitApp, height: number): Promise<void> {
  await app.finalizeBlock(create(pb.RequestFinalizeBlockSchema, { height: BigInt(height), time: timestampFromMs(height * 1000) }));
  await app.commit(create(pb.RequestCommitSchema));
}

function storedRows(path: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare("SELECT count(*) FROM kv WHERE instr(key, CAST('rw/' AS BLOB)) > 0").pluck().get() as number;
  } finally {
    db.close();
  }
}

/** Macrotasks until the store has nothing pending, at most `limit`; how many it took. */
async function untilPruned(store: Store, limit: number): Promise<number> {
  for (let turns = 1; turns <= limit; turns++) {
    await nextMacrotask();
    if (!store.prunePending) return turns;
  }
  throw new Error(`still pending after ${limit} macrotasks`);
}

test("a Commit that prunes returns at once and the app deletes the rows in steps after it", async () => {
  const dir = mkdtempSync(join(tmpdir(), "background-pruner-"));
  const path = join(dir, "state.db");
  const store = openStore(path, { keepRecent: 2, pruneInterval: 4, synchronous: "NORMAL" });
  try {
    const app = new UnitApp({ store, modules: [rewriter], logger: testLogger });
    await app.initChain(create(pb.RequestInitChainSchema, { chainId: "prune", initialHeight: 1n, appStateBytes: Buffer.from("{}"), time: timestampFromMs(0) }));
    for (let h = 1; h <= 3; h++) await block(app, h);
    assert.equal(storedRows(path), 3 * KEYS);

    // Height 4 makes 1 and 2 unreadable: the commit moves the earliest height and deletes nothing.
    await block(app, 4);
    assert.equal(store.earliestHeight, 3);
    assert.ok(store.prunePending);
    assert.equal(storedRows(path), 4 * KEYS);

    // Rows written at 1..3: steps of PRUNE_STEP_ROWS of them, in turns of a few milliseconds,
    // each in a macrotask of its own.
    const turns = await untilPruned(store, 100);
    assert.ok((3 * KEYS) / PRUNE_STEP_ROWS > 1 && turns > 1, `${turns} macrotasks`);
    assert.equal(storedRows(path), 2 * KEYS, "the versions written at 3 and 4");
    assert.equal(Buffer.from(store.view(3).get(Buffer.from("rw/7"))!).toString(), "3");

    // Stopped: the next prune's rows stay until a node runs again.
    for (let h = 5; h <= 7; h++) await block(app, h);
    app.stop();
    await block(app, 8);
    assert.ok(store.prunePending);
    await nextMacrotask();
    await nextMacrotask();
    assert.ok(store.prunePending, "no step after stop");
    assert.equal(storedRows(path), 6 * KEYS);

    // A new app over the same store finishes what was left.
    const restarted = new UnitApp({ store, modules: [rewriter], logger: testLogger });
    await untilPruned(store, 100);
    assert.equal(storedRows(path), 2 * KEYS);
    restarted.stop();
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A logger whose records the test reads. */
function capturedLogger(): { logger: pino.Logger; records: Array<{ msg: string; heights?: number; err?: { message: string } }> } {
  const records: Array<{ msg: string; heights?: number; err?: { message: string } }> = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void records.push(JSON.parse(line)) });
  return { logger, records };
}

const SMALL = 20;
const small = rewriterOf(SMALL);

test("a failed step is logged and the next Commit starts the deletions again; a long backlog is reported", async () => {
  const dir = mkdtempSync(join(tmpdir(), "background-pruner-"));
  const path = join(dir, "state.db");
  // 120 heights kept by an archive node, then keep-recent 2: the first prune leaves a backlog of 119 heights.
  const archive = openStore(path, { keepRecent: 0, synchronous: "NORMAL" });
  const { logger, records } = capturedLogger();
  try {
    const first = new UnitApp({ store: archive, modules: [small], logger });
    await first.initChain(
      create(pb.RequestInitChainSchema, { chainId: "prune", initialHeight: 1n, appStateBytes: Buffer.from("{}"), time: timestampFromMs(0) }),
    );
    for (let h = 1; h <= 120; h++) await block(first, h);
    first.stop();
  } finally {
    archive.close();
  }
  const store = openStore(path, { keepRecent: 2, pruneInterval: 2, synchronous: "NORMAL" });
  assert.equal(storedRows(path), 120 * SMALL);
  try {
    const app = new UnitApp({ store, modules: [small], logger });
    const pruneStep = store.pruneStep.bind(store);
    let failures = 1;
    store.pruneStep = (rows?: number) => {
      if (failures-- > 0) throw new Error("disk full");
      return pruneStep(rows);
    };
    await block(app, 121);
    await block(app, 122); // prunes to 121
    assert.equal(store.pruneBacklog, 121);
    assert.equal(await untilLogged(records, "pruning step failed", 20), true);
    assert.equal(records.find((r) => r.msg === "pruning step failed")?.err?.message, "disk full");
    assert.ok(store.prunePending, "nothing deleted, nothing retried before the next Commit");
    const rowsLeft = storedRows(path);
    assert.equal(rowsLeft, 122 * SMALL);

    await block(app, 123);
    await untilPruned(store, 2_000);
    assert.equal(storedRows(path), 3 * SMALL, "the versions written at 121, 122 and 123");
    const started = records.find((r) => r.msg === "deleting the rows of pruned heights between blocks");
    assert.equal(started?.heights, 121);
    assert.ok(records.some((r) => r.msg === "rows of pruned heights deleted" && r.heights === 121));
    app.stop();
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function untilLogged(records: Array<{ msg: string }>, msg: string, limit: number): Promise<boolean> {
  for (let turns = 0; turns < limit; turns++) {
    if (records.some((r) => r.msg === msg)) return true;
    await nextMacrotask();
  }
  return false;
}
