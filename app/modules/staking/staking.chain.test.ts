// Staking through the real app, store and tx pipeline (signed txs, CheckTx, FinalizeBlock's
// validator updates, gRPC-path queries). Runs once the module is wired into app/modules.ts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fromBinary } from "@bufbuild/protobuf";
import { anyUnpack } from "@bufbuild/protobuf/wkt";
import { BaseAccountSchema } from "../../../gen/cosmos/auth/v1beta1/auth_pb.js";
import { QueryAccountRequestSchema, QueryAccountResponseSchema } from "../../../gen/cosmos/auth/v1beta1/query_pb.js";
import { QueryBalanceRequestSchema, QueryBalanceResponseSchema } from "../../../gen/cosmos/bank/v1beta1/query_pb.js";
import { TxMsgDataSchema } from "../../../gen/cosmos/base/abci/v1beta1/abci_pb.js";
import * as q from "../../../gen/cosmos/staking/v1beta1/query_pb.js";
import { MsgDelegateSchema, MsgUndelegateResponseSchema, MsgUndelegateSchema } from "../../../gen/cosmos/staking/v1beta1/tx_pb.js";
import { formatAccountAddress } from "../../../sdk/crypto/accountAddress.js";
import { generateMnemonic } from "../../../sdk/keys/mnemonic.js";
import { signerFromMnemonic } from "../../../sdk/keys/signerFromMnemonic.js";
import { packAny, signTx } from "../../../sdk/tx/index.js";
import type { TxSigner } from "../../../sdk/signer.js";
import { InProcessChain, TEST_CHAIN_ID } from "../../../test/support/inProcessChain.js";
import { wireApp } from "../../modules.js";
import { genValidator } from "./genesis.js";
import { valAddressToString } from "./valAddress.js";

const UNIT = 1_000_000n;
const FEE = { amount: [{ denom: "uunit", amount: "7500" }], gasLimit: 300_000n };
const operator = signerFromMnemonic(generateMnemonic());
const bob = signerFromMnemonic(generateMnemonic());
const OP = formatAccountAddress(operator.address);
const BOB = formatAccountAddress(bob.address);
const VAL = valAddressToString(operator.address);
const CONS_KEY = Buffer.alloc(32, 7);

async function chainWithValidator(): Promise<InProcessChain> {
  return InProcessChain.create(
    [
      { address: OP, coins: [{ denom: "uunit", amount: (200n * UNIT).toString() }] },
      { address: BOB, coins: [{ denom: "uunit", amount: (50n * UNIT).toString() }] },
    ],
    {
      editAppState: (s) => {
        const staking = s.staking as { params: object };
        return {
          ...s,
          staking: {
            params: { ...staking.params, unbonding_time: "3s" },
            gen_validators: [genValidator({ delegatorAddress: OP, pubKeyBase64: CONS_KEY.toString("base64"), moniker: "validator-0", amount: 100n * UNIT })],
          },
        };
      },
    },
  );
}

async function tx(chain: InProcessChain, signer: TxSigner, message: ReturnType<typeof packAny>) {
  const from = formatAccountAddress(signer.address);
  const res = await chain.grpc("/cosmos.auth.v1beta1.Query/Account", QueryAccountRequestSchema, { address: from }, QueryAccountResponseSchema);
  const account = anyUnpack(res.account!, BaseAccountSchema)!;
  const signed = await signTx({
    signer,
    messages: [message],
    fee: FEE,
    chainId: TEST_CHAIN_ID,
    accountNumber: account.accountNumber,
    sequence: account.sequence,
  });
  const checked = await chain.checkTx(signed.txBytes);
  assert.equal(checked.code ?? 0, 0, checked.log);
  return chain.block([signed.txBytes]);
}

async function balance(chain: InProcessChain, address: string): Promise<bigint> {
  return BigInt(
    (await chain.grpc("/cosmos.bank.v1beta1.Query/Balance", QueryBalanceRequestSchema, { address, denom: "uunit" }, QueryBalanceResponseSchema)).balance!
      .amount,
  );
}

test("genesis validator, delegate, undelegate and payout through the real app", async () => {
  assert.ok(
    wireApp().modules.some((m) => m.name === "staking"),
    "staking is wired into the app",
  );
  const chain = await chainWithValidator();
  try {
    assert.deepEqual(
      chain.initChainResult.validators?.map((v) => [Buffer.from(v.pubKey!.sum!.value as Uint8Array).toString("hex"), v.power]),
      [[CONS_KEY.toString("hex"), 100n]],
    );
    const first = await chain.block([]);
    assert.deepEqual(first.validatorUpdates ?? [], [], "genesis powers recorded: no update in block 1");

    const delegated = await tx(
      chain,
      bob,
      packAny(MsgDelegateSchema, { delegatorAddress: BOB, validatorAddress: VAL, amount: { denom: "uunit", amount: (10n * UNIT).toString() } }),
    );
    const r = delegated.txResults![0]!;
    assert.equal(r.code ?? 0, 0, r.log);
    assert.ok(r.events!.some((e) => e.type === "delegate"));
    assert.deepEqual(
      delegated.validatorUpdates?.map((u) => u.power),
      [110n],
    );
    assert.equal(await balance(chain, BOB), 40n * UNIT - 7500n);

    const v = (
      await chain.grpc("/cosmos.staking.v1beta1.Query/Validator", q.QueryValidatorRequestSchema, { validatorAddr: VAL }, q.QueryValidatorResponseSchema)
    ).validator!;
    assert.deepEqual([v.tokens, v.delegatorShares], ["110000000", (110n * UNIT * 10n ** 18n).toString()]);

    const undelegated = await tx(
      chain,
      bob,
      packAny(MsgUndelegateSchema, { delegatorAddress: BOB, validatorAddress: VAL, amount: { denom: "uunit", amount: (4n * UNIT).toString() } }),
    );
    const u = undelegated.txResults![0]!;
    assert.equal(u.code ?? 0, 0, u.log);
    const data = fromBinary(TxMsgDataSchema, u.data!);
    const response = anyUnpack(data.msgResponses[0]!, MsgUndelegateResponseSchema)!;
    assert.equal(response.amount?.amount, "4000000");
    assert.deepEqual(
      undelegated.validatorUpdates?.map((x) => x.power),
      [106n],
    );

    const tooMuch = await tx(
      chain,
      bob,
      packAny(MsgUndelegateSchema, { delegatorAddress: BOB, validatorAddress: VAL, amount: { denom: "uunit", amount: (7n * UNIT).toString() } }),
    );
    assert.deepEqual([tooMuch.txResults![0]!.codespace, tooMuch.txResults![0]!.code], ["sdk", 18]);

    let paidAt = -1;
    for (let i = 0; i < 4 && paidAt < 0; i++) {
      const block = await chain.block([]);
      if (block.events?.some((e) => e.type === "complete_unbonding")) paidAt = chain.height;
    }
    assert.ok(paidAt > 0, "the unbonding matured within the 3 s unbonding time");
    assert.equal(await balance(chain, BOB), 40n * UNIT - 3n * 7500n + 4n * UNIT);
    const pool = (await chain.grpc("/cosmos.staking.v1beta1.Query/Pool", q.QueryPoolRequestSchema, {}, q.QueryPoolResponseSchema)).pool!;
    assert.deepEqual([pool.bondedTokens, pool.notBondedTokens], ["106000000", "0"]);
  } finally {
    chain.close();
  }
});
