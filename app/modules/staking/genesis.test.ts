import { test } from "node:test";
import assert from "node:assert/strict";
import { BondStatus } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { DEC_ONE } from "../../../sdk/math/dec.js";
import { accAddressToString } from "../../../common/address.js";
import { moduleAddress } from "../../../common/moduleAccounts.js";
import { defaultStakingGenesis, genValidator } from "./genesis.js";
import { decodeConsensusPubKey } from "./consensusKey.js";
import { accText, addr, StakingFixture } from "./testFixture.js";
import { valAddressToString } from "./valAddress.js";

const UNIT = 1_000_000n;

test("default genesis carries the SDK's default params in JSON form and no validators", () => {
  assert.deepEqual(defaultStakingGenesis(), {
    params: {
      unbonding_time: "1814400s",
      max_validators: 100,
      max_entries: 7,
      historical_entries: 10000,
      bond_denom: "uunit",
      min_commission_rate: "0.000000000000000000",
    },
    gen_validators: [],
  });
  const f = StakingFixture.create({ balances: [] });
  try {
    assert.deepEqual(f.initialValidators, [], "no validators: CometBFT keeps genesis.json's set");
    assert.equal(f.staking.getParams(f.ctx.store).minCommissionRate, "0");
  } finally {
    f.close();
  }
});

test("gen validators bond from their balances into bonded validators, ranked by power", () => {
  const f = StakingFixture.create({
    balances: [
      { address: accText(9), amount: 500n * UNIT },
      { address: accText(2), amount: 100n * UNIT },
    ],
    genValidators: [
      { delegator: 9, amount: 300n * UNIT + 1n, moniker: "nine" },
      { delegator: 2, amount: 100n * UNIT },
    ],
  });
  try {
    // The set CometBFT starts with, highest power first (the power index order), power = tokens / 10^6.
    assert.deepEqual(
      f.initialValidators.map((u) => ({ key: Buffer.from((u.pubKey!.sum as { value: Uint8Array }).value).toString("hex"), power: u.power })),
      [
        { key: Buffer.alloc(32, 9).toString("hex"), power: 300n },
        { key: Buffer.alloc(32, 2).toString("hex"), power: 100n },
      ],
    );
    const state = f.ctx.store;
    const v = f.staking.getValidator(state, addr(9))!;
    assert.equal(v.operatorAddress, valAddressToString(addr(9)));
    assert.ok(v.operatorAddress.startsWith("unitvaloper1"));
    assert.equal(v.status, BondStatus.BONDED);
    assert.equal(v.tokens, "300000001");
    assert.equal(v.delegatorShares, (300_000_001n * DEC_ONE).toString());
    assert.equal(v.description?.moniker, "nine");
    assert.equal(v.minSelfDelegation, "1");
    assert.deepEqual(v.commission?.commissionRates, {
      $typeName: "cosmos.staking.v1beta1.CommissionRates",
      rate: "100000000000000000",
      maxRate: "200000000000000000",
      maxChangeRate: "10000000000000000",
    });
    assert.equal(Buffer.from(decodeConsensusPubKey(v.consensusPubkey)).toString("hex"), "09".repeat(32));
    assert.equal(v.consensusPubkey?.typeUrl, "/cosmos.crypto.ed25519.PubKey");
    assert.equal(f.staking.getDelegation(state, addr(9), addr(9))?.shares, (300_000_001n * DEC_ONE).toString());
    // Coins moved, none minted: balances down, bonded pool up by the sum.
    assert.equal(f.balance(addr(9)), 200n * UNIT - 1n);
    assert.equal(f.balance(addr(2)), 0n);
    assert.equal(f.balance(moduleAddress("bonded_tokens_pool")), 400n * UNIT + 1n);
    assert.equal(f.balance(moduleAddress("not_bonded_tokens_pool")), 0n);
    assert.equal(f.bank.getSupply(f.ctx.store, "uunit"), 600n * UNIT);
    // Last powers recorded: the first end-block hands CometBFT nothing new.
    f.nextBlock();
    assert.deepEqual(f.endBlock(), []);
  } finally {
    f.close();
  }
});

