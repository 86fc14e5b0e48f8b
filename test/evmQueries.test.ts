// chain.evm.Query's state readers through the whole app (UnitApp over SQLite, ABCI Query with the
// gRPC method path, as CosmJS reads): accounts (committed and pending), code, storage, blocks,
// logs and receipts, each with bad input; and BLOCKHASH, on chain and in eth_call.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { create, toBinary, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { KECCAK256_NULL, bytesToHex } from "@ethereumjs/util";
import { keccak_256 } from "@noble/hashes/sha3.js";
import * as Q from "../gen/chain/evm/query_pb.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { LOG_TOPIC, deployCode, probe, PROBE_RUNTIME } from "../app/modules/evm/testing/testContracts.js";
import { TestSigner, txHashHex } from "../app/modules/evm/testing/testSigner.js";
import { InProcessChain } from "./support/inProcessChain.js";
import { HISTORY_SERVE_WINDOW, HISTORY_STORAGE_ADDRESS, HISTORY_STORAGE_CODE } from "../app/modules/evm/state/historyStorage.js";
import { wordToBytes } from "../app/modules/evm/tx/words.js";

const alice = new TestSigner(new Uint8Array(32).fill(0x31));
const nobody = new TestSigner(new Uint8Array(32).fill(0x32));
const FUNDS = 10n ** 9n; // uunit
const contract = alice.contractAddress(0n);
let incrementTx: Uint8Array;

let chain: InProcessChain;
before(async () => {
  chain = await InProcessChain.create([{ address: formatAccountAddress(alice.address.bytes), coins: [{ denom: "uunit", amount: FUNDS.toString() }] }]);
  await chain.block([]);
  await chain.block([alice.tx({ data: deployCode(PROBE_RUNTIME), gasLimit: 500_000n })]);
  incrementTx = alice.tx({ to: contract, data: probe.increment });
  await chain.block([incrementTx]);
});
after(() => chain.close());

const q = {
  account: (req: MessageInitShape<typeof Q.QueryAccountRequestSchema>, height = 0) =>
    call("Account", Q.QueryAccountRequestSchema, req, Q.QueryAccountResponseSchema, height),
  code: (address: string) => call("Code", Q.QueryCodeRequestSchema, { address }, Q.QueryCodeResponseSchema),
  storage: (address: string, slot: string) => call("Storage", Q.QueryStorageRequestSchema, { address, slot }, Q.QueryStorageResponseSchema),
  block: (height: bigint, includeReceipts = false) => call("Block", Q.QueryBlockRequestSchema, { height, includeReceipts }, Q.QueryBlockResponseSchema),
  logs: (req: MessageInitShape<typeof Q.QueryLogsRequestSchema>) => call("Logs", Q.QueryLogsRequestSchema, req, Q.QueryLogsResponseSchema),
  call: (data: Uint8Array, height = 0) => call("Call", Q.QueryCallRequestSchema, { args: { to: contract.bytes, data } }, Q.QueryCallResponseSchema, height),
};

async function call<I extends DescMessage, O extends DescMessage>(method: string, input: I, req: MessageInitShape<I>, output: O, height = 0) {
  const path = `/chain.evm.Query/${method}`;
  const res = await chain.query(path, toBinary(input, create(input, req)), height);
  if ((res.code ?? 0) !== 0) throw new Error(res.log);
  return (await import("@bufbuild/protobuf")).fromBinary(output, res.value!);
}

/** The ABCI log of a refused query: the SDK's `rpc error: code = ... desc = ...`. */
async function refused(promise: Promise<unknown>, code: "InvalidArgument" | "NotFound", desc: RegExp): Promise<void> {
  await assert.rejects(promise, (e: Error) => {
    assert.match(e.message, new RegExp(`^rpc error: code = ${code} desc = `));
    assert.match(e.message.replace(/^rpc error: code = \w+ desc = /, ""), desc);
    return true;
  });
}

