// Fee suggestions and history over a fake node: the next base fee by EIP-1559, tips from the
// receipts' effective prices, gas-weighted percentiles, bounds and the errors for bad requests.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fakeServer, GWEI, signed1559 } from "../testFixture.js";

const q = (n: bigint | number) => `0x${n.toString(16)}`;

test("without txs: the tip is 0 and the gas price is the next base fee (the floor on empty blocks)", async () => {
  const { node, call } = fakeServer();
  node.addBlock();
  node.addBlock();
  assert.equal((await call("eth_maxPriorityFeePerGas")).result, "0x0");
  assert.equal((await call("eth_gasPrice")).result, q(GWEI));
});

test("tips paid set the suggestion; a full block raises the next base fee by 1/8", async () => {
  const { node, call } = fakeServer();
  node.addBlock([{ raw: signed1559(0n), effectiveGasPrice: GWEI + 3n * GWEI }]);
  node.addBlock([{ raw: signed1559(1n), effectiveGasPrice: GWEI + 1n * GWEI, gasUsed: 30_000_000n }]);
  // Tips 1 and 3 gwei: the 60th percentile of two is the lower.
  assert.equal((await call("eth_maxPriorityFeePerGas")).result, q(GWEI));
  assert.equal((await call("eth_gasPrice")).result, q(GWEI + GWEI / 8n + GWEI), "next base fee (1.125 gwei) + tip");
});

test("eth_feeHistory: base fees including the next block's, fullness, gas-weighted reward percentiles", async () => {
  const { node, call } = fakeServer();
  node.addBlock();
  node.addBlock([
    { raw: signed1559(0n), effectiveGasPrice: GWEI + 5n, gasUsed: 100_000n },
    { raw: signed1559(1n), effectiveGasPrice: GWEI + 1n, gasUsed: 300_000n },
  ]);
  node.addBlock([], { baseFee: 2n * GWEI });
  const h = (await call("eth_feeHistory", "0x3", "latest", [0, 50, 80, 100])).result;
  assert.equal(h.oldestBlock, "0x1");
  assert.deepEqual(h.baseFeePerGas, [q(GWEI), q(GWEI), q(2n * GWEI), q(2n * GWEI - (2n * GWEI) / 8n)]);
  assert.deepEqual(h.gasUsedRatio, [0, 400_000 / 30_000_000, 0]);
  // Sorted by tip: 1 (300k gas), 5 (100k gas); 80% of 400k = 320k is reached by the second.
  assert.deepEqual(h.reward, [
    ["0x0", "0x0", "0x0", "0x0"],
    ["0x1", "0x1", "0x5", "0x5"],
    ["0x0", "0x0", "0x0", "0x0"],
  ]);
  assert.equal(h.baseFeePerBlobGas.length, 4);
  const two = (await call("eth_feeHistory", 2, "0x2")).result;
  assert.equal(two.oldestBlock, "0x1");
  assert.equal(two.reward, undefined, "no percentiles, no rewards");
  assert.equal((await call("eth_feeHistory", "0x2", "0x2", [])).result.reward, undefined, "an empty list of percentiles, no rewards (geth)");
  assert.equal((await call("eth_feeHistory", "2", "0x2")).result.oldestBlock, "0x1", "a decimal string count (geth accepts it)");
  assert.equal(two.baseFeePerGas.length, 3);
  assert.equal((await call("eth_feeHistory", "0x400", "latest")).result.oldestBlock, "0x1", "a count beyond the chain starts at block 1");
  assert.deepEqual((await call("eth_feeHistory", "0x0", "latest")).result, { oldestBlock: "0x0", baseFeePerGas: [], gasUsedRatio: [] });
});

test("eth_feeHistory refuses bad percentiles and blocks beyond the head", async () => {
  const { node, call } = fakeServer();
  node.addBlock();
  assert.match((await call("eth_feeHistory", "0x1", "latest", [50, 10])).error!.message, /invalid reward percentile #1/);
  assert.match((await call("eth_feeHistory", "0x1", "latest", [101])).error!.message, /invalid reward percentile #0/);
  assert.match((await call("eth_feeHistory", "0x1", "0x5")).error!.message, /request beyond head block/);
  assert.equal((await call("eth_feeHistory", "ten", "latest")).error?.code, -32602);
  assert.equal((await call("eth_feeHistory", -1, "latest")).error?.code, -32602);
});
