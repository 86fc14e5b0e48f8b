// The Cosmos tx pipeline end to end in-process: real app, real SQLite store, real signatures.
// Each rejection must carry the SDK's code and a specific message and leave state untouched.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import {
  QueryAllBalancesRequestSchema,
  QueryAllBalancesResponseSchema,
  QueryTotalSupplyRequestSchema,
  QueryTotalSupplyResponseSchema,
} from "../gen/cosmos/bank/v1beta1/query_pb.js";
import { QueryAccountRequestSchema, QueryAccountResponseSchema } from "../gen/cosmos/auth/v1beta1/query_pb.js";
import { BaseAccountSchema } from "../gen/cosmos/auth/v1beta1/auth_pb.js";
import { SimulateRequestSchema, SimulateResponseSchema } from "../gen/cosmos/tx/v1beta1/service_pb.js";
import { TxRawSchema } from "../gen/cosmos/tx/v1beta1/tx_pb.js";
import { anyUnpack } from "@bufbuild/protobuf/wkt";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { signerFromMnemonic } from "../sdk/keys/signerFromMnemonic.js";
import { generateMnemonic } from "../sdk/keys/mnemonic.js";
import { msgSend, packAny, signTx, simulationTxBytes } from "../sdk/tx/index.js";
import type { TxSigner } from "../sdk/signer.js";
import { InProcessChain, TEST_CHAIN_ID } from "./support/inProcessChain.js";
import { MsgSendSchema } from "../gen/cosmos/bank/v1beta1/tx_pb.js";

const alice = signerFromMnemonic(generateMnemonic());
const bobEth = signerFromMnemonic(generateMnemonic(), { algo: "eth_secp256k1" });
const carol = signerFromMnemonic(generateMnemonic());
const A = formatAccountAddress(alice.address);
const B = formatAccountAddress(bobEth.address);
const C = formatAccountAddress(carol.address);
const FEE = { amount: [{ denom: "uunit", amount: "5000" }], gasLimit: 200_000n };

let chain: InProcessChain;
before(async () => {
  chain = await InProcessChain.create([
    { address: A, coins: [{ denom: "uunit", amount: "1000000000" }] },
    { address: B, coins: [{ denom: "uunit", amount: "1000000000" }] },
  ]);
  await chain.block([]);
});
after(() => chain.close());

async function account(address: string) {
  const res = await chain.grpc("/cosmos.auth.v1beta1.Query/Account", QueryAccountRequestSchema, { address }, QueryAccountResponseSchema);
  return anyUnpack(res.account!, BaseAccountSchema)!;
}

async function balance(address: string): Promise<bigint> {
  const res = await chain.grpc("/cosmos.bank.v1beta1.Query/AllBalances", QueryAllBalancesRequestSchema, { address }, QueryAllBalancesResponseSchema);
  return BigInt(res.balances.find((c) => c.denom === "uunit")?.amount ?? "0");
}

async function send(
  signer: TxSigner,
  to: string,
  amount: string,
  over: Partial<{ sequence: bigint; accountNumber: bigint; chainId: string; fee: typeof FEE; memo: string }> = {},
) {
  const from = formatAccountAddress(signer.address);
  const acct = await account(from).catch(() => undefined);
  return signTx({
    signer,
    messages: [msgSend({ fromAddress: from, toAddress: to, amount: [{ denom: "uunit", amount }] })],
    fee: over.fee ?? FEE,
    chainId: over.chainId ?? TEST_CHAIN_ID,
    accountNumber: over.accountNumber ?? acct?.accountNumber ?? 0n,
    sequence: over.sequence ?? acct?.sequence ?? 0n,
    memo: over.memo ?? "",
  });
}

test("a bank send passes CheckTx, executes in a block, pays its fee and bumps the sequence", async () => {
  const before = { a: await balance(A), c: await balance(C), seq: (await account(A)).sequence };
  const tx = await send(alice, C, "1234");
  const checked = await chain.checkTx(tx.txBytes);
  assert.equal(checked.code ?? 0, 0, checked.log);
  const block = await chain.block([tx.txBytes]);
  const r = block.txResults![0]!;
  assert.equal(r.code ?? 0, 0, r.log);
  assert.ok(BigInt(r.gasUsed!) > 0n && BigInt(r.gasUsed!) <= 200_000n, `gas used ${r.gasUsed}`);
  assert.equal(r.gasWanted, 200_000n);
  assert.ok(r.data && r.data.length > 0, "TxMsgData");
  const types = r.events!.map((e) => e.type);
  for (const t of ["tx", "message", "coin_spent", "coin_received", "transfer"]) assert.ok(types.includes(t), `event ${t} in ${types}`);
  assert.equal(await balance(A), before.a - 1234n - 5000n);
  assert.equal(await balance(C), before.c + 1234n);
  assert.equal((await account(A)).sequence, before.seq + 1n);
  assert.equal((await account(C)).accountNumber > 0n, true, "recipient account created on first receipt");
});

