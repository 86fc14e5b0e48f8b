import { afterEach, test } from "node:test";
import assert from "node:assert/strict";
import { pino } from "pino";
import { HelperThreads } from "./helperThreads.js";

/** A thread that answers twice the value it is given, or never when told to be silent. */
const worker = new URL(
  `data:text/javascript,${encodeURIComponent(
    "import { parentPort } from 'node:worker_threads'; parentPort.on('message', (m) => { if (!m.silent) parentPort.postMessage({ id: m.id, twice: m.value * 2 }); });",
  )}`,
);
type Req = { value: unknown; silent?: boolean };
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
  await pool.ask({ value: 0 }); // the thread is up
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
