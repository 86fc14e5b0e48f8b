import { test } from "node:test";
import assert from "node:assert/strict";
import { packEntries, unpackEntries } from "./protocol.js";

const entries = [
  { key: Uint8Array.of(1, 2, 3), value: Uint8Array.of(9) },
  { key: new Uint8Array(0), value: new Uint8Array(300).fill(7) },
  { key: Uint8Array.of(0xff), value: new Uint8Array(0) },
];

test("entries unpack as they were packed, empty keys and values included", () => {
  const packed = packEntries(entries);
  assert.equal(packed.byteLength, 8 * 3 + 3 + 1 + 300 + 1);
  assert.deepEqual(
    [...unpackEntries(packed, 3)].map(([k, v]) => [Buffer.from(k), Buffer.from(v)]),
    entries.map((e) => [Buffer.from(e.key), Buffer.from(e.value)]),
  );
  assert.deepEqual([...unpackEntries(packEntries([]), 0)], []);
});

test("a buffer that does not hold exactly the entries counted is refused", () => {
  const packed = packEntries(entries);
  assert.throws(() => [...unpackEntries(packed, 4)], /end inside a length/);
  assert.throws(() => [...unpackEntries(packed, 2)], /bytes past entry 2/);
  assert.throws(() => [...unpackEntries(packed.slice(0, packed.byteLength - 1), 3)], /end inside a length/);
  const lying = packEntries(entries.slice(0, 1));
  new DataView(lying).setUint32(0, 0xffff_ffff, true);
  assert.throws(() => [...unpackEntries(lying, 1)], /end inside a key or value/);
});
