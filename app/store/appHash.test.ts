import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { appHash } from "./appHash.js";
import { oracleAppHash } from "./oracle.js";
import type { Change } from "./types.js";

const b = (s: string): Buffer => Buffer.from(s, "latin1");
const hex = (u: Uint8Array): string => Buffer.from(u).toString("hex");
/** A state hash to commit to; appHash takes any 32 bytes. */
const state = Buffer.alloc(32, 0x5c);

test("matches the encoding spelled out byte by byte", () => {
  const prev = Buffer.alloc(32, 7);
  const changes: Change[] = [
    { key: b("a"), value: b("xyz") },
    { key: b("b"), value: null },
  ];
  const expected = createHash("sha256")
    .update(
      Buffer.concat([
        b("unit/apphash/v2"),
        Buffer.from([0, 0, 0, 0, 0, 0, 0x01, 0x02]), // height 258
        Buffer.from([32]),
        prev,
        state,
        Buffer.from([1]),
        b("a"),
        Buffer.from([1, 3]),
        b("xyz"),
        Buffer.from([1]),
        b("b"),
        Buffer.from([0]),
      ]),
    )
    .digest();
  assert.equal(hex(appHash(prev, 258, state, changes)), hex(expected));
});

test("genesis: empty previous hash and empty change set", () => {
  const expected = createHash("sha256")
    .update(Buffer.concat([b("unit/apphash/v2"), Buffer.from([0, 0, 0, 0, 0, 0, 0, 1]), Buffer.from([0]), state]))
    .digest();
  assert.equal(hex(appHash(new Uint8Array(0), 1, state, [])), hex(expected));
});

test("changes with any input", () => {
  const prev = Buffer.alloc(32, 1);
  const base: Change[] = [
    { key: b("k1"), value: b("v1") },
    { key: b("k2"), value: b("") },
    { key: b("k3"), value: null },
  ];
  const h = hex(appHash(prev, 10, state, base));
  const variants: Array<[string, Uint8Array, number, Change[], Uint8Array?]> = [
    ["state hash", prev, 10, base, Buffer.alloc(32, 0x5d)],
    ["height", prev, 11, base],
    ["prev hash", Buffer.alloc(32, 2), 10, base],
    ["empty prev hash", new Uint8Array(0), 10, base],
    ["value", prev, 10, [{ key: b("k1"), value: b("v2") }, base[1]!, base[2]!]],
    ["key", prev, 10, [{ key: b("k0"), value: b("v1") }, base[1]!, base[2]!]],
    ["empty value vs deletion", prev, 10, [base[0]!, { key: b("k2"), value: null }, base[2]!]],
    ["deletion vs empty value", prev, 10, [base[0]!, base[1]!, { key: b("k3"), value: b("") }]],
    ["extra change", prev, 10, [...base, { key: b("k4"), value: null }]],
    ["missing change", prev, 10, base.slice(1)],
    ["no changes", prev, 10, []],
    ["length boundaries", prev, 10, [{ key: b("k1v"), value: b("1") }, base[1]!, base[2]!]],
  ];
  const seen = new Set([h]);
  for (const [what, p, height, changes, stateHash] of variants) {
    const v = hex(appHash(p, height, stateHash ?? state, changes));
    assert.ok(!seen.has(v), `hash must change with ${what}`);
    seen.add(v);
  }
  // An empty block at a new height still moves the hash.
  const empty1 = hex(appHash(prev, 11, state, []));
  const empty2 = hex(appHash(Buffer.from(empty1, "hex"), 12, state, []));
  assert.notEqual(empty1, empty2);
});

test("is independent of input order and rejects duplicate keys", () => {
  const changes: Change[] = [
    { key: b("b"), value: b("2") },
    { key: b("a"), value: b("1") },
    { key: b("\xff"), value: null },
    { key: b(""), value: b("e") },
  ];
  const sorted = [...changes].sort((x, y) => Buffer.compare(x.key, y.key));
  assert.equal(hex(appHash(b("p"), 3, state, changes)), hex(appHash(b("p"), 3, state, sorted)));
  assert.deepEqual(
    changes.map((c) => c.key[0]),
    [0x62, 0x61, 0xff, undefined],
    "input not reordered",
  );
  assert.throws(
    () =>
      appHash(b(""), 1, state, [
        { key: b("a"), value: null },
        { key: b("a"), value: b("x") },
      ]),
    /duplicate/,
  );
  assert.throws(
    () =>
      appHash(b(""), 1, state, [
        { key: b("b"), value: null },
        { key: b("a"), value: null },
        { key: b("b"), value: null },
      ]),
    /duplicate/,
  );
  assert.throws(() => appHash(b(""), -1, state, []), RangeError);
  assert.throws(() => appHash(b(""), 1.5, state, []), RangeError);
  assert.throws(() => appHash(b(""), 1, state.subarray(1), []), /state hash must be 32 bytes/);
});

test("agrees with the reference encoder on large and varied inputs", () => {
  let seed = 42;
  const rnd = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  for (let round = 0; round < 20; round++) {
    const map = new Map<string, Change>();
    const count = rnd(3000);
    for (let i = 0; i < count; i++) {
      const key = Buffer.from(Array.from({ length: 1 + rnd(40) }, () => rnd(256)));
      // Sizes around varint boundaries and past the hasher's internal chunk size.
      const sizes = [0, 1, 127, 128, 300, 16383, 16384, 70000];
      const value = rnd(10) === 0 ? null : Buffer.alloc(sizes[rnd(sizes.length)]!, rnd(256));
      map.set(key.toString("hex"), { key, value });
    }
    const changes = [...map.values()];
    const prev = Buffer.alloc(rnd(2) * 32, 9);
    const height = rnd(2) === 0 ? rnd(1000) : 2 ** 40 + rnd(1000);
    const stateHash = Buffer.alloc(32, rnd(256));
    assert.equal(hex(appHash(prev, height, stateHash, changes)), hex(oracleAppHash(prev, height, stateHash, changes)), `round ${round}`);
  }
});
