// Raw Ethereum txs through the whole app (UnitApp, its tx routing by first byte, CheckTx and
// FinalizeBlock over SQLite), next to Cosmos txs: a value transfer that is not a whole uunit,
// seen afterwards from the bank and precisebank queries; a tx that fails after it ran, included
// with its receipt; a block of 300 txs, its hashes and the size of its record.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createFeeMarket1559Tx } from "@ethereumjs/tx";
import { bytesToHex, createAddressFromPrivateKey } from "@ethereumjs/util";
import {
  QueryBalanceRequestSchema,
  QueryBalanceResponseSchema,
  QuerySupplyOfRequestSchema,
  QuerySupplyOfResponseSchema,
} from "../gen/cosmos/bank/v1beta1/query_pb.js";
import {
  QueryFractionalBalanceRequestSchema,
  QueryFractionalBalanceResponseSchema,
  QueryRemainderRequestSchema,
  QueryRemainderResponseSchema,
} from "../gen/chain/precisebank/query_pb.js";
import { QueryBlockRequestSchema, QueryBlockResponseSchema, QueryReceiptRequestSchema, QueryReceiptResponseSchema } from "../gen/chain/evm/query_pb.js";
import { evmCommon } from "../common/ethereum/ethTx.js";
import { blockTxHashesPrefix, evmBlockKey, MODULE_NAME } from "../app/modules/evm/state/keys.js";
import { txHashHex } from "../app/modules/evm/testing/testSigner.js";
import { moduleReader } from "../app/store/prefixStore.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { moduleAddress } from "../common/moduleAccounts.js";
import { InProcessChain } from "./support/inProcessChain.js";
import { eventsOfType } from "./support/eventAttributes.js";

const KEY = new Uint8Array(32).fill(0x42);
const SENDER = createAddressFromPrivateKey(KEY);
const SENDER_BECH32 = formatAccountAddress(SENDER.bytes);
const RECIPIENT = new Uint8Array(20).fill(0x77);
const RECIPIENT_BECH32 = formatAccountAddress(RECIPIENT);
const VALUE = 3n * 10n ** 12n + 987_654_321n; // 3 uunit and a fraction
const BULK_BECH32 = formatAccountAddress(createAddressFromPrivateKey(new Uint8Array(32).fill(0x66)).bytes);

let chain: InProcessChain;
before(async () => {
  chain = await InProcessChain.create([SENDER_BECH32, BULK_BECH32].map((address) => ({ address, coins: [{ denom: "uunit", amount: "1000000000" }] })));
  await chain.block([]);
});
after(() => chain.close());

function transfer(nonce: bigint, chainId?: bigint): Uint8Array {
  const common = evmCommon(chainId ?? 2611n);
  return createFeeMarket1559Tx({ nonce, to: RECIPIENT, value: VALUE, gasLimit: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n }, { common })
    .sign(KEY)
    .serialize();
}

test("an EIP-1559 value transfer passes CheckTx and executes in a block; both sides agree in uunit and aunit", async () => {
  const tx = transfer(0n);
  const checked = await chain.checkTx(tx);
  assert.equal(checked.code ?? 0, 0, checked.log);
  const block = await chain.block([tx]);
  const result = block.txResults![0]!;
  assert.equal(result.code ?? 0, 0, result.log);
  assert.ok(
    result.events!.some((e) => e.type === "ethereum_tx"),
    "the ethereum_tx event",
  );
  const bank = await chain.grpc(
    "/cosmos.bank.v1beta1.Query/Balance",
    QueryBalanceRequestSchema,
    { address: RECIPIENT_BECH32, denom: "uunit" },
    QueryBalanceResponseSchema,
  );
  assert.equal(bank.balance?.amount, "3");
  const fraction = await chain.grpc(
    "/chain.precisebank.Query/FractionalBalance",
    QueryFractionalBalanceRequestSchema,
    { address: RECIPIENT_BECH32 },
    QueryFractionalBalanceResponseSchema,
  );
  assert.equal(fraction.fractionalBalance?.amount, "987654321");
});

test("a replayed Ethereum tx and garbage starting like one are refused by CheckTx", async () => {
  const replay = await chain.checkTx(transfer(0n));
  assert.equal(replay.codespace, "evm");
  assert.match(replay.log ?? "", /nonce too low/);
  const garbage = await chain.checkTx(Uint8Array.of(0x02, 0xff, 0x00));
  assert.equal(garbage.codespace, "sdk");
  assert.equal(garbage.code, 2);
});

