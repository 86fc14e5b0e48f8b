import { afterEach, test } from "node:test";
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import { pino } from "pino";
import { runnableModule, WORKER_MODULES } from "../../../common/node/entryPoints.js";
import { StateAccumulator } from "../stateHash.js";
import { ElementFoldPool } from "./pool.js";

// Worker threads load compiled JavaScript: the build's (npm test builds first), as the app starts them.
const workerUrl = pathToFileURL(runnableModule(WORKER_MODULES.elementFold));
const pools: ElementFoldPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function start(size: number): ElementFoldPool {
  const pool = new ElementFoldPool({ size, workerUrl, logger: pino({ level: "silent" }) });
  pools.push(pool);
  return pool;
}

const entries = Array.from({ length: 3001 }, (_, i) => ({ key: Buffer.from(`k${i}`), value: Buffer.alloc(i % 97, i & 0xff) }));

test("threads sum the element hashes as this thread does, split over one or three", async () => {
  const expected = StateAccumulator.of(entries.map((e) => [e.key, e.value] as const));
  for (const size of [1, 3]) {
    const sum = await start(size).sum(entries);
    assert.ok(sum?.equals(expected), `${size} threads`);
  }
  assert.ok((await start(2).sum([]))?.equals(StateAccumulator.empty()), "nothing sums to the empty accumulator");
});

test("the caller's entries stay its own: the threads are sent a copy, never the caller's buffers", async () => {
  // Each in a buffer of its own, which a transfer to a thread would detach (length 0).
  const mine = entries.slice(1, 11).map((e) => ({ key: Uint8Array.from(e.key), value: Uint8Array.from(e.value) }));
  await start(1).sum(mine);
  assert.deepEqual(
    mine.map((e) => [Buffer.from(e.key).toString(), e.value.byteLength]),
    entries.slice(1, 11).map((e) => [e.key.toString(), e.value.byteLength]),
  );
});

test("a closed pool answers undefined, and so do the sums it was still working on", async () => {
  const pool = start(1);
  const waiting = pool.sum(entries);
  await pool.close();
  assert.equal(await waiting, undefined);
  assert.equal(await pool.sum(entries), undefined);
  assert.equal(pool.size, 0);
});
