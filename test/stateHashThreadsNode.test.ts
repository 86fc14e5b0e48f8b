// A real node (the app process and CometBFT) with state hash threads on (state.hash-workers = 2)
// and a genesis large enough to be shared with them (1,200 keys): the worker threads load in the
// app as it runs, InitChain's and the blocks' app hashes are agreed by CometBFT, and no thread fails.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { withGenesisBalances } from "../app/genesis.js";
import { CometRpcClient } from "../sdk/client/cometRpcClient.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { LocalNode } from "./support/localNode.js";

const GENESIS_ACCOUNTS = 300; // four keys each: account, number index, balance, denom index

let node: LocalNode;
before(async () => {
  node = await LocalNode.create({
    editAppState: (state) =>
      withGenesisBalances(
        state,
        Array.from({ length: GENESIS_ACCOUNTS }, (_, i) => ({
          address: formatAccountAddress(Buffer.from(`hash-account-${String(i).padStart(3, "0")}`.padEnd(20, "."))),
          coins: [{ denom: "uunit", amount: String(i + 1) }],
        })),
      ) as Record<string, unknown>,
  });
  node.appEnv = { UNITD_STATE_HASH_WORKERS: "2" };
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
