// Sending and finding txs over a fake node: the keccak hash back, clean -32000 errors for what
// the decoder or CheckTx refuses (and no broadcast of garbage), pending txs with null block
// fields, mined txs and receipts, null for the unknown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { keccak256 } from "../../sdk/crypto/hashes.js";
import { CONTRACT, fakeServer, GWEI, hex0x, RECIPIENT, SENDER, signed1559, signedLegacy, TOPIC_A, TOPIC_B } from "../testFixture.js";

test("eth_sendRawTransaction returns the keccak hash; the tx is then pending with null block fields", async () => {
  const { node, call } = fakeServer();
  node.addBlock();
  const raw = signed1559(0n);
  const sent = await call("eth_sendRawTransaction", hex0x(raw));
  assert.equal(sent.result, hex0x(keccak256(raw)));
  const pending = (await call("eth_getTransactionByHash", sent.result)).result;
  assert.deepEqual([pending.blockHash, pending.blockNumber, pending.transactionIndex], [null, null, null]);
  assert.equal(pending.from, hex0x(SENDER));
  assert.equal(pending.to, hex0x(RECIPIENT));
  assert.equal(pending.nonce, "0x0");
  assert.equal(pending.gasPrice, `0x${(10n * GWEI).toString(16)}`, "a pending 1559 tx shows its fee cap");
  assert.equal((await call("eth_getTransactionReceipt", sent.result)).result, null, "no receipt until included");
});

test("what the decoder refuses never reaches CometBFT; CheckTx's refusal is -32000 with its log", async () => {
  const { node, call } = fakeServer();
  node.addBlock();
  const garbage = await call("eth_sendRawTransaction", "0x02ff00");
  assert.equal(garbage.error?.code, -32000);
  assert.match(garbage.error!.message, /invalid Ethereum transaction/);
  const cosmos = await call("eth_sendRawTransaction", "0x0a0208");
  assert.equal(cosmos.error?.code, -32000);
  const wrongChain = await call("eth_sendRawTransaction", hex0x(signed1559(0n, { chainId: 1n })));
  assert.match(wrongChain.error!.message, /invalid chain id/);
  const notHex = await call("eth_sendRawTransaction", "0xzz");
  assert.equal(notHex.error?.code, -32602);
  assert.ok(!node.calls.includes("broadcastTxSync"), "nothing was broadcast");
  node.checkTx = () => ({ code: 2, codespace: "evm", log: "nonce too low: next nonce 5, tx nonce 0" });
  const replay = await call("eth_sendRawTransaction", hex0x(signed1559(0n)));
  assert.deepEqual(replay.error, { code: -32000, message: "nonce too low: next nonce 5, tx nonce 0" });
  assert.equal(node.mempool.length, 0);
});

test("a mined tx: its block, index, sender and receipt with logs placed in the block", async () => {
  const { node, call } = fakeServer();
  node.addBlock();
  const raw = signed1559(0n);
  const other = signed1559(1n);
  node.addBlock([
    { raw: other, logs: [{ address: CONTRACT, topics: [TOPIC_B], data: new Uint8Array() }] },
    { raw, logs: [{ address: CONTRACT, topics: [TOPIC_A, TOPIC_B], data: Uint8Array.of(7) }], contractAddress: CONTRACT },
  ]);
  const hash = hex0x(keccak256(raw));
  const blockHash = hex0x(node.blocks.get(2n)!.evm.hash);
  const tx = (await call("eth_getTransactionByHash", hash)).result;
  assert.deepEqual([tx.blockHash, tx.blockNumber, tx.transactionIndex, tx.nonce], [blockHash, "0x2", "0x1", "0x0"]);
  const r = (await call("eth_getTransactionReceipt", hash)).result;
  assert.equal(r.transactionHash, hash);
  assert.equal(r.blockHash, blockHash);
  assert.equal(r.blockNumber, "0x2");
  assert.equal(r.transactionIndex, "0x1");
  assert.equal(r.status, "0x1");
  assert.equal(r.type, "0x2");
  assert.equal(r.from, hex0x(SENDER));
  assert.equal(r.contractAddress, hex0x(CONTRACT));
  assert.equal(r.cumulativeGasUsed, `0x${(42_000).toString(16)}`);
  assert.equal(r.effectiveGasPrice, `0x${(2n * GWEI).toString(16)}`);
  assert.equal(r.logsBloom.length, 2 + 512);
  assert.deepEqual(r.logs, [
    {
      address: hex0x(CONTRACT),
      topics: [hex0x(TOPIC_A), hex0x(TOPIC_B)],
      data: "0x07",
      blockNumber: "0x2",
      blockHash,
      transactionHash: hash,
      transactionIndex: "0x1",
      logIndex: "0x1",
      removed: false,
    },
  ]);
});

