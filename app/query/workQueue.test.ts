// WorkQueue: at most maxRunning at once, the rest in arrival order, a bounded wait list, and
// callers that cancel while waiting leave it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { QueryError } from "../../common/grpc/queryError.js";
import { WorkQueue } from "./workQueue.js";

/** A task the test finishes by hand. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((r) => (open = r));
  return { open, done };
}

test("two run, the third waits its turn, the fourth is refused with RESOURCE_EXHAUSTED", async () => {
  const q = new WorkQueue({ what: "test tasks", maxRunning: 2, maxWaiting: 1 });
  const order: string[] = [];
  const gates = [gate(), gate(), gate()];
  const runs = gates.map((g, i) =>
    q.run(async () => {
      order.push(`start ${i}`);
      await g.done;
      return i;
    }),
  );
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(order, ["start 0", "start 1"]);
  assert.deepEqual(q.load, { running: 2, waiting: 1 });
  await assert.rejects(
    q.run(async () => 3),
    (e) => e instanceof QueryError && e.grpcCode === 8 && e.message === "too many test tasks at once (2 running, 1 waiting): retry later",
  );
  gates[1]!.open();
  assert.equal(await runs[1], 1);
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(order, ["start 0", "start 1", "start 2"]);
  gates[0]!.open();
  gates[2]!.open();
  assert.deepEqual(await Promise.all(runs), [0, 1, 2]);
  assert.deepEqual(q.load, { running: 0, waiting: 0 });
});

test("a failing task frees its place; a caller that cancels while waiting leaves the line", async () => {
  const q = new WorkQueue({ what: "test tasks", maxRunning: 1, maxWaiting: 5 });
  const first = gate();
  const running = q.run(async () => {
    await first.done;
    throw new Error("boom");
  });
  const controller = new AbortController();
  const cancelled = q.run(async () => "never", controller.signal);
  const next = q.run(async () => "next");
  assert.deepEqual(q.load, { running: 1, waiting: 2 });
  controller.abort();
  await assert.rejects(cancelled, (e) => e instanceof QueryError && e.grpcCode === 1);
  assert.deepEqual(q.load, { running: 1, waiting: 1 });
  first.open();
  await assert.rejects(running, /boom/);
  assert.equal(await next, "next");
  assert.deepEqual(q.load, { running: 0, waiting: 0 });
  await assert.rejects(
    q.run(async () => 1, controller.signal),
    (e) => e instanceof QueryError && e.grpcCode === 1,
    "already cancelled: not even queued",
  );
});
