// The simulation's staking, distribution, slashing and gov v1beta1 operations, as the SDK's
// simulation draws them: a random signer and target from the model, random amounts, and invalid
// variants (a non-validator editing, unjailing or withdrawing commission; a second create for one
// operator) that must fail. The model (who runs a validator, which unbondings exist) follows the
// chain from successful txs only.
import { createHash } from "node:crypto";
import { VoteOption as LegacyVoteOption } from "../../../gen/cosmos/gov/v1beta1/gov_pb.js";
import { MsgDepositSchema, MsgVoteSchema } from "../../../gen/cosmos/gov/v1beta1/tx_pb.js";
import { valAddressToString } from "../../../app/modules/staking/valAddress.js";
import { parseAccountAddress } from "../../../sdk/crypto/accountAddress.js";
import { packAny } from "../../../sdk/tx/index.js";
import {
  msgFundCommunityPool,
  msgSetWithdrawAddress,
  msgWithdrawDelegatorReward,
  msgWithdrawValidatorCommission,
} from "../../../sdk/tx/distributionMessages.js";
import { msgSubmitLegacyProposal, textProposalContent } from "../../../sdk/tx/govMessages.js";
import { msgUnjail } from "../../../sdk/tx/slashingMessages.js";
import {
  msgBeginRedelegate,
  msgCancelUnbondingDelegation,
  msgCreateValidator,
  msgDelegate,
  msgEditValidator,
  msgUndelegate,
} from "../../../sdk/tx/stakingMessages.js";
import type { OpContext, Planned } from "./ops.js";

const UNIT = 1_000_000n;

interface Unbonding {
  delegator: number;
  validator: string;
  height: number;
}

export class StakingDistributionSim {
  /** Account index of each validator's operator; account 0 runs the genesis validator. */
  private readonly operators = new Set<number>([0]);
  private readonly unbondings: Unbonding[] = [];
  private legacyProposals = 0;

  constructor(
    private readonly addrs: readonly string[],
    /** The highest proposal id submitted so far, from the engine's model. */
    private readonly lastProposalId: () => bigint,
  ) {}

  /** A proposal id among the last few submitted, or just past them (unknown). */
  private recentProposalId(c: OpContext): bigint {
    const last = this.lastProposalId();
    return (last > 3n ? last - 3n : 1n) + BigInt(c.int(6));
  }

  private valoper(i: number): string {
    return valAddressToString(parseAccountAddress(this.addrs[i]!));
  }

  /** A validator of the model, sometimes one that does not run one (the tx then fails in the message). */
  private validatorOf(c: OpContext): string {
    const ops = [...this.operators].sort((a, b) => a - b);
    return c.int(8) === 0 ? this.valoper(c.int(this.addrs.length)) : this.valoper(c.pick(ops));
  }

  private coin(c: OpContext, max: bigint) {
    return { denom: "uunit", amount: (1n + BigInt(c.int(Number(max)))).toString() };
  }

