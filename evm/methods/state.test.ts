// State reads and calls over a fake node: block parameters become the height the app reads at,
// "pending" nonces come from the mempool's view, and reverts are code 3 with their data.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fakeServer, hex, hex0x, SENDER } from "../testFixture.js";

const ADDR = hex0x(SENDER);

function server() {
  const s = fakeServer();
  for (let i = 0; i < 3; i++) s.node.addBlock();
  s.node.balances.set(hex(SENDER), 10n ** 18n + 1n);
  s.node.nonces.set(hex(SENDER), 4n);
  s.node.pendingNonces.set(hex(SENDER), 6n);
  return s;
}

test("balances and nonces at latest, pending, a number, a hash and EIP-1898 objects", async () => {
  const { node, call } = server();
  assert.equal((await call("eth_getBalance", ADDR, "latest")).result, "0xde0b6b3a7640001");
  assert.equal((await call("eth_getBalance", ADDR)).result, "0xde0b6b3a7640001", "the block defaults to latest");
  assert.equal((await call("eth_getTransactionCount", ADDR, "latest")).result, "0x4");
  assert.equal((await call("eth_getTransactionCount", ADDR, "pending")).result, "0x6", "the mempool's nonce");
  node.heights.length = 0;
  await call("eth_getTransactionCount", ADDR, "0x2");
  await call("eth_getTransactionCount", ADDR, { blockNumber: "0x1" });
  await call("eth_getTransactionCount", ADDR, { blockHash: hex0x(node.blocks.get(3n)!.evm.hash) });
  await call("eth_getTransactionCount", ADDR, "earliest");
  await call("eth_getBalance", ADDR, "finalized");
  assert.deepEqual(node.heights, [2n, 1n, 3n, 1n, undefined]);
  assert.deepEqual((await call("eth_getBalance", ADDR, "0x9")).error, { code: -32000, message: "header not found" });
  assert.deepEqual((await call("eth_getBalance", ADDR, "0x0")).error, { code: -32000, message: "header not found" });
  assert.deepEqual((await call("eth_getBalance", ADDR, { blockHash: `0x${"99".repeat(32)}` })).error, { code: -32000, message: "header for hash not found" });
  assert.equal((await call("eth_getBalance", "0x1234", "latest")).error?.code, -32602);
  assert.equal((await call("eth_getBalance", ADDR, "newest")).error?.code, -32602);
});

test("code and storage words", async () => {
  const { node, call } = server();
  node.codes.set(hex(SENDER), Uint8Array.of(0x60, 0x00));
  assert.equal((await call("eth_getCode", ADDR, "latest")).result, "0x6000");
  assert.equal((await call("eth_getCode", `0x${"01".repeat(20)}`)).result, "0x");
  assert.equal((await call("eth_getStorageAt", ADDR, "0x4", "latest")).result, `0x${"00".repeat(31)}05`, "a 32-byte word for the 32-byte slot");
  assert.equal((await call("eth_getStorageAt", ADDR, `0x${"f".repeat(65)}`)).error?.code, -32602);
});

test("eth_call returns data; a revert is code 3 with the reason and data; a VM error is -32000", async () => {
  const { node, call } = server();
  assert.equal((await call("eth_call", { to: ADDR, data: "0x" }, "latest")).result, "0xab");
  const reason = Buffer.from(`08c379a0${"20".padStart(64, "0")}${"04".padStart(64, "0")}${Buffer.from("nope").toString("hex").padEnd(64, "0")}`, "hex");
  node.callResult = () => ({ reverted: true, returnData: reason });
  assert.deepEqual((await call("eth_call", { to: ADDR })).error, { code: 3, message: "execution reverted: nope", data: hex0x(reason) });
  node.callResult = () => ({ vmError: "out of gas" });
  assert.deepEqual((await call("eth_call", { to: ADDR })).error, { code: -32000, message: "out of gas" });
  assert.deepEqual((await call("eth_call", { to: ADDR }, "latest", { [ADDR]: { balance: "0x1" } })).error, {
    code: -32602,
    message: "state overrides are not supported",
  });
  assert.equal((await call("eth_call", { to: ADDR }, "latest", {})).error?.code, -32000, "an empty override object is no override");
});

test("eth_estimateGas returns the gas; a revert at the cap is code 3", async () => {
  const { node, call } = server();
  assert.equal((await call("eth_estimateGas", { from: ADDR, to: ADDR, value: "0x1" })).result, "0x5208");
  node.estimateResult = () => ({ reverted: true, returnData: Buffer.from(`4e487b71${"12".padStart(64, "0")}`, "hex") });
  const err = (await call("eth_estimateGas", { to: ADDR }, "pending")).error!;
  assert.equal(err.code, 3);
  assert.equal(err.message, "execution reverted: division or modulo by zero (0x12)");
});

test("block numbers past 2^53 name no block: header not found, without asking the node", async () => {
  const { node, call } = server();
  node.heights.length = 0;
  for (const n of ["0x20000000000000", "0x7fffffffffffffff", "0xffffffffffffffff"]) {
    assert.deepEqual((await call("eth_getBalance", ADDR, n)).error, { code: -32000, message: "header not found" }, n);
    assert.deepEqual((await call("eth_call", { to: ADDR }, { blockNumber: n })).error, { code: -32000, message: "header not found" }, n);
  }
  assert.deepEqual(node.heights, []);
  assert.equal((await call("eth_getBalance", ADDR, "0x10000000000000000")).error?.code, -32602, "past 64 bits is a bad param");
});
