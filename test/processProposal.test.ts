// ProcessProposal on the real app over SQLite: a block proposal is accepted only if every tx in
// it decodes, passes CheckTx's checks (fees, signatures, sequences, nonces, chain id) against the
// last committed state in proposal order, and the txs together fit the block's bytes, gas and the
// EVM's block gas limit; and PrepareProposal builds only proposals that pass.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { anyUnpack } from "@bufbuild/protobuf/wkt";
import { createFeeMarket1559Tx } from "@ethereumjs/tx";
import { QueryAccountRequestSchema, QueryAccountResponseSchema } from "../gen/cosmos/auth/v1beta1/query_pb.js";
import { BaseAccountSchema } from "../gen/cosmos/auth/v1beta1/auth_pb.js";
import { TxRawSchema } from "../gen/cosmos/tx/v1beta1/tx_pb.js";
import { evmCommon } from "../common/ethereum/ethTx.js";
import { MODULE_ACCOUNTS } from "../app/modules.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { signerFromPrivateKey } from "../sdk/keys/signerFromPrivateKey.js";
import { msgSend, signTx } from "../sdk/tx/index.js";
import type { TxSigner } from "../sdk/signer.js";
import { InProcessChain, TEST_CHAIN_ID } from "./support/inProcessChain.js";

const ALICE_KEY = new Uint8Array(32).fill(0x31);
const ETH_KEY = new Uint8Array(32).fill(0x51);
const alice = signerFromPrivateKey(ALICE_KEY, "secp256k1");
/** One account, two encodings: Cosmos txs signed with eth_secp256k1 and raw Ethereum txs. */
const ethCosmos = signerFromPrivateKey(ETH_KEY, "eth_secp256k1");
const A = formatAccountAddress(alice.address);
const E = formatAccountAddress(ethCosmos.address);
const RECIPIENT = new Uint8Array(20).fill(0x77);
const FEE = { amount: [{ denom: "uunit", amount: "5000" }], gasLimit: 200_000n };
const FUNDS = [{ denom: "uunit", amount: "1000000000" }];

let chain: InProcessChain;
before(async () => {
  chain = await InProcessChain.create([
    { address: A, coins: FUNDS },
    { address: E, coins: FUNDS },
  ]);
  await chain.block([]);
});
after(() => chain.close());

async function account(c: InProcessChain, address: string) {
  const res = await c.grpc("/cosmos.auth.v1beta1.Query/Account", QueryAccountRequestSchema, { address }, QueryAccountResponseSchema);
  return anyUnpack(res.account!, BaseAccountSchema)!;
}

interface SendOptions {
  sequence: bigint;
  accountNumber: bigint;
  amount?: string;
  fee?: typeof FEE;
  chainId?: string;
  memo?: string;
}

async function send(signer: TxSigner, o: SendOptions): Promise<Uint8Array> {
  const from = formatAccountAddress(signer.address);
  const signed = await signTx({
    signer,
    messages: [msgSend({ fromAddress: from, toAddress: from, amount: [{ denom: "uunit", amount: o.amount ?? "1" }] })],
    fee: o.fee ?? FEE,
    chainId: o.chainId ?? TEST_CHAIN_ID,
    accountNumber: o.accountNumber,
    sequence: o.sequence,
    memo: o.memo ?? "",
  });
  return signed.txBytes;
}

/** The next Cosmos sequence / Ethereum nonce of each account, read from committed state. */
async function next(address: string): Promise<{ sequence: bigint; accountNumber: bigint }> {
  const acct = await account(chain, address);
  return { sequence: acct.sequence, accountNumber: acct.accountNumber };
}

function ethTransfer(nonce: bigint, f: { gasLimit?: bigint; chainId?: bigint; maxFeePerGas?: bigint } = {}): Uint8Array {
  return createFeeMarket1559Tx(
    {
      nonce,
      to: RECIPIENT,
      value: 10n ** 12n,
      gasLimit: f.gasLimit ?? 21_000n,
      maxFeePerGas: f.maxFeePerGas ?? 10n ** 10n,
      maxPriorityFeePerGas: f.maxFeePerGas ?? 10n ** 9n,
    },
    { common: evmCommon(f.chainId ?? 2611n) },
  )
    .sign(ETH_KEY)
    .serialize();
}

