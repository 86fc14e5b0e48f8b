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

test("after many hits, deletions and evictions (past the Map's table rebuilds) it holds what a reference LRU holds", () => {
  const capacity = 64;
  const lru = new Lru<number, number>(capacity);
  const model: number[] = []; // keys, least recently used first
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  for (let i = 0; i < 50_000; i++) {
    const key = random(200);
    const op = random(10);
    const at = model.indexOf(key);
    if (op < 5) {
      // A hit moves the key to the most recent end.
      assert.equal(lru.get(key), at >= 0 ? key : undefined);
      if (at >= 0) model.push(...model.splice(at, 1));
    } else if (op < 9) {
      lru.set(key, key);
      if (at >= 0) model.splice(at, 1);
      model.push(key);
      if (model.length > capacity) model.shift();
    } else {
      assert.equal(lru.delete(key), at >= 0);
      if (at >= 0) model.splice(at, 1);
    }
    assert.equal(lru.size, model.length);
  }
  // The same keys, and they go in the same order as newer ones push them out.
  for (let k = 1000; k < 1000 + 2 * capacity; k++) {
    const expectedOut = model.length === capacity ? model.shift() : undefined;
    lru.set(k, k);
    model.push(k);
    if (expectedOut !== undefined) assert.equal(lru.get(expectedOut), undefined);
    assert.equal(lru.size, model.length);
  }
  for (const key of model) assert.equal(lru.get(key), key);
});