test("Account: the same answer for 0x in any case and bech32; balance in aunit, nonce, code hash", async () => {
  const hex = alice.address.toString();
  const answers = await Promise.all(
    [hex, hex.toUpperCase().replace("0X", "0x"), formatAccountAddress(alice.address.bytes)].map((address) => q.account({ address })),
  );
  for (const a of answers) assert.deepEqual(a, answers[0]);
  const a = answers[0]!;
  assert.equal(a.nonce, 2n);
  assert.deepEqual(a.codeHash, KECCAK256_NULL);
  assert.ok(BigInt(a.balance) < FUNDS * 10n ** 12n && BigInt(a.balance) > (FUNDS - 10n ** 6n) * 10n ** 12n, a.balance);
  const c = await q.account({ address: contract.toString() });
  assert.deepEqual([c.nonce, c.balance, Buffer.from(c.codeHash).toString("hex")], [1n, "0", Buffer.from(keccak_256(PROBE_RUNTIME)).toString("hex")]);
  const none = await q.account({ address: nobody.address.toString() });
  assert.deepEqual([none.nonce, none.balance, none.codeHash], [0n, "0", KECCAK256_NULL]);
  // At an earlier height: before the deployment, alice had used no nonce.
  assert.equal((await q.account({ address: hex }, 1)).nonce, 0n);
});

test("Account with pending: the mempool's nonce and balance after CheckTx, the committed ones without", async () => {
  const committed = await q.account({ address: alice.address.toString() });
  const tx = alice.tx({ to: nobody.address, value: 7n, gasLimit: 21_000n, maxFeePerGas: 3n * 10n ** 9n });
  assert.equal((await chain.checkTx(tx)).code ?? 0, 0);
  const pending = await q.account({ address: alice.address.toString(), pending: true });
  assert.equal(pending.nonce, committed.nonce + 1n);
  assert.equal(BigInt(committed.balance) - BigInt(pending.balance), 21_000n * 3n * 10n ** 9n + 7n, "the upfront cost: gas limit x fee cap + value");
  assert.deepEqual(await q.account({ address: alice.address.toString() }), committed);
  await chain.block([tx]);
  assert.equal((await q.account({ address: alice.address.toString() })).nonce, committed.nonce + 1n);
});

test("Account, Code, Storage refuse addresses that are neither 0x nor unit1", async () => {
  for (const address of ["", "0x1234", "0x" + "g".repeat(40), "cosmos1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq", alice.address.toString().slice(2)]) {
    await refused(q.account({ address }), "InvalidArgument", /^address must be 0x followed by 40 hex digits or a bech32 unit1\.\.\. address, got /);
  }
  await refused(q.account({ address: "unit1qqqqqqqqqq" }), "InvalidArgument", /^address: invalid bech32 address "unit1qqqqqqqqqq"/);
  await refused(q.code("0x12"), "InvalidArgument", /^address must be/);
  await refused(q.storage("nope", "0x0"), "InvalidArgument", /^address must be/);
});

test("Code: the deployed runtime, empty for an account without code", async () => {
  assert.deepEqual((await q.code(contract.toString())).code, PROBE_RUNTIME);
  assert.deepEqual((await q.code(formatAccountAddress(alice.address.bytes))).code, new Uint8Array());
});

test("Storage: 32-byte words, slots left-padded; bad slots refused", async () => {
  const one = new Uint8Array(32);
  one[31] = 1;
  assert.deepEqual((await q.storage(contract.toString(), "0x0")).value, one);
  assert.deepEqual((await q.storage(contract.toString(), "0x" + "0".repeat(64))).value, one);
  assert.deepEqual((await q.storage(contract.toString(), "0x01")).value, new Uint8Array(32), "an unset slot reads zero");
  assert.deepEqual((await q.storage(nobody.address.toString(), "0x0")).value, new Uint8Array(32));
  for (const slot of ["", "0x", "5", "0x" + "1".repeat(65), "0xzz"]) {
    await refused(q.storage(contract.toString(), slot), "InvalidArgument", /^slot must be 0x followed by 1 to 64 hex digits, got /);
  }
});