// Regression: value for a module account made settlement throw after the tx ran, and the tx was
// included without paying gas or using its nonce, so the same bytes could be included forever.
// Then it paid and used its nonce but had no receipt, so a client waiting for it never saw it mined.
test("value for the gov account fails the tx after it ran: included with a status-0 receipt, its gas limit paid and burned in part", async () => {
  const gov = moduleAddress("gov");
  const before = await extendedBalance(SENDER_BECH32);
  const supplyBefore = await totalSupply();
  const gasLimit = 30_000n;
  const tx = createFeeMarket1559Tx(
    { nonce: 1n, to: gov, value: 5n * 10n ** 12n, gasLimit, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n },
    { common: evmCommon(2611n) },
  )
    .sign(KEY)
    .serialize();
  const result = (await chain.block([tx])).txResults![0]!;
  assert.equal(result.code ?? 0, 0, result.log);
  assert.deepEqual([result.gasWanted, result.gasUsed], [gasLimit, gasLimit]);
  const event = eventsOfType(result.events, "ethereum_tx")[0]!;
  assert.equal(event.ethereumTxFailed, "evm execution failed: the gov module account cannot receive value from the EVM");

  const { receipt } = await chain.grpc("/chain.evm.Query/Receipt", QueryReceiptRequestSchema, { txHash: txHashHex(tx) }, QueryReceiptResponseSchema);
  assert.deepEqual(
    [receipt!.status, receipt!.gasUsed, receipt!.cumulativeGasUsed, receipt!.logs.length, receipt!.bloom.length, receipt!.bloom.every((b) => b === 0)],
    [0, gasLimit, gasLimit, 0, 256, true],
  );
  const { block } = await chain.grpc("/chain.evm.Query/Block", QueryBlockRequestSchema, { height: BigInt(chain.height) }, QueryBlockResponseSchema);
  assert.deepEqual([block!.txHashes.map(bytesToHex), block!.gasUsed], [[txHashHex(tx)], gasLimit], "in its block, its gas counted");

  const baseFee = BigInt(block!.baseFee);
  const price = BigInt(receipt!.effectiveGasPrice);
  assert.equal(price, baseFee + 10n ** 9n);
  assert.equal(before - (await extendedBalance(SENDER_BECH32)), gasLimit * price, "gas limit x effective price, and no value");
  assert.equal(await extendedBalance(formatAccountAddress(gov)), 0n);
  assert.equal(supplyBefore - (await totalSupply()), gasLimit * baseFee, "only the base fee left the supply");
  const again = await chain.checkTx(tx);
  assert.match(again.log ?? "", /nonce too low/, "the nonce was used");
});

test("a block of 300 transfers: every hash in order through the Block query, and a record no larger than a 1-tx block's", async () => {
  const key = new Uint8Array(32).fill(0x66);
  const txs = Array.from({ length: 300 }, (_, i) =>
    createFeeMarket1559Tx(
      { nonce: BigInt(i), to: RECIPIENT, value: BigInt(i + 1), gasLimit: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 0n },
      { common: evmCommon(2611n) },
    )
      .sign(key)
      .serialize(),
  );
  const one = await chain.block([txs[0]!]);
  assert.equal(one.txResults![0]!.code ?? 0, 0, one.txResults![0]!.log);
  const oneHeight = BigInt(chain.height);
  const results = (await chain.block(txs.slice(1))).txResults!;
  assert.deepEqual(
    results.filter((r) => (r.code ?? 0) !== 0).map((r) => r.log),
    [],
  );
  const height = BigInt(chain.height);
  const { block, receipts } = await chain.grpc("/chain.evm.Query/Block", QueryBlockRequestSchema, { height, includeReceipts: true }, QueryBlockResponseSchema);
  assert.deepEqual(block!.txHashes.map(bytesToHex), txs.slice(1).map(txHashHex));
  assert.deepEqual([block!.txCount, block!.gasUsed], [299, 299n * 21_000n]);
  assert.deepEqual(
    receipts.map((r) => r.txIndex),
    Array.from({ length: 299 }, (_, i) => i),
  );
  assert.equal(receipts[298]!.cumulativeGasUsed, block!.gasUsed);
  // What each tx rewrites: the stored record, which holds totals only (its varints may widen by a few bytes).
  const evm = moduleReader(chain.store.view(), MODULE_NAME);
  const recordBytes = (h: bigint) => evm.get(evmBlockKey(h))!.length;
  assert.ok(recordBytes(height) - recordBytes(oneHeight) <= 4, `record of 299 txs: ${recordBytes(height)} bytes, of 1 tx: ${recordBytes(oneHeight)}`);
  assert.ok(recordBytes(height) < 400);
  assert.equal([...evm.prefixIterator(blockTxHashesPrefix(height))].length, 299, "one hash key per tx");
});