test("an eth_secp256k1 key signs over keccak256 and its address is the Ethereum one", async () => {
  const tx = await send(bobEth, C, "10");
  const block = await chain.block([tx.txBytes]);
  assert.equal(block.txResults![0]!.code ?? 0, 0, block.txResults![0]!.log);
  const acct = await account(B);
  assert.equal(acct.pubKey?.typeUrl, "/cosmos.evm.crypto.v1.ethsecp256k1.PubKey");
});

test("bad txs are rejected with the SDK's codes and change nothing", async () => {
  const seq = (await account(A)).sequence;
  const accNum = (await account(A)).accountNumber;
  const balA = await balance(A);
  const cases: { name: string; tx: Uint8Array; code: number; codespace?: string; log: RegExp }[] = [
    {
      name: "wrong sequence",
      tx: (await send(alice, C, "1", { sequence: seq + 5n })).txBytes,
      code: 32,
      log: /account sequence mismatch, expected \d+, got \d+/,
    },
    {
      name: "wrong chain id",
      tx: (await send(alice, C, "1", { chainId: "other-1" })).txBytes,
      code: 4,
      log: /signature verification failed; please verify account number .* and chain-id \(unit_2611-1\)/,
    },
    { name: "wrong account number", tx: (await send(alice, C, "1", { accountNumber: accNum + 7n })).txBytes, code: 4, log: /signature verification failed/ },
    {
      name: "fee too low",
      tx: (await send(alice, C, "1", { fee: { amount: [{ denom: "uunit", amount: "10" }], gasLimit: 200_000n } })).txBytes,
      code: 13,
      log: /insufficient fees; got: 10uunit required: 5000uunit/,
    },
    { name: "no fee", tx: (await send(alice, C, "1", { fee: { amount: [], gasLimit: 200_000n } })).txBytes, code: 13, log: /insufficient fees/ },
    {
      name: "gas too low",
      tx: (await send(alice, C, "1", { fee: { amount: [{ denom: "uunit", amount: "100" }], gasLimit: 1_000n } })).txBytes,
      code: 11,
      log: /out of gas in location: \w+; gasWanted: 1000, gasUsed: \d+: out of gas/,
    },
    {
      name: "memo too large",
      tx: (await send(alice, C, "1", { memo: "x".repeat(300) })).txBytes,
      code: 12,
      log: /maximum number of characters is 256 but received 300/,
    },
    {
      name: "memo too large in bytes",
      tx: (await send(alice, C, "1", { memo: "\u{1F600}".repeat(100) })).txBytes,
      code: 12,
      log: /maximum number of characters is 256 but received 400/,
    },
    { name: "amount overflow", tx: (await send(alice, C, (1n << 256n).toString())).txBytes, code: 10, log: /overflows 256 bits/ },
    {
      name: "bad recipient checksum",
      tx: (await send(alice, C.slice(0, -1) + (C.endsWith("q") ? "p" : "q"), "1")).txBytes,
      code: 7,
      log: /invalid to address/,
    },
    {
      name: "wrong recipient prefix",
      tx: (await send(alice, "cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu", "1")).txBytes,
      code: 7,
      log: /invalid to address: wrong address prefix: expected unit, got cosmos/,
    },
    { name: "unknown message type", tx: await unknownMsgTx(seq, accNum), code: 2, log: /unable to resolve type URL \/chain.nothing.MsgNothing/ },
    { name: "high-S signature", tx: await highS((await send(alice, C, "1")).txBytes), code: 4, log: /not in lower-S form/ },
    {
      name: "eth pubkey off the curve",
      tx: (await send({ ...bobEth, pubKey: Uint8Array.from([2, ...new Array(32).fill(0xff)]) }, C, "1")).txBytes,
      code: 8,
      log: /not a point on secp256k1/,
    },
    { name: "not a tx", tx: new Uint8Array([0x0a, 0xff, 0xff]), code: 2, log: /tx parse error/ },
    { name: "empty", tx: new Uint8Array(), code: 2, log: /empty tx/ },
  ];
  const hashBefore = chain.store.lastHash;
  for (const c of cases) {
    const r = await chain.checkTx(c.tx);
    assert.equal(r.code, c.code, `${c.name}: expected code ${c.code}, got ${r.code} (${r.log})`);
    assert.match(r.log ?? "", c.log, c.name);
  }
  // Delivered in a block, they fail the same way and change no balance or sequence.
  const block = await chain.block(cases.map((c) => c.tx));
  for (const [i, c] of cases.entries()) assert.equal(block.txResults![i]!.code, c.code, `${c.name} in a block: ${block.txResults![i]!.log}`);
  assert.notDeepEqual(chain.store.lastHash, hashBefore, "the block itself still commits");
  assert.equal(await balance(A), balA);
  assert.equal((await account(A)).sequence, seq);
});

