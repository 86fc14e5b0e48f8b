import { test } from "node:test";
import assert from "node:assert/strict";
import { codeByHash } from "./codeByHash.js";

test("code is loaded once per hash, as a private copy shared by every reader", () => {
  const hash = "aa".repeat(32);
  const stored = Buffer.from([0x60, 0x01, 0x00]);
  let loads = 0;
  const load = () => {
    loads++;
    return stored;
  };
  const first = codeByHash(hash, load);
  const second = codeByHash(hash, load);
  assert.equal(loads, 1);
  assert.equal(first, second, "one array per hash");
  assert.notEqual(first, stored);
  stored[0] = 0xff; // the store's buffer may be reused: the cached code keeps its bytes
  assert.deepEqual([...first!], [0x60, 0x01, 0x00]);
});

test("missing code is not remembered", () => {
  const hash = "bb".repeat(32);
  assert.equal(
    codeByHash(hash, () => undefined),
    undefined,
  );
  assert.deepEqual([...codeByHash(hash, () => Uint8Array.of(0x00))!], [0x00]);
});
