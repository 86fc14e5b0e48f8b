// Ethereum txs through the routing tx processor of a small chain (auth, bank, precisebank, evm):
// CheckTx with geth's error wording, delivery with runTx and settlement, receipts and events.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { createCustomCommon, Hardfork, Mainnet } from "@ethereumjs/common";
import { createAccessList2930Tx, createFeeMarket1559Tx, createLegacyTx } from "@ethereumjs/tx";
import { Address, bytesToHex, createAddressFromPrivateKey, generateAddress } from "@ethereumjs/util";
import { keccak_256 as keccak } from "@noble/hashes/sha3.js";
import {
  QueryBlockRequestSchema,
  QueryBlockResponseSchema,
  QueryReceiptRequestSchema,
  QueryReceiptResponseSchema,
} from "../../../../gen/chain/evm/query_pb.js";
import type { TxResult } from "../../../tx/processor.js";
import { txEncoding } from "../../../tx/txEncoding.js";
import { moduleAddress } from "../../../../common/moduleAccounts.js";
import { formatAccountAddress } from "../../../../sdk/crypto/accountAddress.js";
import { CONVERSION_FACTOR as CF } from "../../precisebank/module.js";
import { evmCommon } from "../../../../common/ethereum/ethTx.js";
import { EvmTestChain } from "../testing/testChain.js";
import { eventsOfType, firstEventOfType } from "../../../../test/support/eventAttributes.js";

const common = evmCommon(2611n);
const BASE_FEE = 1_000_000_007n; // not a whole uunit per gas, so fees leave fractions
const TIP = 1_500_000_001n;
const KEY = Uint8Array.from(Buffer.from("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318", "hex"));
const SENDER = createAddressFromPrivateKey(KEY);
const POOR_KEY = Uint8Array.from(Buffer.alloc(32, 7));
const RECIPIENT = new Address(new Uint8Array(20).fill(0x7e));
const FEE_COLLECTOR = moduleAddress("fee_collector");

// Counter: slot0 += 1, then LOG1(topic 0x2a, data = the new value).
const COUNTER = Uint8Array.of(0x5f, 0x54, 0x60, 0x01, 0x01, 0x80, 0x5f, 0x55, 0x5f, 0x52, 0x60, 0x2a, 0x60, 0x20, 0x5f, 0xa1, 0x00);
// Writes slot0 = 1, then REVERT: the write must not stay.
const REVERTER = Uint8Array.of(0x60, 0x01, 0x5f, 0x55, 0x5f, 0x5f, 0xfd);
/** Init code that returns `runtime` (CODECOPY from offset 10, after these 10 bytes). */
const deployCode = (runtime: Uint8Array) => Uint8Array.from([0x60, runtime.length, 0x60, 0x0a, 0x5f, 0x39, 0x60, runtime.length, 0x5f, 0xf3, ...runtime]);

type Fields = { nonce: bigint; to?: Address; data?: Uint8Array; value?: bigint; gasLimit?: bigint; maxFeePerGas?: bigint };
function tx1559(f: Fields, key = KEY, c = common): Uint8Array {
  const maxFeePerGas = f.maxFeePerGas ?? BASE_FEE + TIP;
  return createFeeMarket1559Tx({ gasLimit: 200_000n, ...f, maxFeePerGas, maxPriorityFeePerGas: TIP < maxFeePerGas ? TIP : maxFeePerGas }, { common: c })
    .sign(key)
    .serialize();
}
const attrs = (r: TxResult, type: string) => firstEventOfType(r.events, type);
const ok = (r: TxResult) => assert.equal(r.code ?? 0, 0, r.log);
function refused(r: TxResult, codespace: string, code: number, log: string | RegExp) {
  assert.deepEqual([r.codespace, r.code], [codespace, code], r.log);
  if (typeof log === "string") assert.equal(r.log, log);
  else assert.match(r.log ?? "", log);
}
/** The extended-denom burns of the last block's end: burner and amount. */
function blockBurns(chain: EvmTestChain): Record<string, string>[] {
  return eventsOfType(chain.blockEvents, "burn").filter((b) => b.amount!.endsWith("aunit"));
}

