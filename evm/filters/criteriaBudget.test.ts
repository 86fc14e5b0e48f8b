// The bound on addresses and topics that long-lived log criteria list: per holder and in all.
import assert from "node:assert/strict";
import { test } from "node:test";
import { alternativesOf, CriteriaBudget } from "./criteriaBudget.js";

const criteria = (addresses: number, ...positions: Array<number | null>) => ({
  addresses: Array.from({ length: addresses }, () => new Uint8Array(20)),
  topics: positions.map((n) => (n === null ? null : Array.from({ length: n }, () => new Uint8Array(32)))),
});

test("alternatives: addresses and every position's topics; a filter that lists none counts one", () => {
  assert.equal(alternativesOf(criteria(3, 2, null, 5)), 10);
  assert.equal(alternativesOf(criteria(0)), 1);
  assert.equal(alternativesOf(criteria(0, null, null)), 1);
});

test("a holder is refused past its share, the server past its total; releases give them back, once", () => {
  const budget = new CriteriaBudget({ maxTotal: 25, maxPerHolder: 10 });
  const a1 = budget.reserve("a", criteria(6));
  assert.throws(() => budget.reserve("a", criteria(5)), /this client would list more than 10 addresses and topics \(6 now, 5 asked\)/);
  const a2 = budget.reserve("a", criteria(4));
  const b = budget.reserve("b", criteria(0, 10));
  assert.throws(() => budget.reserve("c", criteria(6)), /on this server would list more than 25 addresses and topics/);
  const c = budget.reserve("c", criteria(5));
  assert.deepEqual([budget.held(), budget.held("a"), budget.held("b"), budget.held("c")], [25, 10, 10, 5]);
  a1();
  a1();
  assert.deepEqual([budget.held(), budget.held("a")], [19, 4], "a second release changes nothing");
  budget.reserve("c", criteria(5));
  for (const release of [a2, b, c]) release();
  assert.deepEqual([budget.held(), budget.held("a"), budget.held("b"), budget.held("c")], [5, 0, 0, 5]);
});
