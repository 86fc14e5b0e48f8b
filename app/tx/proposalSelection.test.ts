import { test } from "node:test";
import assert from "node:assert/strict";
import { createAccessList2930Tx, createEOACode7702Tx, createFeeMarket1559Tx, createLegacyTx } from "@ethereumjs/tx";
import { evmCommon } from "../modules/evm/ethTx.js";
import { ethTxGasLimit, selectProposalTxs } from "./proposalSelection.js";
import { protoBytesFieldSize } from "../../abci/proposal.js";

const common = evmCommon(2611n);
const key = new Uint8Array(32).fill(3);
const cosmosTx = Uint8Array.of(0x0a, 0x02, 0x01, 0x02);

function eth(gasLimit: bigint, nonce = 0n): Uint8Array {
  return createFeeMarket1559Tx({ gasLimit, nonce, maxFeePerGas: 10n ** 9n, to: "0x" + "11".repeat(20) }, { common }).sign(key).serialize();
}

test("reads the gas limit of every accepted tx type without decoding the whole tx", () => {
  const to = "0x" + "22".repeat(20);
  const txs = [
    createLegacyTx({ gasLimit: 21_001n, gasPrice: 1n, to }, { common }).sign(key),
    createAccessList2930Tx({ gasLimit: 21_002n, gasPrice: 1n, to }, { common }).sign(key),
    createFeeMarket1559Tx({ gasLimit: 21_003n, maxFeePerGas: 1n, to }, { common }).sign(key),
    createEOACode7702Tx({ gasLimit: 21_004n, maxFeePerGas: 1n, to, authorizationList: [{ chainId: "0x0", address: `0x${"33".repeat(20)}`, nonce: "0x0", yParity: "0x0", r: "0x01", s: "0x01" }] }, { common }),
  ];
  assert.deepEqual(txs.map((t) => ethTxGasLimit(t.serialize())), [21_001n, 21_002n, 21_003n, 21_004n]);
});

test("garbage counts no gas", () => {
  assert.equal(ethTxGasLimit(Uint8Array.of(0x02, 0xff, 0x00)), 0n);
  assert.equal(ethTxGasLimit(Uint8Array.of(0xc1, 0x80)), 0n);
  assert.equal(ethTxGasLimit(Uint8Array.of(0x02)), 0n);
});

test("takes txs in order while their gas limits fit, then stops (no later tx jumps the queue)", () => {
  const txs = [eth(10_000_000n, 0n), cosmosTx, eth(15_000_000n, 1n), eth(10_000_000n, 2n), eth(21_000n, 3n)];
  const picked = selectProposalTxs(txs, { maxTxBytes: -1, evmGasLimit: 30_000_000n });
  assert.deepEqual(picked, txs.slice(0, 3));
});

test("a gas limit above the block's does not block the queue: it is taken and costs nothing", () => {
  const txs = [eth(40_000_000n), eth(30_000_000n, 1n)];
  assert.deepEqual(selectProposalTxs(txs, { maxTxBytes: -1, evmGasLimit: 30_000_000n }), txs);
});

test("the byte budget: stops at the first tx that does not fit, skips one no block could hold", () => {
  const small = eth(21_000n);
  const size = protoBytesFieldSize(small.length);
  const huge = new Uint8Array(size * 3).fill(0x0a);
  const txs = [small, huge, small, small];
  assert.deepEqual(selectProposalTxs(txs, { maxTxBytes: 2 * size, evmGasLimit: 30_000_000n }), [small, small]);
  assert.deepEqual(selectProposalTxs([small, small, small], { maxTxBytes: 2 * size, evmGasLimit: 30_000_000n }).length, 2);
});
