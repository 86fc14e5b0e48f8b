import { afterEach, test } from "node:test";
import assert from "node:assert/strict";
import { pino } from "pino";
import { HelperThreads } from "./helperThreads.js";

/** A thread that answers twice the value it is given, after `workMs` of work, or never when told to be silent. */
const worker = new URL(
  `data:text/javascript,${encodeURIComponent(
    "import { parentPort } from 'node:worker_threads'; parentPort.on('message', (m) => { const until = performance.now() + (m.workMs ?? 0); while (performance.now() < until); if (!m.silent) parentPort.postMessage({ id: m.id, twice: m.value * 2 }); });",
  )}`,
);
type Req = { value: unknown; silent?: boolean; workMs?: number };
type Ans = { twice: number };
const pools: HelperThreads<Req, Ans>[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function start(options: { stallMs?: number; logged?: string[] } = {}): HelperThreads<Req, Ans> {
  const logger = pino({ level: "warn" }, { write: (line: string) => void options.logged?.push(line) });
  const pool = new HelperThreads<Req, Ans>({ size: 1, workerUrl: worker, logger, name: "doubling", fallback: "the caller doubles", stallMs: options.stallMs });
  pools.push(pool);
  return pool;
}

test("a request is answered by a thread, with its id", async () => {
  const answer = await start().ask({ value: 21 });
  assert.equal(answer?.twice, 42);
  assert.equal(typeof (answer as { id?: unknown }).id, "number");
});

test("a request the structured clone refuses answers undefined, and the next one is answered", async () => {
  const logged: string[] = [];
  const pool = start({ logged });
  assert.equal(await pool.ask({ value: () => 1 }), undefined);
  assert.match(logged.join(""), /could not be posted/);
  assert.equal((await pool.ask({ value: 2 }))?.twice, 4);
});

test("a request may allow its thread longer than the pool's stall time before the thread counts as stuck", async () => {
  const logged: string[] = [];
  const pool = start({ stallMs: 100, logged });
  const started = performance.now();
  assert.equal(await pool.ask({ value: 1, silent: true }, { allowMs: 600 }), undefined);
  const waited = performance.now() - started;
  assert.ok(waited >= 600 && waited < 3_000, `answered after ${waited.toFixed(0)} ms`);
  assert.match(logged.join(""), /a doubling thread stopped answering/);
});

test("an answer that waits while this thread is busy is not counted against its thread", async () => {
  const logged: string[] = [];
  const pool = start({ stallMs: 300, logged });
  // The thread is up (its start, slow on a loaded machine, is not what is tested).
  assert.equal((await pool.ask({ value: 0 }, { allowMs: 10_000 }))?.twice, 0);
  // Asked, then synchronous work well past the stall time, as a large fold or a genesis is, in a
  // check-phase callback: the answer arrives meanwhile and waits in this thread's queue, and the
  // next turn of the loop runs the overdue watchdog before it reads the answer.
  const asked = await new Promise<Promise<Ans | undefined>>((resolve) =>
    setImmediate(() => {
      const answer = pool.ask({ value: 5 });
      const until = performance.now() + 1_200;
      while (performance.now() < until);
      resolve(answer);
    }),
  );
  assert.equal((await asked)?.twice, 10);
  assert.equal((await pool.ask({ value: 6 }))?.twice, 12);
  assert.doesNotMatch(logged.join(""), /stopped answering/);
});

test("requests queued behind others start their time when the thread starts them", async () => {
  const logged: string[] = [];
  const pool = start({ stallMs: 500, logged });
  // The thread is up (its start, slow on a loaded machine, is not what is tested).
  assert.equal((await pool.ask({ value: 0 }, { allowMs: 10_000 }))?.twice, 0);
  // Eight requests of 150 ms each, asked at once: the last is answered ~1.2 s after it was asked,
  // past the stall time, though the thread never took longer than 150 ms over one.
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => pool.ask({ value: i, workMs: 150 })));
  assert.deepEqual(
    answers.map((a) => a?.twice),
    [0, 2, 4, 6, 8, 10, 12, 14],
  );
  assert.doesNotMatch(logged.join(""), /stopped answering/);
});

test("a thread stopped as stuck leaves the pool at once: new requests do not wait on it", async () => {
  const logged: string[] = [];
  const pool = start({ stallMs: 100, logged });
  assert.equal(await pool.ask({ value: 1, silent: true }), undefined);
  assert.match(logged.join(""), /stopped answering/);
  assert.equal(pool.size, 0, "the stuck thread is out of the pool before it has exited");
  const started = performance.now();
  assert.equal(await pool.ask({ value: 2 }), undefined);
  assert.ok(performance.now() - started < 50, "answered at once, not after the stopped thread's exit");
  // Once the stopped thread has exited, another starts (after the first restart delay) and answers.
  const until = performance.now() + 10_000;
  while (pool.size === 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
  assert.equal(pool.size, 1);
  assert.equal((await pool.ask({ value: 3 }, { allowMs: 10_000 }))?.twice, 6);
  assert.match(logged.join(""), /doubling thread was stopped; the caller doubles until another starts/);
});
