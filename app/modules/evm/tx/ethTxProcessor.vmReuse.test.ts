// A block's Ethereum txs share one VM (ethTxProcessor.ts). Differential check: the same blocks run
// once with one processor (one VM per block, rebuilt after a failed run) and once with a new
// processor, so a new VM, for every tx, which is how txs ran before the VM was shared. Every
// result, receipt and the app hash must agree, across transient storage, cold and warm access,
// access lists, SSTORE refunds, reverts, a failure after the run, CREATE and creation txs.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createAccessList2930Tx, createLegacyTx } from "@ethereumjs/tx";
import { Address, bytesToHex, setLengthLeft } from "@ethereumjs/util";
import { QueryReceiptRequestSchema, QueryReceiptResponseSchema } from "../../../../gen/chain/evm/query_pb.js";
import { testLogger } from "../../../../test/support/logger.js";
import { Context } from "../../../context.js";
import type { TxResult } from "../../../tx/processor.js";
import { moduleAddress } from "../../../../common/moduleAccounts.js";
import { evmCommon } from "../../../../common/ethereum/ethTx.js";
import { EthTxProcessor } from "./ethTxProcessor.js";
import { EvmTestChain } from "../testing/testChain.js";
import { deployCode } from "../testing/testContracts.js";
import { TestSigner, txHashHex } from "../testing/testSigner.js";

const common = evmCommon(2611n);
const A = new TestSigner(new Uint8Array(32).fill(0x11));
const B = new TestSigner(new Uint8Array(32).fill(0x22));
const GAS_PRICE = 10n ** 10n;
const UNTOUCHED = new Address(new Uint8Array(20).fill(0xbe));

// With calldata: TSTORE(0, 0x2a). Without: SSTORE(0, TLOAD(0) + 1), so slot 0 is 1 unless a
// transient value leaked in from an earlier tx.
const TRANSIENT = Uint8Array.from([0x36, 0x60, 0x0c, 0x57, 0x5f, 0x5c, 0x60, 0x01, 0x01, 0x5f, 0x55, 0x00, 0x5b, 0x60, 0x2a, 0x5f, 0x5d, 0x00]);
// LOG0 of [gas of SLOAD(5) (+7), gas of BALANCE(UNTOUCHED) (+7)]: 2107 and 2607 when cold, 107 when warm.
const COLD = Uint8Array.from([
  0x5a,
  0x60,
  0x05,
  0x54,
  0x50,
  0x5a,
  0x90,
  0x03,
  0x5f,
  0x52,
  0x5a,
  0x73,
  ...UNTOUCHED.bytes,
  0x31,
  0x50,
  0x5a,
  0x90,
  0x03,
  0x60,
  0x20,
  0x52,
  0x60,
  0x40,
  0x5f,
  0xa0,
  0x00,
]);
// With calldata: SSTORE(3, 1). Without: SSTORE(3, 0), whose refund depends on the slot's value at the tx's start.
const REFUND = Uint8Array.from([0x36, 0x60, 0x09, 0x57, 0x5f, 0x60, 0x03, 0x55, 0x00, 0x5b, 0x60, 0x01, 0x60, 0x03, 0x55, 0x00]);
// SSTORE(0, CREATE(0, 0, 0)): the created address follows the factory's nonce.
const FACTORY = Uint8Array.from([0x5f, 0x5f, 0x5f, 0xf0, 0x5f, 0x55, 0x00]);
// SSTORE(0, 1), then REVERT.
const REVERTER = Uint8Array.of(0x60, 0x01, 0x5f, 0x55, 0x5f, 0x5f, 0xfd);

const [transient, cold, refund, factory, reverter] = [0n, 1n, 2n, 3n, 4n].map((n) => A.contractAddress(n)) as [Address, Address, Address, Address, Address];
const slot = (n: number) => setLengthLeft(Uint8Array.of(n), 32);

function blocks(): Uint8Array[][] {
  const a = new TestSigner(A.key);
  const b = new TestSigner(B.key);
  const gov = moduleAddress("gov");
  const accessListCall = (nonce: bigint) =>
    createAccessList2930Tx(
      {
        nonce,
        gasPrice: GAS_PRICE,
        gasLimit: 200_000n,
        to: cold,
        accessList: [
          { address: cold.toString(), storageKeys: [bytesToHex(slot(5))] },
          { address: UNTOUCHED.toString(), storageKeys: [] },
        ],
      },
      { common },
    )
      .sign(B.key)
      .serialize();
  const legacyRead = (nonce: bigint) => createLegacyTx({ nonce, gasPrice: GAS_PRICE, gasLimit: 200_000n, to: transient }, { common }).sign(B.key).serialize();
  const block2 = [
    a.tx({ data: deployCode(TRANSIENT) }),
    a.tx({ data: deployCode(COLD) }),
    a.tx({ data: deployCode(REFUND) }),
    a.tx({ data: deployCode(FACTORY) }),
    a.tx({ data: deployCode(REVERTER) }),
    a.tx({ to: transient, data: Uint8Array.of(1) }),
    a.tx({ to: transient }),
    b.tx({ to: cold }),
    accessListCall(b.nonce++),
    b.tx({ to: cold }),
    a.tx({ to: refund, data: Uint8Array.of(1) }),
    a.tx({ to: refund }),
    a.tx({ to: reverter }),
    // Fails after it ran (value for a module account): the VM is dropped and rebuilt.
    a.tx({ to: gov, value: 1n, gasLimit: 30_000n }),
    a.tx({ to: transient, data: Uint8Array.of(1) }),
    a.tx({ to: factory }),
    a.tx({ to: factory }),
    legacyRead(b.nonce++),
    a.tx({ data: deployCode(REVERTER) }),
  ];
  const block3 = [
    a.tx({ to: refund, data: Uint8Array.of(1) }),
    b.tx({ to: cold }),
    a.tx({ to: transient, data: Uint8Array.of(1) }),
    legacyRead(b.nonce++),
    a.tx({ to: refund }),
    a.tx({ to: factory }),
  ];
  return [block2, block3];
}

