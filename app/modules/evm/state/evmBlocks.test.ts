// The EvmBlock record and its per-index tx hashes: a block's writes per tx stay the same size
// however many txs came before (the record carries no list), and the hashes come back in index
// order, past 255 and 65535 where a variable-width index would sort wrong.
import assert from "node:assert/strict";
import { test } from "node:test";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { openStore } from "../../../store/index.js";
import { moduleStore } from "../../../store/prefixStore.js";
import type { KVStore } from "../../../store/types.js";
import { recordingStore } from "../../../testing/recordingStore.js";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { EvmBlockSchema } from "../../../../gen/chain/evm/evm_pb.js";
import { addIncludedTx, beginEvmBlock, blockTxHashes, BLOOM_BYTES, currentEvmBlock, encodeEvmBlockRecord, withTxHashes } from "./evmBlocks.js";
import { blockTxHashKey, evmBlockKey, MODULE_NAME } from "./keys.js";
import { defaultEvmParams } from "./params.js";

const header = (height: number) => ({
  chainId: "",
  height: BigInt(height),
  time: timestampFromMs(height * 1000),
  hash: new Uint8Array(32).fill(height),
  proposerAddress: new Uint8Array(),
});
const hashOf = (i: number) => {
  const h = new Uint8Array(32);
  new DataView(h.buffer).setUint32(0, i);
  return h;
};

/** `store` with every set recorded (value sizes), so a test can measure what each step writes. */
function recording(store: KVStore) {
  const writes: number[] = [];
  return { store: recordingStore(store, (k, v) => writes.push(k.length + v.length)), take: () => writes.splice(0) };
}

test("each included tx writes two keys of the same size, the 1000th as the first: the record does not grow", () => {
  const db = openStore(":memory:");
  const { store, take } = recording(moduleStore(db.begin(), MODULE_NAME));
  beginEvmBlock(store, header(7), defaultEvmParams());
  // A first block writes the history contract's code (33-byte key, 83 bytes) and code hash
  // (21-byte key, 32 bytes), then the record; it has no parent hash to store.
  const opened = take();
  assert.deepEqual(opened.slice(0, 2), [33 + 83, 21 + 32]);
  assert.equal(opened.length, 3);
  opened.splice(0, 2);
  const perTx: number[][] = [];
  const bloom = new Uint8Array(BLOOM_BYTES);
  for (let i = 0; i < 1000; i++) {
    bloom[i % BLOOM_BYTES] = 1;
    // As deliver does: read the record the earlier txs left, then add this one.
    addIncludedTx(store, currentEvmBlock(store, 7n), { hash: hashOf(i), gasUsed: 51_234n, logCount: 1, bloom });
    perTx.push(take());
  }
  assert.ok(
    perTx.every((w) => w.length === 2),
    "the hash key and the record, nothing else",
  );
  assert.ok(
    perTx.every(([hashWrite]) => hashWrite === 13 + 32),
    "key 0x09 | height | index, value the 32-byte hash",
  );
  // The record's size: the empty block's, plus only the varint widths of its totals (gas used, log and tx counts).
  const records = perTx.map(([, recordWrite]) => recordWrite!);
  assert.ok(Math.max(...records) - opened[0]! <= 12, `record bytes: empty ${opened[0]}, first tx ${records[0]}, largest ${Math.max(...records)}`);
  assert.equal(records[999], records[199], "the same size after 200 txs and after 1000 (the varints as wide)");
  const record = currentEvmBlock(store, 7n);
  assert.deepEqual([record.txCount, record.gasUsed, record.logCount], [1000, 51_234_000n, 1000]);
  const block = withTxHashes(store, record);
  assert.equal(block.txHashes.length, 1000);
  assert.ok(
    block.txHashes.every((h, i) => Buffer.compare(h, hashOf(i)) === 0),
    "index order",
  );
  db.close();
});

test("hashes stay with their height, sort by index past 255 and 65535, and a count that disagrees is an error", () => {
  const db = openStore(":memory:");
  const store = moduleStore(db.begin(), MODULE_NAME);
  for (const h of [255, 256]) beginEvmBlock(store, header(h), defaultEvmParams());
  addIncludedTx(store, currentEvmBlock(store, 256n), { hash: hashOf(9), gasUsed: 1n, logCount: 0, bloom: new Uint8Array(BLOOM_BYTES) });
  assert.deepEqual(blockTxHashes(store, 255n), []);
  const hex = (hashes: Uint8Array[]) => hashes.map((h) => Buffer.from(h).toString("hex"));
  assert.deepEqual(hex(blockTxHashes(store, 256n)), hex([hashOf(9)]));
  for (const i of [65_536, 256, 255, 1]) store.set(blockTxHashKey(255n, i), hashOf(i));
  assert.deepEqual(hex(blockTxHashes(store, 255n)), hex([1, 255, 256, 65_536].map(hashOf)));
  assert.throws(() => withTxHashes(store, currentEvmBlock(store, 255n)), /^Error: block 255 records 0 txs but holds 4 tx hashes$/);
  db.close();
});

test("the record is written as protobuf-es writes it, and a read after a write returns what decoding the bytes gives", () => {
  const U64 = [0n, 1n, 127n, 128n, 2n ** 32n, 2n ** 63n, 2n ** 64n - 1n];
  const U32 = [0, 1, 127, 128, 2 ** 21, 2 ** 32 - 1];
  let n = 0;
  for (const big of U64)
    for (const small of U32) {
      n++;
      const bloom = n % 3 === 0 ? new Uint8Array() : new Uint8Array(BLOOM_BYTES).fill(n);
      const record = create(EvmBlockSchema, {
        height: big,
        hash: n % 2 ? new Uint8Array() : new Uint8Array(32).fill(n),
        time: U64[n % U64.length]!,
        baseFee: n % 4 === 0 ? "" : String(big),
        gasUsed: U64[(n + 1) % U64.length]!,
        bloom,
        gasLimit: U64[(n + 2) % U64.length]!,
        logCount: small,
        txCount: U32[n % U32.length]!,
      });
      assert.deepEqual(encodeEvmBlockRecord(record), toBinary(EvmBlockSchema, record), `case ${n}`);
    }

  const store = moduleStore(openStore(":memory:").begin(), MODULE_NAME);
  // The same fields; bytes fields compared as plain arrays (decoding a Buffer gives Buffer views).
  const plain = <T extends { hash: Uint8Array; bloom: Uint8Array }>(r: T) => ({ ...r, hash: Uint8Array.from(r.hash), bloom: Uint8Array.from(r.bloom) });
  const decoded = () => plain(fromBinary(EvmBlockSchema, store.get(evmBlockKey(9n))!));
  const begun = beginEvmBlock(store, header(9), defaultEvmParams());
  assert.deepEqual(plain(currentEvmBlock(store, 9n)), decoded());
  const bloom = new Uint8Array(BLOOM_BYTES).fill(0x11);
  addIncludedTx(store, begun, { hash: hashOf(1), gasUsed: 21_000n, logCount: 2, bloom });
  const read = currentEvmBlock(store, 9n);
  assert.deepEqual(plain(read), decoded(), "the remembered record is the decoded one");
  assert.equal(read.txCount, 1);
  assert.equal(read.gasUsed, 21_000n);
  assert.ok(Object.isFrozen(read), "shared, so frozen");
});