async function receipt(chain: EvmTestChain, raw: Uint8Array) {
  const hash = bytesToHex(keccak(raw));
  return (await chain.query("/chain.evm.Query/Receipt", QueryReceiptRequestSchema, { txHash: hash }, QueryReceiptResponseSchema)).receipt!;
}
test("a value transfer of a fractional amount: both balances, fee burned, tip to fee_collector, supply, receipt", async () => {
  const chain = new EvmTestChain([{ address: SENDER.bytes, uunit: 10_000_000n }], BASE_FEE);
  await chain.block([]); // genesis committed, so the supply below is read from the store
  const supply = chain.totalSupply();
  const bankSupply = chain.bankSupply();
  const value = 3n * CF + 987_654_321n;
  const raw = tx1559({ nonce: 0n, to: RECIPIENT, value });
  ok(chain.check(raw));
  const [r] = await chain.block([raw]);
  ok(r!);
  assert.equal(r!.gasUsed, 21_000n);
  assert.equal(r!.gasWanted, 200_000n);
  assert.equal(chain.balance(RECIPIENT.bytes), value);
  assert.equal(chain.balance(SENDER.bytes), 10_000_000n * CF - value - 21_000n * (BASE_FEE + TIP));
  assert.equal(chain.balance(FEE_COLLECTOR), 21_000n * TIP, "the tip stays with the coinbase, fee_collector");
  assert.equal(supply - chain.totalSupply(), 21_000n * BASE_FEE, "only the base fee leaves the supply");
  // The whole fee is one send to fee_collector; the block's end burns the base fee part from it.
  const fee = `${21_000n * (BASE_FEE + TIP)}aunit`;
  const sends = eventsOfType(r!.events, "transfer");
  assert.deepEqual(
    sends.filter((t) => t.amount!.endsWith("aunit")).map((t) => [t.sender, t.recipient, t.amount]),
    [
      [formatAccountAddress(SENDER.bytes), formatAccountAddress(RECIPIENT.bytes), `${value}aunit`],
      [formatAccountAddress(SENDER.bytes), formatAccountAddress(FEE_COLLECTOR), fee],
    ],
  );
  assert.ok(!(r!.events ?? []).some((e) => e.type === "burn"), "no burn in the tx's own events");
  assert.deepEqual(blockBurns(chain), [{ burner: formatAccountAddress(FEE_COLLECTOR), amount: `${21_000n * BASE_FEE}aunit` }]);
  assert.ok(chain.bankSupply() < bankSupply && (bankSupply - chain.bankSupply()) * CF <= 21_000n * BASE_FEE + CF, "bank supply falls by burns only");
  assert.deepEqual(chain.broken(), []);
  assert.equal(chain.nonce(SENDER.bytes), 1n);
  const ev = attrs(r!, "ethereum_tx");
  assert.equal(ev.ethereumTxHash, bytesToHex(keccak(raw)));
  assert.equal(ev.txHash, createHash("sha256").update(raw).digest("hex").toUpperCase(), "CometBFT's hash of the tx");
  assert.deepEqual([ev.txIndex, ev.txGasUsed, ev.recipient, ev.ethereumTxFailed], ["0", "21000", RECIPIENT.toString(), undefined]);
  const rc = await receipt(chain, raw);
  assert.deepEqual(
    [rc.status, rc.gasUsed, rc.cumulativeGasUsed, rc.effectiveGasPrice, rc.blockHeight, rc.txIndex],
    [1, 21_000n, 21_000n, (BASE_FEE + TIP).toString(), 2n, 0],
  );
  chain.close();
});

