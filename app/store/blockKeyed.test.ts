// Store.declareBlockKeyed: a block's own records (keys carrying its height) are read as absent
// from the states before it without a lookup, and the state hash and app hashes come out as a
// store without the declaration computes them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { oracleStateHash } from "./oracle.js";
import { Store } from "./store.js";

const PREFIX = Buffer.from("rec/\x0a", "latin1");
const hex = (u: Uint8Array): string => Buffer.from(u).toString("hex");

/** `PREFIX | height(8) | index(4)`: a record a block keeps by its height. */
function recordKey(height: number, index: number): Buffer {
  const key = Buffer.alloc(PREFIX.length + 12);
  PREFIX.copy(key);
  key.writeBigUInt64BE(BigInt(height), PREFIX.length);
  key.writeUInt32BE(index, PREFIX.length + 8);
  return key;
}

/** Blocks that write their own records, overwrite one (its block's running total) and change an ordinary key. */
function runBlocks(store: Store, blocks: number): string[] {
  const hashes: string[] = [];
  for (let height = 1; height <= blocks; height++) {
    const block = store.begin();
    for (let i = 0; i < 3; i++) {
      const tx = block.branch();
      tx.set(recordKey(height, i), Buffer.from(`receipt ${height}.${i}`));
      tx.set(recordKey(height, 0xffffffff), Buffer.from(`total ${i + 1}`));
      tx.set(Buffer.from("acct/alice"), Buffer.from(`nonce ${height * 3 + i}`));
      tx.write();
    }
    const hash = store.appHashOf(block, height, store.lastHash);
    store.commit(block, height, hash);
    hashes.push(hex(hash));
  }
  return hashes;
}

test("a declared store computes the same app hashes and state hash as an undeclared one", () => {
  const plain = Store.open(":memory:");
  const declared = Store.open(":memory:");
  try {
    declared.declareBlockKeyed(PREFIX);
    assert.deepEqual(runBlocks(declared, 5), runBlocks(plain, 5));
    const live = Array.from(declared.view().iterator(), (e) => ({ key: e.key, value: e.value }));
    assert.equal(live.length, 5 * 4 + 1);
    assert.equal(hex(declared.lastStateHash), hex(oracleStateHash(live)));
    // Committed records read back at their own height and later ones, and not before it.
    assert.equal(Buffer.from(declared.view(3).get(recordKey(3, 1))!).toString(), "receipt 3.1");
    assert.equal(Buffer.from(declared.view(5).get(recordKey(3, 1))!).toString(), "receipt 3.1");
    assert.equal(declared.view(2).get(recordKey(3, 1)), undefined);
  } finally {
    plain.close();
    declared.close();
  }
});

test("the store trusts the declaration: a record of a later block reads absent without a lookup", () => {
  const store = Store.open(":memory:");
  try {
    store.declareBlockKeyed(PREFIX);
    store.declareBlockKeyed(Buffer.from(PREFIX)); // declaring again changes nothing
    // Height 1 writes a record of height 7 and one of height 2^40, against the declaration.
    const block = store.begin();
    block.set(recordKey(7, 0), Buffer.from("early"));
    block.set(recordKey(2 ** 40, 0), Buffer.from("far"));
    block.set(recordKey(1, 0), Buffer.from("own"));
    store.commit(block, 1, store.appHashOf(block, 1, new Uint8Array()));
    assert.equal(store.view().get(recordKey(7, 0)), undefined);
    assert.equal(store.begin().get(recordKey(2 ** 40, 0)), undefined);
    assert.equal(Buffer.from(store.view().get(recordKey(1, 0))!).toString(), "own");
    // Keys too short to hold a height, or under another prefix, are looked up as ever.
    const other = store.begin();
    other.set(Buffer.from("rec/\x0a\x00\x01", "latin1"), Buffer.from("short"));
    const undeclared = Buffer.from(recordKey(9, 0));
    undeclared[PREFIX.length - 1] = 0x0b;
    other.set(undeclared, Buffer.from("other"));
    store.commit(other, 2, store.appHashOf(other, 2, store.lastHash));
    assert.equal(Buffer.from(store.view().get(Buffer.from("rec/\x0a\x00\x01", "latin1"))!).toString(), "short");
    assert.equal(Buffer.from(store.view().get(undeclared)!).toString(), "other");
    assert.throws(() => store.declareBlockKeyed(new Uint8Array()), /must not be empty/);
  } finally {
    store.close();
  }
});