test("bad gen validators are refused with a message naming the entry and the fault", () => {
  const rich = [
    { address: accText(1), amount: 1000n * UNIT },
    { address: accText(2), amount: 1000n * UNIT },
  ];
  const cases: { name: string; options: Parameters<typeof StakingFixture.create>[0]; error: RegExp }[] = [
    {
      name: "below one power unit",
      options: { balances: rich, genValidators: [{ delegator: 1, amount: UNIT - 1n }] },
      error: /gen_validators\[0\]: amount 999999uunit is below one unit of voting power/,
    },
    {
      name: "more than the balance",
      options: { balances: rich, genValidators: [{ delegator: 1, amount: 1001n * UNIT }] },
      error: /gen_validators\[0\]: .*insufficient funds/,
    },
    {
      name: "unfunded delegator",
      options: { balances: rich, genValidators: [{ delegator: 7, amount: UNIT }] },
      error: /gen_validators\[0\]: .*insufficient funds/,
    },
    {
      name: "duplicate operator",
      options: {
        balances: rich,
        genValidators: [
          { delegator: 1, amount: UNIT },
          { delegator: 1, amount: UNIT },
        ],
      },
      error: /gen_validators\[1\]: duplicate validator operator unitvaloper1/,
    },
    {
      name: "duplicate pubkey",
      options: {
        balances: rich,
        genValidators: [
          { delegator: 1, amount: UNIT },
          { delegator: 2, amount: UNIT },
        ],
        editGenesis: (g) => ({
          ...g,
          gen_validators: (g.gen_validators as { pub_key: string }[]).map((v) => ({ ...v, pub_key: Buffer.alloc(32, 1).toString("base64") })),
        }),
      },
      error: /gen_validators\[1\]: duplicate pub_key/,
    },
    {
      name: "short key",
      options: {
        balances: rich,
        genValidators: [{ delegator: 1, amount: UNIT }],
        editGenesis: (g) => ({ ...g, gen_validators: [{ ...(g.gen_validators as object[])[0], pub_key: Buffer.alloc(31).toString("base64") }] }),
      },
      error: /pub_key must be a 32-byte ed25519 key, got 31 bytes/,
    },
    {
      name: "bad address",
      options: {
        balances: rich,
        genValidators: [{ delegator: 1, amount: UNIT }],
        editGenesis: (g) => ({ ...g, gen_validators: [{ ...(g.gen_validators as object[])[0], delegator_address: "cosmos1xyz" }] }),
      },
      error: /gen_validators\[0\]: invalid delegator_address/,
    },
    {
      name: "amount with a denom",
      options: {
        balances: rich,
        genValidators: [{ delegator: 1, amount: UNIT }],
        editGenesis: (g) => ({ ...g, gen_validators: [{ ...(g.gen_validators as object[])[0], amount: "1000000uunit" }] }),
      },
      error: /must be an unsigned integer/,
    },
    {
      name: "bad bond denom",
      options: { balances: rich, editGenesis: (g) => ({ ...g, params: { ...(g.params as object), bond_denom: "1x" } }) },
      error: /staking genesis params: bond_denom: .*invalid denom/,
    },
    {
      name: "a bond denom nobody holds",
      options: {
        balances: rich,
        genValidators: [{ delegator: 1, amount: UNIT }],
        editGenesis: (g) => ({ ...g, params: { ...(g.params as object), bond_denom: "stake" } }),
      },
      error: /insufficient funds/,
    },
    {
      name: "unknown field",
      options: { balances: rich, editGenesis: (g) => ({ ...g, validator_set: [] }) },
      error: /staking genesis: .*validator_set/,
    },
    {
      name: "more validators than max_validators",
      options: {
        balances: rich,
        genValidators: [
          { delegator: 1, amount: UNIT },
          { delegator: 2, amount: UNIT },
        ],
        editGenesis: (g) => ({ ...g, params: { ...(g.params as object), max_validators: 1 } }),
      },
      error: /2 gen_validators, max_validators is 1/,
    },
    {
      name: "a pre-funded bonded pool",
      options: {
        balances: [...rich, { address: accAddressToString(moduleAddress("bonded_tokens_pool")), amount: 5n }],
        genValidators: [{ delegator: 1, amount: UNIT }],
      },
      error: /bonded_tokens_pool holds 1000005uunit, validators hold 1000000/,
    },
    {
      name: "zero unbonding time",
      options: { balances: rich, editGenesis: (g) => ({ ...g, params: { ...(g.params as object), unbonding_time: "0s" } }) },
      error: /unbonding_time must be positive/,
    },
  ];
  for (const c of cases) {
    assert.throws(() => StakingFixture.create(c.options).close(), c.error, c.name);
  }
});

test("genValidator builds the JSON entry and catches malformed input early", () => {
  const entry = genValidator({
    delegatorAddress: accText(1),
    pubKeyBase64: Buffer.alloc(32, 1).toString("base64"),
    moniker: "validator-0",
    amount: 100_000_000_000n,
  });
  assert.deepEqual(entry, { delegator_address: accText(1), pub_key: Buffer.alloc(32, 1).toString("base64"), moniker: "validator-0", amount: "100000000000" });
  assert.throws(() => genValidator({ ...entry, delegatorAddress: "unit1bad", pubKeyBase64: entry.pub_key }), /invalid address/);
  assert.throws(() => genValidator({ delegatorAddress: accText(1), pubKeyBase64: "AAAA", moniker: "m", amount: "1" }), /32-byte/);
  assert.throws(() => genValidator({ delegatorAddress: accText(1), pubKeyBase64: entry.pub_key, moniker: "m", amount: "-1" }), /unsigned integer/);
});
