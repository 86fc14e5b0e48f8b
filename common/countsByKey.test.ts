import assert from "node:assert/strict";
import { test } from "node:test";
import { CountsByKey } from "./countsByKey.js";

test("counts by key: holds release once, and a key back at zero is forgotten", () => {
  const counts = new CountsByKey();
  const a = counts.hold("a", 3);
  counts.add("a");
  counts.hold("b");
  assert.equal(counts.get("a"), 4);
  a();
  a();
  assert.equal(counts.get("a"), 1, "a second release takes nothing more");
  counts.remove("a");
  assert.equal(counts.get("a"), 0);
  assert.equal(counts.size, 1, "only b is kept");
  counts.remove("c");
  assert.equal(counts.size, 1, "removing from a key with nothing adds no key");
});
