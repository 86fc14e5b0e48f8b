import { test } from "node:test";
import assert from "node:assert/strict";
import { Memo } from "./memo.js";

test("a memo holds at most its capacity and forgets the oldest entry first, hits or not", () => {
  const memo = new Memo<string, number>(2);
  memo.set("a", 1);
  memo.set("b", 2);
  assert.equal(memo.get("a"), 1);
  memo.set("c", 3);
  assert.equal(memo.size, 2);
  assert.equal(memo.get("a"), undefined, "the oldest goes, even after a hit");
  assert.equal(memo.get("b"), 2);
  assert.equal(memo.get("c"), 3);
  memo.set("b", 20);
  assert.equal(memo.get("b"), 20, "a key set again takes the new value");
  assert.throws(() => new Memo(0), RangeError);
});

test("a weight bound forgets the oldest entries until the rest fit, keeping the newest even if it alone is over", () => {
  const memo = new Memo<string, string>(100, { max: 10, of: (v) => v.length });
  memo.set("a", "xxxx");
  memo.set("b", "yyyy");
  memo.set("c", "zzzz");
  assert.deepEqual(
    ["a", "b", "c"].map((k) => memo.get(k)),
    [undefined, "yyyy", "zzzz"],
  );
  assert.equal(memo.weightSum, 8);
  memo.set("b", "y");
  memo.set("d", "wwww");
  assert.deepEqual(
    ["b", "c", "d"].map((k) => memo.get(k)),
    ["y", "zzzz", "wwww"],
    "re-setting b lowered the weight, so all three fit",
  );
  assert.equal(memo.weightSum, 9);
  memo.set("e", "v".repeat(50));
  assert.equal(memo.size, 1);
  assert.equal(memo.get("e")?.length, 50);
});

test("after many evictions the memo still holds exactly the newest entries, a key set again keeping its place", () => {
  const memo = new Memo<number, number>(1000);
  for (let i = 0; i < 10_000; i++) {
    memo.set(i, i);
    // Setting a held key again neither adds it twice to the order nor moves it.
    if (i % 7 === 0) memo.set(i, -i);
  }
  assert.equal(memo.size, 1000);
  assert.equal(memo.get(8_999), undefined);
  assert.equal(memo.get(9_000), 9_000);
  assert.equal(memo.get(9_002), -9_002);
  memo.set(10_000, 10_000);
  assert.equal(memo.get(9_000), undefined, "the oldest held key goes first");
  assert.equal(memo.get(9_001), 9_001);
});

test("a deleted key is forgotten, its weight with it, and eviction passes over it to the oldest held", () => {
  const memo = new Memo<string, string>(3, { max: 100, of: (v) => v.length });
  memo.set("a", "xx");
  memo.set("b", "yyy");
  memo.set("c", "z");
  assert.equal(memo.delete("a"), true);
  assert.equal(memo.delete("a"), false, "already gone");
  assert.equal(memo.get("a"), undefined);
  assert.equal(memo.size, 2);
  assert.equal(memo.weightSum, 4);
  memo.set("d", "w");
  memo.set("e", "v");
  assert.deepEqual(
    ["b", "c", "d", "e"].map((k) => memo.get(k)),
    [undefined, "z", "w", "v"],
    "b, the oldest held, went; the deleted a took no one's place",
  );
  assert.equal(memo.weightSum, 3);
  // Deleted and set again: held, and counted once.
  memo.delete("c");
  memo.set("c", "zz");
  assert.equal(memo.get("c"), "zz");
  assert.equal(memo.size, 3);
  assert.equal(memo.weightSum, 4);
});

test("a memo whose keys are mostly deleted after use keeps its bound and its order", () => {
  const memo = new Memo<number, number>(100);
  // As the decode caches use it: every key set, most deleted soon after, a few left behind.
  for (let i = 0; i <= 200_000; i++) {
    memo.set(i, i);
    if (i % 50 !== 0) memo.delete(i);
  }
  assert.equal(memo.size, 100);
  assert.equal(memo.get(200_000), 200_000);
  assert.equal(memo.get(195_050), 195_050, "the 100 newest kept keys");
  assert.equal(memo.get(195_000), undefined);
  memo.set(-1, -1);
  assert.equal(memo.get(195_050), undefined, "the oldest held key goes first");
  assert.equal(memo.get(195_100), 195_100);
});

test("clear forgets every entry and its weight, and the memo fills again from empty", () => {
  const m = new Memo<string, number>(3, { max: 100, of: (v) => v });
  m.set("a", 10);
  m.set("b", 20);
  m.clear();
  assert.equal(m.size, 0);
  assert.equal(m.weightSum, 0);
  assert.equal(m.get("a"), undefined);
  for (const k of ["c", "d", "e", "f"]) m.set(k, 1);
  assert.deepEqual(
    ["c", "d", "e", "f"].map((k) => m.get(k)),
    [undefined, 1, 1, 1],
    "the oldest goes first, as before",
  );
});
