// Blocks over a fake node: hashes and parents from CometBFT, the EVM record's fields, Ethereum's
// constants and trie roots, txs as hashes or objects, and null for blocks that do not exist.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createTxFromRLP } from "@ethereumjs/tx";
import { genTransactionsTrieRoot } from "@ethereumjs/block";
import { evmCommon } from "../../common/ethereum/ethTx.js";
import { keccak256 } from "../../sdk/crypto/hashes.js";
import { FEE_COLLECTOR_ADDRESS } from "../evmRpc.js";
import { CHAIN_ID, CONTRACT, fakeServer, GWEI, hex0x, SENDER, signed1559, signedLegacy, TOPIC_A } from "../testFixture.js";

function chain() {
  const server = fakeServer();
  server.node.addBlock();
  const txs = [signed1559(0n), signedLegacy(1n)];
  server.node.addBlock(
    [
      { raw: txs[0]!, logs: [{ address: CONTRACT, topics: [TOPIC_A], data: Uint8Array.of(1) }] },
      { raw: txs[1]!, status: 0, gasUsed: 30_000n },
    ],
    { refused: [signed1559(9n)] },
  );
  server.node.addBlock();
  return { ...server, txs };
}

test("eth_blockNumber is the app's committed height", async () => {
  const { call } = chain();
  assert.equal((await call("eth_blockNumber")).result, "0x3");
});

test("a block: CometBFT's hash and parent, the EVM record's fields, post-merge constants", async () => {
  const { node, call, txs } = chain();
  const b = (await call("eth_getBlockByNumber", "0x2", false)).result;
  const stored = node.blocks.get(2n)!;
  assert.equal(b.number, "0x2");
  assert.equal(b.hash, hex0x(stored.comet.hash));
  assert.equal(b.parentHash, hex0x(node.blocks.get(1n)!.evm.hash));
  assert.equal(b.timestamp, `0x${(1_700_000_002).toString(16)}`);
  assert.equal(b.gasLimit, "0x1c9c380");
  assert.equal(b.gasUsed, `0x${(51_000).toString(16)}`);
  assert.equal(b.baseFeePerGas, "0x3b9aca00");
  assert.equal(b.miner, hex0x(FEE_COLLECTOR_ADDRESS));
  assert.equal(b.stateRoot, hex0x(stored.comet.appHash));
  assert.deepEqual([b.difficulty, b.nonce, b.extraData, b.uncles], ["0x0", "0x0000000000000000", "0x", []]);
  assert.equal(b.sha3Uncles, "0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347");
  assert.deepEqual(
    b.transactions,
    txs.map((t) => hex0x(keccak256(t))),
    "the executed Ethereum txs only: not the Cosmos tx, not the refused one",
  );
  const decoded = txs.map((t) => createTxFromRLP(t, { common: evmCommon(CHAIN_ID) }));
  assert.equal(b.transactionsRoot, hex0x(await genTransactionsTrieRoot(decoded)), "Ethereum's transactions trie");
  assert.equal(b.size, `0x${(txs[0]!.length + txs[1]!.length).toString(16)}`);
  const empty = (await call("eth_getBlockByNumber", "0x1", false)).result;
  assert.equal(empty.transactionsRoot, "0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421");
  assert.equal(empty.receiptsRoot, empty.transactionsRoot);
  assert.equal(empty.parentHash, `0x${"00".repeat(32)}`);
});

test("by hash, by tag, and null for what does not exist", async () => {
  const { node, call } = chain();
  const hash = hex0x(node.blocks.get(2n)!.evm.hash);
  assert.equal((await call("eth_getBlockByHash", hash, false)).result.number, "0x2");
  for (const tag of ["latest", "pending", "safe", "finalized"]) assert.equal((await call("eth_getBlockByNumber", tag, false)).result.number, "0x3", tag);
  assert.equal((await call("eth_getBlockByNumber", "earliest", false)).result.number, "0x1");
  assert.equal((await call("eth_getBlockByNumber", "0x4", false)).result, null);
  assert.equal((await call("eth_getBlockByNumber", "0x0", false)).result, null);
  assert.equal((await call("eth_getBlockByHash", `0x${"99".repeat(32)}`, true)).result, null);
  assert.equal((await call("eth_getBlockByNumber", "0x2", "yes")).error?.code, -32602);
  assert.equal((await call("eth_getBlockByNumber")).error?.message, "missing value for required argument 0 (block number)");
});

