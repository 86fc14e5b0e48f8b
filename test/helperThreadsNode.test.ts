// A real node (the app process and CometBFT) with its helper threads on: sender recovery
// (mempool.sender-recovery-workers = 2) and state hash (state.hash-workers = 2), and a genesis
// large enough (1,200 more keys) for its state hash to be shared with them. The worker threads
// load in the app as it runs; InitChain's and the blocks' app hashes are agreed by CometBFT;
// Ethereum txs from several senders broadcast at once, each sender's nonces in order, are all
// admitted and committed; and no thread fails.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createFeeMarket1559Tx } from "@ethereumjs/tx";
import { createAddressFromPrivateKey } from "@ethereumjs/util";
import { withGenesisBalances } from "../app/genesis.js";
import { evmCommon } from "../common/ethereum/ethTx.js";
import { CometRpcClient } from "../sdk/client/cometRpcClient.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { LocalNode } from "./support/localNode.js";

const KEYS = [0x61, 0x62, 0x63, 0x64].map((b) => new Uint8Array(32).fill(b));
const PER_SENDER = 15;
const GENESIS_ACCOUNTS = 300; // four keys each: account, number index, balance, denom index

function transfer(key: Uint8Array, nonce: bigint): Uint8Array {
  return createFeeMarket1559Tx(
    { nonce, to: new Uint8Array(20).fill(0x79), value: 10n ** 12n, gasLimit: 21_000n, maxFeePerGas: 10n ** 11n, maxPriorityFeePerGas: 10n ** 9n },
    { common: evmCommon(2611n) },
  )
    .sign(key)
    .serialize();
}

const senders = KEYS.map((key) => ({
  address: formatAccountAddress(createAddressFromPrivateKey(key).bytes),
  coins: [{ denom: "uunit", amount: "1000000000" }],
}));
const others = Array.from({ length: GENESIS_ACCOUNTS }, (_, i) => ({
  address: formatAccountAddress(Buffer.from(`hash-account-${String(i).padStart(3, "0")}`.padEnd(20, "."))),
  coins: [{ denom: "uunit", amount: String(i + 1) }],
}));

let node: LocalNode;
before(async () => {
  node = await LocalNode.create({ editAppState: (state) => withGenesisBalances(state, [...senders, ...others]) as Record<string, unknown> });
  node.appEnv = { UNITD_MEMPOOL_SENDER_RECOVERY_WORKERS: "2", UNITD_STATE_HASH_WORKERS: "2" };
  await node.start();
  await node.waitForHeight(3);
});
after(() => node.destroy());

test("a genesis folded with state hash threads starts a chain that goes on making blocks", async () => {
  const status = await new CometRpcClient(node.rpcUrl).status();
  assert.ok(status.latestBlockHeight >= 3n, `at height ${status.latestBlockHeight}`);
  const log = node.output("app");
  assert.match(log, /"stateHashWorkers":2/, "the app started its threads");
  assert.doesNotMatch(log, /state hash thread (failed|exited|stopped)/);
});

test("Ethereum txs broadcast at once are admitted and committed with senders recovered on threads", async () => {
  const rpc = new CometRpcClient(node.rpcUrl);
  // One lane per sender, its txs in nonce order; the lanes run at once, so CheckTx requests queue.
  const lanes = KEYS.map(async (key) => {
    const hashes: string[] = [];
    for (let n = 0n; n < PER_SENDER; n++) {
      const sent = await rpc.broadcastTxSync(transfer(key, n));
      assert.equal(sent.code, 0, `CheckTx of nonce ${n}: ${sent.log}`);
      hashes.push(sent.hash);
    }
    return hashes;
  });
  const hashes = (await Promise.all(lanes)).flat();
  for (const hash of hashes) {
    const included = await rpc.waitForTx(hash);
    assert.equal(included.result.code, 0, included.result.log);
  }
  const log = node.output("app");
  assert.match(log, /"senderRecoveryWorkers":2/, "the app started its threads");
  assert.doesNotMatch(log, /sender recovery thread (failed|exited)/);
});
