// Block parameters: tags, numbers and EIP-1898 objects, and the errors for anything else.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseBlockNumberOrTag, parseBlockRef, parseBool } from "./blockParam.js";

const HASH = `0x${"12".repeat(32)}`;

test("tags and numbers", () => {
  for (const tag of ["latest", "earliest", "pending", "safe", "finalized"]) assert.deepEqual(parseBlockNumberOrTag(tag), { kind: "tag", tag });
  assert.deepEqual(parseBlockNumberOrTag("0x10"), { kind: "number", height: 16n });
  for (const bad of ["Latest", "16", 16, null, {}, "0x", `0x1${"0".repeat(16)}`])
    assert.throws(
      () => parseBlockNumberOrTag(bad),
      (err: Error & { code?: number }) => err.code === -32602,
      String(bad),
    );
});

test("state methods also take a hash and EIP-1898 objects; absent means latest", () => {
  assert.deepEqual(parseBlockRef(undefined), { kind: "tag", tag: "latest" });
  assert.deepEqual(parseBlockRef(null), { kind: "tag", tag: "latest" });
  assert.deepEqual(parseBlockRef({ blockNumber: "0x2" }), { kind: "number", height: 2n });
  assert.deepEqual(parseBlockRef({ blockNumber: "pending" }), { kind: "tag", tag: "pending" });
  assert.deepEqual(parseBlockRef({ blockHash: HASH, requireCanonical: true }), { kind: "hash", hash: new Uint8Array(32).fill(0x12), requireCanonical: true });
  assert.deepEqual(parseBlockRef(HASH), { kind: "hash", hash: new Uint8Array(32).fill(0x12), requireCanonical: false });
  assert.throws(() => parseBlockRef({}), /exactly one of blockNumber and blockHash/);
  assert.throws(() => parseBlockRef({ blockNumber: "0x1", blockHash: HASH }), /exactly one of/);
  assert.throws(() => parseBlockRef({ blockHash: "0x12" }), /block.blockHash: expected 0x followed by 64 hex digits/);
  assert.throws(() => parseBlockRef({ blockHash: HASH, requireCanonical: "yes" }), /requireCanonical: expected a boolean/);
  assert.throws(() => parseBlockRef([]), /expected a block number/);
});

test("boolean flags", () => {
  assert.equal(parseBool(undefined, "f"), false);
  assert.equal(parseBool(true, "f"), true);
  assert.throws(() => parseBool("true", "full"), /full: expected true or false, got "true"/);
});
