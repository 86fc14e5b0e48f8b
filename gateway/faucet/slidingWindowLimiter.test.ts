import { test } from "node:test";
import assert from "node:assert/strict";
import { SlidingWindowLimiter } from "./slidingWindowLimiter.js";

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

test("allows `limit` grants per window, then says when the next one is possible", () => {
  const c = clock();
  const limiter = new SlidingWindowLimiter({ limit: 2, windowMs: 60_000, now: c.now });
  for (let i = 0; i < 2; i++) {
    assert.deepEqual(limiter.check("a"), { allowed: true });
    limiter.record("a");
    c.advance(10_000);
  }
  assert.deepEqual(limiter.check("a"), { allowed: false, retryAfterMs: 40_000 });
  assert.deepEqual(limiter.check("b"), { allowed: true }, "keys are independent");
});

test("the window slides: a grant frees its slot exactly windowMs after it was made", () => {
  const c = clock();
  const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1000, now: c.now });
  limiter.record("a");
  c.advance(999);
  assert.equal(limiter.check("a").allowed, false);
  c.advance(1);
  assert.equal(limiter.check("a").allowed, true);
});

test("release takes back the last grant (a request that failed on the faucet's side)", () => {
  const c = clock();
  const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1000, now: c.now });
  limiter.record("a");
  assert.equal(limiter.check("a").allowed, false);
  limiter.release("a");
  assert.equal(limiter.check("a").allowed, true);
  assert.equal(limiter.size, 0);
  limiter.release("never-seen");
});

test("memory stays bounded: expired keys are swept, then the oldest live keys are forgotten", () => {
  const c = clock();
  const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1000, now: c.now, maxKeys: 10 });
  for (let i = 0; i < 10; i++) limiter.record(`old${i}`);
  c.advance(1000);
  limiter.record("new");
  assert.equal(limiter.size, 1, "expired keys swept when the map grew past maxKeys");
  for (let i = 0; i < 25; i++) limiter.record(`live${i}`);
  assert.ok(limiter.size <= 11, `size ${limiter.size}`);
  assert.equal(limiter.check("live24").allowed, false, "the newest keys are still limited");
});

test("bad settings are refused at construction", () => {
  assert.throws(() => new SlidingWindowLimiter({ limit: 0, windowMs: 1000 }), /positive integer/);
  assert.throws(() => new SlidingWindowLimiter({ limit: 1, windowMs: 0 }), /window must be positive/);
});
