import { test } from "node:test";
import assert from "node:assert/strict";
import { Hardfork } from "@ethereumjs/common";
import { createAccessList2930Tx, createEOACode7702Tx, createFeeMarket1559Tx, createLegacyTx, createTxFromRLP, getMinimumGasLimit } from "@ethereumjs/tx";
import { Address, concatBytes, privateToAddress, publicToAddress } from "@ethereumjs/util";
import { RLP } from "@ethereumjs/rlp";
import { keccak_256 } from "@noble/hashes/sha3.js";
import {
  clearDecodeCache,
  decodeCacheUsage,
  decodeEthTx,
  DECODED_CACHE_MAX_BYTES,
  DECODED_CACHE_MAX_ENTRIES,
  evmCommon,
  hasCanonicalChainId,
} from "./ethTx.js";
import { AppError } from "../errors.js";

const key = new Uint8Array(32).fill(9);
const raw = (nonce: bigint) =>
  createFeeMarket1559Tx({ nonce, gasLimit: 21_000n, maxFeePerGas: 10n ** 9n, to: `0x${"44".repeat(20)}` }, { common: evmCommon(2611n) })
    .sign(key)
    .serialize();

test("a tx decoded again (CheckTx, then its block) is the same authenticated tx, not a second recovery", () => {
  const bytes = raw(0n);
  const first = decodeEthTx(bytes, 2611n);
  const again = decodeEthTx(Uint8Array.from(bytes), 2611n);
  assert.equal(again.tx, first.tx, "the cached tx object");
  assert.ok(again.sender.equals(new Address(privateToAddress(key))));
  assert.deepEqual(again.hash, first.hash);
  assert.ok(Object.isFrozen(first.tx), "shared only because the library freezes it");
});

test("a decoded tx names its sender from the recovery, without deriving the address again", () => {
  const d = decodeEthTx(raw(5n), 2611n);
  assert.ok(Object.isFrozen(d.tx));
  assert.equal(d.tx.getSenderAddress(), d.sender, "the recovered address itself: no Keccak of the public key per call");
  assert.ok(d.sender.equals(new Address(publicToAddress(d.tx.getSenderPublicKey()))), "and it is the address of the signing key");
  assert.ok(d.sender.equals(new Address(privateToAddress(key))));
});

test("a typed tx whose chain id has leading zero bytes keeps the library's hash; a canonical one is hashed from its raw bytes", () => {
  const signed = createFeeMarket1559Tx(
    { nonce: 9n, gasLimit: 21_000n, maxFeePerGas: 10n ** 9n, to: `0x${"44".repeat(20)}` },
    { common: evmCommon(2611n) },
  ).sign(key);
  const withChainId = (chainId: Uint8Array) => {
    const fields = signed.raw();
    fields[0] = chainId;
    return concatBytes(Uint8Array.of(2), RLP.encode(fields));
  };
  // The library decodes both (the value is still 2611) and hashes them as the canonical tx, as the
  // chain always has: such a tx in a block keeps the hash its receipt was stored under.
  for (const chainId of [Uint8Array.of(0, 0x0a, 0x33), concatBytes(new Uint8Array(60), Uint8Array.of(0x0a, 0x33))]) {
    const bytes = withChainId(chainId);
    assert.equal(hasCanonicalChainId(bytes), false);
    const d = decodeEthTx(bytes, 2611n);
    assert.deepEqual(d.hash, signed.hash());
    assert.notDeepEqual(d.hash, keccak_256(bytes));
  }
  const canonical = withChainId(Uint8Array.of(0x0a, 0x33));
  assert.equal(hasCanonicalChainId(canonical), true);
  const d = decodeEthTx(canonical, 2611n);
  assert.deepEqual(d.hash, keccak_256(canonical));
  assert.deepEqual(d.hash, signed.hash());
  assert.equal(d.tx.hash(), d.hash, "the tx's own hash() answers with the raw bytes' hash");
  assert.ok(d.tx.cache.senderPubKey !== undefined, "the public key is kept, so nothing recovers it again");
});

test("the cache is keyed by chain id too: the same bytes under another chain id are refused", () => {
  const bytes = raw(1n);
  decodeEthTx(bytes, 2611n);
  assert.throws(
    () => decodeEthTx(bytes, 1n),
    (err: unknown) => err instanceof AppError && /chain/i.test(err.message),
  );
});

test("refusals are not cached: garbage is refused every time", () => {
  const garbage = Uint8Array.of(0x02, 0xc3, 0x01, 0x02, 0x03);
  for (let i = 0; i < 2; i++) assert.throws(() => decodeEthTx(garbage, 2611n), AppError);
});

