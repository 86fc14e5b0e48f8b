// Submitting and cancelling proposals. A new proposal waits in the deposit period (the inactive
// queue) until its deposits reach the minimum, which may already be the case at submission.
import { create } from "@bufbuild/protobuf";
import type { Any } from "@bufbuild/protobuf/wkt";
import { ProposalSchema, ProposalStatus } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import type { Context } from "../../context.js";
import type { Coin } from "../../coins/coins.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import { addDeposit, chargeDeposits, checkDepositDenoms, checkDepositRatio, checkInitialDeposit, minDepositFor } from "./deposits.js";
import { govErrors } from "./errors.js";
import { emitCancelProposal, emitSubmitProposal, emitVotingPeriodStart } from "./events.js";
import type { GovKeeper } from "./keeper.js";
import { parseParams } from "./params.js";
import { emptyTally } from "./tally.js";
import { addDurationNanos, timestampNanos } from "./time.js";

export interface SubmitProposalInput {
  /** Already checked by checkProposalMessages; `typeUrls` are theirs, in order. */
  messages: Any[];
  typeUrls: string[];
  initialDeposit: Coin[];
  proposer: Uint8Array;
  metadata: string;
  title: string;
  summary: string;
  expedited: boolean;
}

/** Creates the proposal and takes the initial deposit; returns the new proposal's id. */
export function submitProposal(keeper: GovKeeper, ctx: Context, input: SubmitProposalInput): bigint {
  const params = parseParams(keeper.getParams(ctx.store));
  checkInitialDeposit(params, input.initialDeposit, input.expedited);
  checkDepositDenoms(params, input.initialDeposit);
  // addDeposit checks this too; checking first keeps a refused submission from writing anything.
  checkDepositRatio(params, minDepositFor(params, input.expedited), input.initialDeposit);

  const id = keeper.nextProposalId(ctx.store);
  keeper.setNextProposalId(ctx, id + 1n);
  const submitTime = ctx.header.time;
  const depositEndTime = addDurationNanos(submitTime, params.maxDepositPeriod);
  const proposer = accAddressToString(input.proposer);
  keeper.setProposal(
    ctx,
    create(ProposalSchema, {
      id,
      messages: input.messages,
      status: ProposalStatus.DEPOSIT_PERIOD,
      finalTallyResult: emptyTally(),
      submitTime,
      depositEndTime,
      metadata: input.metadata,
      title: input.title,
      summary: input.summary,
      proposer,
      expedited: input.expedited,
    }),
  );
  keeper.enqueue(ctx, "inactive", timestampNanos(depositEndTime), id);
  emitSubmitProposal(ctx, id, proposer, input.typeUrls);

  if (addDeposit(keeper, ctx, id, input.proposer, input.initialDeposit)) emitVotingPeriodStart(ctx, "submit_proposal", id);
  return id;
}

/**
 * The proposer withdraws a proposal still in its deposit or voting period: proposal_cancel_ratio
 * of the deposits is burned (or sent to proposal_cancel_dest), the rest refunded, votes deleted.
 */
export function cancelProposal(keeper: GovKeeper, ctx: Context, id: bigint, proposerText: string): void {
  const proposal = keeper.getProposal(ctx.store, id);
  if (!proposal) throw govErrors.unknownProposal.wrap(`proposal ${id} doesn't exist`);
  const proposer = parseAccAddress(proposerText, "proposer");
  if (proposal.proposer === "" || accAddressToString(parseAccAddress(proposal.proposer)) !== accAddressToString(proposer)) {
    throw govErrors.invalidProposer.wrap(`invalid proposer ${proposerText}`);
  }
  if (proposal.status !== ProposalStatus.DEPOSIT_PERIOD && proposal.status !== ProposalStatus.VOTING_PERIOD) {
    throw govErrors.invalidProposal.wrap("proposal should be in the deposit or voting period");
  }
  if (proposal.votingEndTime && timestampNanos(proposal.votingEndTime) < timestampNanos(ctx.header.time)) {
    throw govErrors.votingPeriodEnded.wrap(`voting period is already ended for this proposal ${id}`);
  }
  const params = parseParams(keeper.getParams(ctx.store));
  chargeDeposits(keeper, ctx, id, params.proposalCancelRatio, params.proposalCancelDest);
  if (proposal.votingStartTime) keeper.deleteVotes(ctx, id);
  keeper.deleteProposal(ctx, proposal);
  emitCancelProposal(ctx, id, proposerText);
}