test("CheckTx counts a sender's pending spending; a block's EVM txs use at most 30M gas", async () => {
  const poorKey = new Uint8Array(32).fill(0x55);
  const poor = createAddressFromPrivateKey(poorKey);
  // Funds for one 21,000-gas tx at a 10 gwei cap, not two.
  const fund = createFeeMarket1559Tx(
    { nonce: 2n, to: poor, value: 21_000n * 10n ** 10n + 10n ** 6n, gasLimit: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 0n },
    { common: evmCommon(2611n) },
  )
    .sign(KEY)
    .serialize();
  assert.equal((await chain.block([fund])).txResults![0]!.code ?? 0, 0);
  const spend = (nonce: bigint) =>
    createFeeMarket1559Tx(
      { nonce, to: RECIPIENT, value: 1n, gasLimit: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 0n },
      { common: evmCommon(2611n) },
    )
      .sign(poorKey)
      .serialize();
  assert.equal((await chain.checkTx(spend(0n))).code ?? 0, 0);
  const second = await chain.checkTx(spend(1n));
  assert.match(second.log ?? "", /insufficient funds for gas \* price \+ value/);

  // A deployment whose init code loops until it runs out of its 15M gas; then 16M more does not fit.
  const LOOP = Uint8Array.of(0x5b, 0x60, 0x00, 0x56); // JUMPDEST PUSH1 0 JUMP
  const sign = (nonce: bigint, fields: { data?: Uint8Array; to?: Uint8Array }, gasLimit: bigint) =>
    createFeeMarket1559Tx({ nonce, ...fields, gasLimit, maxFeePerGas: 10n ** 9n, maxPriorityFeePerGas: 0n }, { common: evmCommon(2611n) })
      .sign(KEY)
      .serialize();
  const block = await chain.block([sign(3n, { data: LOOP }, 15_000_000n), sign(4n, { to: RECIPIENT }, 16_000_000n)]);
  assert.equal(block.txResults![0]!.code ?? 0, 0, block.txResults![0]!.log);
  assert.equal(block.txResults![0]!.gasUsed, 15_000_000n, "out of gas, all of it used");
  assert.match(block.txResults![1]!.log ?? "", /exceeds block gas limit/);
  assert.equal(block.txResults![1]!.gasUsed ?? 0n, 0n, "not run");
});

/** Total supply in aunit: bank's uunit supply x 10^12, less precisebank's remainder. */
async function totalSupply(): Promise<bigint> {
  const bank = await chain.grpc("/cosmos.bank.v1beta1.Query/SupplyOf", QuerySupplyOfRequestSchema, { denom: "uunit" }, QuerySupplyOfResponseSchema);
  const { remainder } = await chain.grpc("/chain.precisebank.Query/Remainder", QueryRemainderRequestSchema, {}, QueryRemainderResponseSchema);
  return BigInt(bank.amount!.amount) * 10n ** 12n - BigInt(remainder!.amount);
}

async function extendedBalance(address: string): Promise<bigint> {
  const bank = await chain.grpc("/cosmos.bank.v1beta1.Query/Balance", QueryBalanceRequestSchema, { address, denom: "uunit" }, QueryBalanceResponseSchema);
  const fraction = await chain.grpc(
    "/chain.precisebank.Query/FractionalBalance",
    QueryFractionalBalanceRequestSchema,
    { address },
    QueryFractionalBalanceResponseSchema,
  );
  return BigInt(bank.balance!.amount) * 10n ** 12n + BigInt(fraction.fractionalBalance!.amount);
}
