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

test("past the key bound, a request's work does not grow with the number of keys", () => {
  // A client rotating addresses keeps the limiter at its bound; every further request used to walk
  // every key. Timed against requests below the bound: the same per-request cost, not a multiple.
  const keys = 200_000;
  const c = clock();
  const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 3_600_000, now: c.now, maxKeys: keys });
  const perRequestMs = (from: number, count: number, budgetMs: number) => {
    const started = performance.now();
    let done = 0;
    // Bounded in count and in time (the unbounded version takes milliseconds per request).
    while (done < count && (done < 10 || performance.now() - started < budgetMs)) limiter.record(`k${from + done++}`);
    return (performance.now() - started) / done;
  };
  perRequestMs(0, keys - 20_000, 30_000);
  const below = perRequestMs(keys - 20_000, 20_000, 30_000);
  assert.equal(limiter.size, keys);
  const past = perRequestMs(keys, 20_000, 3_000);
  assert.ok(limiter.size <= keys, `size ${limiter.size}`);
  // The walk of 200k keys took about 15 ms a request; bounded work takes microseconds. The 1 ms
  // floor keeps a loaded machine's noise (both sides slow down alike, but not alike enough) out of it.
  assert.ok(past < Math.max(below * 50, 1), `a request past the bound took ${past.toFixed(4)} ms, one below it ${below.toFixed(4)} ms`);
});

test("past the key bound, the key forgotten is the one granted longest ago, not a busy one", () => {
  const c = clock();
  const limiter = new SlidingWindowLimiter({ limit: 2, windowMs: 60_000, now: c.now, maxKeys: 5 });
  limiter.record("busy");
  for (let i = 0; i < 4; i++) limiter.record(`idle${i}`);
  c.advance(1000);
  limiter.record("busy");
  assert.equal(limiter.check("busy").allowed, false);
  limiter.record("new0");
  limiter.record("new1");
  assert.equal(limiter.size, 5);
  assert.equal(limiter.check("busy").allowed, false, "the key granted most recently is still limited");
  assert.equal(limiter.check("idle0").allowed, true);
});

test("expired keys leave a few per request, oldest first, whatever the number of keys", () => {
  const c = clock();
  const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1000, now: c.now });
  for (let i = 0; i < 1000; i++) limiter.record(`old${i}`);
  c.advance(500);
  limiter.record("mid");
  c.advance(500);
  limiter.record("new0");
  assert.ok(limiter.size < 1002, `one request dropped some expired keys (size ${limiter.size})`);
  assert.ok(limiter.size > 900, `but not all of them at once (size ${limiter.size})`);
  for (let i = 1; i < 100; i++) limiter.record(`new${i}`);
  assert.equal(limiter.size, 101, "the expired ones are gone; 'mid' and the new keys stay");
  assert.equal(limiter.check("mid").allowed, false);
});

test("bad settings are refused at construction", () => {
  assert.throws(() => new SlidingWindowLimiter({ limit: 0, windowMs: 1000 }), /positive integer/);
  assert.throws(() => new SlidingWindowLimiter({ limit: 1, windowMs: 0 }), /window must be positive/);
});