test("deploy and call a contract in one block: storage in the store, logs, cumulative gas, indexes", async () => {
  const chain = new EvmTestChain([{ address: SENDER.bytes, uunit: 10_000_000n }], BASE_FEE);
  const deploy = tx1559({ nonce: 0n, data: deployCode(COUNTER) });
  const contract = new Address(createContractAddress(SENDER, 0n));
  const call = tx1559({ nonce: 1n, to: contract });
  ok(chain.check(deploy));
  ok(chain.check(call)); // the next pending nonce of the same sender
  const [d, c] = await chain.block([deploy, call]);
  ok(d!);
  ok(c!);
  assert.equal(attrs(d!, "ethereum_tx").recipient, contract.toString());
  assert.equal(attrs(c!, "ethereum_tx").txIndex, "1");
  const log = JSON.parse(attrs(c!, "tx_log").txLog!);
  // CometBFT's indexer keeps what clients search by: hashes, addresses, actions; not positions,
  // gas, amounts or each log's JSON.
  const unindexed = (c!.events ?? []).flatMap((e) => (e.attributes ?? []).filter((a) => a.index === false).map((a) => `${e.type}.${a.key}`));
  assert.deepEqual([...new Set(unindexed)].sort(), [
    "coin_received.amount",
    "coin_spent.amount",
    "ethereum_tx.txGasUsed",
    "ethereum_tx.txIndex",
    "transfer.amount",
    "tx_log.txLog",
  ]);
  const indexed = (c!.events ?? []).flatMap((e) => (e.attributes ?? []).filter((a) => a.index === true).map((a) => `${e.type}.${a.key}`));
  for (const key of ["ethereum_tx.ethereumTxHash", "ethereum_tx.txHash", "ethereum_tx.recipient", "message.sender", "message.action"])
    assert.ok(indexed.includes(key), key);
  assert.deepEqual(
    [log.address, log.topics, log.data, log.logIndex, log.transactionIndex],
    [contract.toString(), ["0x" + "2a".padStart(64, "0")], "0x" + "01".padStart(64, "0"), 0, 1],
  );
  const sm = chain.manager();
  assert.deepEqual(await sm.getCode(contract), COUNTER);
  assert.deepEqual(await sm.getStorage(contract, new Uint8Array(32)), Uint8Array.of(1));
  const rd = await receipt(chain, deploy);
  const rcall = await receipt(chain, call);
  assert.deepEqual(rd.contractAddress, contract.bytes);
  assert.equal(rcall.cumulativeGasUsed, rd.gasUsed + rcall.gasUsed);
  assert.equal(rcall.logs.length, 1);
  assert.ok(rcall.bloom.some((b) => b !== 0));
  assert.deepEqual(chain.broken(), []);
  chain.close();
});

test("a reverting call is included with status 0, pays its gas and uses its nonce; its writes go", async () => {
  const chain = new EvmTestChain([{ address: SENDER.bytes, uunit: 10_000_000n }], BASE_FEE);
  const contract = new Address(createContractAddress(SENDER, 0n));
  await chain.block([tx1559({ nonce: 0n, data: deployCode(REVERTER) })]);
  const before = chain.balance(SENDER.bytes);
  const supply = chain.totalSupply();
  const raw = tx1559({ nonce: 1n, to: contract });
  const [r] = await chain.block([raw]);
  ok(r!); // included: code 0, as in Ethermint
  assert.equal(attrs(r!, "ethereum_tx").ethereumTxFailed, "revert");
  assert.ok(r!.gasUsed! > 21_000n);
  assert.equal(before - chain.balance(SENDER.bytes), r!.gasUsed! * (BASE_FEE + TIP));
  assert.equal(supply - chain.totalSupply(), r!.gasUsed! * BASE_FEE);
  assert.equal(chain.nonce(SENDER.bytes), 2n);
  assert.equal((await receipt(chain, raw)).status, 0);
  assert.deepEqual(await chain.manager().getStorage(contract, new Uint8Array(32)), new Uint8Array());
  assert.deepEqual(chain.broken(), []);
  chain.close();
});

