import { test } from "node:test";
import assert from "node:assert/strict";
import { Coalescer, HOT_MS } from "./coalesce.js";

/** A call whose answer the test releases: `runs` counts calls sent, `release` answers the oldest. */
function controllable() {
  const pending: { resolve(v: string): void; reject(e: unknown): void; sentAt: number }[] = [];
  let clock = 0;
  return {
    pending,
    tick: () => ++clock,
    run: () =>
      new Promise<string>((resolve, reject) => {
        pending.push({ resolve, reject, sentAt: clock });
      }),
    release(value?: string) {
      const p = pending.shift()!;
      p.resolve(value ?? `state at ${p.sentAt}`);
    },
  };
}

const flush = () => new Promise((r) => setImmediate(r));
/** Past the time an answered key stays hot. */
const cool = () => new Promise((r) => setTimeout(r, HOT_MS + 10));

test("identical requests during a call in flight share the next call, sent only once the first is answered", async () => {
  const c = new Coalescer<string>();
  const app = controllable();
  const first = c.call("k", app.run);
  assert.equal(app.pending.length, 1, "the first request is sent at once");
  app.tick(); // state changes after the first call was sent
  const joiners = [c.call("k", app.run), c.call("k", app.run), c.call("k", app.run)];
  assert.equal(app.pending.length, 1, "no second call while one is in flight");
  app.release();
  assert.equal(await first, "state at 0");
  await flush();
  assert.equal(app.pending.length, 1, "the joiners' call is sent now");
  app.release();
  assert.deepEqual(await Promise.all(joiners), ["state at 1", "state at 1", "state at 1"], "answered after they arrived, never with the older call's answer");
  await cool();
  assert.equal(c.size, 0, "nothing left behind once the key has cooled");
});

test("different keys never share, and a failure goes to its own batch only", async () => {
  const c = new Coalescer<string>();
  const app = controllable();
  const a = c.call("a", app.run);
  const b = c.call("b", app.run);
  assert.equal(app.pending.length, 2);
  const aLater = c.call("a", app.run);
  app.pending.shift()!.reject(new Error("a failed"));
  await assert.rejects(a, /a failed/);
  await flush();
  app.release("b answer"); // b's call was second in line
  assert.equal(await b, "b answer");
  app.release("a again");
  assert.equal(await aLater, "a again", "the next call for a is a fresh attempt");
  await cool();
  assert.equal(c.size, 0);
});

test("a call that throws synchronously fails its requests and frees the key", async () => {
  const c = new Coalescer<string>();
  await assert.rejects(
    c.call("k", () => {
      throw new Error("boom");
    }),
    /boom/,
  );
  await cool();
  assert.equal(c.size, 0);
  assert.equal(await c.call("k", async () => "fine"), "fine");
});

test("a key answered moments ago gathers one turn's requests into its next call; a cooled key sends at once", async () => {
  const c = new Coalescer<string>();
  const app = controllable();
  const first = c.call("k", app.run);
  assert.equal(app.pending.length, 1, "a cold key's first request is sent at once");
  app.release();
  assert.equal(await first, "state at 0");
  await flush();
  app.tick();
  const together = [c.call("k", app.run), c.call("k", app.run), c.call("k", app.run)];
  assert.equal(app.pending.length, 0, "a hot key waits for the rest of this turn's requests");
  await flush();
  assert.equal(app.pending.length, 1, "one call for the three");
  app.release();
  assert.deepEqual(await Promise.all(together), ["state at 1", "state at 1", "state at 1"], "sent after they arrived");
  await cool();
  assert.equal(c.size, 0, "the key goes once it has cooled");
  const later = c.call("k", app.run);
  assert.equal(app.pending.length, 1, "a cooled key sends at once again");
  app.release();
  assert.equal(await later, "state at 1");
});
