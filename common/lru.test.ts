// The bounded cache: least recently used first out, bounded in entries and in the values' weight.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Lru } from "./lru.js";

test("past its capacity the least recently used entry goes", () => {
  const lru = new Lru<string, number>(2);
  lru.set("a", 1);
  lru.set("b", 2);
  assert.equal(lru.get("a"), 1); // a is now the most recent
  lru.set("c", 3);
  assert.deepEqual([lru.get("a"), lru.get("b"), lru.get("c"), lru.size], [1, undefined, 3, 2]);
  assert.throws(() => new Lru(0), /at least 1/);
});

test("with a weight, the oldest go until the total fits; the newest stays even alone past the bound", () => {
  const lru = new Lru<string, string>(100, { max: 10, of: (v) => v.length });
  lru.set("a", "xxxx");
  lru.set("b", "yyyy");
  assert.equal(lru.weightSum, 8);
  lru.set("c", "zzzz");
  assert.deepEqual([lru.get("a"), lru.get("b"), lru.get("c"), lru.weightSum], [undefined, "yyyy", "zzzz", 8]);
  lru.set("b", "y"); // replacing an entry replaces its weight
  assert.equal(lru.weightSum, 5);
  lru.set("huge", "h".repeat(50));
  assert.deepEqual([lru.size, lru.get("huge")?.length, lru.weightSum], [1, 50, 50]);
  assert.equal(lru.delete("huge"), true);
  assert.deepEqual([lru.size, lru.weightSum], [0, 0]);
});
