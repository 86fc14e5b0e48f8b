// After random sequences of sends, multi-sends and failing txs, the sum of every account's
// balances equals the total supply: fees move coins, failures move none, nothing mints. And the
// holder index behind DenomOwners lists exactly the accounts holding each denom, with their balances.
import { MODULE_ACCOUNTS } from "../app/modules.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { fromBinary } from "@bufbuild/protobuf";
import { QueryAccountsRequestSchema, QueryAccountsResponseSchema } from "../gen/cosmos/auth/v1beta1/query_pb.js";
import { BaseAccountSchema, ModuleAccountSchema } from "../gen/cosmos/auth/v1beta1/auth_pb.js";
import {
  QueryAllBalancesRequestSchema,
  QueryAllBalancesResponseSchema,
  QueryDenomOwnersRequestSchema,
  QueryDenomOwnersResponseSchema,
  QueryTotalSupplyRequestSchema,
  QueryTotalSupplyResponseSchema,
} from "../gen/cosmos/bank/v1beta1/query_pb.js";
import { MsgMultiSendSchema } from "../gen/cosmos/bank/v1beta1/tx_pb.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { signerFromMnemonic } from "../sdk/keys/signerFromMnemonic.js";
import { generateMnemonic } from "../sdk/keys/mnemonic.js";
import { msgSend, packAny, signTx } from "../sdk/tx/index.js";
import type { TxSigner } from "../sdk/signer.js";
import { InProcessChain, TEST_CHAIN_ID } from "./support/inProcessChain.js";
import { prng, seedFromEnv } from "./support/prng.js";

const BLOCKS = Number(process.env.INVARIANT_BLOCKS ?? 12);
const TXS_PER_BLOCK = 12;

/** Every non-zero balance, as `address denom amount` lines, read account by account. */
async function sumOfBalances(chain: InProcessChain, holdings: string[] = []): Promise<Map<string, bigint>> {
  const sums = new Map<string, bigint>();
  let key: Uint8Array = new Uint8Array();
  do {
    const page = await chain.grpc(
      "/cosmos.auth.v1beta1.Query/Accounts",
      QueryAccountsRequestSchema,
      { pagination: { key, limit: 3n } },
      QueryAccountsResponseSchema,
    );
    for (const any of page.accounts) {
      const address = any.typeUrl.endsWith("ModuleAccount")
        ? fromBinary(ModuleAccountSchema, any.value).baseAccount!.address
        : fromBinary(BaseAccountSchema, any.value).address;
      const balances = await chain.grpc("/cosmos.bank.v1beta1.Query/AllBalances", QueryAllBalancesRequestSchema, { address }, QueryAllBalancesResponseSchema);
      for (const c of balances.balances) {
        sums.set(c.denom, (sums.get(c.denom) ?? 0n) + BigInt(c.amount));
        holdings.push(`${address} ${c.denom} ${c.amount}`);
      }
    }
    key = page.pagination?.nextKey ?? new Uint8Array();
  } while (key.length > 0);
  return sums;
}

/** The holders of each denom by DenomOwners, two per page, as `address denom amount` lines. */
async function denomOwners(chain: InProcessChain, denoms: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const denom of denoms) {
    let key: Uint8Array = new Uint8Array();
    do {
      const page = await chain.grpc(
        "/cosmos.bank.v1beta1.Query/DenomOwners",
        QueryDenomOwnersRequestSchema,
        { denom, pagination: { key, limit: 2n } },
        QueryDenomOwnersResponseSchema,
      );
      for (const owner of page.denomOwners) out.push(`${owner.address} ${owner.balance!.denom} ${owner.balance!.amount}`);
      key = page.pagination?.nextKey ?? new Uint8Array();
    } while (key.length > 0);
  }
  return out;
}

