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
