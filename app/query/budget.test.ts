// QueryBudget over a clock the test moves: slices, turns of the event loop shared by the queries
// that pause, the budget counting compute time only, the deadline, cancellation.
import assert from "node:assert/strict";
import { test } from "node:test";
import { QueryBudget, SLICE_MS } from "./budget.js";
import { QueryError } from "../../common/grpc/queryError.js";

function budget(timeoutMs: number, signal?: AbortSignal) {
  const clock = { now: 0 };
  const b = new QueryBudget({ timeoutMs, signal, timedOut: () => new Error(`timeout = ${timeoutMs}ms`), now: () => clock.now });
  return { b, clock };
}
const nextTurn = () => new Promise((r) => setImmediate(r));

test("within a slice tick() is free; after it, a pause until a later turn of the event loop, where the next slice starts", async () => {
  const { b, clock } = budget(1_000);
  for (let i = 0; i < 100; i++) assert.equal(b.tick(), undefined);
  clock.now = SLICE_MS;
  let turned = false;
  setImmediate(() => (turned = true));
  await b.check();
  assert.equal(turned, true, "an immediate queued before the pause ran before it ended");
  assert.equal(b.check(), undefined, "a new slice began when the pause ended");
  clock.now = 2 * SLICE_MS;
  assert.ok(b.check() instanceof Promise);
});

test("the budget counts the query's slices, not the turns it waited for", async () => {
  const { b, clock } = budget(12);
  clock.now = 5;
  const first = b.check()!;
  clock.now = 1_000; // others' slices and I/O while it waited
  await first;
  clock.now = 1_005;
  const second = b.check()!; // 10 ms spent
  clock.now = 2_000;
  await second;
  clock.now = 2_001;
  assert.equal(b.check(), undefined, "11 ms spent");
  clock.now = 2_002;
  assert.throws(() => b.check(), /^Error: timeout = 12ms$/);
});

test("tick() reads the clock every 8th call: between, the deadline is not even looked at", () => {
  const { b, clock } = budget(10);
  clock.now = 10;
  for (let i = 1; i < 8; i++) assert.equal(b.tick(), undefined);
  assert.throws(() => b.tick(), /^Error: timeout = 10ms$/);
});

test("once the caller cancels, check() throws synchronously", () => {
  const controller = new AbortController();
  const { b } = budget(100, controller.signal);
  assert.equal(b.check(), undefined);
  controller.abort();
  assert.throws(
    () => b.check(),
    (e) => e instanceof QueryError && e.grpcCode === 1 && /cancelled by its caller/.test(e.message),
  );
});

test("paused queries take turns: one slice per turn of the event loop, in the order they paused", async () => {
  const [a, c] = [budget(1_000), budget(1_000)];
  a.clock.now = c.clock.now = SLICE_MS;
  const order: string[] = [];
  const done = [a.b.check()!.then(() => order.push("a")), c.b.check()!.then(() => order.push("c"))];
  await nextTurn();
  assert.deepEqual(order, ["a"], "one query resumed in the first turn");
  await nextTurn();
  assert.deepEqual(order, ["a", "c"]);
  await Promise.all(done);
});