/** An honest block: two Cosmos txs of alice's, and one account's Ethereum and Cosmos txs interleaved. */
async function honest(): Promise<Uint8Array[]> {
  const a = await next(A);
  const e = await next(E);
  return [
    await send(alice, a),
    ethTransfer(e.sequence),
    await send(ethCosmos, { ...e, sequence: e.sequence + 1n }),
    // Its message fails (more than alice has), but it pays its fee: a valid tx, as in the SDK.
    await send(alice, { ...a, sequence: a.sequence + 1n, amount: "999999999999" }),
    ethTransfer(e.sequence + 2n),
  ];
}

test("an honest proposal, one account's Cosmos and Ethereum txs interleaved, and an empty one are accepted; the block then executes", async () => {
  const txs = await honest();
  assert.equal(await chain.processProposal([]), true, "empty proposal");
  assert.equal(await chain.processProposal(txs), true, "honest proposal");
  const block = await chain.block(txs);
  assert.deepEqual(
    block.txResults!.map((r) => (r.code ?? 0) === 0),
    [true, true, true, false, true],
    "all execute; the overdrawn send fails in its message after paying its fee",
  );
});

test("a proposal holding any invalid tx is rejected, wherever the tx sits", async () => {
  const committed = (await honest()).slice(0, 1); // signed for the current sequence...
  await chain.block([...committed]); // ...and now committed: a replay of it is stale
  const a2 = await next(A);
  const unsignedRaw = fromBinary(TxRawSchema, await send(alice, a2));
  const oversize = new Uint8Array(128 * 1024 + 1);
  oversize[0] = 0x0a;
  const bad: Record<string, Uint8Array> = {
    "random noise": Uint8Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256),
    "noise that starts like a TxRaw": Uint8Array.from([0x0a, 0x05, 1, 2, 3, 4, 5, 0x12, 0x01]),
    "an empty tx": new Uint8Array(),
    "an oversize tx": oversize,
    "a blob tx": Uint8Array.from([0x03, 0xc0]),
    "a fee-less Cosmos tx": await send(alice, { ...a2, fee: { amount: [], gasLimit: 200_000n } }),
    "an unsigned Cosmos tx": toBinary(TxRawSchema, { ...unsignedRaw, signatures: [] }),
    "a Cosmos tx signed for another chain": await send(alice, { ...a2, chainId: "other-chain" }),
    "a Cosmos tx with a future sequence": await send(alice, { ...a2, sequence: a2.sequence + 3n }),
    "a replay of a committed Cosmos tx": committed[0]!,
    "an Ethereum tx for another chain id": ethTransfer((await next(E)).sequence, { chainId: 1n }),
    "an Ethereum tx above the block gas limit": ethTransfer((await next(E)).sequence, { gasLimit: 30_000_001n }),
    "an Ethereum tx with a nonce gap": ethTransfer((await next(E)).sequence + 5n),
    "an Ethereum tx whose fee cap is below the base fee": ethTransfer((await next(E)).sequence, { maxFeePerGas: 1n }),
    "a truncated Ethereum tx": ethTransfer((await next(E)).sequence).slice(0, 40),
  };
  const good = await honest();
  assert.equal(await chain.processProposal(good), true, "the honest proposal alone");
  for (const [name, tx] of Object.entries(bad)) {
    assert.equal(await chain.processProposal([tx]), false, `${name}, alone`);
    assert.equal(await chain.processProposal([...good, tx]), false, `${name}, after honest txs`);
    assert.equal(await chain.processProposal([good[0]!, tx, ...good.slice(1)]), false, `${name}, between honest txs`);
  }
  assert.equal(await chain.processProposal([...good, good[0]!]), false, "a tx twice in one proposal");
  assert.equal(await chain.processProposal(good), true, "rejections leave nothing behind");
});