test("txs that fail after they ran are included: status 0, their whole gas limit paid and in the block, no logs", async () => {
  const chain = new EvmTestChain([{ address: SENDER.bytes, uunit: 10_000_000n }], BASE_FEE);
  await chain.block([]);
  const gov = new Address(moduleAddress("gov"));
  const supply = chain.totalSupply();
  const before = chain.balance(SENDER.bytes);
  // Value straight to the gov account, then a creation whose init code passes its value on to it.
  const direct = tx1559({ nonce: 0n, to: gov, value: 5n * CF, gasLimit: 30_000n });
  const CALL_GOV_WITH_VALUE = Uint8Array.from([0x5f, 0x5f, 0x5f, 0x5f, 0x34, 0x73, ...gov.bytes, 0x5a, 0xf1, 0x00]);
  const create = tx1559({ nonce: 1n, data: CALL_GOV_WITH_VALUE, value: 7n, gasLimit: 100_000n });
  const transfer = tx1559({ nonce: 2n, to: RECIPIENT, value: 1n });
  const results = await chain.block([direct, create, transfer]);
  for (const r of results) ok(r);
  assert.deepEqual(
    results.map((r) => [r.gasWanted, r.gasUsed]),
    [
      [30_000n, 30_000n],
      [100_000n, 100_000n],
      [200_000n, 21_000n],
    ],
  );
  for (const r of results.slice(0, 2))
    assert.equal(attrs(r, "ethereum_tx").ethereumTxFailed, "evm execution failed: the gov module account cannot receive value from the EVM");
  assert.deepEqual([attrs(results[1]!, "ethereum_tx").txIndex, attrs(results[1]!, "ethereum_tx").txGasUsed], ["1", "100000"]);
  const [r0, r1, r2] = await Promise.all([direct, create, transfer].map((raw) => receipt(chain, raw)));
  const shape = (r: typeof r0) => [
    r!.status,
    r!.gasUsed,
    r!.cumulativeGasUsed,
    r!.txIndex,
    r!.logs.length,
    r!.bloom.length,
    r!.bloom.every((b) => b === 0),
    r!.effectiveGasPrice,
  ];
  const price = (BASE_FEE + TIP).toString();
  assert.deepEqual(shape(r0), [0, 30_000n, 30_000n, 0, 0, 256, true, price]);
  assert.deepEqual(shape(r1), [0, 100_000n, 130_000n, 1, 0, 256, true, price]);
  assert.deepEqual(shape(r2), [1, 21_000n, 151_000n, 2, 0, 256, true, price]);
  assert.deepEqual(r1!.contractAddress, createContractAddress(SENDER, 1n), "a creation's receipt names its address, as geth's does");
  const { block } = await chain.query("/chain.evm.Query/Block", QueryBlockRequestSchema, { height: 2n }, QueryBlockResponseSchema);
  assert.deepEqual(
    block!.txHashes.map(bytesToHex),
    [direct, create, transfer].map((raw) => bytesToHex(keccak(raw))),
  );
  assert.deepEqual([block!.txCount, block!.gasUsed], [3, 151_000n]);
  // Only gas moved: the value stayed with the sender, and nothing reached gov or the contract.
  assert.equal(before - chain.balance(SENDER.bytes), 151_000n * (BASE_FEE + TIP) + 1n);
  assert.deepEqual([chain.balance(gov.bytes), chain.balance(createContractAddress(SENDER, 1n))], [0n, 0n]);
  assert.equal(supply - chain.totalSupply(), 151_000n * BASE_FEE, "the base fee of all three burned, nothing else");
  assert.deepEqual(blockBurns(chain), [{ burner: formatAccountAddress(FEE_COLLECTOR), amount: `${151_000n * BASE_FEE}aunit` }], "in one burn");
  assert.equal(chain.nonce(SENDER.bytes), 3n);
  assert.deepEqual(chain.broken(), []);
  chain.close();
});

test("CheckTx refuses with geth's wording and the evm codespace", async () => {
  const chain = new EvmTestChain([{ address: SENDER.bytes, uunit: 10_000_000n }], BASE_FEE);
  await chain.block([tx1559({ nonce: 0n, to: RECIPIENT, value: 1n })]);
  const hex = SENDER.toString();
  refused(chain.check(tx1559({ nonce: 0n, to: RECIPIENT })), "evm", 2, "nonce too low: next nonce 1, tx nonce 0");
  refused(chain.check(tx1559({ nonce: 2n, to: RECIPIENT })), "evm", 3, "nonce too high: next nonce 1, tx nonce 2");
  const balance = chain.balance(SENDER.bytes);
  refused(
    chain.check(tx1559({ nonce: 1n, to: RECIPIENT, value: balance })),
    "evm",
    4,
    `insufficient funds for gas * price + value: have ${balance} want ${balance + 200_000n * (BASE_FEE + TIP)}`,
  );
  refused(chain.check(tx1559({ nonce: 1n, to: RECIPIENT, gasLimit: 20_000n })), "evm", 5, "intrinsic gas too low: have 20000, want 21000");
  refused(
    chain.check(tx1559({ nonce: 1n, to: RECIPIENT, maxFeePerGas: BASE_FEE - 1n })),
    "evm",
    6,
    `max fee per gas less than block base fee: address ${hex}, maxFeePerGas: ${BASE_FEE - 1n}, baseFee: ${BASE_FEE}`,
  );
  refused(
    chain.check(tx1559({ nonce: 1n, to: RECIPIENT, gasLimit: 30_000_001n })),
    "evm",
    7,
    "exceeds block gas limit: tx gas limit 30000001, block gas limit 30000000",
  );
  const other = createCustomCommon({ chainId: 1, name: "other" }, Mainnet, { hardfork: Hardfork.Prague });
  refused(chain.check(tx1559({ nonce: 1n, to: RECIPIENT }, KEY, other)), "evm", 8, /^invalid chain id: expected 2611/);
  refused(
    chain.check(createLegacyTx({ nonce: 1n, gasPrice: BASE_FEE, gasLimit: 21_000n, to: RECIPIENT }, { common: other }).sign(KEY).serialize()),
    "evm",
    8,
    /^invalid chain id/,
  );
  // Nothing above touched the check state: the right tx still goes, then its replay does not.
  const good = tx1559({ nonce: 1n, to: RECIPIENT });
  ok(chain.check(good));
  refused(chain.check(good), "evm", 2, "nonce too low: next nonce 2, tx nonce 1");
  ok(chain.check(createAccessList2930Tx({ nonce: 2n, gasPrice: BASE_FEE, gasLimit: 21_000n, to: RECIPIENT }, { common }).sign(KEY).serialize()));
  // A sender with nothing.
  refused(chain.check(tx1559({ nonce: 0n, to: RECIPIENT }, POOR_KEY)), "evm", 4, /^insufficient funds for gas \* price \+ value: have 0 want /);
  // Pre-EIP-155 legacy (v = 27/28, no chain id), as deterministic deployers sign: accepted.
  const homestead = createCustomCommon({ chainId: 2611, name: "unit" }, Mainnet, { hardfork: Hardfork.Homestead });
  const pre155 = createLegacyTx({ nonce: 3n, gasPrice: BASE_FEE, gasLimit: 21_000n, to: RECIPIENT }, { common: homestead }).sign(KEY);
  assert.ok(pre155.v === 27n || pre155.v === 28n);
  ok(chain.check(pre155.serialize()));
  chain.close();
});

