// The tally, exactly as the SDK v0.50 keeper computes it (x/gov/keeper/tally.go), in LegacyDec
// atomics with the same rounding:
//  - a bonded validator votes with its bonded tokens; a delegator who votes takes its share of each
//    bonded validator (shares x tokens / total shares) out of that validator's vote and votes it
//    itself, so a delegator's vote overrides its validator's for its own stake;
//  - each option gets voting power x weight (rounded per vote), counts are truncated to integers;
//  - no bonded tokens, or participation below quorum, fails (burning deposits if burn_vote_quorum);
//    all-abstain fails; NoWithVeto above veto_threshold of all power fails (burning if
//    burn_vote_veto); Yes above threshold (expedited_threshold) of non-abstaining power passes.
// An account with no bonded delegation adds nothing: its vote is recorded and counts zero.
import { create } from "@bufbuild/protobuf";
import { TallyResultSchema, VoteOption, type Proposal, type TallyResult, type Vote } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import type { Context } from "../../context.js";
import { decFromInt, decMul, decMulInt, decQuo, decTruncate, parseDec } from "../../../sdk/math/dec.js";
import type { StateReader } from "../../store/types.js";
import type { GovStakingKeeper } from "./expectedKeepers.js";
import type { GovKeeper } from "./keeper.js";
import type { ParsedParams } from "./params.js";

export interface TallyOutcome {
  passes: boolean;
  burnDeposits: boolean;
  tally: TallyResult;
}

export function emptyTally(): TallyResult {
  return create(TallyResultSchema, { yesCount: "0", abstainCount: "0", noCount: "0", noWithVetoCount: "0" });
}

const OPTIONS = [VoteOption.YES, VoteOption.ABSTAIN, VoteOption.NO, VoteOption.NO_WITH_VETO] as const;

interface ValidatorTally {
  tokens: bigint;
  delegatorShares: bigint;
  /** Shares of delegators who voted themselves: not voted by the validator. */
  deductions: bigint;
  vote?: Vote;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

/** Adds `power` (atomics) split by the vote's weights to `results`. */
function addVote(results: Map<VoteOption, bigint>, vote: Vote, power: bigint): void {
  for (const o of vote.options) results.set(o.option, (results.get(o.option) ?? 0n) + decMul(power, parseDec(o.weight)));
}

/** A pure tally over `votes`; `state` is the whole state, read through the staking keeper. */
export function computeTally(
  staking: GovStakingKeeper,
  state: StateReader,
  votes: readonly { voter: Uint8Array; vote: Vote }[],
  proposal: Proposal,
  params: ParsedParams,
): TallyOutcome {
  const results = new Map<VoteOption, bigint>(OPTIONS.map((o) => [o, 0n]));
  let totalPower = 0n;
  const validators = staking.bondedValidators(state);
  const byOperator = new Map<string, ValidatorTally>(
    validators.map((v) => [hex(v.operator), { tokens: v.tokens, delegatorShares: v.delegatorShares, deductions: 0n }]),
  );

  for (const { voter, vote } of votes) {
    const own = byOperator.get(hex(voter));
    if (own) own.vote = vote;
    for (const d of staking.delegationsOf(state, voter)) {
      const val = byOperator.get(hex(d.validator));
      if (!val || val.delegatorShares === 0n) continue;
      val.deductions += d.shares;
      const power = decQuo(decMulInt(d.shares, val.tokens), val.delegatorShares);
      addVote(results, vote, power);
      totalPower += power;
    }
  }
  // Validators in operator order; the sums are exact, so the order cannot change them.
  for (const v of validators) {
    const val = byOperator.get(hex(v.operator))!;
    if (!val.vote || val.delegatorShares === 0n) continue;
    const power = decQuo(decMulInt(val.delegatorShares - val.deductions, val.tokens), val.delegatorShares);
    addVote(results, val.vote, power);
    totalPower += power;
  }

  const count = (o: VoteOption) => decTruncate(results.get(o)!).toString();
  const tally = create(TallyResultSchema, {
    yesCount: count(VoteOption.YES),
    abstainCount: count(VoteOption.ABSTAIN),
    noCount: count(VoteOption.NO),
    noWithVetoCount: count(VoteOption.NO_WITH_VETO),
  });
  const fail = (burnDeposits: boolean): TallyOutcome => ({ passes: false, burnDeposits, tally });

  const totalBonded = staking.totalBondedTokens(state);
  if (totalBonded === 0n) return fail(false);
  if (decQuo(totalPower, decFromInt(totalBonded)) < params.quorum) return fail(params.burnVoteQuorum);
  const nonAbstaining = totalPower - results.get(VoteOption.ABSTAIN)!;
  if (nonAbstaining === 0n) return fail(false);
  if (decQuo(results.get(VoteOption.NO_WITH_VETO)!, totalPower) > params.vetoThreshold) return fail(params.burnVoteVeto);
  const threshold = proposal.expedited ? params.expeditedThreshold : params.threshold;
  if (decQuo(results.get(VoteOption.YES)!, nonAbstaining) > threshold) return { passes: true, burnDeposits: false, tally };
  return fail(false);
}

/** The final tally at the end of the voting period: the votes are deleted, as in the SDK. */
export function tallyAndDeleteVotes(keeper: GovKeeper, ctx: Context, proposal: Proposal, params: ParsedParams): TallyOutcome {
  const outcome = computeTally(keeper.staking, ctx.store, keeper.votes(ctx.store, proposal.id), proposal, params);
  keeper.deleteVotes(ctx, proposal.id);
  return outcome;
}