test("sum of balances = supply after random operation sequences", async () => {
  const seed = seedFromEnv("INVARIANT_SEED");
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const signers: TxSigner[] = Array.from({ length: 5 }, (_, i) => signerFromMnemonic(generateMnemonic(), { algo: i % 2 ? "eth_secp256k1" : "secp256k1" }));
  const addrs = signers.map((s) => formatAccountAddress(s.address));
  const strangers = Array.from({ length: 4 }, () => formatAccountAddress(signerFromMnemonic(generateMnemonic()).address));
  const chain = await InProcessChain.create(
    addrs.map((address, i) => ({
      address,
      coins: [...(i === 0 ? [{ denom: "uother", amount: "777" }] : []), { denom: "uunit", amount: String(10_000_000 * (i + 1)) }],
    })),
  );
  const seq = new Map<string, bigint>(addrs.map((a) => [a, 0n]));
  const accNum = new Map<string, bigint>(addrs.map((a, i) => [a, BigInt(MODULE_ACCOUNTS.length + i)])); // genesis numbers module accounts first
  let results = { ok: 0, failed: 0 };
  try {
    for (let b = 0; b < BLOCKS; b++) {
      const txs: Uint8Array[] = [];
      for (let t = 0; t < TXS_PER_BLOCK; t++) {
        const i = Math.floor(rand() * signers.length);
        const from = addrs[i]!;
        const to = pick([...addrs, ...strangers]);
        const amount = String(Math.floor(rand() * (rand() < 0.15 ? 1e9 : 2e5)) + 1); // some overdraw
        const message =
          rand() < 0.3
            ? packAny(MsgMultiSendSchema, {
                inputs: [{ address: from, coins: [{ denom: "uunit", amount: String(2 * Number(amount)) }] }],
                outputs: [
                  { address: to, coins: [{ denom: "uunit", amount }] },
                  { address: pick(strangers), coins: [{ denom: "uunit", amount }] },
                ],
              })
            : msgSend({ fromAddress: from, toAddress: to, amount: [{ denom: rand() < 0.1 ? "uother" : "uunit", amount }] });
        const wrongSeq = rand() < 0.1;
        const tx = await signTx({
          signer: signers[i]!,
          messages: [message],
          fee: { amount: [{ denom: "uunit", amount: "5000" }], gasLimit: 200_000n },
          chainId: TEST_CHAIN_ID,
          accountNumber: accNum.get(from)!,
          sequence: seq.get(from)! + (wrongSeq ? 3n : 0n),
        });
        const checked = await chain.checkTx(tx.txBytes);
        if ((checked.code ?? 0) === 0) {
          seq.set(from, seq.get(from)! + 1n);
          txs.push(tx.txBytes);
        }
      }
      const block = await chain.block(txs);
      for (const r of block.txResults ?? []) (r.code ?? 0) === 0 ? results.ok++ : results.failed++;
      const supply = await chain.grpc("/cosmos.bank.v1beta1.Query/TotalSupply", QueryTotalSupplyRequestSchema, {}, QueryTotalSupplyResponseSchema);
      const holdings: string[] = [];
      const sums = await sumOfBalances(chain, holdings);
      for (const c of supply.supply)
        assert.equal(
          sums.get(c.denom) ?? 0n,
          BigInt(c.amount),
          `seed ${seed}, block ${b + 1}: ${c.denom} balances sum to ${sums.get(c.denom)} but supply is ${c.amount}`,
        );
      assert.equal(sums.size, supply.supply.length, `seed ${seed}: a denom with balances but no supply`);
      assert.deepEqual(
        (
          await denomOwners(
            chain,
            supply.supply.map((c) => c.denom),
          )
        ).sort(),
        holdings.sort(),
        `seed ${seed}, block ${b + 1}: DenomOwners disagrees with the balances`,
      );
    }
    assert.ok(results.ok > BLOCKS * 3, `seed ${seed}: enough successful txs (${results.ok})`);
    assert.ok(results.failed > 0, `seed ${seed}: some txs failed in delivery (${results.failed})`);
  } finally {
    chain.close();
  }
});
