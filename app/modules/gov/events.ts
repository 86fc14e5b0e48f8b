// Gov events, named and shaped as the Cosmos SDK v0.50 emits them, so explorers and
// `tx_search "submit_proposal.proposal_id=1"` work unchanged.
import type { WeightedVoteOption } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import { VoteOption } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import type { Context } from "../../context.js";
import { formatCoins, type Coin } from "../../coins/coins.js";

/** `proposal_result` values of active_proposal / inactive_proposal. */
export const ProposalResult = {
  dropped: "proposal_dropped",
  passed: "proposal_passed",
  rejected: "proposal_rejected",
  expeditedRejected: "expedited_proposal_rejected",
  failed: "proposal_failed",
} as const;

/** `proposal_messages` is the SDK's: every type URL preceded by a comma (",/a.Msg,/b.Msg"). */
export function emitSubmitProposal(ctx: Context, id: bigint, proposer: string, typeUrls: readonly string[]): void {
  ctx.emit("submit_proposal", { proposal_id: id.toString(), proposal_proposer: proposer, proposal_messages: typeUrls.map((t) => `,${t}`).join("") });
}

/** Voting started when the deposit reached the minimum: the SDK's second, one-attribute event. */
export function emitVotingPeriodStart(ctx: Context, type: "submit_proposal" | "proposal_deposit", id: bigint): void {
  ctx.emit(type, { voting_period_start: id.toString() });
}

export function emitProposalDeposit(ctx: Context, id: bigint, depositor: string, amount: readonly Coin[]): void {
  ctx.emit("proposal_deposit", { depositor, amount: formatCoins(amount), proposal_id: id.toString() });
}

/** `option` in the SDK's text form: `option:VOTE_OPTION_YES weight:"1.000000000000000000"`, one line per option. */
export function emitProposalVote(ctx: Context, id: bigint, voter: string, options: readonly WeightedVoteOption[]): void {
  const option = options.map((o) => `option:VOTE_OPTION_${VoteOption[o.option]} weight:"${o.weight}"`).join("\n");
  ctx.emit("proposal_vote", { voter, option, proposal_id: id.toString() });
}

export function emitInactiveProposal(ctx: Context, id: bigint): void {
  ctx.emit("inactive_proposal", { proposal_id: id.toString(), proposal_result: ProposalResult.dropped });
}

export function emitActiveProposal(ctx: Context, id: bigint, result: string, log: string): void {
  ctx.emit("active_proposal", { proposal_id: id.toString(), proposal_result: result, proposal_log: log });
}

export function emitCancelProposal(ctx: Context, id: bigint, sender: string): void {
  ctx.emit("cancel_proposal", { sender, proposal_id: id.toString() });
}
