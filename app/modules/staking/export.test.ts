// Staking export: after delegations, an unbonding, a redelegation, and a jailed validator that is
// unbonding, the exported section imports into a fresh store as
// the same bytes under staking/ (records, power index, queues, last powers, unbonding id), returns
// the last validator powers as CometBFT's set, and exports again unchanged.
import { test } from "node:test";
import assert from "node:assert/strict";
import { MsgBeginRedelegateSchema, MsgDelegateSchema, MsgUndelegateSchema } from "../../../gen/cosmos/staking/v1beta1/tx_pb.js";
import { modulePrefix } from "../../store/prefixStore.js";
import { assertGenesisRoundTrip } from "../../testing/moduleGenesisRoundTrip.js";
import { HISTORICAL_INFO_PREFIX } from "./keys.js";
import { stakingModule } from "./module.js";
import { accText, addr, StakingFixture } from "./testFixture.js";
import { valAddressToString } from "./valAddress.js";

const UNIT = 1_000_000n;
const val = (n: number) => valAddressToString(addr(n));
const coin = (amount: bigint) => ({ denom: "uunit", amount: amount.toString() });

test("staking export -> import -> export: every record and index byte for byte, and the last powers as the validator set", () => {
  const f = StakingFixture.create({
    balances: [1, 2, 3, 4, 5].map((n) => ({ address: accText(n), amount: 100n * UNIT })),
    genValidators: [1, 2, 3].map((n) => ({ delegator: n, amount: BigInt(10 + n) * UNIT })),
    editGenesis: (g) => ({ ...g, params: { ...(g.params as object), unbonding_time: "100s", max_validators: 3 } }),
  });
  try {
    f.nextBlock();
    const ok = (r: { error?: unknown }) => assert.equal(r.error, undefined);
    ok(f.deliver(MsgDelegateSchema, { delegatorAddress: accText(5), validatorAddress: val(2), amount: coin(7n * UNIT) }));
    ok(f.deliver(MsgUndelegateSchema, { delegatorAddress: accText(5), validatorAddress: val(2), amount: coin(2n * UNIT) }));
    ok(
      f.deliver(MsgBeginRedelegateSchema, { delegatorAddress: accText(5), validatorSrcAddress: val(2), validatorDstAddress: val(3), amount: coin(1n * UNIT) }),
    );
    f.endBlock();
    f.nextBlock(5);
    f.staking.jail(f.ctx, f.staking.validatorView(f.branch, addr(3))!.consAddress);
    f.endBlock();
    f.nextBlock(5);

    const { exported, updates, keys } = assertGenesisRoundTrip(stakingModule(f.staking), f.branch, f.ctx.header);
    const g = exported as {
      exported: boolean;
      last_total_power: string;
      last_validator_powers: { address: string; power: string }[];
      validators: { operator_address: string; status: string; jailed: boolean; delegator_shares: string }[];
      delegations: unknown[];
      unbonding_delegations: unknown[];
      redelegations: unknown[];
      last_unbonding_id: string;
    };
    assert.equal(g.exported, true);
    assert.deepEqual(
      g.validators.map((v) => [v.operator_address, v.status, v.jailed]),
      [
        [val(1), "BOND_STATUS_BONDED", false],
        [val(2), "BOND_STATUS_BONDED", false],
        [val(3), "BOND_STATUS_UNBONDING", true],
      ],
    );
    assert.match(g.validators[0]!.delegator_shares, /^\d+\.\d{18}$/);
    assert.deepEqual([g.delegations.length, g.unbonding_delegations.length, g.redelegations.length], [5, 1, 1]);
    assert.ok(BigInt(g.last_unbonding_id) >= 2n);
    // CometBFT's set at InitChain: the powers handed over at the last end block.
    assert.deepEqual(
      updates.map((u) => u.power),
      g.last_validator_powers.map((p) => BigInt(p.power)),
    );
    assert.equal(g.last_total_power, String(g.last_validator_powers.reduce((s, p) => s + Number(p.power), 0)));
    assert.ok(keys > 20, `${keys} keys`);
  } finally {
    f.close();
  }
});

test("staking export after begin blocks: historical info is left out, as the SDK's export, and everything else round-trips", () => {
  const f = StakingFixture.create({
    balances: [1, 2].map((n) => ({ address: accText(n), amount: 100n * UNIT })),
    genValidators: [1, 2].map((n) => ({ delegator: n, amount: BigInt(10 + n) * UNIT })),
  });
  try {
    for (let i = 0; i < 3; i++) {
      f.nextBlock();
      f.beginBlock();
      f.endBlock();
    }
    const historical = [...f.branch.prefixIterator(Buffer.concat([modulePrefix("staking"), HISTORICAL_INFO_PREFIX]))].length;
    assert.equal(historical, 3);
    assert.throws(() => assertGenesisRoundTrip(stakingModule(f.staking), f.branch, f.ctx.header), /imported store entries differ/);
    const { exported } = assertGenesisRoundTrip(stakingModule(f.staking), f.branch, f.ctx.header, undefined, { ignorePrefixes: [HISTORICAL_INFO_PREFIX] });
    assert.equal("historical_info" in (exported as object), false);
  } finally {
    f.close();
  }
});
