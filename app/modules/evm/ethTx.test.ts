import { test } from "node:test";
import assert from "node:assert/strict";
import { createFeeMarket1559Tx } from "@ethereumjs/tx";
import { Address, privateToAddress } from "@ethereumjs/util";
import { decodeEthTx, evmCommon } from "./ethTx.js";
import { AppError } from "../../errors.js";

const key = new Uint8Array(32).fill(9);
const raw = (nonce: bigint) =>
  createFeeMarket1559Tx({ nonce, gasLimit: 21_000n, maxFeePerGas: 10n ** 9n, to: `0x${"44".repeat(20)}` }, { common: evmCommon(2611n) }).sign(key).serialize();

test("a tx decoded again (CheckTx, then its block) is the same authenticated tx, not a second recovery", () => {
  const bytes = raw(0n);
  const first = decodeEthTx(bytes, 2611n);
  const again = decodeEthTx(Uint8Array.from(bytes), 2611n);
  assert.equal(again.tx, first.tx, "the cached tx object");
  assert.ok(again.sender.equals(new Address(privateToAddress(key))));
  assert.deepEqual(again.hash, first.hash);
  assert.ok(Object.isFrozen(first.tx), "shared only because the library freezes it");
});

test("the cache is keyed by chain id too: the same bytes under another chain id are refused", () => {
  const bytes = raw(1n);
  decodeEthTx(bytes, 2611n);
  assert.throws(() => decodeEthTx(bytes, 1n), (err: unknown) => err instanceof AppError && /chain/i.test(err.message));
});

test("refusals are not cached: garbage is refused every time", () => {
  const garbage = Uint8Array.of(0x02, 0xc3, 0x01, 0x02, 0x03);
  for (let i = 0; i < 2; i++) assert.throws(() => decodeEthTx(garbage, 2611n), AppError);
});
