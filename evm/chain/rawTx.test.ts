import { test } from "node:test";
import assert from "node:assert/strict";
import { createFeeMarket1559Tx } from "@ethereumjs/tx";
import { concatBytes } from "@ethereumjs/util";
import { RLP } from "@ethereumjs/rlp";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { evmCommon } from "../../common/ethereum/ethTx.js";
import { AppError } from "../../common/errors.js";
import { decodeRawTx } from "./rawTx.js";

const key = new Uint8Array(32).fill(7);
const signed = createFeeMarket1559Tx({ nonce: 1n, gasLimit: 21_000n, maxFeePerGas: 10n ** 9n, to: `0x${"33".repeat(20)}` }, { common: evmCommon(2611n) }).sign(
  key,
);
const withChainId = (chainId: Uint8Array) => {
  const fields = signed.raw();
  fields[0] = chainId;
  return concatBytes(Uint8Array.of(2), RLP.encode(fields));
};

test("a raw tx's hash is keccak of its bytes, the hash the chain stores its receipt under", () => {
  const bytes = signed.serialize();
  const raw = decodeRawTx(bytes, 2611n);
  assert.deepEqual(raw.hash, keccak_256(bytes));
  assert.deepEqual(raw.hash, signed.hash());
});

test("a typed tx whose chain id has leading zero bytes is refused, as geth refuses non-canonical encodings", () => {
  for (const chainId of [Uint8Array.of(0, 0x0a, 0x33), concatBytes(new Uint8Array(60), Uint8Array.of(0x0a, 0x33))]) {
    assert.throws(
      () => decodeRawTx(withChainId(chainId), 2611n),
      (err: unknown) => err instanceof AppError && /chain id has leading zero bytes/.test(err.message),
    );
  }
  assert.deepEqual(decodeRawTx(withChainId(Uint8Array.of(0x0a, 0x33)), 2611n).hash, signed.hash());
});
