import { afterEach, test } from "node:test";
import assert from "node:assert/strict";
import { createFeeMarket1559Tx } from "@ethereumjs/tx";
import { Address, privateToAddress, publicToAddress } from "@ethereumjs/util";
import { keccak256 } from "../../sdk/crypto/hashes.js";
import {
  decodeAhead,
  decodeEthTx,
  evmCommon,
  MAX_RECOVERING_BYTES,
  recoverSender,
  recoversAhead,
  useSenderKeySource,
  type RecoveredSender,
  type SenderKeySource,
} from "./ethTx.js";

const CHAIN = 2611n;
const alice = new Uint8Array(32).fill(3);
const bob = new Uint8Array(32).fill(4);
// A nonce per tx built here, so no test finds another's decoding in the shared cache.
let nextNonce = 1_000n;
const signed = (key: Uint8Array) =>
  createFeeMarket1559Tx({ nonce: nextNonce++, gasLimit: 21_000n, maxFeePerGas: 10n ** 9n, to: `0x${"55".repeat(20)}` }, { common: evmCommon(CHAIN) })
    .sign(key)
    .serialize();

/** Answers with what `answer` gives, counting the calls. */
function source(answer: (bytes: Uint8Array, chainId: bigint) => Promise<RecoveredSender | undefined>): SenderKeySource & { calls: number } {
  const s = {
    calls: 0,
    recover: (bytes: Uint8Array, chainId: bigint) => {
      s.calls++;
      return answer(bytes, chainId);
    },
  };
  return s;
}

afterEach(() => useSenderKeySource(undefined));

test("recoverSender gives the key and hash decodeEthTx finds", () => {
  const bytes = signed(alice);
  const { key, hash } = recoverSender(bytes, CHAIN);
  assert.equal(key.length, 64);
  assert.ok(new Address(publicToAddress(key)).equals(new Address(privateToAddress(alice))));
  assert.deepEqual(hash, keccak256(bytes));
  assert.deepEqual(decodeEthTx(bytes, CHAIN).hash, hash);
  assert.throws(() => recoverSender(bytes.subarray(0, 20), CHAIN));
});

test("without a key source there is nothing to wait for", () => {
  assert.equal(recoversAhead(), false);
  assert.equal(decodeAhead(signed(alice), CHAIN), undefined);
  useSenderKeySource(source(async () => undefined));
  assert.equal(recoversAhead(), true);
});

test("the key recovered ahead is the one CheckTx's decoding uses, and a tx is recovered once however often it is asked for", async () => {
  // The source answers with Bob's key for Alice's tx: only a decoding that took the key from the
  // source, instead of recovering it again, can name Bob.
  const bobKey = recoverSender(signed(bob), CHAIN).key;
  const s = source(async (bytes) => ({ key: bobKey, hash: keccak256(bytes) }));
  useSenderKeySource(s);
  const bytes = signed(alice);
  const first = decodeAhead(bytes, CHAIN);
  assert.ok(first instanceof Promise);
  assert.equal(decodeAhead(Uint8Array.from(bytes), CHAIN), first, "the same recovery while it runs");
  await first;
  assert.equal(s.calls, 1);
  assert.equal(decodeAhead(bytes, CHAIN), undefined, "decoded already");
  const d = decodeEthTx(bytes, CHAIN);
  assert.ok(d.sender.equals(new Address(privateToAddress(bob))));
  assert.deepEqual(d.hash, keccak256(bytes));
  assert.deepEqual(d.tx.hash(), d.hash, "the tx's own hash is the recovered one");
  assert.ok(Object.isFrozen(d.tx));
});

test("a recovery that fails or finds nothing leaves the tx to CheckTx, which recovers it itself", async () => {
  for (const answer of [async () => undefined, async () => Promise.reject(new Error("thread gone"))]) {
    useSenderKeySource(source(answer));
    const bytes = signed(alice);
    await decodeAhead(bytes, CHAIN); // never rejects
    assert.ok(decodeEthTx(bytes, CHAIN).sender.equals(new Address(privateToAddress(alice))));
  }
});

test("a key that does not fit the tx's decoding leaves the tx to CheckTx", async () => {
  useSenderKeySource(source(async () => ({ key: new Uint8Array(10), hash: undefined })));
  const bytes = signed(alice);
  await decodeAhead(bytes, CHAIN);
  assert.ok(decodeEthTx(bytes, CHAIN).sender.equals(new Address(privateToAddress(alice))));
});

test("bytes no Ethereum tx can have are not sent anywhere", () => {
  const s = source(async () => undefined);
  useSenderKeySource(s);
  assert.equal(decodeAhead(new Uint8Array(), CHAIN), undefined);
  assert.equal(decodeAhead(new Uint8Array([0x03, 0xc0]), CHAIN), undefined, "a blob tx");
  assert.equal(decodeAhead(new Uint8Array(128 * 1024 + 1).fill(0xc0), CHAIN), undefined, "over the size limit");
  assert.equal(s.calls, 0);
});

test("recoveries under way are bounded by their bytes: past the bound a tx is left to its CheckTx", async () => {
  // A thread that answers only when told: every recovery stays under way meanwhile.
  const release: (() => void)[] = [];
  const s = source(() => new Promise<undefined>((resolve) => release.push(() => resolve(undefined))));
  useSenderKeySource(s);
  // Distinct 64 KiB byte strings that look like typed txs (they need not decode: the thread would say).
  const big = (i: number) => {
    const bytes = new Uint8Array(64 * 1024).fill(0xc0);
    bytes[0] = 0x02;
    new DataView(bytes.buffer).setUint32(4, i);
    return bytes;
  };
  const fit = MAX_RECOVERING_BYTES / (64 * 1024);
  const waiting = Array.from({ length: fit }, (_, i) => decodeAhead(big(i), CHAIN));
  assert.ok(waiting.every((w) => w instanceof Promise));
  assert.equal(decodeAhead(big(fit), CHAIN), undefined, "one past the bound");
  assert.equal(s.calls, fit);
  // As recoveries end, room comes back.
  for (const r of release.splice(0)) r();
  await Promise.all(waiting);
  assert.ok(decodeAhead(big(fit + 1), CHAIN) instanceof Promise);
  for (const r of release.splice(0)) r();
});
