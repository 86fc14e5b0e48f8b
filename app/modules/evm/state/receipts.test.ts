// Where receipts are kept: by their place in their block (0x0a | height | index), found by tx hash
// through the tx's location (0x05 | hash), so a block's receipts sit next to each other in key order.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openStore } from "../../../store/index.js";
import { moduleReader, moduleStore } from "../../../store/prefixStore.js";
import { MODULE_NAME, RECEIPT_PREFIX, receiptKey } from "./keys.js";
import { getReceipt, getTxLocation, receiptAt, storeReceipt } from "./receipts.js";
import type { ReceiptFields } from "./receiptCodec.js";

function receipt(txHash: Uint8Array, blockHeight: bigint, txIndex: number): ReceiptFields {
  return {
    txHash,
    status: 1,
    cumulativeGasUsed: 21_000n * BigInt(txIndex + 1),
    gasUsed: 21_000n,
    logs: [],
    bloom: new Uint8Array(256),
    contractAddress: new Uint8Array(),
    effectiveGasPrice: "1000000000",
    blockHeight,
    txIndex,
    from: new Uint8Array(20).fill(1),
    to: new Uint8Array(20).fill(2),
    txType: 2,
    firstLogIndex: 0,
  };
}

const hex = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : Buffer.from(bytes).toString("hex"));

test("receipts are stored by height and index and found by tx hash through the tx's location", () => {
  const store = openStore(":memory:");
  try {
    const evm = moduleStore(store.begin(), MODULE_NAME);
    // Hashes in the opposite order of the positions: the keys must follow the positions.
    const txs = [
      { hash: new Uint8Array(32).fill(0xf0), height: 7n, index: 0 },
      { hash: new Uint8Array(32).fill(0x10), height: 7n, index: 1 },
      { hash: new Uint8Array(32).fill(0x80), height: 8n, index: 0 },
    ];
    for (const t of txs) storeReceipt(evm, receipt(t.hash, t.height, t.index));

    const keys = [...evm.prefixIterator(RECEIPT_PREFIX)].map((e) => hex(e.key));
    assert.deepEqual(
      keys,
      txs.map((t) => hex(receiptKey(t.height, t.index))),
      "one key per receipt, in block and index order",
    );
    assert.equal(keys[1], "0a" + "0000000000000007" + "00000001");

    for (const t of txs) {
      assert.deepEqual(getTxLocation(evm, t.hash), { height: t.height, index: t.index });
      const byHash = getReceipt(evm, t.hash);
      assert.equal(hex(byHash?.txHash), hex(t.hash), "the receipt found by hash is that tx's");
      assert.equal(byHash?.blockHeight, t.height);
      assert.equal(byHash?.txIndex, t.index);
      assert.equal(hex(receiptAt(evm, t.height, t.index)?.txHash), hex(t.hash), "and the one at its place");
    }
    assert.equal(getReceipt(evm, new Uint8Array(32).fill(0x33)), undefined, "an unknown hash has no receipt");
    assert.equal(receiptAt(evm, 7n, 2), undefined, "nor a place past the block's last tx");
    assert.equal(receiptAt(evm, 9n, 0), undefined, "nor a block without Ethereum txs");
  } finally {
    store.close();
  }
});

test("a committed receipt reads back through a view of the committed state", () => {
  const store = openStore(":memory:");
  try {
    const branch = store.begin();
    const hash = new Uint8Array(32).fill(0x42);
    storeReceipt(moduleStore(branch, MODULE_NAME), receipt(hash, 1n, 0));
    store.commit(branch, 1, new Uint8Array(32));
    const committed = moduleReader(store.view(), MODULE_NAME);
    assert.equal(getReceipt(committed, hash)?.gasUsed, 21_000n);
    assert.equal(receiptAt(committed, 1n, 0)?.cumulativeGasUsed, 21_000n);
  } finally {
    store.close();
  }
});
