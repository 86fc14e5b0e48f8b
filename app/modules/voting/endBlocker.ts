// Elections open and close with block time, at the end of the first block whose time reaches
// voting_start (then voting_end). Each queue is read up to the block time and worked in
// deadline-then-id order; an election due to open and close in the same block (a long gap between
// blocks) opens, then closes, so both events are emitted in order.
import { ElectionStatus, type Election } from "../../../gen/chain/voting/voting_pb.js";
import type { Context } from "../../context.js";
import { emitElectionClosed, emitElectionOpened } from "./events.js";
import type { VotingKeeper } from "./keeper.js";
import { timestampNanos } from "./time.js";

export function votingEndBlock(keeper: VotingKeeper, ctx: Context): void {
  const now = timestampNanos(ctx.header.time);
  for (const id of keeper.due(ctx.store, "start", now)) {
    keeper.setStatus(ctx, load(keeper, ctx, id), ElectionStatus.OPEN);
    emitElectionOpened(ctx, id);
  }
  // Read after opening: an election just opened whose end is also due closes in this block.
  for (const id of keeper.due(ctx.store, "end", now)) {
    const closed = keeper.setStatus(ctx, load(keeper, ctx, id), ElectionStatus.CLOSED);
    const results = keeper.results(ctx.store, closed);
    emitElectionClosed(ctx, { electionId: id, registeredVoters: results.registeredVoters, votesCast: results.votesCast });
    ctx.logger.info({ election: id.toString(), votes: results.votesCast.toString() }, "election closed");
  }
}

function load(keeper: VotingKeeper, ctx: Context, id: bigint): Election {
  const election = keeper.getElection(ctx.store, id);
  // A queue entry always has its election: both are written and deleted together (keeper.setStatus).
  if (!election) throw new Error(`voting queue names election ${id}, which does not exist`);
  return election;
}