test("the Ethereum txs' gas limits together must fit the EVM block gas limit", async () => {
  const n = (await next(E)).sequence;
  const big = (nonce: bigint) => ethTransfer(nonce, { gasLimit: 16_000_000n });
  assert.equal(await chain.processProposal([big(n)]), true, "16M gas alone");
  assert.equal(await chain.processProposal([big(n), big(n + 1n)]), false, "32M gas together");
  // The same accounting as the proposer's selection: it stops before the second.
  assert.equal((await chain.prepareProposal([big(n), big(n + 1n)])).length, 1);
});

test("the txs together must fit the block's max_bytes and max_gas from InitChain's consensus params", async () => {
  const accountNumber = BigInt(MODULE_ACCOUNTS.length);
  const memo = "m".repeat(200);
  const txs = await Promise.all([0n, 1n, 2n].map((sequence) => send(alice, { sequence, accountNumber, memo })));
  const framed = (tx: Uint8Array) => tx.length + 3; // proto framing of a repeated bytes field, as CometBFT counts it
  const byBytes = await InProcessChain.create([{ address: A, coins: FUNDS }], {
    blockParams: { maxBytes: BigInt(framed(txs[0]!) + framed(txs[1]!)), maxGas: -1n },
  });
  const byGas = await InProcessChain.create([{ address: A, coins: FUNDS }], { blockParams: { maxBytes: 22_020_096n, maxGas: 450_000n } });
  try {
    for (const [name, c] of [
      ["max_bytes", byBytes],
      ["max_gas", byGas],
    ] as const) {
      await c.block([]);
      assert.equal((await account(c, A)).accountNumber, accountNumber);
      assert.equal(await c.processProposal(txs.slice(0, 2)), true, `${name}: two txs fit`);
      assert.equal(await c.processProposal(txs), false, `${name}: three do not`);
      assert.equal((await c.prepareProposal(txs)).length, 2, `${name}: the proposer takes two`);
    }
  } finally {
    byBytes.close();
    byGas.close();
  }
});

test("PrepareProposal builds only proposals ProcessProposal accepts: invalid and stale mempool txs are left out, the rest keep their order", async () => {
  const a = await next(A);
  const e = await next(E);
  const stale = await send(alice, { ...a, sequence: a.sequence - 1n });
  const valid = [
    await send(alice, a),
    ethTransfer(e.sequence),
    await send(ethCosmos, { ...e, sequence: e.sequence + 1n }),
    await send(alice, { ...a, sequence: a.sequence + 1n }),
    ethTransfer(e.sequence + 2n),
    await send(ethCosmos, { ...e, sequence: e.sequence + 3n }),
  ];
  for (const tx of valid) assert.equal((await chain.checkTx(tx)).code ?? 0, 0, "the mempool admits it");
  // What a mempool that skipped its recheck, or a byzantine CometBFT, might still hand over.
  const mempool = [
    stale,
    valid[0]!,
    Uint8Array.from([0x0a, 0x01]),
    valid[1]!,
    valid[2]!,
    await send(alice, { ...a, sequence: a.sequence + 1n, fee: { amount: [], gasLimit: 200_000n } }),
    valid[3]!,
    ethTransfer(e.sequence + 9n),
    valid[4]!,
    valid[5]!,
  ];
  const prepared = await chain.prepareProposal(mempool);
  assert.deepEqual(
    labels(prepared, valid),
    valid.map((_, i) => `valid ${i}`),
  );
  assert.equal(await chain.processProposal(prepared), true, "the full proposal");
  // A small byte budget: a prefix, still accepted.
  const small = await chain.prepareProposal(mempool, BigInt(valid[0]!.length + valid[1]!.length + 6));
  assert.deepEqual(labels(small, valid), ["valid 0", "valid 1"]);
  assert.equal(await chain.processProposal(small), true, "the prefix");
  const block = await chain.block(prepared);
  for (const r of block.txResults!) assert.equal(r.code ?? 0, 0, r.log);
});

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
/** Names each tx by its place in `valid` (or "other"), so a failure prints a short diff. */
const labels = (txs: Uint8Array[], valid: Uint8Array[]) =>
  txs.map((tx) => {
    const i = valid.findIndex((v) => hex(v) === hex(tx));
    return i < 0 ? "other" : `valid ${i}`;
  });
