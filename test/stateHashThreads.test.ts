// The state hash's element hashes shared with threads (app/store/sharedFold.ts, elementFold/),
// through the whole app over SQLite: a genesis of thousands of accounts and a block that creates
// hundreds more give the same app hashes with the threads as without them, and the threads were
// given shares of both.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { createFeeMarket1559Tx } from "@ethereumjs/tx";
import { createAddressFromPrivateKey } from "@ethereumjs/util";
import { pathToFileURL } from "node:url";
import { pino } from "pino";
import { runnableModule, WORKER_MODULES } from "../common/node/entryPoints.js";
import { evmCommon } from "../common/ethereum/ethTx.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { ElementFoldPool, type ElementFolder } from "../app/store/elementFold/pool.js";
import type { Entry } from "../app/store/elementFold/protocol.js";
import { InProcessChain } from "./support/inProcessChain.js";

const workerUrl = pathToFileURL(runnableModule(WORKER_MODULES.elementFold));
const KEY = new Uint8Array(32).fill(0x51);
const GENESIS_ACCOUNTS = 2_000;
const TRANSFERS = 150;

const funded = [
  { address: formatAccountAddress(createAddressFromPrivateKey(KEY).bytes), coins: [{ denom: "uunit", amount: "1000000000" }] },
  ...Array.from({ length: GENESIS_ACCOUNTS }, (_, i) => ({
    address: formatAccountAddress(Buffer.from(`genesis-account-${String(i).padStart(4, "0")}`).subarray(0, 20)),
    coins: [{ denom: "uunit", amount: String(1 + i) }],
  })),
];
// Each to an address that holds nothing yet: new accounts, balances and receipts, hundreds of new keys.
const transfers = Array.from({ length: TRANSFERS }, (_, n) =>
  createFeeMarket1559Tx(
    { nonce: BigInt(n), to: Buffer.alloc(20, 0).fill(n + 1, 0, 2), value: 10n ** 12n, gasLimit: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n },
    { common: evmCommon(2611n) },
  )
    .sign(KEY)
    .serialize(),
);

const pool = new ElementFoldPool({ size: 2, workerUrl, logger: pino({ level: "silent" }) });
after(() => pool.close());

test("a genesis and a block folded with state hash threads commit to the app hashes folded without them", async () => {
  const shares: number[] = [];
  const counting: ElementFolder = {
    get size() {
      return pool.size;
    },
    sum: async (entries: readonly Entry[]) => {
      const sum = await pool.sum(entries);
      assert.ok(sum !== undefined, "the threads answered");
      shares.push(entries.length);
      return sum;
    },
  };
  const threaded = await InProcessChain.create(funded, { elementFolder: counting });
  const alone = await InProcessChain.create(funded);
  try {
    assert.deepEqual(Buffer.from(threaded.initChainResult.appHash!), Buffer.from(alone.initChainResult.appHash!), "genesis");
    assert.equal(shares.length, 1, "the genesis was shared");
    const a = await threaded.block(transfers);
    const b = await alone.block(transfers);
    assert.equal(a.txResults!.filter((r) => (r.code ?? 0) !== 0).length, 0);
    assert.deepEqual(Buffer.from(a.appHash!), Buffer.from(b.appHash!), "the block");
    assert.equal(shares.length, 2, "the block was shared");
    assert.deepEqual(threaded.store.lastHash, alone.store.lastHash, "and committed");
    // The next block reads the committed accumulator: still in step.
    const c = await threaded.block([]);
    const d = await alone.block([]);
    assert.deepEqual(Buffer.from(c.appHash!), Buffer.from(d.appHash!));
  } finally {
    threaded.close();
    alone.close();
  }
});
