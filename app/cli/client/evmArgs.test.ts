import { test } from "node:test";
import assert from "node:assert/strict";
import { ethTxHashArg, storageSlotArg } from "./evmArgs.js";

const ZERO_WORD = "0x" + "0".repeat(64);

test("storage slots in hex or decimal become one 32-byte word", () => {
  assert.equal(storageSlotArg("0"), ZERO_WORD);
  assert.equal(storageSlotArg("0x0"), ZERO_WORD);
  assert.equal(storageSlotArg("0x2A"), "0x" + "0".repeat(62) + "2a");
  assert.equal(storageSlotArg("42"), "0x" + "0".repeat(62) + "2a");
  assert.equal(storageSlotArg("0x" + "f".repeat(64)), "0x" + "f".repeat(64));
  assert.equal(storageSlotArg(((1n << 256n) - 1n).toString()), "0x" + "f".repeat(64));
});

test("bad slots are refused with the rule", () => {
  for (const bad of ["", "0x", "-1", "1.5", "0xg", "x10", "0x" + "1".repeat(65), (1n << 256n).toString(), " 1"]) {
    assert.throws(() => storageSlotArg(bad), /invalid storage slot .*at most 64 hex digits, or a decimal integer below 2\^256/, bad);
  }
});

test("tx hashes: 0x optional, any case, normalized; anything else refused", () => {
  const hash = "ab".repeat(32);
  assert.equal(ethTxHashArg("0x" + hash), "0x" + hash);
  assert.equal(ethTxHashArg(hash.toUpperCase()), "0x" + hash);
  assert.equal(ethTxHashArg("0X" + hash), "0x" + hash);
  for (const bad of ["", "0x", "0x" + hash.slice(2), "0x" + hash + "00", "0x" + hash.slice(1) + "g"]) {
    assert.throws(() => ethTxHashArg(bad), /invalid tx hash .*64 hex digits/, bad);
  }
});
