import { test } from "node:test";
import assert from "node:assert/strict";
import { createAccessList2930Tx, createEOACode7702Tx, createFeeMarket1559Tx, createLegacyTx } from "@ethereumjs/tx";
import { evmCommon } from "../../common/ethereum/ethTx.js";
import { ethTxGasLimit, selectProposalTxs } from "./proposalSelection.js";
import { protoBytesFieldSize } from "../../common/protobufSize.js";
import { prng } from "../../test/support/prng.js";
import { moduleAddress } from "../../common/moduleAccounts.js";
import { EvmTestChain } from "../modules/evm/testing/testChain.js";
import { TestSigner } from "../modules/evm/testing/testSigner.js";

const common = evmCommon(2611n);
const key = new Uint8Array(32).fill(3);
const cosmosTx = Uint8Array.of(0x0a, 0x02, 0x01, 0x02);
const NO_LIMITS = { maxTxBytes: -1, maxGas: -1n };

function eth(gasLimit: bigint, nonce = 0n): Uint8Array {
  return createFeeMarket1559Tx({ gasLimit, nonce, maxFeePerGas: 10n ** 9n, to: `0x${"11".repeat(20)}` }, { common })
    .sign(key)
    .serialize();
}

test("reads the gas limit of every accepted tx type without decoding the whole tx", () => {
  const to = `0x${"22".repeat(20)}` as const;
  const txs = [
    createLegacyTx({ gasLimit: 21_001n, gasPrice: 1n, to }, { common }).sign(key),
    createAccessList2930Tx({ gasLimit: 21_002n, gasPrice: 1n, to }, { common }).sign(key),
    createFeeMarket1559Tx({ gasLimit: 21_003n, maxFeePerGas: 1n, to }, { common }).sign(key),
    createEOACode7702Tx(
      {
        gasLimit: 21_004n,
        maxFeePerGas: 1n,
        to,
        authorizationList: [{ chainId: "0x0", address: `0x${"33".repeat(20)}`, nonce: "0x0", yParity: "0x0", r: "0x01", s: "0x01" }],
      },
      { common },
    ),
  ];
  assert.deepEqual(
    txs.map((t) => ethTxGasLimit(t.serialize())),
    [21_001n, 21_002n, 21_003n, 21_004n],
  );
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

test("random mempools: order kept, both budgets kept, only oversized txs passed over, never empty while a tx fits", () => {
  const random = prng(2611);
  const int = (n: number) => Math.floor(random() * n);
  const limit = 30_000_000n;
  const gasChoices = [21_000n, 1_000_000n, 9_000_000n, 15_000_000n, 30_000_000n, 30_000_001n];
  for (let round = 0; round < 200; round++) {
    const txs: Uint8Array[] = [];
    for (let i = 0, n = int(12); i < n; i++) {
      const kind = int(4);
      if (kind === 0) txs.push(Uint8Array.from([0x0a, ...new Uint8Array(1 + int(400))]));
      else if (kind === 3) txs.push(Uint8Array.of(0x02, 0xff, int(256)));
      else txs.push(eth(gasChoices[int(gasChoices.length)]!, BigInt(i)));
    }
    const maxTxBytes = int(3) === 0 ? -1 : 100 + int(1200);
    const picked = selectProposalTxs(txs, { maxTxBytes, evmGasLimit: limit });
    // In order, each input tx at most once.
    let at = 0;
    for (const tx of picked) {
      while (at < txs.length && txs[at] !== tx) at++;
      assert.ok(at < txs.length, `round ${round}: out of order`);
      at++;
    }
    const size = (tx: Uint8Array) => protoBytesFieldSize(tx.length);
    const gas = (tx: Uint8Array) => (tx[0] === 0x0a ? 0n : ethTxGasLimit(tx) > limit ? 0n : ethTxGasLimit(tx));
    if (maxTxBytes >= 0) assert.ok(picked.reduce((s, tx) => s + size(tx), 0) <= maxTxBytes, `round ${round}: bytes`);
    // FinalizeBlock refuses a tx once the gas used before it plus its gas limit passes the cap; gas
    // used never exceeds the gas limit, so a selection within the cap by gas limits is never refused.
    assert.ok(picked.reduce((s, tx) => s + gas(tx), 0n) <= limit, `round ${round}: gas`);
    // Up to the last pick, anything left out could not be in any block.
    const lastIndex = picked.length === 0 ? -1 : txs.lastIndexOf(picked[picked.length - 1]!);
    for (let i = 0; i < lastIndex; i++)
      if (!picked.includes(txs[i]!)) assert.ok(maxTxBytes >= 0 && size(txs[i]!) > maxTxBytes, `round ${round}: tx ${i} jumped`);
    if (txs.some((tx) => maxTxBytes < 0 || size(tx) <= maxTxBytes)) assert.ok(picked.length > 0, `round ${round}: starved`);
  }
});

test("txs past the block's gas wait for the next block instead of failing in this one", async () => {
  // Each fails after it runs (value for the gov account), so each counts its whole gas limit in its block.
  const signer = new TestSigner(new Uint8Array(32).fill(0x31));
  const chain = new EvmTestChain([{ address: signer.address.bytes, uunit: 10_000_000n }]);
  await chain.block([]);
  const gov = moduleAddress("gov");
  const mempool = [0, 1, 2, 3].map(() => signer.tx({ to: gov, value: 1n, gasLimit: 12_000_000n }));
  for (const tx of mempool) assert.equal(chain.check(tx).code ?? 0, 0);
  const first = chain.processor.selectForProposal(chain.proposalEnv(), mempool, NO_LIMITS);
  assert.deepEqual(first, mempool.slice(0, 2));
  for (const r of await chain.block(first)) assert.deepEqual([r.code ?? 0, r.gasUsed], [0, 12_000_000n]);
  const rest = mempool.slice(2);
  assert.deepEqual(chain.processor.selectForProposal(chain.proposalEnv(), rest, NO_LIMITS), rest);
  for (const r of await chain.block(rest)) assert.deepEqual([r.code ?? 0, r.gasUsed], [0, 12_000_000n]);
  assert.equal(chain.nonce(signer.address.bytes), 4n);
  // Without the stop rule the third would have been refused for the block's gas, and the fourth for its nonce.
  chain.close();
});
