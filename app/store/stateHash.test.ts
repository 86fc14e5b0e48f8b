// The state accumulator (LtHash): the element encoding spelled out from its definition, and the
// multiset properties a state commitment rests on.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { prng } from "../../test/support/prng.js";
import { oracleStateHash } from "./oracle.js";
import { ACCUMULATOR_BYTES, ElementMemo, elementHash, StateAccumulator } from "./stateHash.js";

const b = (s: string): Buffer => Buffer.from(s, "latin1");
const hex = (u: Uint8Array): string => Buffer.from(u).toString("hex");
type Entry = [Buffer, Buffer];

test("the element hash and the state hash are the encodings the definition spells out", () => {
  const key = Buffer.alloc(130, 0x6b); // a two-byte length
  const value = b("v");
  const element = createHash("shake256", { outputLength: 2048 })
    .update(Buffer.concat([b("unit/lthash/v1"), Buffer.from([0x82, 0x01]), key, Buffer.from([1]), value]))
    .digest();
  assert.equal(hex(elementHash(key, value)), hex(element));

  // One entry: the accumulator is the element itself, lanes little-endian.
  const one = StateAccumulator.of([[key, value]]);
  assert.equal(hex(one.toBytes()), hex(element));
  assert.equal(hex(one.checksum()), hex(createHash("sha256").update(b("unit/statehash/v1")).update(element).digest()));

  // Two entries: lane-wise sums mod 2^16, read as little-endian 16-bit lanes.
  const other = elementHash(b(""), b(""));
  const sum = Buffer.alloc(ACCUMULATOR_BYTES);
  for (let i = 0; i < ACCUMULATOR_BYTES; i += 2) sum.writeUInt16LE((element.readUInt16LE(i) + other.readUInt16LE(i)) & 0xffff, i);
  assert.equal(
    hex(
      StateAccumulator.of([
        [key, value],
        [b(""), b("")],
      ]).toBytes(),
    ),
    hex(sum),
  );

  // The empty state is all zeros.
  assert.equal(hex(StateAccumulator.empty().toBytes()), "00".repeat(ACCUMULATOR_BYTES));
  assert.equal(hex(StateAccumulator.empty().checksum()), hex(oracleStateHash([])));
});

test("key and value are delimited: moving a byte from one to the other changes the element", () => {
  assert.notEqual(hex(elementHash(b("ab"), b("c"))), hex(elementHash(b("a"), b("bc"))));
  assert.notEqual(hex(elementHash(b("k"), b(""))), hex(elementHash(b(""), b("k"))));
});

test("order independence: the same entries in any order, or folded in any number of steps, give the same hash", () => {
  const random = prng(19);
  const entries: Entry[] = Array.from({ length: 200 }, (_, i) => [
    b(`key/${i}`),
    Buffer.from(Array.from({ length: Math.floor(random() * 40) }, () => Math.floor(random() * 256))),
  ]);
  const expected = hex(oracleStateHash(entries.map(([key, value]) => ({ key, value }))));
  assert.equal(hex(StateAccumulator.of(entries).checksum()), expected);
  for (let round = 0; round < 5; round++) {
    const shuffled = [...entries];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    // Folded in random splits, each step starting from the accumulator the last one sealed.
    let acc = StateAccumulator.empty();
    for (let at = 0; at < shuffled.length;) {
      const step = 1 + Math.floor(random() * 30);
      const fold = acc.fold();
      for (const [key, value] of shuffled.slice(at, at + step)) fold.add(key, value);
      acc = fold.done();
      at += step;
    }
    assert.equal(hex(acc.checksum()), expected, `round ${round}`);
  }
});

test("blocks folded with an ElementMemo give the state's hash, through evictions, large values and folds thrown away", () => {
  const random = prng(23);
  const int = (n: number) => Math.floor(random() * n);
  const memo = new ElementMemo(16); // fewer than the keys: entries are evicted all along
  const state = new Map<string, Buffer>();
  let acc = StateAccumulator.empty();
  for (let block = 0; block < 300; block++) {
    const fold = acc.fold(memo);
    const next = new Map(state);
    for (let i = 0; i < 1 + int(12); i++) {
      const key = `key/${int(40)}`;
      const before = next.get(key);
      // Small values (kept in the memo), now and then one past its size limit, or a deletion.
      const value = int(6) === 0 ? undefined : Buffer.alloc(int(10) === 0 ? ElementMemo.MAX_VALUE_BYTES + 1 + int(50) : int(40), int(4));
      fold.change(b(key), before, value);
      if (value === undefined) next.delete(key);
      else next.set(key, value);
    }
    const sum = fold.done();
    // A block that never commits (a repeated FinalizeBlock) leaves its elements in the memo only.
    if (int(5) === 0) continue;
    state.clear();
    for (const [key, value] of next) state.set(key, value);
    acc = sum;
    const expected = oracleStateHash([...state].map(([key, value]) => ({ key: b(key), value })));
    assert.equal(hex(acc.checksum()), hex(expected), `block ${block}`);
  }
});

test("insert then delete returns to the previous state; a value change replaces its element", () => {
  const base = StateAccumulator.of([[b("a"), b("1")]]);
  const fold = base.fold();
  fold.add(b("b"), b("2"));
  fold.remove(b("b"), b("2"));
  assert.ok(fold.done().equals(base));

  const changed = base.fold();
  changed.change(b("a"), b("1"), b("9"));
  assert.equal(hex(changed.done().checksum()), hex(StateAccumulator.of([[b("a"), b("9")]]).checksum()));

  const deleted = base.fold();
  deleted.change(b("a"), b("1"), undefined);
  assert.ok(deleted.done().equals(StateAccumulator.empty()));

  const same = base.fold();
  same.change(b("a"), b("1"), b("1"));
  assert.ok(same.done().equals(base), "rewriting the same value changes nothing");
  assert.notEqual(
    hex(
      StateAccumulator.of([
        [b("a"), b("1")],
        [b("a"), b("1")],
      ]).checksum(),
    ),
    hex(base.checksum()),
    "a multiset: an entry twice is not once",
  );
});

test("the 2048-byte encoding round-trips, a sealed fold refuses more, and a wrong length is refused", () => {
  const acc = StateAccumulator.of([
    [b("x"), b("1")],
    [b("y"), b("2")],
  ]);
  assert.ok(StateAccumulator.fromBytes(acc.toBytes()).equals(acc));
  assert.equal(hex(StateAccumulator.fromBytes(acc.toBytes()).checksum()), hex(acc.checksum()));
  assert.throws(() => StateAccumulator.fromBytes(new Uint8Array(100)), /2048 bytes/);
  const fold = acc.fold();
  fold.done();
  assert.throws(() => fold.add(b("z"), b("3")), /already done/);
  // Folding never changes the accumulator it started from.
  const before = hex(acc.toBytes());
  const more = acc.fold();
  more.add(b("z"), b("3"));
  more.done();
  assert.equal(hex(acc.toBytes()), before);
});