  async operation(c: OpContext): Promise<Planned> {
    const from = c.int(this.addrs.length);
    const me = this.addrs[from]!;
    const roll = c.int(100);
    if (roll < 14) {
      const msg = msgDelegate({ delegatorAddress: me, validatorAddress: this.validatorOf(c), amount: this.coin(c, 20n * UNIT) });
      return { kind: "staking/delegate-any", tx: await c.cosmosTx(from, [msg]) };
    }
    if (roll < 24) {
      const validator = this.validatorOf(c);
      const msg = msgUndelegate({ delegatorAddress: me, validatorAddress: validator, amount: this.coin(c, c.int(4) === 0 ? 200n * UNIT : 3n * UNIT) });
      const height = c.height;
      return {
        kind: "staking/undelegate-any",
        tx: await c.cosmosTx(from, [msg]),
        onOk: () => void this.unbondings.push({ delegator: from, validator, height }),
      };
    }
    if (roll < 34) {
      // Mostly from the genesis validator (most delegations are there) to another; sometimes the
      // same one (refused, code 29) or a source without a delegation.
      const others = [...this.operators].filter((i) => i !== 0).sort((a, b) => a - b);
      const src = c.int(3) === 0 ? this.validatorOf(c) : this.valoper(0);
      const dst = others.length > 0 && c.int(4) !== 0 ? this.valoper(c.pick(others)) : this.validatorOf(c);
      const msg = msgBeginRedelegate({ delegatorAddress: me, validatorSrcAddress: src, validatorDstAddress: dst, amount: this.coin(c, 5n * UNIT) });
      return { kind: "staking/redelegate", tx: await c.cosmosTx(from, [msg]) };
    }
    if (roll < 40) {
      // A recorded unbonding (it may have matured or been slashed), or a height with none.
      const u = this.unbondings.length > 0 && c.int(4) !== 0 ? c.pick(this.unbondings) : undefined;
      const delegator = u?.delegator ?? from;
      const msg = msgCancelUnbondingDelegation({
        delegatorAddress: this.addrs[delegator]!,
        validatorAddress: u?.validator ?? this.validatorOf(c),
        amount: this.coin(c, 2n * UNIT),
        creationHeight: BigInt(u?.height ?? c.height + 1000),
      });
      return { kind: "staking/cancel-unbond", tx: await c.cosmosTx(delegator, [msg]) };
    }
    if (roll < 46) {
      const exists = this.operators.has(from);
      const msg = msgCreateValidator({
        validatorAddress: this.valoper(from),
        consensusPubKey: createHash("sha256").update(`simulation/${c.seed}/validator-${from}`).digest(),
        description: { moniker: `sim-${from}` },
        commission: { rate: "0.05", maxRate: "0.5", maxChangeRate: "0.1" },
        minSelfDelegation: "1",
        value: { denom: "uunit", amount: (UNIT + BigInt(c.int(Number(10n * UNIT)))).toString() },
      });
      return { kind: "staking/create-validator", tx: await c.cosmosTx(from, [msg]), mustFail: exists, onOk: () => void this.operators.add(from) };
    }
    if (roll < 51) {
      const rate = c.int(2) === 0 ? { commissionRate: c.pick(["0.06", "0.1", "0.3"]) } : {};
      const msg = msgEditValidator({ validatorAddress: this.valoper(from), description: { details: `edited at ${c.height}` }, ...rate });
      return { kind: "staking/edit-validator", tx: await c.cosmosTx(from, [msg]), mustFail: !this.operators.has(from) };
    }
    if (roll < 63) {
      const msg = msgWithdrawDelegatorReward({ delegatorAddress: me, validatorAddress: this.validatorOf(c) });
      return { kind: "distribution/withdraw-rewards", tx: await c.cosmosTx(from, [msg]) };
    }
    if (roll < 69) {
      const msg = msgWithdrawValidatorCommission({ validatorAddress: this.valoper(from) });
      return { kind: "distribution/withdraw-commission", tx: await c.cosmosTx(from, [msg]), mustFail: !this.operators.has(from) };
    }
    if (roll < 73) {
      const to = c.int(2) === 0 ? me : c.pick(c.strangers);
      return { kind: "distribution/set-withdraw-address", tx: await c.cosmosTx(from, [msgSetWithdrawAddress({ delegatorAddress: me, withdrawAddress: to })]) };
    }
    if (roll < 78) {
      const big = c.int(8) === 0;
      const msg = msgFundCommunityPool({ depositor: me, amount: [this.coin(c, big ? 10_000n * UNIT : UNIT)] });
      return { kind: "distribution/fund-community-pool", tx: await c.cosmosTx(from, [msg]) };
    }
    if (roll < 82) {
      // Nobody is jailed in a short run with every validator signing: a validator's unjail fails
      // in the message, a non-validator's always.
      return { kind: "slashing/unjail", tx: await c.cosmosTx(from, [msgUnjail(this.valoper(from))]), mustFail: !this.operators.has(from) };
    }
    if (roll < 88) {
      this.legacyProposals++;
      const msg = msgSubmitLegacyProposal({
        content: textProposalContent({ title: `legacy ${c.seed} #${this.legacyProposals}`, description: "a simulated v1beta1 text proposal" }),
        initialDeposit: [this.coin(c, 15n * UNIT)],
        proposer: me,
      });
      return { kind: "gov-v1beta1/submit", tx: await c.cosmosTx(from, [msg]) };
    }
    if (roll < 94) {
      const msg = packAny(MsgDepositSchema, { proposalId: this.recentProposalId(c), depositor: me, amount: [this.coin(c, 8n * UNIT)] });
      return { kind: "gov-v1beta1/deposit", tx: await c.cosmosTx(from, [msg]) };
    }
    const option = c.pick([LegacyVoteOption.YES, LegacyVoteOption.NO, LegacyVoteOption.ABSTAIN, LegacyVoteOption.NO_WITH_VETO]);
    const msg = packAny(MsgVoteSchema, { proposalId: this.recentProposalId(c), voter: me, option });
    return { kind: "gov-v1beta1/vote", tx: await c.cosmosTx(from, [msg]) };
  }
}
