// Gov's end-block work, as the SDK v0.50 EndBlocker does it, in deadline-then-id order:
//  1. proposals whose deposit period ended without the minimum deposit are deleted and their
//     deposits refunded (burned if burn_proposal_deposit_prevote);
//  2. proposals whose voting period ended are tallied. Passed: the messages run in order in one
//     nested branch, kept only if all succeed (else FAILED with the error as failed_reason).
//     Expedited and not passed: converted to a regular proposal whose voting period runs on from
//     its start. Otherwise REJECTED. Deposits are refunded or burned as the tally says, except for
//     a converted expedited proposal, whose deposits stay for the regular tally.
import { ProposalStatus, type Proposal } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import type { Context } from "../../context.js";
import { AppError } from "../../../common/errors.js";
import { isFatal } from "../../tx/processor.js";
import { executeMsg } from "../../tx/msgRouter.js";
import { GOV_ACCOUNT, moduleAddress } from "../../../common/moduleAccounts.js";
import { govErrors } from "./errors.js";
import { deleteAndBurnDeposits, refundAndDeleteDeposits } from "./deposits.js";
import { emitActiveProposal, emitInactiveProposal, ProposalResult } from "./events.js";
import type { GovKeeper } from "./keeper.js";
import { parseParams, type ParsedParams } from "./params.js";
import { tallyAndDeleteVotes } from "./tally.js";
import { addDurationNanos, timestampNanos } from "./time.js";

export function govEndBlock(keeper: GovKeeper, ctx: Context): void {
  const now = timestampNanos(ctx.header.time);
  for (const id of keeper.due(ctx.store, "inactive", now)) dropProposal(keeper, ctx, id);
  for (const id of keeper.due(ctx.store, "active", now)) settleProposal(keeper, ctx, id);
}

function loadProposal(keeper: GovKeeper, ctx: Context, id: bigint): Proposal {
  const proposal = keeper.getProposal(ctx.store, id);
  // A queue entry always has its proposal: both are written and deleted together.
  if (!proposal) throw new Error(`gov queue names proposal ${id}, which does not exist`);
  return proposal;
}

function dropProposal(keeper: GovKeeper, ctx: Context, id: bigint): void {
  const proposal = loadProposal(keeper, ctx, id);
  keeper.deleteProposal(ctx, proposal);
  if (parseParams(keeper.getParams(ctx.store)).burnProposalDepositPrevote) deleteAndBurnDeposits(keeper, ctx, id);
  else refundAndDeleteDeposits(keeper, ctx, id);
  emitInactiveProposal(ctx, id);
  ctx.logger.info({ proposal: id.toString(), title: proposal.title }, "proposal did not meet minimum deposit; deleted");
}

function settleProposal(keeper: GovKeeper, ctx: Context, id: bigint): void {
  const proposal = loadProposal(keeper, ctx, id);
  const params = parseParams(keeper.getParams(ctx.store));
  const { passes, burnDeposits, tally } = tallyAndDeleteVotes(keeper, ctx, proposal, params);
  if (passes || !proposal.expedited) {
    if (burnDeposits) deleteAndBurnDeposits(keeper, ctx, id);
    else refundAndDeleteDeposits(keeper, ctx, id);
  }
  keeper.dequeue(ctx, "active", timestampNanos(proposal.votingEndTime!), id);

  let result: string;
  let log: string;
  if (passes) {
    ({ result, log } = execute(keeper, ctx, proposal));
  } else if (proposal.expedited) {
    convertToRegular(keeper, ctx, proposal, params);
    result = ProposalResult.expeditedRejected;
    log = "expedited proposal converted to regular";
  } else {
    proposal.status = ProposalStatus.REJECTED;
    proposal.failedReason = "proposal did not get enough votes to pass";
    result = ProposalResult.rejected;
    log = "rejected";
  }
  proposal.finalTallyResult = tally;
  keeper.setProposal(ctx, proposal);
  emitActiveProposal(ctx, id, result, log);
  ctx.logger.info({ proposal: id.toString(), status: ProposalStatus[proposal.status], title: proposal.title, result: log }, "proposal tallied");
}

/** A failed expedited proposal gets the regular voting period, counted from its voting start. */
function convertToRegular(keeper: GovKeeper, ctx: Context, proposal: Proposal, params: ParsedParams): void {
  proposal.expedited = false;
  proposal.votingEndTime = addDurationNanos(proposal.votingStartTime!, params.votingPeriod);
  keeper.enqueue(ctx, "active", timestampNanos(proposal.votingEndTime), proposal.id);
}

/**
 * The gov module account holds its own funds and the deposits of open proposals together. A
 * proposal may spend the former, never the latter: otherwise a later refund or burn would find
 * the coins gone and fail inside an end block, halting the chain.
 */
function checkDepositsStillHeld(keeper: GovKeeper, ctx: Context): void {
  for (const [denom, held] of keeper.heldDeposits(ctx.store)) {
    const balance = keeper.bank.getBalance(ctx.store, moduleAddress(GOV_ACCOUNT), denom);
    if (balance < held) throw govErrors.invalidProposalMsg.wrap(`the messages would spend ${held - balance}${denom} of the deposits held for other proposals`);
  }
}

/**
 * Runs a passed proposal's messages, each through its handler as-is (the gov account is the signer
 * they were checked against). All or nothing: their writes and events reach the block only if
 * every one succeeds. Store failures are not the proposal's fault and halt the node instead.
 */
function execute(keeper: GovKeeper, ctx: Context, proposal: Proposal): { result: string; log: string } {
  const nested = ctx.nested();
  let index = 0;
  try {
    for (; index < proposal.messages.length; index++) {
      executeMsg(nested.ctx, keeper.router.decode(proposal.messages[index]!));
    }
    checkDepositsStillHeld(keeper, nested.ctx);
  } catch (err) {
    if (isFatal(err)) throw err;
    // Only registered errors carry deterministic text; anything else (a bug) gets a fixed reason,
    // since an engine's wording of a TypeError may differ between validators' Node versions.
    const reason = err instanceof AppError ? err.message : "internal error while executing the proposal's messages";
    if (!(err instanceof AppError)) ctx.logger.error({ err, proposal: proposal.id.toString() }, "proposal message threw an unregistered error");
    proposal.status = ProposalStatus.FAILED;
    proposal.failedReason = reason;
    const where = index < proposal.messages.length ? `msg ${index} (${proposal.messages[index]!.typeUrl})` : "its messages";
    return { result: ProposalResult.failed, log: `passed, but ${where} failed on execution: ${reason}` };
  }
  nested.write();
  proposal.status = ProposalStatus.PASSED;
  return { result: ProposalResult.passed, log: "passed" };
}
