// The pool with real worker threads (a scripted worker): answers, bounds, time limits and
// replacement of dead workers, and an event loop that keeps turning whatever the workers do.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { pino } from "pino";
import { GrpcCode } from "../../../common/errors.js";
import { QueryError } from "../../../common/grpc/queryError.js";
import { exactBytes, QueryPool, type QueryPoolOptions } from "./queryPool.js";

// Worker threads load compiled JavaScript: from the sources, the build's copy (npm test builds first).
const workerUrl = import.meta.url.endsWith(".ts")
  ? new URL("../../../dist/app/query/pool/testing/scriptedWorker.js", import.meta.url)
  : new URL("./testing/scriptedWorker.js", import.meta.url);
const pools: QueryPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

async function startPool(options: Partial<QueryPoolOptions> = {}): Promise<QueryPool> {
  const pool = new QueryPool({
    workerUrl,
    workerData: { dbPath: "x" },
    size: 1,
    timeoutMs: 5_000,
    maxWaiting: 4,
    logger: pino({ level: "silent" }),
    ...options,
  });
  pools.push(pool);
  await pool.start();
  return pool;
}

const bytes = (s: string) => new TextEncoder().encode(s);
const failsWith = (code: GrpcCode, pattern?: RegExp) => (err: unknown) =>
  err instanceof QueryError && err.grpcCode === code && (pattern === undefined || pattern.test(err.message));

test("answers in a worker, and a handler's failure keeps its gRPC code", async () => {
  const pool = await startPool();
  const answer = await pool.run("/echo", bytes("hello"), 0);
  assert.equal(new TextDecoder().decode(answer.response), "hello");
  assert.equal(answer.height, 7);
  await assert.rejects(pool.run("/nothing", bytes(""), 0), failsWith(GrpcCode.NOT_FOUND, /no \/nothing/));
});

test("one query per worker, the rest wait in order, and past the waiting bound a query is refused at once", async () => {
  const pool = await startPool({ maxWaiting: 2 });
  const order: string[] = [];
  const runs = ["/slow", "/echo", "/echo"].map((path, i) => pool.run(path, bytes(String(i)), 0).then((a) => order.push(new TextDecoder().decode(a.response))));
  assert.deepEqual(pool.load, { running: 1, waiting: 2, ready: 1 });
  await assert.rejects(pool.run("/echo", bytes("3"), 0), failsWith(GrpcCode.RESOURCE_EXHAUSTED, /too many queries at once \(1 running, 2 waiting\)/));
  await Promise.all(runs);
  assert.deepEqual(order, ["0", "1", "2"]);
});

test("a query that never yields is stopped at its time limit, its worker replaced, and the app's event loop never waits for it", async () => {
  const pool = await startPool({ timeoutMs: 300 });
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 10);
  const started = performance.now();
  await assert.rejects(pool.run("/spin", bytes(""), 0), failsWith(GrpcCode.DEADLINE_EXCEEDED, /ran longer than 0.3s and was stopped/));
  const elapsed = performance.now() - started;
  clearInterval(ticker);
  assert.ok(elapsed >= 290 && elapsed < 2_000, `stopped after ${elapsed} ms`);
  // A 10 ms timer fired all along: a spin on this thread would have let it fire once at most.
  assert.ok(ticks >= 10, `the event loop turned only ${ticks} times while the worker spun`);
  const after = await pool.run("/echo", bytes("again"), 0);
  assert.equal(new TextDecoder().decode(after.response), "again");
});

test("a worker that dies fails its query with UNAVAILABLE and is replaced", async () => {
  const pool = await startPool();
  await assert.rejects(pool.run("/crash", bytes(""), 0), failsWith(GrpcCode.UNAVAILABLE, /query worker stopped \(exit code 3\)/));
  const after = await pool.run("/echo", bytes("back"), 0);
  assert.equal(new TextDecoder().decode(after.response), "back");
});

test("a caller that gives up is told at once, waiting or running, and the pool goes on", async () => {
  const pool = await startPool();
  const running = new AbortController();
  const waiting = new AbortController();
  const first = pool.run("/slow", bytes("a"), 0, running.signal);
  const second = pool.run("/echo", bytes("b"), 0, waiting.signal);
  waiting.abort();
  await assert.rejects(second, failsWith(GrpcCode.CANCELLED));
  running.abort();
  await assert.rejects(first, failsWith(GrpcCode.CANCELLED));
  assert.equal(new TextDecoder().decode((await pool.run("/echo", bytes("c"), 0)).response), "c");
});

test("start fails when a worker cannot serve (its database does not open), with the worker's reason", async () => {
  const pool = new QueryPool({ workerUrl, workerData: { dbPath: "unusable" }, size: 2, timeoutMs: 1_000, maxWaiting: 1, logger: pino({ level: "silent" }) });
  pools.push(pool);
  await assert.rejects(pool.start(), /query worker cannot serve: no database here/);
});

test("closing answers the waiting queries UNAVAILABLE and refuses new ones", async () => {
  const pool = await startPool();
  const slow = assert.rejects(pool.run("/slow", bytes(""), 0), failsWith(GrpcCode.UNAVAILABLE, /shutting down/));
  const queued = assert.rejects(pool.run("/echo", bytes(""), 0), failsWith(GrpcCode.UNAVAILABLE, /shutting down/));
  await pool.close();
  await Promise.all([slow, queued]);
  await assert.rejects(pool.run("/echo", bytes(""), 0), failsWith(GrpcCode.UNAVAILABLE));
});

test("a request that is a view into a larger buffer is posted as a copy of its own size, answered the same", async () => {
  const chunk = new Uint8Array(64 * 1024);
  chunk.set(bytes("hello"), 100);
  const view = chunk.subarray(100, 105);
  const exact = exactBytes(view);
  assert.equal(exact.buffer.byteLength, 5);
  assert.deepEqual(new Uint8Array(exact), bytes("hello"));
  // A Buffer view too (gRPC requests are Buffers), whose slice() would share the chunk.
  const bufferView = Buffer.from(chunk.buffer).subarray(100, 105);
  const bufferExact = exactBytes(bufferView);
  assert.equal(bufferExact.buffer.byteLength, 5);
  assert.deepEqual(Buffer.from(bufferExact), Buffer.from("hello"));
  const whole = bytes("whole");
  assert.equal(exactBytes(whole), whole, "a buffer of its own is posted as it is");
  const pool = await startPool();
  assert.equal(new TextDecoder().decode((await pool.run("/echo", view, 0)).response), "hello");
});
