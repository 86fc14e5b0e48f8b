// Randomized operations over the real staking keeper (seeded; DISTRIBUTION_SEED reruns one):
// delegations, undelegations, redelegations, slashes, fees of random sizes, blocks with random
// last-commit vote sets, withdrawals, commission and community pool moves. After every block the
// invariants hold exactly (checkDistributionInvariants); at the end, what every delegation and
// validator could withdraw never exceeds what its validator has outstanding, and withdrawing it all
// leaves only non-negative dust.
import { test } from "node:test";
import assert from "node:assert/strict";
import { MsgBeginRedelegateSchema } from "../../../gen/cosmos/staking/v1beta1/tx_pb.js";
import {
  MsgFundCommunityPoolSchema,
  MsgWithdrawDelegatorRewardSchema,
  MsgWithdrawValidatorCommissionSchema,
} from "../../../gen/cosmos/distribution/v1beta1/tx_pb.js";
import { AppError } from "../../../common/errors.js";
import { DEC_ONE } from "../../../sdk/math/dec.js";
import { prng, seedFromEnv } from "../../../test/support/prng.js";
import { addDecCoins, amountOf, type DecCoin } from "./decCoins.js";
import { checkDistributionInvariants } from "./invariants.js";
import { pendingRewards } from "./queryServer.js";
import { acc, addr, DistributionChain, valoper } from "./testHarness.js";

const UNIT = 1_000_000n;
const VALIDATORS = [1, 2, 3];
const DELEGATORS = [10, 11, 12, 13, 14];

function run(seed: number, blocks: number): void {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const amount = (max: bigint) => BigInt(Math.floor(rand() * Number(max))) + 1n;
  const balances: Record<number, bigint> = { 9: 1_000_000n * UNIT };
  for (const n of [...VALIDATORS, ...DELEGATORS]) balances[n] = 10_000n * UNIT;
  const c = DistributionChain.create({ balances, validators: VALIDATORS.map((n) => ({ n, amount: BigInt(n) * 100n * UNIT })) });
  const tolerate = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  };
  let paidOut = 0;
  let slashes = 0;
  try {
    c.nextBlock();
    for (let b = 0; b < blocks; b++) {
      const ops = Math.floor(rand() * 5);
      // One slash every run is sure to have, whatever the draws.
      if (b === 5) {
        const val = c.staking.validatorView(c.branch, addr(2))!;
        c.staking.slash(c.ctx, val.consAddress, c.height, val.tokens / UNIT, DEC_ONE / 20n);
        slashes++;
      }
      for (let i = 0; i < ops; i++) {
        const r = rand();
        const d = pick(DELEGATORS);
        const v = pick(VALIDATORS);
        if (r < 0.2) tolerate(() => c.delegate(d, v, amount(50n * UNIT)));
        else if (r < 0.32) tolerate(() => c.undelegate(d, v, amount(30n * UNIT)));
        else if (r < 0.42) {
          // Once staking serves redelegations; until then this draw does nothing.
          if (c.msgs.has("/cosmos.staking.v1beta1.MsgBeginRedelegate"))
            c.deliver(MsgBeginRedelegateSchema, {
              delegatorAddress: acc(d),
              validatorSrcAddress: valoper(v),
              validatorDstAddress: valoper(pick(VALIDATORS)),
              amount: { denom: "uunit", amount: amount(20n * UNIT).toString() },
            });
        } else if (r < 0.6) {
          const out = c.deliver(MsgWithdrawDelegatorRewardSchema, {
            delegatorAddress: acc(pick([...DELEGATORS, ...VALIDATORS])),
            validatorAddress: valoper(v),
          });
          if ((out.response as { amount?: unknown[] } | undefined)?.amount?.length) paidOut++;
        } else if (r < 0.68) c.deliver(MsgWithdrawValidatorCommissionSchema, { validatorAddress: valoper(v) });
        else if (r < 0.72) c.deliver(MsgFundCommunityPoolSchema, { depositor: acc(9), amount: [{ denom: "uunit", amount: amount(1000n).toString() }] });
        else if (r < 0.78) {
          const val = c.staking.validatorView(c.branch, addr(v))!;
          if (val.tokens >= UNIT && val.status === 3) {
            const fraction = BigInt(Math.floor(rand() * 100) + 1) * (DEC_ONE / 1000n); // 0.1 % to 10 %
            tolerate(() => void c.staking.slash(c.ctx, val.consAddress, c.height, val.tokens / UNIT, fraction));
            slashes++;
          }
        } else c.payFee(9, rand() < 0.2 ? 1n : amount(rand() < 0.5 ? 1000n : 5n * UNIT));
      }
      checkDistributionInvariants(c.branch, c.distribution);
      // The next block's last commit: a random subset of the bonded set, some marked absent.
      const votes = c.bondedVotes().filter(() => rand() < 0.85);
      for (const vote of votes) if (rand() < 0.1) vote.blockIdFlag = 1;
      if (rand() < 0.3) c.payFee(9, amount(3n * UNIT));
      c.nextBlock(votes);
      checkDistributionInvariants(c.branch, c.distribution);
    }

    assert.ok(paidOut > 0 && slashes > 0, `seed ${seed}: the run paid rewards (${paidOut}) and slashed (${slashes})`);
    assert.ok([...c.distribution.allSlashEvents(c.branch)].length > 0);
    // What could be withdrawn never exceeds what is outstanding, per validator, exactly.
    for (const v of VALIDATORS) {
      const val = c.staking.validatorView(c.branch, addr(v));
      if (!val) continue;
      let claimable: DecCoin[] = c.distribution.commission(c.branch, addr(v));
      for (const { delegator, shares } of c.staking.validatorDelegations(c.branch, addr(v)))
        claimable = addDecCoins(claimable, pendingRewards(c.branch, c.distribution, val, delegator, shares, c.height));
      const outstanding = c.distribution.outstanding(c.branch, addr(v));
      for (const coin of claimable) assert.ok(coin.amount <= amountOf(outstanding, coin.denom), `seed ${seed}: validator ${v} owes more than it holds`);
    }
    // Withdrawing everything pays it and leaves only non-negative dust.
    for (const v of VALIDATORS) {
      for (const { delegator } of c.staking.validatorDelegations(c.branch, addr(v)))
        c.ok(MsgWithdrawDelegatorRewardSchema, { delegatorAddress: acc(delegator[0]!), validatorAddress: valoper(v) });
      c.deliver(MsgWithdrawValidatorCommissionSchema, { validatorAddress: valoper(v) });
      checkDistributionInvariants(c.branch, c.distribution);
    }
  } catch (err) {
    (err as Error).message = `seed ${seed}: ${(err as Error).message}`;
    throw err;
  } finally {
    c.close();
  }
}

test("random operations keep the distribution invariants exactly", () => {
  const seed = process.env.DISTRIBUTION_SEED ? seedFromEnv("DISTRIBUTION_SEED") : undefined;
  for (const s of seed !== undefined ? [seed] : [1, 2, 3, 4]) run(s, 60);
});
