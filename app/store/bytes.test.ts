import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { compareBytes, keySuccessor, keyToString, ownedCopy, prefixEnd, stringToKey, uvarintLength, writeUvarint } from "./bytes.js";

const hex = (u: Uint8Array | undefined): string | undefined => (u === undefined ? undefined : Buffer.from(u).toString("hex"));

test("prefixEnd increments the last non-0xff byte", () => {
  assert.equal(hex(prefixEnd(Buffer.from([0x01, 0x02]))), "0103");
  assert.equal(hex(prefixEnd(Buffer.from([0x01, 0xff]))), "02");
  assert.equal(hex(prefixEnd(Buffer.from([0x01, 0xff, 0xff]))), "02");
  assert.equal(hex(prefixEnd(Buffer.from([0x00]))), "01");
  assert.equal(hex(prefixEnd(Buffer.from([0xfe, 0xff]))), "ff");
  assert.equal(prefixEnd(Buffer.from([0xff, 0xff])), undefined);
  assert.equal(prefixEnd(new Uint8Array(0)), undefined);
  const input = Buffer.from([0x01, 0x02]);
  prefixEnd(input);
  assert.equal(hex(input), "0102", "input untouched");
});

test("latin1 strings order like unsigned bytes", () => {
  for (let i = 0; i < 2000; i++) {
    const a = randomBytes(i % 5);
    const b = randomBytes((i >> 2) % 5);
    const s = Math.sign(compareBytes(a, b));
    const sa = keyToString(a);
    const sb = keyToString(b);
    assert.equal(sa < sb ? -1 : sa > sb ? 1 : 0, s);
    assert.equal(hex(stringToKey(sa)), hex(a));
  }
  assert.ok(compareBytes(Buffer.from([0x7f]), Buffer.from([0x80])) < 0, "unsigned");
  assert.ok(compareBytes(Buffer.from([0x01]), Buffer.from([0x01, 0x00])) < 0, "prefix sorts first");
});

test("keyToString accepts plain Uint8Array views", () => {
  const backing = new Uint8Array([9, 1, 2, 3, 9]);
  assert.equal(keyToString(backing.subarray(1, 4)), "\x01\x02\x03");
});

test("keySuccessor is the next key in byte order", () => {
  const k = Buffer.from([0x01, 0xff]);
  const s = keySuccessor(k);
  assert.equal(hex(s), "01ff00");
  assert.ok(compareBytes(k, s) < 0);
});

test("uvarint", () => {
  const cases: Array<[number, string]> = [
    [0, "00"],
    [1, "01"],
    [127, "7f"],
    [128, "8001"],
    [300, "ac02"],
    [16384, "808001"],
    [2 ** 32, "8080808010"],
  ];
  for (const [n, want] of cases) {
    const buf = Buffer.alloc(10);
    const end = writeUvarint(buf, 0, n);
    assert.equal(buf.subarray(0, end).toString("hex"), want, String(n));
    assert.equal(uvarintLength(n), end);
  }
});

test("ownedCopy is a copy in memory of its own, never a slice of the shared pool", () => {
  const source = new Uint8Array(4096).fill(7).subarray(100, 140);
  const pooled = Buffer.from(source);
  assert.ok(pooled.buffer.byteLength > source.length, "Buffer.from's small copies share a pool slab (the case guarded against)");
  const owned = ownedCopy(source);
  assert.deepEqual(owned, pooled);
  assert.equal(owned.buffer.byteLength, 40);
  assert.equal(owned.byteOffset, 0);
  source[0] = 9;
  assert.equal(owned[0], 7, "a copy, not a view");
});