test("Block: the record, receipts on request; NOT_FOUND at 0 and above the latest height", async () => {
  const { block, receipts } = await q.block(3n, true);
  assert.equal(block?.height, 3n);
  assert.deepEqual(block?.txHashes.map(bytesToHex), [txHashHex(incrementTx)]);
  assert.equal(block?.txCount, 1);
  assert.deepEqual(
    receipts.map((r) => bytesToHex(r.txHash)),
    [txHashHex(incrementTx)],
  );
  assert.deepEqual((await q.block(3n)).receipts, [], "no receipts unless asked");
  const empty = (await q.block(1n, true)).block;
  assert.deepEqual([empty?.txHashes, empty?.txCount], [[], 0]);
  await refused(q.block(0n), "NotFound", /^no EVM block at height 0$/);
  await refused(
    q.block(BigInt(chain.height + 1)),
    "NotFound",
    new RegExp(`^no EVM block at height ${chain.height + 1}: the latest height is ${chain.height}$`),
  );
});

test("Logs: the increment's log with its block hash and indexes; bad ranges refused", async () => {
  const { logs } = await q.logs({ fromHeight: 1n, toHeight: 1_000_000n, addresses: [contract.bytes], topics: [{ anyOf: [LOG_TOPIC] }] });
  assert.equal(logs.length, 1);
  const [entry] = logs;
  assert.deepEqual(
    [entry!.blockHeight, Buffer.from(entry!.blockHash), bytesToHex(entry!.txHash), entry!.txIndex, entry!.logIndex],
    [3n, Buffer.alloc(32, 3), txHashHex(incrementTx), 0, 0],
  );
  assert.deepEqual(entry!.log?.address, contract.bytes);
  assert.equal(BigInt(bytesToHex(entry!.log!.data)), 1n);
  assert.deepEqual((await q.logs({ fromHeight: 4n, toHeight: 9n, addresses: [contract.bytes] })).logs, []);
  await refused(q.logs({ fromHeight: 5n, toHeight: 4n }), "InvalidArgument", /^from_height 5 is above to_height 4$/);
  await refused(q.logs({ fromHeight: 1n, toHeight: 2n, addresses: [new Uint8Array(3)] }), "InvalidArgument", /^addresses\[0\] must be 20 bytes, got 3$/);
});

test("Receipt: a bad hash is refused, an unknown one is NOT_FOUND", async () => {
  await refused(
    call("Receipt", Q.QueryReceiptRequestSchema, { txHash: "0x12" }, Q.QueryReceiptResponseSchema),
    "InvalidArgument",
    /^tx_hash must be 0x followed by 64 hex digits/,
  );
  await refused(
    call("Receipt", Q.QueryReceiptRequestSchema, { txHash: "0x" + "ab".repeat(32) }, Q.QueryReceiptResponseSchema),
    "NotFound",
    /^no receipt for tx/,
  );
});

