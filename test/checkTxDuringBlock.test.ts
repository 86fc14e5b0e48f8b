// CheckTx between a block's txs (app/checkTxWindows.ts), through the whole app over SQLite: it is
// answered while FinalizeBlock still runs, against the last committed state (not the block's
// writes), and the block's results and app hash are those of the same block run alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createFeeMarket1559Tx } from "@ethereumjs/tx";
import { createAddressFromPrivateKey } from "@ethereumjs/util";
import { evmCommon } from "../common/ethereum/ethTx.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import type { CheckTxWindowOptions } from "../app/checkTxWindows.js";
import { InProcessChain } from "./support/inProcessChain.js";

const BLOCK_KEY = new Uint8Array(32).fill(0x31);
const MEMPOOL_KEY = new Uint8Array(32).fill(0x32);
const RECIPIENT = new Uint8Array(20).fill(0x77);
const BLOCK_TXS = 150;

function transfer(key: Uint8Array, nonce: bigint): Uint8Array {
  return createFeeMarket1559Tx(
    { nonce, to: RECIPIENT, value: 10n ** 12n, gasLimit: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n },
    { common: evmCommon(2611n) },
  )
    .sign(key)
    .serialize();
}

async function chainWith(checkTxWindows?: CheckTxWindowOptions): Promise<InProcessChain> {
  const funded = [BLOCK_KEY, MEMPOOL_KEY].map((key) => ({
    address: formatAccountAddress(createAddressFromPrivateKey(key).bytes),
    coins: [{ denom: "uunit", amount: "1000000000" }],
  }));
  const chain = await InProcessChain.create(funded, checkTxWindows ? { checkTxWindows } : {});
  await chain.block([]);
  return chain;
}

const blockTxs = Array.from({ length: BLOCK_TXS }, (_, i) => transfer(BLOCK_KEY, BigInt(i)));
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

test("CheckTx is answered between a block's txs, against the committed state, and the block's results stay the same", async () => {
  const alone = await chainWith();
  const busy = await chainWith({ minWorkMs: 0, budgetMs: 1_000 });
  try {
    const expected = await alone.finalize(blockTxs);
    const answered: string[] = [];
    const finalizing = busy.finalize(blockTxs).then((result) => {
      answered.push("FinalizeBlock");
      return result;
    });
    const checks = [];
    for (let nonce = 0n; nonce < 5n; nonce++) {
      await turn(); // without windows, this turn comes only once the block is done
      checks.push(busy.checkTx(transfer(MEMPOOL_KEY, nonce)).then((r) => (answered.push(`CheckTx ${nonce}`), r)));
    }
    // The block's first tx, checked while the block runs it: the committed state has its sender at nonce 0.
    const replay = busy.checkTx(blockTxs[0]!).then((r) => (answered.push("replay"), r));
    const result = await finalizing;
    for (const r of await Promise.all(checks)) assert.equal(r.code ?? 0, 0, r.log);
    assert.equal((await replay).code ?? 0, 0, (await replay).log);
    assert.equal(answered.at(-1), "FinalizeBlock", `answered in the order ${answered.join(", ")}`);

    assert.deepEqual(Buffer.from(result.appHash!), Buffer.from(expected.appHash!));
    assert.deepEqual(result.txResults, expected.txResults);
    assert.equal(result.txResults!.filter((r) => (r.code ?? 0) !== 0).length, 0);

    await busy.commit();
    // Once the block is in, the mempool's recheck drops the replay; the admitted txs make the next block.
    assert.notEqual((await busy.checkTx(blockTxs[0]!, true)).code ?? 0, 0);
    const next = await busy.block(Array.from({ length: 5 }, (_, i) => transfer(MEMPOOL_KEY, BigInt(i))));
    assert.equal(next.txResults!.filter((r) => (r.code ?? 0) === 0).length, 5);
  } finally {
    alone.close();
    busy.close();
  }
});

test("a CheckTx past a window's budget waits for the next window or the block's end, and still runs before Commit", async () => {
  const chain = await chainWith({ minWorkMs: 0, budgetMs: 0 });
  try {
    const finalizing = chain.finalize(blockTxs);
    await turn();
    const replay = chain.checkTx(blockTxs[0]!);
    const committing = finalizing.then(() => chain.commit());
    // Checked against the state before the block (after Commit it would be a replayed nonce).
    const checked = await replay;
    assert.equal(checked.code ?? 0, 0, checked.log);
    await committing;
    assert.notEqual((await chain.checkTx(blockTxs[0]!)).code ?? 0, 0);
  } finally {
    chain.close();
  }
});
