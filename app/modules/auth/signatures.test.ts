import { test } from "node:test";
import assert from "node:assert/strict";
import { create, toBinary } from "@bufbuild/protobuf";
import { SignDocSchema } from "../../../gen/cosmos/tx/v1beta1/tx_pb.js";
import { prng } from "../../../test/support/prng.js";
import { SignatureCache, signBytes } from "./signatures.js";

test("the signature cache remembers verified keys up to its capacity, oldest out first", () => {
  const cache = new SignatureCache(2);
  const key = (n: number) => SignatureCache.key(new Uint8Array(32).fill(n), "unit-1", [BigInt(n)]);
  assert.equal(cache.has(key(1)), false);
  cache.add(key(1));
  cache.add(key(2));
  assert.equal(cache.has(key(1)), true); // a hit does not make an entry younger
  cache.add(key(3));
  assert.deepEqual([cache.has(key(1)), cache.has(key(2)), cache.has(key(3))], [false, true, true]);
  assert.notEqual(key(1), SignatureCache.key(new Uint8Array(32).fill(1), "unit-2", [1n]), "the chain id is part of the key");
});

test("sign bytes are the SignDoc protobuf-es writes, at the edges of every field", () => {
  const rand = prng(20261127);
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));
  const cases: [Uint8Array, Uint8Array, string, bigint][] = [
    [new Uint8Array(), new Uint8Array(), "", 0n],
    [bytes(1), bytes(200), "unit_2611-1", 1n],
    [bytes(127), bytes(128), "ü-chain-✓", 2n ** 64n - 1n],
    [bytes(20_000), new Uint8Array(), "c", 2n ** 32n],
  ];
  for (let i = 0; i < 200; i++)
    cases.push([bytes(Math.floor(rand() * 400)), bytes(Math.floor(rand() * 300)), `chain-${i}`, BigInt(Math.floor(rand() * 2 ** 40))]);
  for (const [bodyBytes, authInfoBytes, chainId, accountNumber] of cases) {
    const expected = toBinary(SignDocSchema, create(SignDocSchema, { bodyBytes, authInfoBytes, chainId, accountNumber }));
    assert.equal(Buffer.from(signBytes(bodyBytes, authInfoBytes, chainId, accountNumber)).toString("hex"), Buffer.from(expected).toString("hex"));
  }
  assert.throws(() => signBytes(new Uint8Array(), new Uint8Array(), "c", -1n), RangeError);
});
