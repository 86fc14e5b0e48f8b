// The pending nonce (chain.evm.Query/Account with pending) across a Commit, through the whole app:
// between the Commit and CometBFT's rechecks of the txs still waiting, the mempool view from before
// the Commit still counts them, so a wallet asking in that gap does not reuse a nonce.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createFeeMarket1559Tx } from "@ethereumjs/tx";
import { createAddressFromPrivateKey } from "@ethereumjs/util";
import { QueryAccountRequestSchema, QueryAccountResponseSchema } from "../gen/chain/evm/query_pb.js";
import { evmCommon } from "../common/ethereum/ethTx.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { InProcessChain } from "./support/inProcessChain.js";

const KEY = new Uint8Array(32).fill(0x51);
const OTHER_KEY = new Uint8Array(32).fill(0x52);
const SENDER = createAddressFromPrivateKey(KEY);

let chain: InProcessChain;
before(async () => {
  const funded = [KEY, OTHER_KEY].map((k) => ({
    address: formatAccountAddress(createAddressFromPrivateKey(k).bytes),
    coins: [{ denom: "uunit", amount: "1000000000" }],
  }));
  chain = await InProcessChain.create(funded);
  await chain.block([]);
});
after(() => chain.close());

function transfer(key: Uint8Array, nonce: bigint): Uint8Array {
  return createFeeMarket1559Tx(
    { nonce, to: new Uint8Array(20).fill(0x99), value: 1n, gasLimit: 21_000n, maxFeePerGas: 10n ** 10n },
    { common: evmCommon(2611n) },
  )
    .sign(key)
    .serialize();
}

async function nonce(pending: boolean): Promise<bigint> {
  const r = await chain.grpc("/chain.evm.Query/Account", QueryAccountRequestSchema, { address: SENDER.toString(), pending }, QueryAccountResponseSchema);
  return r.nonce;
}

async function accept(tx: Uint8Array, recheck = false): Promise<void> {
  const r = await chain.checkTx(tx, recheck);
  assert.equal(r.code ?? 0, 0, r.log);
}

test("txs waiting for their recheck after a Commit still count in the pending nonce", async () => {
  const txs = [0n, 1n, 2n].map((n) => transfer(KEY, n));
  for (const tx of txs) await accept(tx);
  assert.equal(await nonce(true), 3n);
  await chain.block([txs[0]!]); // FinalizeBlock and Commit: txs 1 and 2 still wait in the mempool
  assert.equal(await nonce(false), 1n);
  assert.equal(await nonce(true), 3n, "before the rechecks, the pre-Commit view still counts txs 1 and 2");
  await accept(txs[1]!, true);
  await accept(txs[2]!, true);
  assert.equal(await nonce(true), 3n);
  await accept(transfer(KEY, 3n));
  assert.equal(await nonce(true), 4n, "after a new CheckTx only the new view answers");
});

test("the pre-Commit view is dropped at the first new CheckTx: a tx that did not survive is not counted", async () => {
  const waiting = transfer(KEY, 4n);
  await accept(waiting);
  assert.equal(await nonce(true), 5n);
  await chain.block([]); // nothing included; in this test nothing rechecks tx 4
  assert.equal(await nonce(true), 5n);
  await accept(transfer(OTHER_KEY, 0n)); // a new tx: CometBFT has finished its rechecks
  // Nothing was rechecked into the new view (txs 1-4 never reached a block): it is the committed nonce.
  assert.equal(await nonce(false), 1n);
  assert.equal(await nonce(true), 1n, "the waiting txs were not rechecked into the new view, so they no longer count");
});
