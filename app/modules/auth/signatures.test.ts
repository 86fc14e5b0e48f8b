import { test } from "node:test";
import assert from "node:assert/strict";
import { SignatureCache } from "./signatures.js";

test("the signature cache remembers verified keys up to its capacity, oldest out first", () => {
  const cache = new SignatureCache(2);
  const key = (n: number) => SignatureCache.key(new Uint8Array(32).fill(n), "unit-1", [BigInt(n)]);
  assert.equal(cache.has(key(1)), false);
  cache.add(key(1));
  cache.add(key(2));
  assert.equal(cache.has(key(1)), true); // a hit does not make an entry younger
  cache.add(key(3));
  assert.deepEqual([cache.has(key(1)), cache.has(key(2)), cache.has(key(3))], [false, true, true]);
  assert.notEqual(key(1), SignatureCache.key(new Uint8Array(32).fill(1), "unit-2", [1n]), "the chain id is part of the key");
});