test("a pending tx found in CometBFT's mempool though another server sent it; unknown and refused txs are null", async () => {
  const { node, call } = fakeServer();
  node.addBlock();
  const raw = signed1559(3n);
  node.mempool.push(raw);
  const found = (await call("eth_getTransactionByHash", hex0x(keccak256(raw)))).result;
  assert.equal(found.nonce, "0x3");
  assert.equal(found.blockHash, null);
  assert.equal((await call("eth_getTransactionByHash", `0x${"ab".repeat(32)}`)).result, null);
  assert.equal((await call("eth_getTransactionReceipt", `0x${"ab".repeat(32)}`)).result, null);
  // Sent through this server, then refused in its block before running: no receipt, not pending.
  const refused = signed1559(4n);
  await call("eth_sendRawTransaction", hex0x(refused));
  node.addBlock([], { refused: [refused] });
  node.mempool.length = 0;
  assert.equal((await call("eth_getTransactionByHash", hex0x(keccak256(refused)))).result, null);
  assert.equal((await call("eth_getTransactionByHash", "0x12")).error?.code, -32602);
});

test("receipts of a legacy and a 1559 tx: every field present, null where geth has null, quantities without leading zeros", async () => {
  const { node, call } = fakeServer();
  const legacy = signedLegacy(0n, 3n * GWEI);
  const dynamic = signed1559(1n);
  node.addBlock([
    { raw: legacy, effectiveGasPrice: 3n * GWEI, status: 0 },
    { raw: dynamic, effectiveGasPrice: 2n * GWEI },
  ]);
  const keys = [
    "blockHash",
    "blockNumber",
    "contractAddress",
    "cumulativeGasUsed",
    "effectiveGasPrice",
    "from",
    "gasUsed",
    "logs",
    "logsBloom",
    "status",
    "to",
    "transactionHash",
    "transactionIndex",
    "type",
  ];
  const r0 = (await call("eth_getTransactionReceipt", hex0x(keccak256(legacy)))).result;
  const r1 = (await call("eth_getTransactionReceipt", hex0x(keccak256(dynamic)))).result;
  assert.deepEqual(Object.keys(r0).sort(), keys);
  assert.deepEqual(Object.keys(r1).sort(), keys);
  assert.deepEqual(
    [r0.type, r0.status, r0.effectiveGasPrice, r0.contractAddress, r0.transactionIndex, r0.logs],
    ["0x0", "0x0", `0x${(3n * GWEI).toString(16)}`, null, "0x0", []],
  );
  assert.deepEqual(
    [r1.type, r1.status, r1.effectiveGasPrice, r1.transactionIndex, r1.cumulativeGasUsed],
    ["0x2", "0x1", `0x${(2n * GWEI).toString(16)}`, "0x1", `0x${(42_000).toString(16)}`],
  );
  assert.equal(r0.blockHash, r1.blockHash);
  const t0 = (await call("eth_getTransactionByHash", r0.transactionHash)).result;
  assert.equal("maxFeePerGas" in t0, false, "a legacy tx has no 1559 fields");
  assert.equal("yParity" in t0, false);
  assert.deepEqual([t0.chainId, t0.gasPrice], ["0xa33", `0x${(3n * GWEI).toString(16)}`]);
  const t1 = (await call("eth_getTransactionByHash", r1.transactionHash)).result;
  assert.deepEqual([t1.type, t1.gasPrice, t1.maxPriorityFeePerGas, t1.accessList], ["0x2", `0x${(2n * GWEI).toString(16)}`, `0x${GWEI.toString(16)}`, []]);
  assert.ok(t1.yParity === "0x0" || t1.yParity === "0x1");
});
