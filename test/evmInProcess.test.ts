// Raw Ethereum txs through the whole app (UnitApp, its tx routing by first byte, CheckTx and
// FinalizeBlock over SQLite), next to Cosmos txs: a value transfer that is not a whole uunit,
// seen afterwards from the bank and precisebank queries.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createFeeMarket1559Tx } from "@ethereumjs/tx";
import { createAddressFromPrivateKey } from "@ethereumjs/util";
import { QueryBalanceRequestSchema, QueryBalanceResponseSchema } from "../gen/cosmos/bank/v1beta1/query_pb.js";
import { QueryFractionalBalanceRequestSchema, QueryFractionalBalanceResponseSchema } from "../gen/chain/precisebank/query_pb.js";
import { evmCommon } from "../app/modules/evm/ethTx.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { moduleAddress } from "../app/modules/auth/keeper.js";
import { InProcessChain } from "./support/inProcessChain.js";

const KEY = new Uint8Array(32).fill(0x42);
const SENDER = createAddressFromPrivateKey(KEY);
const SENDER_BECH32 = formatAccountAddress(SENDER.bytes);
const RECIPIENT = new Uint8Array(20).fill(0x77);
const RECIPIENT_BECH32 = formatAccountAddress(RECIPIENT);
const VALUE = 3n * 10n ** 12n + 987_654_321n; // 3 uunit and a fraction

let chain: InProcessChain;
before(async () => {
  chain = await InProcessChain.create([{ address: SENDER_BECH32, coins: [{ denom: "uunit", amount: "1000000000" }] }]);
  await chain.block([]);
});
after(() => chain.close());

function transfer(nonce: bigint, chainId?: bigint): Uint8Array {
  const common = evmCommon(chainId ?? 2611n);
  return createFeeMarket1559Tx({ nonce, to: RECIPIENT, value: VALUE, gasLimit: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n }, { common }).sign(KEY).serialize();
}

test("an EIP-1559 value transfer passes CheckTx and executes in a block; both sides agree in uunit and aunit", async () => {
  const tx = transfer(0n);
  const checked = await chain.checkTx(tx);
  assert.equal(checked.code ?? 0, 0, checked.log);
  const block = await chain.block([tx]);
  const result = block.txResults![0]!;
  assert.equal(result.code ?? 0, 0, result.log);
  assert.ok(result.events!.some((e) => e.type === "ethereum_tx"), "the ethereum_tx event");
  const bank = await chain.grpc("/cosmos.bank.v1beta1.Query/Balance", QueryBalanceRequestSchema, { address: RECIPIENT_BECH32, denom: "uunit" }, QueryBalanceResponseSchema);
  assert.equal(bank.balance?.amount, "3");
  const fraction = await chain.grpc("/chain.precisebank.Query/FractionalBalance", QueryFractionalBalanceRequestSchema, { address: RECIPIENT_BECH32 }, QueryFractionalBalanceResponseSchema);
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
test("value for a module account fails the tx after execution: the nonce is used and the whole gas limit paid", async () => {
  const reserve = moduleAddress("bonded_tokens_pool");
  const before = await extendedBalance(SENDER_BECH32);
  const tx = createFeeMarket1559Tx({ nonce: 1n, to: reserve, value: 5n * 10n ** 12n, gasLimit: 30_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n }, { common: evmCommon(2611n) }).sign(KEY).serialize();
  const result = (await chain.block([tx])).txResults![0]!;
  assert.equal(result.codespace, "evm");
  assert.match(result.log ?? "", /bonded_tokens_pool module account cannot receive value/);
  assert.equal(result.gasUsed, 30_000n);
  const after = await extendedBalance(SENDER_BECH32);
  assert.equal(before - after, 30_000n * (10n ** 9n + 10n ** 9n), "gas limit x (base fee + tip), and no value");
  const again = await chain.checkTx(tx);
  assert.match(again.log ?? "", /nonce too low/, "the nonce was used");
});

test("CheckTx counts a sender's pending spending; a block's EVM txs use at most 30M gas", async () => {
  const poorKey = new Uint8Array(32).fill(0x55);
  const poor = createAddressFromPrivateKey(poorKey);
  // Funds for one 21,000-gas tx at a 10 gwei cap, not two.
  const fund = createFeeMarket1559Tx({ nonce: 2n, to: poor, value: 21_000n * 10n ** 10n + 10n ** 6n, gasLimit: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 0n }, { common: evmCommon(2611n) }).sign(KEY).serialize();
  assert.equal((await chain.block([fund])).txResults![0]!.code ?? 0, 0);
  const spend = (nonce: bigint) => createFeeMarket1559Tx({ nonce, to: RECIPIENT, value: 1n, gasLimit: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 0n }, { common: evmCommon(2611n) }).sign(poorKey).serialize();
  assert.equal((await chain.checkTx(spend(0n))).code ?? 0, 0);
  const second = await chain.checkTx(spend(1n));
  assert.match(second.log ?? "", /insufficient funds for gas \* price \+ value/);

  // A deployment whose init code loops until it runs out of its 15M gas; then 16M more does not fit.
  const LOOP = Uint8Array.of(0x5b, 0x60, 0x00, 0x56); // JUMPDEST PUSH1 0 JUMP
  const sign = (nonce: bigint, fields: { data?: Uint8Array; to?: Uint8Array }, gasLimit: bigint) => createFeeMarket1559Tx({ nonce, ...fields, gasLimit, maxFeePerGas: 10n ** 9n, maxPriorityFeePerGas: 0n }, { common: evmCommon(2611n) }).sign(KEY).serialize();
  const block = await chain.block([sign(3n, { data: LOOP }, 15_000_000n), sign(4n, { to: RECIPIENT }, 16_000_000n)]);
  assert.equal(block.txResults![0]!.code ?? 0, 0, block.txResults![0]!.log);
  assert.equal(block.txResults![0]!.gasUsed, 15_000_000n, "out of gas, all of it used");
  assert.match(block.txResults![1]!.log ?? "", /exceeds block gas limit/);
  assert.equal(block.txResults![1]!.gasUsed ?? 0n, 0n, "not run");
});

async function extendedBalance(address: string): Promise<bigint> {
  const bank = await chain.grpc("/cosmos.bank.v1beta1.Query/Balance", QueryBalanceRequestSchema, { address, denom: "uunit" }, QueryBalanceResponseSchema);
  const fraction = await chain.grpc("/chain.precisebank.Query/FractionalBalance", QueryFractionalBalanceRequestSchema, { address }, QueryFractionalBalanceResponseSchema);
  return BigInt(bank.balance!.amount) * 10n ** 12n + BigInt(fraction.fractionalBalance!.amount);
}