/** Finalizes and commits a block as EvmTestChain.block does, with the processor `deliverer` gives for each tx. */
async function runBlock(chain: EvmTestChain, txs: Uint8Array[], deliverer: () => EthTxProcessor): Promise<TxResult[]> {
  const height = chain.height + 1;
  const root = chain.store.begin();
  const header = chain.header(height);
  const ctx = new Context(header, root, testLogger);
  for (const m of chain.modules) m.beginBlock?.(ctx);
  const results: TxResult[] = [];
  for (const tx of txs) results.push(await deliverer().deliver({ header, state: root, logger: testLogger }, tx));
  chain.store.commit(root, height, chain.store.appHashOf(root, height, chain.store.lastHash));
  chain.height = height;
  return results;
}

async function run(deliverer: (chain: EvmTestChain) => () => EthTxProcessor) {
  const chain = new EvmTestChain(
    [
      { address: A.address.bytes, uunit: 10_000_000n },
      { address: B.address.bytes, uunit: 10_000_000n },
    ],
    1_000_000_007n,
  );
  await chain.block([]);
  const next = deliverer(chain);
  const results: TxResult[] = [];
  const receipts: unknown[] = [];
  const hashes: string[] = [];
  for (const txs of blocks()) {
    results.push(...(await runBlock(chain, txs, next)));
    hashes.push(Buffer.from(chain.store.lastHash).toString("hex"));
    for (const raw of txs)
      receipts.push((await chain.query("/chain.evm.Query/Receipt", QueryReceiptRequestSchema, { txHash: txHashHex(raw) }, QueryReceiptResponseSchema)).receipt);
  }
  const sm = chain.manager();
  const storage = {
    transient: await sm.getStorage(transient, slot(0)),
    refund: await sm.getStorage(refund, slot(3)),
    factory: await sm.getStorage(factory, slot(0)),
  };
  chain.close();
  return { results, receipts, hashes, storage };
}

const failure = (r: TxResult) => (r.events ?? []).find((e) => e.type === "ethereum_tx")?.attributes?.find((a) => a.key === "ethereumTxFailed")?.value;
const logWords = (receipt: unknown) => {
  const data = (receipt as { logs: { data: Uint8Array }[] }).logs[0]!.data;
  return [BigInt(bytesToHex(data.subarray(0, 32))), BigInt(bytesToHex(data.subarray(32, 64)))];
};

test("one VM for a block's txs gives every tx the result a new VM per tx gives", async () => {
  const shared = await run((chain) => {
    const processor = new EthTxProcessor(chain.evmKeepers);
    return () => processor;
  });
  const fresh = await run((chain) => () => new EthTxProcessor(chain.evmKeepers));
  const txs = blocks().flat();
  for (let i = 0; i < txs.length; i++) {
    assert.deepEqual(shared.results[i], fresh.results[i], `tx ${i}: result`);
    assert.deepEqual(shared.receipts[i], fresh.receipts[i], `tx ${i}: receipt`);
  }
  assert.deepEqual(shared.hashes, fresh.hashes, "app hashes");
  assert.deepEqual(shared.storage, fresh.storage);

  // And the shared run is right on its own terms, not just equal to the other.
  for (const r of shared.results) assert.equal(r.code ?? 0, 0, r.log);
  assert.deepEqual(
    shared.results.map(failure).filter((f) => f !== undefined),
    ["revert", "evm execution failed: the gov module account cannot receive value from the EVM"],
  );
  assert.deepEqual(shared.storage.transient, Uint8Array.of(1), "a transient value never outlives its tx");
  assert.deepEqual(shared.storage.refund, new Uint8Array(), "set, then cleared by the block's last call");
  assert.deepEqual(shared.storage.factory.length, 20);
  const [b0, withList, b2] = [7, 8, 9].map((i) => logWords(shared.receipts[i]));
  assert.deepEqual(b0, [2107n, 2607n], "cold SLOAD and BALANCE");
  assert.deepEqual(withList, [107n, 107n], "warm through the access list");
  assert.deepEqual(b2, [2107n, 2607n], "cold again in the next tx");
  assert.deepEqual(logWords(shared.receipts[20]), [2107n, 2607n], "cold in the next block");
});