test("the shared decode Common gives every tx what a Common of its own gives: gas, hash, sender, chain id", () => {
  const c = evmCommon(2611n);
  const to = `0x${"55".repeat(20)}` as const;
  const data = Uint8Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? 0 : i));
  const txs = [
    createLegacyTx({ nonce: 1n, gasPrice: 7n, gasLimit: 90_000n, to, data }, { common: c }).sign(key),
    createAccessList2930Tx(
      { nonce: 2n, gasPrice: 7n, gasLimit: 90_000n, to, data, accessList: [{ address: to, storageKeys: [`0x${"01".repeat(32)}`] }] },
      { common: c },
    ).sign(key),
    createFeeMarket1559Tx({ nonce: 3n, maxFeePerGas: 9n, gasLimit: 200_000n, data }, { common: c }).sign(key),
    createEOACode7702Tx(
      {
        nonce: 4n,
        maxFeePerGas: 9n,
        gasLimit: 90_000n,
        to,
        authorizationList: [{ chainId: "0x0a33", address: to, nonce: "0x0", yParity: "0x0", r: "0x01", s: "0x01" }],
      },
      { common: c },
    ).sign(key),
  ];
  for (const t of txs) {
    const bytes = t.serialize();
    const ours = decodeEthTx(bytes, 2611n);
    const own = createTxFromRLP(bytes, { common: c });
    assert.notEqual(ours.tx.common, own.common);
    assert.deepEqual(
      [
        ours.tx.getIntrinsicGas(),
        ours.tx.getDataGas(),
        getMinimumGasLimit(ours.tx, ours.sender),
        ours.tx.common.chainId(),
        ours.tx.common.hardfork(),
        ours.tx.hash(),
        ours.hash,
        ours.sender.toString(),
      ],
      [
        own.getIntrinsicGas(),
        own.getDataGas(),
        getMinimumGasLimit(own, own.getSenderAddress()),
        own.common.chainId(),
        own.common.hardfork(),
        own.hash(),
        keccak_256(bytes),
        own.getSenderAddress().toString(),
      ],
      `type ${t.type}`,
    );
  }
});

test("nobody can move the shared decode Common to another hardfork: it throws and every tx keeps Prague", () => {
  const d = decodeEthTx(raw(2n), 2611n);
  assert.ok(Object.isFrozen(d.tx.common));
  assert.throws(() => d.tx.common.setHardfork(Hardfork.Cancun));
  assert.throws(() => d.tx.common.setEIPs([7702]));
  d.tx.common.setHardfork(Hardfork.Prague); // the same hardfork is no change
  assert.equal(decodeEthTx(raw(3n), 2611n).tx.common.hardfork(), Hardfork.Prague);
});

test("the cache is bounded by the bytes its entries hold as well as by entries, and hands each caller its own bytes", () => {
  const data = new Uint8Array(64 * 1024).fill(1);
  const big = (nonce: bigint) =>
    createFeeMarket1559Tx({ nonce, gasLimit: 2_000_000n, maxFeePerGas: 10n ** 9n, to: `0x${"44".repeat(20)}`, data }, { common: evmCommon(2611n) })
      .sign(key)
      .serialize();
  const count = Math.ceil(DECODED_CACHE_MAX_BYTES / data.length) + 20;
  for (let i = 0; i < count; i++) decodeEthTx(big(1_000n + BigInt(i)), 2611n);
  const usage = decodeCacheUsage();
  assert.ok(usage.bytes <= DECODED_CACHE_MAX_BYTES, `${usage.bytes} bytes cached`);
  assert.ok(usage.entries < count && usage.entries <= DECODED_CACHE_MAX_ENTRIES);
  // A tx inside a larger buffer (as FinalizeBlock's request holds its txs): the answer to a later
  // caller carries that caller's bytes, not the first caller's view.
  const bytes = raw(4n);
  const request = new Uint8Array(bytes.length + 10);
  request.set(bytes, 5);
  const first = decodeEthTx(request.subarray(5, 5 + bytes.length), 2611n);
  const second = Uint8Array.from(bytes);
  const again = decodeEthTx(second, 2611n);
  assert.equal(again.tx, first.tx);
  assert.equal(again.bytes, second);
});

test("an access list weighs by its items, not its encoded size: such txs cannot grow the cache past its bound", () => {
  // ~125 KB each, 3,800 storage keys: each key a small array that holds several times its 33 encoded bytes.
  const listed = (nonce: bigint) =>
    createFeeMarket1559Tx(
      {
        nonce,
        gasLimit: 30_000_000n,
        maxFeePerGas: 10n ** 9n,
        to: `0x${"44".repeat(20)}`,
        accessList: [
          {
            address: `0x${"22".repeat(20)}`,
            storageKeys: Array.from({ length: 3_800 }, (_, j): `0x${string}` => `0x${(Number(nonce) * 10_000 + j).toString(16).padStart(64, "0")}`),
          },
        ],
      },
      { common: evmCommon(2611n) },
    )
      .sign(key)
      .serialize();
  const first = listed(5_000n);
  clearDecodeCache();
  decodeEthTx(first, 2611n);
  const weight = decodeCacheUsage().bytes;
  assert.ok(weight >= 4 * first.length, `a ${first.length}-byte tx weighs ${weight} bytes`);
  for (let i = 1n; i < 60n; i++) decodeEthTx(listed(5_000n + i), 2611n);
  assert.ok(decodeCacheUsage().bytes <= DECODED_CACHE_MAX_BYTES);
});

test("FinalizeBlock's decoding of a tx is its last: it takes the cached one and leaves the cache", () => {
  const bytes = raw(77n);
  const checked = decodeEthTx(bytes, 2611n);
  assert.equal(decodeEthTx(bytes, 2611n).tx, checked.tx, "cached");
  assert.equal(decodeEthTx(bytes, 2611n, true).tx, checked.tx, "the decoding CheckTx cached");
  const later = decodeEthTx(bytes, 2611n);
  assert.notEqual(later.tx, checked.tx, "decoded afresh: the entry left the cache");
  assert.deepEqual(later.hash, checked.hash);
  // A tx first seen in FinalizeBlock is not cached at all.
  const fresh = raw(78n);
  const once = decodeEthTx(fresh, 2611n, true);
  assert.notEqual(decodeEthTx(fresh, 2611n).tx, once.tx);
});
