// The inline gate (inlineGate.ts): it admits queries while the thread's other work stays under
// half of a window, counting answered inline runs out of that work, and runs handed over or
// longer than LONG_RUN_MS in; it runs them one at a time in arrival order; within a turn's time
// the next starts at once, past it only after the event loop turns; and past MAX_WAITING waiting
// it admits no more.
import assert from "node:assert/strict";
import { test } from "node:test";
import { InlineGate, InlineLimitError, LONG_RUN_MS, MAX_WAITING, TURN_MS, WINDOW_MS } from "./inlineGate.js";

/** A gate on a clock and a busy counter the test moves. */
function fakeGate() {
  const clock = { now: 0, busy: 0 };
  const gate = new InlineGate({ now: () => clock.now, busyMs: () => clock.busy });
  /** `ms` pass, `busyMs` of them busy with other work. */
  const pass = (ms: number, busyMs: number) => {
    clock.now += ms;
    clock.busy += busyMs;
  };
  /** An inline run that computes `ms` (busy all along), then answers or throws `error`. */
  const runFor = (ms: number, error?: Error) =>
    gate.run(async () => {
      pass(ms, ms);
      if (error) throw error;
      return ms;
    });
  return { gate, pass, runFor };
}

test("admits while the thread's other work is under half a window: answered runs are not other work, handed-over ones are", async () => {
  const { gate, pass, runFor } = fakeGate();
  assert.equal(gate.admits(), true, "an idle thread");
  pass(WINDOW_MS, WINDOW_MS * 0.6);
  assert.equal(gate.admits(), false, "60 % of the window busy with blocks");
  pass(WINDOW_MS, WINDOW_MS * 0.1);
  assert.equal(gate.admits(), true, "10 %");

  for (let i = 0; i < (WINDOW_MS * 0.8) / LONG_RUN_MS; i++) assert.equal(await runFor(LONG_RUN_MS), LONG_RUN_MS);
  pass(WINDOW_MS * 0.2, WINDOW_MS * 0.1);
  assert.equal(gate.admits(), true, "80 % of the window answering inline, 10 % other work");

  await assert.rejects(runFor(WINDOW_MS * 0.8, new InlineLimitError("test")), InlineLimitError);
  pass(WINDOW_MS * 0.2, 0);
  assert.equal(gate.admits(), false, "80 % spent on a run that went over its limits");
  assert.deepEqual(gate.counts, { answered: (WINDOW_MS * 0.8) / LONG_RUN_MS, handedOver: 1 });
});

test("runs one at a time, in arrival order, though each awaits", async () => {
  const gate = new InlineGate();
  const events: string[] = [];
  const work = (name: string) => async () => {
    events.push(`${name} starts`);
    for (let i = 0; i < 3; i++) await Promise.resolve();
    events.push(`${name} ends`);
    return name;
  };
  const answers = await Promise.all(["a", "b", "c"].map((name) => gate.run(work(name))));
  assert.deepEqual(answers, ["a", "b", "c"]);
  assert.deepEqual(events, ["a starts", "a ends", "b starts", "b ends", "c starts", "c ends"]);
});

test("within a turn's time the next run starts at once; past it, after the event loop turns", async () => {
  for (const [firstMs, expected] of [
    [TURN_MS / 2, ["first", "second", "loop turned"]],
    [TURN_MS * 2, ["first", "loop turned", "second"]],
  ] as const) {
    const { gate, pass } = fakeGate();
    const events: string[] = [];
    setImmediate(() => events.push("loop turned"));
    const first = gate.run(async () => {
      pass(firstMs, firstMs);
      events.push("first");
    });
    const second = gate.run(async () => events.push("second"));
    await Promise.all([first, second, new Promise((resolve) => setImmediate(resolve))]);
    assert.deepEqual(events, expected, `a first run of ${firstMs} ms`);
  }
});

test("an answered run longer than LONG_RUN_MS counts as other work", async () => {
  const { gate, pass, runFor } = fakeGate();
  await runFor(WINDOW_MS * 0.6);
  pass(WINDOW_MS * 0.4, 0);
  assert.equal(gate.admits(), false, "one answered run held the thread for 60 % of the window");
  pass(WINDOW_MS, 0);
  assert.equal(gate.admits(), true);
  for (let i = 0; i < 30; i++) await runFor(LONG_RUN_MS);
  pass(WINDOW_MS - 30 * LONG_RUN_MS, 0);
  assert.equal(gate.admits(), true, `runs of ${LONG_RUN_MS} ms each are answered work, 75 % of the window`);
});

test(`with ${MAX_WAITING} queries waiting it admits no more, and admits again once they ran`, async () => {
  const { gate } = fakeGate();
  let release!: () => void;
  const first = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
  const waiting = Array.from({ length: MAX_WAITING }, () => gate.run(async () => {}));
  assert.equal(gate.admits(), false);
  release();
  await Promise.all([first, ...waiting]);
  assert.equal(gate.admits(), true);
  assert.equal(gate.counts.answered, MAX_WAITING + 1);
});