test("bad bytes: garbage, blob txs, oversized; routing by the first byte", () => {
  const chain = new EvmTestChain([{ address: SENDER.bytes, uunit: 10_000_000n }], BASE_FEE);
  refused(chain.check(Uint8Array.of(0x02, 0xff, 0xff)), "sdk", 2, /^invalid Ethereum transaction: .*: tx parse error$/);
  refused(chain.check(Uint8Array.of(0xc3, 0x01, 0x02)), "sdk", 2, /tx parse error$/);
  refused(chain.check(Uint8Array.of(0x55, 0x01)), "sdk", 2, "tx parse error: neither a Cosmos TxRaw nor an Ethereum transaction (first byte 0x55)");
  refused(chain.check(new Uint8Array()), "sdk", 2, /an empty tx/);
  refused(chain.check(Uint8Array.of(0x03, 0xc0)), "evm", 9, "transaction type not supported: blob transactions are not supported");
  refused(chain.check(Uint8Array.of(0x0a, 0x01)), "sdk", 2, /tx parse error/); // a broken Cosmos tx goes to the Cosmos pipeline
  refused(chain.check(tx1559({ nonce: 0n, to: RECIPIENT, data: new Uint8Array(130 * 1024), gasLimit: 29_000_000n })), "sdk", 21, /exceeds the limit of 131072/);
  assert.deepEqual(
    [0x0a, 0x01, 0x02, 0x03, 0x04, 0xc0, 0xf8, 0x00, 0x05, 0xbf].map((b) => txEncoding(Uint8Array.of(b))),
    ["cosmos", "ethereum", "ethereum", "blob", "ethereum", "ethereum", "ethereum", "unknown", "unknown", "unknown"],
  );
  chain.close();
});

test("delivery: a replay and a nonce gap fail with no state change; garbage is refused", async () => {
  const chain = new EvmTestChain([{ address: SENDER.bytes, uunit: 10_000_000n }], BASE_FEE);
  const first = tx1559({ nonce: 0n, to: RECIPIENT, value: 5n });
  const gap = tx1559({ nonce: 5n, to: RECIPIENT, value: 5n });
  const results = await chain.block([first, first, gap, Uint8Array.of(0x02, 0x00), Uint8Array.of(0x03)]);
  ok(results[0]!);
  refused(results[1]!, "evm", 2, "nonce too low: next nonce 1, tx nonce 0");
  refused(results[2]!, "evm", 3, "nonce too high: next nonce 1, tx nonce 5");
  refused(results[3]!, "sdk", 2, /tx parse error/);
  refused(results[4]!, "evm", 9, /blob transactions are not supported/);
  for (const r of results.slice(1)) assert.deepEqual([r.gasUsed, r.events], [0n, undefined]);
  assert.equal(chain.balance(RECIPIENT.bytes), 5n, "the replay moved nothing");
  assert.equal(chain.nonce(SENDER.bytes), 1n);
  assert.equal(chain.balance(SENDER.bytes), 10_000_000n * CF - 5n - 21_000n * (BASE_FEE + TIP));
  assert.deepEqual(chain.broken(), []);
  chain.close();
});

function createContractAddress(from: Address, nonce: bigint): Uint8Array {
  return generateAddress(from.bytes, Uint8Array.from(nonce === 0n ? [] : [Number(nonce)]));
}
