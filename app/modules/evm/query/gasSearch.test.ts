// The gas estimator's search against calls whose need is known: exact answers, few runs.
import assert from "node:assert/strict";
import { test } from "node:test";
import { lowestSufficientGas } from "./gasSearch.js";

const CAP = 30_000_000n;

/** A call that succeeds with at least `need`, after consuming `consumed` (with `refund`) at the cap. */
async function search(need: bigint, consumed: bigint, refund = 0n, minimum = 21_000n) {
  let runs = 0;
  const run = async (limit: bigint) => {
    runs++;
    return limit >= need;
  };
  const gas = await lowestSufficientGas(run, minimum, CAP, { ok: true, gasConsumed: consumed, refund });
  return { gas, runs };
}

test("a call that needs exactly what it consumed: one run confirms it", async () => {
  assert.deepEqual(await search(43_512n, 43_512n), { gas: 43_512n, runs: 1 });
});

test("a call that needs more than it consumed (63/64 of the gas left to a callee, refunds): exact, in few runs", async () => {
  for (const [need, consumed, refund] of [
    [45_000n, 44_300n, 0n],
    [60_123n, 55_000n, 4_800n],
    [1_000_000n, 980_000n, 0n],
    [24_000_000n, 23_700_000n, 0n],
  ] as const) {
    const { gas, runs } = await search(need, consumed, refund);
    assert.equal(gas, need);
    // About log2(consumed / 63) + 3: 15 for 100k gas, 21 near the 30M cap.
    assert.ok(runs <= (need <= 1_000_000n ? 18 : 22), `${runs} runs for need ${need}`);
  }
});

test("a need above every shortcut (a call that checks gasleft()) still comes out exact", async () => {
  const { gas, runs } = await search(5_000_000n, 30_000n);
  assert.equal(gas, 5_000_000n);
  assert.ok(runs <= 45, `${runs} runs`);
});

test("bounds: the intrinsic gas is the floor, the cap the ceiling", async () => {
  assert.deepEqual(await search(21_000n, 21_000n), { gas: 21_000n, runs: 1 });
  assert.deepEqual(await search(CAP, CAP), { gas: CAP, runs: 0 });
});