// Regression: parsing signers when a tx was decoded made a malformed signer fail before the other
// checks, with gas_wanted 0 and other codes than the SDK's order gives (results are in the block's
// results hash, so they must not depend on when a message was decoded).
test("a malformed signer fails where the ante asks for signers: after the gas limit and message checks, with the tx's gas_wanted", async () => {
  const acct = await account(A);
  const signed = (messages: Parameters<typeof signTx>[0]["messages"], gasLimit = FEE.gasLimit) =>
    signTx({
      signer: alice,
      messages,
      fee: { ...FEE, gasLimit },
      chainId: TEST_CHAIN_ID,
      accountNumber: acct.accountNumber,
      sequence: acct.sequence,
      memo: "",
    });
  const bogusSend = msgSend({ fromAddress: "bogus", toAddress: C, amount: [{ denom: "uunit", amount: "1" }] });
  const cases = [
    { name: "bad sender", tx: (await signed([bogusSend])).txBytes, codespace: "sdk", code: 7, gasWanted: 200_000n, log: /invalid from address/ },
    {
      name: "bad sender, gas limit above the maximum",
      tx: (await signed([bogusSend], 20_000_000n)).txBytes,
      codespace: "sdk",
      code: 41,
      gasWanted: 20_000_000n,
      log: /exceeds the maximum/,
    },
  ];
  for (const c of cases) {
    const r = await chain.checkTx(c.tx);
    assert.deepEqual([r.codespace, r.code, r.gasWanted], [c.codespace, c.code, c.gasWanted], `${c.name}: ${r.log}`);
    assert.match(r.log ?? "", c.log, c.name);
  }
  const block = await chain.block(cases.map((c) => c.tx));
  for (const [i, c] of cases.entries()) {
    const r = block.txResults![i]!;
    assert.deepEqual([r.codespace, r.code, r.gasWanted], [c.codespace, c.code, c.gasWanted], `${c.name} in a block: ${r.log}`);
  }
});

test("a replayed tx is refused as a wrong sequence", async () => {
  const tx = await send(alice, C, "5");
  const first = await chain.block([tx.txBytes]);
  assert.equal(first.txResults![0]!.code ?? 0, 0, first.txResults![0]!.log);
  const replay = await chain.checkTx(tx.txBytes);
  assert.equal(replay.code, 32);
});

test("a tx whose message fails still pays its fee and uses its sequence, as in the SDK", async () => {
  const poor = signerFromMnemonic(generateMnemonic());
  const P = formatAccountAddress(poor.address);
  await chain.block([(await send(alice, P, "6000")).txBytes]);
  const tx = await send(poor, C, "999999");
  const checked = await chain.checkTx(tx.txBytes);
  assert.equal(checked.code ?? 0, 0, "CheckTx runs the ante handler only");
  const r = (await chain.block([tx.txBytes])).txResults![0]!;
  assert.equal(r.code, 5);
  assert.match(r.log!, /failed to execute message; message index: 0: spendable balance 1000uunit is smaller than 999999uunit: insufficient funds/);
  assert.equal(await balance(P), 1000n, "fee taken");
  assert.equal((await account(P)).sequence, 1n);

  // With 1000uunit left it cannot pay a 5000uunit fee: refused before anything runs.
  const broke = await chain.checkTx((await send(poor, C, "1")).txBytes);
  assert.equal(broke.code, 5);
  assert.match(broke.log!, /^insufficient funds to pay for fees; 1000uunit is smaller than 5000uunit: insufficient funds$/);
});

test("CheckTx keeps its own state: a second tx from the same sender needs the next sequence", async () => {
  const seq = (await account(A)).sequence;
  const t1 = await send(alice, C, "1", { sequence: seq });
  const t2 = await send(alice, C, "1", { sequence: seq + 1n });
  assert.equal((await chain.checkTx(t1.txBytes)).code ?? 0, 0);
  assert.equal((await chain.checkTx(t2.txBytes)).code ?? 0, 0);
  assert.equal((await chain.checkTx(t1.txBytes)).code, 32, "the mempool state already used seq");
  const block = await chain.block([t1.txBytes, t2.txBytes]);
  assert.deepEqual(
    block.txResults!.map((r) => r.code ?? 0),
    [0, 0],
  );
});

