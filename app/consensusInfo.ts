// FinalizeBlock's view of the previous block's commit and of reported misbehaviour, in the shape
// begin-block hooks read (Context.consensus). Entries CometBFT sends without a validator are skipped.
import { create } from "@bufbuild/protobuf";
import { TimestampSchema } from "@bufbuild/protobuf/wkt";
import type { RequestFinalizeBlock } from "../gen/tendermint/abci/types_pb.js";
import type { BlockConsensusInfo, BlockMisbehavior, CommitVote } from "./context.js";

export function consensusInfo(req: Pick<RequestFinalizeBlock, "decidedLastCommit" | "misbehavior">): BlockConsensusInfo {
  const votes: CommitVote[] = [];
  for (const vote of req.decidedLastCommit?.votes ?? []) {
    if (!vote.validator) continue;
    votes.push({ consAddress: vote.validator.address, power: vote.validator.power, blockIdFlag: vote.blockIdFlag });
  }
  const misbehavior: BlockMisbehavior[] = [];
  for (const m of req.misbehavior) {
    if (!m.validator) continue;
    misbehavior.push({
      type: m.type,
      consAddress: m.validator.address,
      power: m.validator.power,
      height: m.height,
      time: m.time ?? create(TimestampSchema),
      totalVotingPower: m.totalVotingPower,
    });
  }
  return { lastCommit: { round: req.decidedLastCommit?.round ?? 0, votes }, misbehavior };
}
