import { test } from "node:test";
import assert from "node:assert/strict";
import { keccak256, ripemd160, sha256 } from "./hashes.js";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const abc = new TextEncoder().encode("abc");

test("sha256, ripemd160 and keccak256 match their published test vectors", () => {
  assert.equal(hex(sha256(abc)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  assert.equal(hex(ripemd160(abc)), "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc");
  // Keccak-256, not NIST SHA3-256 (which gives a7ffc6f8... for the empty input).
  assert.equal(hex(keccak256(new Uint8Array())), "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
});