test("Simulate over ABCI query estimates gas without changing state", async () => {
  const acct = await account(A);
  const txBytes = simulationTxBytes({
    signer: alice,
    messages: [msgSend({ fromAddress: A, toAddress: C, amount: [{ denom: "uunit", amount: "7" }] })],
    sequence: acct.sequence,
  });
  const before = await balance(C);
  const res = await chain.grpc("/cosmos.tx.v1beta1.Service/Simulate", SimulateRequestSchema, { txBytes }, SimulateResponseSchema);
  assert.ok(res.gasInfo!.gasUsed > 10_000n, `gas used ${res.gasInfo!.gasUsed}`);
  assert.equal(res.result!.msgResponses[0]!.typeUrl, "/cosmos.bank.v1beta1.MsgSendResponse");
  assert.equal(await balance(C), before);
  const bad = await chain.query(
    "/cosmos.tx.v1beta1.Service/Simulate",
    toBinary(
      SimulateRequestSchema,
      create(SimulateRequestSchema, {
        txBytes: simulationTxBytes({
          signer: alice,
          messages: [msgSend({ fromAddress: A, toAddress: C, amount: [{ denom: "uunit", amount: "7" }] })],
          sequence: acct.sequence + 3n,
        }),
      }),
    ),
  );
  assert.notEqual(bad.code ?? 0, 0);
  assert.match(bad.log!, /account sequence mismatch.*With gas wanted/);
});

test("a missing account answers as CosmJS expects: rpc error code NotFound", async () => {
  const nobody = formatAccountAddress(signerFromMnemonic(generateMnemonic()).address);
  const res = await chain.query(
    "/cosmos.auth.v1beta1.Query/Account",
    toBinary(QueryAccountRequestSchema, create(QueryAccountRequestSchema, { address: nobody })),
  );
  assert.equal(res.code, 22);
  assert.match(res.log!, /rpc error: code = NotFound desc = account unit1\w+ not found/);
});

test("the total supply equals the sum of all balances", async () => {
  const supply = await chain.grpc("/cosmos.bank.v1beta1.Query/TotalSupply", QueryTotalSupplyRequestSchema, {}, QueryTotalSupplyResponseSchema);
  const total = BigInt(supply.supply.find((c) => c.denom === "uunit")!.amount);
  const feeCollector = "unit17xpfvakm2amg962yls6f84z3kell8c5lcpadak";
  let sum = 0n;
  for (const a of [A, B, C, feeCollector]) sum += await balance(a);
  assert.ok(sum <= total);
  assert.ok(total === 2_000_000_000n);
});

async function unknownMsgTx(sequence: bigint, accountNumber: bigint): Promise<Uint8Array> {
  const msg = packAny(MsgSendSchema, { fromAddress: A, toAddress: C, amount: [{ denom: "uunit", amount: "1" }] });
  msg.typeUrl = "/chain.nothing.MsgNothing";
  return (await signTx({ signer: alice, messages: [msg], fee: FEE, chainId: TEST_CHAIN_ID, accountNumber, sequence })).txBytes;
}

/** The same signature with s replaced by n - s: still valid ECDSA, but malleable. */
async function highS(txBytes: Uint8Array): Promise<Uint8Array> {
  const raw = fromBinary(TxRawSchema, txBytes);
  const sig = raw.signatures[0]!;
  const s = BigInt("0x" + Buffer.from(sig.subarray(32)).toString("hex"));
  const high = secp256k1.Point.CURVE().n - s;
  raw.signatures[0] = Uint8Array.from([...sig.subarray(0, 32), ...Buffer.from(high.toString(16).padStart(64, "0"), "hex")]);
  return toBinary(TxRawSchema, raw);
}

test("queries without pagination get the total, as in the SDK", async () => {
  const res = await chain.grpc("/cosmos.bank.v1beta1.Query/TotalSupply", QueryTotalSupplyRequestSchema, {}, QueryTotalSupplyResponseSchema);
  assert.equal(res.pagination?.total, BigInt(res.supply.length));
});

test("a genesis listing one address twice, in different cases, is refused", async () => {
  await assert.rejects(
    InProcessChain.create([
      { address: C, coins: [{ denom: "uunit", amount: "100" }] },
      { address: C.toUpperCase(), coins: [{ denom: "uunit", amount: "1000" }] },
    ]),
    /duplicate address/,
  );
});