test("BLOCKHASH: the 256 blocks before the current one, from blockinfo; 0 outside them", async () => {
  // On chain: the tx of block h stores blockhash(h - 1).
  await chain.block([alice.tx({ to: contract, data: probe.recordParentHash })]);
  const h = chain.height;
  assert.deepEqual((await q.storage(contract.toString(), "0x1")).value, new Uint8Array(32).fill((h - 1) % 256));
  // The block's VM keeps the hashes it read; the next block's reads its own, even for two txs.
  await chain.block([alice.tx({ to: contract, data: probe.recordParentHash }), alice.tx({ to: contract, data: probe.recordParentHash })]);
  assert.deepEqual((await q.storage(contract.toString(), "0x1")).value, new Uint8Array(32).fill(h % 256));
  // Reach past 256 blocks, then ask from eth_call, which runs as block latest + 1.
  while (chain.height < 262) await chain.block([]);
  const latest = BigInt(chain.height);
  const hashOf = async (n: bigint) => Buffer.from((await q.call(probe.blockHash(n))).returnData);
  assert.deepEqual(await hashOf(latest), Buffer.alloc(32, Number(latest % 256n)), "the latest block's");
  assert.deepEqual(await hashOf(latest - 255n), Buffer.alloc(32, Number((latest - 255n) % 256n)), "256 blocks before the call's block");
  assert.deepEqual(await hashOf(latest - 256n), Buffer.alloc(32), "257 before: out of range");
  assert.deepEqual(await hashOf(latest + 1n), Buffer.alloc(32), "the call's own block");
  assert.deepEqual(await hashOf(latest + 100n), Buffer.alloc(32), "the future");
  // At an earlier height, eth_call sees that height's hashes.
  assert.deepEqual(Buffer.from((await q.call(probe.blockHash(5n), 6)).returnData), Buffer.alloc(32, 5));
});

test("EIP-2935: each block's start puts its parent's hash in the history contract, which eth_call asks as the next block", async () => {
  // Past BLOCKHASH's 256 blocks, so the contract serves hashes the opcode no longer does.
  while (chain.height < 262) await chain.block([]);
  const history = `0x${Buffer.from(HISTORY_STORAGE_ADDRESS).toString("hex")}`;
  assert.deepEqual(Buffer.from((await q.code(history)).code), Buffer.from(HISTORY_STORAGE_CODE));
  // Slot n mod 8191 holds block n's hash (the test chain's block n hash is 32 bytes of n mod 256).
  const latest = BigInt(chain.height);
  for (const n of [1n, 100n, latest - 1n]) {
    const slot = `0x${(n % HISTORY_SERVE_WINDOW).toString(16)}`;
    assert.deepEqual(Buffer.from((await q.storage(history, slot)).value), Buffer.alloc(32, Number(n % 256n)), `slot of block ${n}`);
  }
  // The latest block's hash is written by the next block's start: in storage only once it begins.
  assert.deepEqual(Buffer.from((await q.storage(history, `0x${latest.toString(16)}`)).value), Buffer.alloc(32));
  const ask = (n: bigint, height = 0, data = wordToBytes(n)) =>
    call("Call", Q.QueryCallRequestSchema, { args: { to: Buffer.from(HISTORY_STORAGE_ADDRESS), data } }, Q.QueryCallResponseSchema, height);
  // eth_call runs as block latest + 1, whose start has written the latest block's hash.
  for (const n of [latest, latest - 1n, latest - 256n, 1n]) {
    const answer = await ask(n);
    assert.equal(answer.reverted, false, `block ${n}`);
    assert.deepEqual(Buffer.from(answer.returnData), Buffer.alloc(32, Number(n % 256n)), `block ${n}: older than BLOCKHASH's 256 too`);
  }
  // Block 0 was never a parent here: its slot is empty.
  assert.deepEqual(Buffer.from((await ask(0n)).returnData), Buffer.alloc(32));
  // The call's own block and later ones revert, as does calldata other than one word.
  for (const n of [latest + 1n, latest + 1000n]) assert.equal((await ask(n)).reverted, true, `block ${n}`);
  assert.equal((await ask(1n, 0, new Uint8Array(31))).reverted, true, "31 bytes of calldata");
  assert.equal((await ask(1n, 0, new Uint8Array(64))).reverted, true, "64 bytes of calldata");
  // At an earlier height, the contract holds that height's hashes, and its own block's as the next one writes it.
  assert.deepEqual(Buffer.from((await ask(6n, 6)).returnData), Buffer.alloc(32, 6));
  assert.deepEqual(Buffer.from((await ask(5n, 6)).returnData), Buffer.alloc(32, 5));
  assert.equal((await ask(7n, 6)).reverted, true);
});
