import { test } from "node:test";
import assert from "node:assert/strict";
import { backoffDelay, DEFAULT_RESTART_BACKOFF, RestartBackoff, type BackoffPolicy } from "./restartBackoff.js";

const policy: BackoffPolicy = { initialMs: 100, maxMs: 1000, factor: 2, resetAfterMs: 5000 };

test("the delay doubles with each exit in a row and stops at the cap", () => {
  assert.deepEqual(
    [1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(policy, n)),
    [100, 200, 400, 800, 1000, 1000, 1000],
  );
  assert.equal(backoffDelay(DEFAULT_RESTART_BACKOFF, 1), 1000);
  assert.equal(backoffDelay(DEFAULT_RESTART_BACKOFF, 6), 30_000, "1, 2, 4, 8, 16, then the 30 s cap");
  assert.equal(backoffDelay(DEFAULT_RESTART_BACKOFF, 1_000_000), 30_000, "a long crash loop stays at the cap");
});

test("a bad attempt number or policy is refused", () => {
  assert.throws(() => backoffDelay(policy, 0), /positive integer/);
  assert.throws(() => backoffDelay(policy, 1.5), /positive integer/);
  assert.throws(() => new RestartBackoff({ ...policy, maxMs: 50 }), /invalid restart backoff/);
  assert.throws(() => new RestartBackoff({ ...policy, factor: 0.5 }), /invalid restart backoff/);
});

test("quick exits grow the delay; a healthy run starts it over", () => {
  const b = new RestartBackoff(policy);
  assert.deepEqual(b.onExit(10), { attempt: 1, delayMs: 100 });
  assert.deepEqual(b.onExit(10), { attempt: 2, delayMs: 200 });
  assert.deepEqual(b.onExit(4999), { attempt: 3, delayMs: 400 }, "a run just short of resetAfterMs still counts as a crash loop");
  assert.deepEqual(b.onExit(10), { attempt: 4, delayMs: 800 });
  assert.deepEqual(b.onExit(10), { attempt: 5, delayMs: 1000 });
  assert.deepEqual(b.onExit(10), { attempt: 6, delayMs: 1000 });
  assert.deepEqual(b.onExit(5000), { attempt: 1, delayMs: 100 }, "a run of resetAfterMs was healthy");
  assert.deepEqual(b.onExit(0), { attempt: 2, delayMs: 200 });
});
