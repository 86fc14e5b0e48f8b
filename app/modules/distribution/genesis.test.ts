// Distribution genesis: the default (SDK JSON, decimals), refused params, records that must be
// backed by the distribution account's balance, and an export that imports back to the same state.
import { test } from "node:test";
import assert from "node:assert/strict";
import { accAddressToString } from "../../../common/address.js";
import { DISTRIBUTION_ACCOUNT, moduleAddress } from "../../../common/moduleAccounts.js";
import { parseDec } from "../../../sdk/math/dec.js";
import { defaultDistributionGenesis, exportDistributionGenesis } from "./genesis.js";
import { DistributionChain } from "./testHarness.js";

const UNIT = 1_000_000n;
const validators = [
  { n: 1, amount: 100n * UNIT },
  { n: 2, amount: 300n * UNIT },
];

test("the default genesis is the SDK's: 2 % community tax, withdraw addresses enabled, decimals in JSON", () => {
  const g = defaultDistributionGenesis() as Record<string, Record<string, unknown>>;
  assert.deepEqual(g.params, {
    community_tax: "0.020000000000000000",
    base_proposer_reward: "0.000000000000000000",
    bonus_proposer_reward: "0.000000000000000000",
    withdraw_addr_enabled: true,
  });
  assert.deepEqual(g.fee_pool, { community_pool: [] });
  assert.equal(g.previous_proposer, "");
});

test("genesis validators get their records through staking's hooks", () => {
  const c = DistributionChain.create({ balances: { 1: 1000n * UNIT, 2: 1000n * UNIT }, validators });
  try {
    const exported = exportDistributionGenesis(c.branch, c.distribution) as Record<string, unknown[]>;
    assert.equal(exported.validator_current_rewards!.length, 2);
    assert.equal(exported.delegator_starting_infos!.length, 2, "each self-delegation has a starting info");
    // The self-delegation ended period 1 (period 0 lost its only reference then): period 1 is
    // referenced by the validator's current period and by the delegation.
    const historical = exported.validator_historical_rewards as { period: string; rewards: { reference_count: number } }[];
    assert.deepEqual(
      historical.map((h) => [h.period, h.rewards.reference_count]),
      [
        ["1", 2],
        ["1", 2],
      ],
    );
  } finally {
    c.close();
  }
});

test("bad params and unbacked records are refused with the field named", () => {
  const tax = (value: string) => (g: Record<string, unknown>) => ({ ...g, params: { ...(g.params as object), community_tax: value } });
  assert.throws(() => DistributionChain.create({ balances: {}, validators: [], distribution: tax("1.5") }), /community tax too large/);
  assert.throws(() => DistributionChain.create({ balances: {}, validators: [], distribution: tax("x") }), /distribution\.params\.community_tax/);
  const pool = (g: Record<string, unknown>) => ({ ...g, fee_pool: { community_pool: [{ denom: "uunit", amount: "5.5" }] } });
  assert.throws(() => DistributionChain.create({ balances: {}, validators: [], distribution: pool }), /holds nothing, the module holdings are 5uunit/);
  const unsorted = (g: Record<string, unknown>) => ({
    ...g,
    fee_pool: {
      community_pool: [
        { denom: "b", amount: "1" },
        { denom: "a", amount: "1" },
      ],
    },
  });
  assert.throws(() => DistributionChain.create({ balances: {}, validators: [], distribution: unsorted }), /sorted/);
  // Backed: the distribution account holds the whole part of the pool.
  const c = DistributionChain.create({
    balances: {},
    validators: [],
    distribution: pool,
    rawBalances: [{ address: accAddressToString(moduleAddress(DISTRIBUTION_ACCOUNT)), coins: [{ denom: "uunit", amount: "5" }] }],
  });
  try {
    assert.deepEqual(c.distribution.communityPool(c.branch), [{ denom: "uunit", amount: parseDec("5.5") }]);
  } finally {
    c.close();
  }
});

test("a state with rewards, withdraw addresses and slashes exports and imports back to the same records", async () => {
  const { MsgSetWithdrawAddressSchema } = await import("../../../gen/cosmos/distribution/v1beta1/tx_pb.js");
  const c = DistributionChain.create({ balances: { 1: 1000n * UNIT, 2: 1000n * UNIT, 5: 1000n * UNIT, 9: 1000n * UNIT }, validators });
  let d2: DistributionChain | undefined;
  try {
    c.nextBlock();
    c.delegate(5, 1, 10n * UNIT);
    c.payFee(9, 12345n);
    c.nextBlock();
    c.ok(MsgSetWithdrawAddressSchema, {
      delegatorAddress: accAddressToString(new Uint8Array(20).fill(5)),
      withdrawAddress: accAddressToString(new Uint8Array(20).fill(6)),
    });
    c.staking.slash(c.ctx, c.staking.validatorView(c.branch, new Uint8Array(20).fill(2))!.consAddress, c.height, 300n, parseDec("0.01"));
    const exported = exportDistributionGenesis(c.branch, c.distribution) as Record<string, unknown>;
    assert.equal((exported.validator_slash_events as unknown[]).length, 1);
    const held = c.balance(moduleAddress(DISTRIBUTION_ACCOUNT));
    d2 = DistributionChain.create({
      balances: {},
      validators: [],
      distribution: () => exported,
      rawBalances: [{ address: accAddressToString(moduleAddress(DISTRIBUTION_ACCOUNT)), coins: [{ denom: "uunit", amount: held.toString() }] }],
    });
    assert.deepEqual(exportDistributionGenesis(d2.branch, d2.distribution), exported);
  } finally {
    c.close();
    d2?.close();
  }
});
