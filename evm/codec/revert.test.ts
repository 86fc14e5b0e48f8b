// Revert data: Solidity's Error(string) and Panic(uint256) decoded into the message, the raw
// bytes kept as the error's data; anything else is a bare "execution reverted".
import { test } from "node:test";
import assert from "node:assert/strict";
import { executionReverted, revertReason } from "./revert.js";

const word = (n: number | bigint) => BigInt(n).toString(16).padStart(64, "0");
const errorString = (text: string) => {
  const body = Buffer.from(text, "utf8").toString("hex");
  return Buffer.from(`08c379a0${word(32)}${word(Buffer.byteLength(text))}${body.padEnd(Math.ceil(body.length / 64) * 64, "0")}`, "hex");
};

test("Error(string) gives its reason", () => {
  assert.equal(revertReason(errorString("Counter: always fails")), "Counter: always fails");
  assert.equal(revertReason(errorString("")), "");
  const err = executionReverted(errorString("nope"));
  assert.equal(err.code, 3);
  assert.equal(err.message, "execution reverted: nope");
  assert.equal(err.data, `0x${errorString("nope").toString("hex")}`);
});

test("Panic(uint256) gives the panic's meaning and code", () => {
  assert.equal(revertReason(Buffer.from(`4e487b71${word(0x12)}`, "hex")), "division or modulo by zero (0x12)");
  assert.equal(revertReason(Buffer.from(`4e487b71${word(0x01)}`, "hex")), "assert(false) (0x1)");
  assert.equal(revertReason(Buffer.from(`4e487b71${word(0x99)}`, "hex")), "unknown panic code (0x99)");
});

test("anything else, including malformed Error(string), is a bare revert with its data", () => {
  assert.equal(revertReason(new Uint8Array()), undefined);
  assert.equal(revertReason(Buffer.from("deadbeef", "hex")), undefined);
  assert.equal(revertReason(Buffer.from(`08c379a0${word(32)}${word(1000)}`, "hex")), undefined, "a length past the data");
  assert.equal(revertReason(Buffer.from(`08c379a0${word(2n ** 70n)}`, "hex")), undefined, "an offset past the data");
  const err = executionReverted(Buffer.from("deadbeef", "hex"));
  assert.deepEqual([err.message, err.data], ["execution reverted", "0xdeadbeef"]);
});