test("full txs: mined objects with the block's hash, index and the receipt's sender and price", async () => {
  const { node, call, txs } = chain();
  const b = (await call("eth_getBlockByNumber", "0x2", true)).result;
  const [t0, t1] = b.transactions;
  assert.equal(t0.hash, hex0x(keccak256(txs[0]!)));
  assert.equal(t0.blockHash, b.hash);
  assert.equal(t0.blockNumber, "0x2");
  assert.equal(t0.transactionIndex, "0x0");
  assert.equal(t0.from, hex0x(SENDER));
  assert.equal(t0.type, "0x2");
  assert.equal(t0.chainId, "0xa33");
  assert.equal(t0.gasPrice, `0x${(2n * GWEI).toString(16)}`, "the effective price a mined 1559 tx paid");
  assert.equal(t0.maxFeePerGas, `0x${(10n * GWEI).toString(16)}`);
  assert.deepEqual(t0.accessList, []);
  assert.ok(t0.yParity === "0x0" || t0.yParity === "0x1");
  assert.equal(t1.type, "0x0");
  assert.equal(t1.chainId, "0xa33", "from the EIP-155 v");
  assert.equal(t1.yParity, undefined);
  assert.equal(t1.gasPrice, `0x${(2n * GWEI).toString(16)}`);
  assert.equal(t1.transactionIndex, "0x1");
  assert.equal(node.blocks.size, 3);
});

test("counts, txs by index, receipts of a block, uncles", async () => {
  const { node, call } = chain();
  const hash = hex0x(node.blocks.get(2n)!.evm.hash);
  assert.equal((await call("eth_getBlockTransactionCountByNumber", "0x2")).result, "0x2");
  assert.equal((await call("eth_getBlockTransactionCountByHash", hash)).result, "0x2");
  assert.equal((await call("eth_getBlockTransactionCountByNumber", "0x9")).result, null);
  assert.equal((await call("eth_getTransactionByBlockNumberAndIndex", "0x2", "0x1")).result.transactionIndex, "0x1");
  assert.equal((await call("eth_getTransactionByBlockHashAndIndex", hash, "0x0")).result.transactionIndex, "0x0");
  assert.equal((await call("eth_getTransactionByBlockNumberAndIndex", "0x2", "0x2")).result, null);
  const receipts = (await call("eth_getBlockReceipts", "0x2")).result;
  assert.equal(receipts.length, 2);
  assert.ok(receipts.every((r: { blockHash: string }) => r.blockHash === hash));
  assert.deepEqual(
    receipts.map((r: { status: string }) => r.status),
    ["0x1", "0x0"],
  );
  assert.equal((await call("eth_getBlockReceipts", { blockHash: hash })).result.length, 2);
  assert.equal((await call("eth_getBlockReceipts", "0x9")).result, null);
  assert.equal((await call("eth_getUncleCountByBlockNumber", "0x2")).result, "0x0");
  assert.equal((await call("eth_getUncleByBlockHashAndIndex", hash, "0x0")).result, null);
});

test("block numbers past 2^53 are no block (null), whatever the method", async () => {
  const { call } = chain();
  for (const n of ["0x20000000000000", "0xffffffffffffffff"]) {
    assert.equal((await call("eth_getBlockByNumber", n, false)).result, null, n);
    assert.equal((await call("eth_getBlockReceipts", n)).result, null, n);
    assert.equal((await call("eth_getBlockTransactionCountByNumber", n)).result, null, n);
    assert.equal((await call("eth_getTransactionByBlockNumberAndIndex", n, "0x0")).result, null, n);
  }
});
