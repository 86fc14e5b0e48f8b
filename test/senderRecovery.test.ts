// Ethereum senders recovered on worker threads ahead of their CheckTx (app/senderRecovery/), through
// the whole app over SQLite: CheckTx requests announced as queued, as the ABCI server announces
// them, are answered exactly as without the threads, in arrival order (a sender's nonces one after
// another), and the block made of them commits to the same app hash.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { createFeeMarket1559Tx, createLegacyTx } from "@ethereumjs/tx";
import { createAddressFromPrivateKey } from "@ethereumjs/util";
import { pathToFileURL } from "node:url";
import { pino } from "pino";
import { runnableModule, WORKER_MODULES } from "../common/node/entryPoints.js";
import * as pb from "../gen/tendermint/abci/types_pb.js";
import { clearDecodeCache, evmCommon, useSenderKeySource, type SenderKeySource } from "../common/ethereum/ethTx.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { SenderRecoveryPool } from "../app/senderRecovery/pool.js";
import { InProcessChain } from "./support/inProcessChain.js";

const workerUrl = pathToFileURL(runnableModule(WORKER_MODULES.senderRecovery));
const KEYS = [0x41, 0x42, 0x43].map((b) => new Uint8Array(32).fill(b));
const RECIPIENT = new Uint8Array(20).fill(0x78);
const PER_SENDER = 12;

function transfer(key: Uint8Array, nonce: bigint, chainId = 2611n): Uint8Array {
  const fields = { nonce, to: RECIPIENT, value: 10n ** 12n, gasLimit: 21_000n };
  const common = evmCommon(chainId);
  // Every third one legacy: both encodings take the same path through the threads.
  return nonce % 3n === 2n
    ? createLegacyTx({ ...fields, gasPrice: 10n ** 10n }, { common })
        .sign(key)
        .serialize()
    : createFeeMarket1559Tx({ ...fields, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n }, { common })
        .sign(key)
        .serialize();
}

const funded = KEYS.map((key) => ({
  address: formatAccountAddress(createAddressFromPrivateKey(key).bytes),
  coins: [{ denom: "uunit", amount: "1000000000" }],
}));
// Senders interleaved, each in nonce order; then a tx with a broken signature and one of another chain.
const valid = Array.from({ length: PER_SENDER }, (_, n) => KEYS.map((key) => transfer(key, BigInt(n)))).flat();
const broken = Uint8Array.from(transfer(KEYS[0]!, 99n));
broken[broken.length - 3]! ^= 0xff;
const requests = [...valid, broken, transfer(KEYS[1]!, BigInt(PER_SENDER), 7n)];

const pool = new SenderRecoveryPool({ size: 2, workerUrl, logger: pino({ level: "silent" }) });
after(async () => {
  useSenderKeySource(undefined);
  await pool.close();
});

/** CheckTx of `txs` as the ABCI server hands over a batch: the first at once, the others announced as queued first. */
async function admitQueued(chain: InProcessChain, txs: Uint8Array[]) {
  const reqs = txs.map((tx) => create(pb.RequestCheckTxSchema, { tx, type: pb.CheckTxType.NEW }));
  for (const req of reqs.slice(1)) chain.app.checkTxQueued(req);
  const results = [];
  for (const req of reqs) results.push(await chain.app.checkTx(req));
  return results;
}

const outcome = (r: { code?: number; log?: string; gasWanted?: bigint }) => ({ code: r.code ?? 0, log: r.log ?? "", gasWanted: r.gasWanted ?? 0n });

test("CheckTx with senders recovered on threads answers as without them, and the block commits to the same app hash", async () => {
  const counted = { calls: 0 };
  const source: SenderKeySource = {
    recover: (bytes, chainId) => {
      counted.calls++;
      return pool.recover(bytes, chainId);
    },
  };
  const withThreads = await InProcessChain.create(funded);
  const without = await InProcessChain.create(funded);
  try {
    clearDecodeCache();
    useSenderKeySource(source);
    const threaded = await admitQueued(withThreads, requests);
    assert.equal(counted.calls, requests.length - 1, "every queued tx went to a thread");
    // The block runs on the decodings the threads' keys made.
    const a = await withThreads.finalize(valid);
    useSenderKeySource(undefined);
    clearDecodeCache();
    const inline = [];
    for (const tx of requests) inline.push(await without.checkTx(tx));
    const b = await without.finalize(valid);

    assert.deepEqual(threaded.map(outcome), inline.map(outcome));
    assert.equal(threaded.slice(0, valid.length).filter((r) => (r.code ?? 0) !== 0).length, 0, "each sender's nonces accepted in order");
    assert.notEqual(threaded.at(-2)!.code ?? 0, 0, "the broken signature refused");
    assert.notEqual(threaded.at(-1)!.code ?? 0, 0, "the other chain's tx refused");

    assert.deepEqual(Buffer.from(a.appHash!), Buffer.from(b.appHash!));
    assert.deepEqual(a.txResults, b.txResults);
    assert.equal(a.txResults!.filter((r) => (r.code ?? 0) !== 0).length, 0);
  } finally {
    useSenderKeySource(undefined);
    withThreads.close();
    without.close();
  }
});
