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
