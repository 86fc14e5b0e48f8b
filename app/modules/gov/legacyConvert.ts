// Gov v1 records in their v1beta1 form, as the SDK's ConvertToLegacy* functions show them:
//  - a proposal needs exactly one message: a MsgExecLegacyContent shows its content, any other
//    message shows itself as the content (the SDK's stand-in for clients that read only v1beta1);
//    a proposal with no or several messages cannot be shown and the query fails, as in the SDK;
//  - times the proposal does not have yet are Go's zero time (0001-01-01T00:00:00Z), as the SDK's
//    non-nullable timestamps print;
//  - vote weights become LegacyDec atomics text, and a vote of one option at weight 1 also fills
//    the deprecated `option` field.
import { create, fromBinary } from "@bufbuild/protobuf";
import { TimestampSchema, type Any, type Timestamp } from "@bufbuild/protobuf/wkt";
import type * as v1 from "../../../gen/cosmos/gov/v1/gov_pb.js";
import { MsgExecLegacyContentSchema } from "../../../gen/cosmos/gov/v1/tx_pb.js";
import {
  DepositSchema,
  ProposalSchema,
  TallyResultSchema,
  VoteOption,
  VoteSchema,
  WeightedVoteOptionSchema,
  type Deposit,
  type Proposal,
  type TallyResult,
  type Vote,
} from "../../../gen/cosmos/gov/v1beta1/gov_pb.js";
import { GrpcCode } from "../../../common/errors.js";
import { QueryError } from "../../../common/grpc/queryError.js";
import { DEC_ONE, parseDec } from "../../../sdk/math/dec.js";
import { EXEC_LEGACY_CONTENT_TYPE_URL } from "./legacyContent.js";

/** time.Time{} as a protobuf Timestamp. */
const GO_ZERO_TIME_SECONDS = -62_135_596_800n;

function time(ts: Timestamp | undefined): Timestamp {
  return ts ?? create(TimestampSchema, { seconds: GO_ZERO_TIME_SECONDS, nanos: 0 });
}

/** The Any a v1beta1 client sees as the proposal's content. */
function legacyContentOf(proposal: v1.Proposal): Any {
  if (proposal.messages.length !== 1) {
    throw new QueryError(
      GrpcCode.FAILED_PRECONDITION,
      `proposal ${proposal.id} has ${proposal.messages.length} messages: can't convert a gov/v1 Proposal to gov/v1beta1 Proposal when amount of proposal messages not exactly one; query it through cosmos.gov.v1`,
    );
  }
  const msg = proposal.messages[0]!;
  if (msg.typeUrl !== EXEC_LEGACY_CONTENT_TYPE_URL) return msg;
  // Stored proposals' messages were decoded and checked at submission.
  const exec = fromBinary(MsgExecLegacyContentSchema, msg.value);
  if (!exec.content) throw new QueryError(GrpcCode.FAILED_PRECONDITION, `proposal ${proposal.id}: its legacy content is missing`);
  return exec.content;
}

export function legacyTally(tally: v1.TallyResult | undefined): TallyResult {
  return create(TallyResultSchema, {
    yes: tally?.yesCount || "0",
    abstain: tally?.abstainCount || "0",
    no: tally?.noCount || "0",
    noWithVeto: tally?.noWithVetoCount || "0",
  });
}

const nonZero = (coins: readonly { denom: string; amount: string }[]) => coins.filter((c) => BigInt(c.amount) !== 0n);

export function legacyProposal(proposal: v1.Proposal): Proposal {
  return create(ProposalSchema, {
    proposalId: proposal.id,
    content: legacyContentOf(proposal),
    status: proposal.status as number,
    finalTallyResult: legacyTally(proposal.finalTallyResult),
    submitTime: time(proposal.submitTime),
    depositEndTime: time(proposal.depositEndTime),
    totalDeposit: nonZero(proposal.totalDeposit),
    votingStartTime: time(proposal.votingStartTime),
    votingEndTime: time(proposal.votingEndTime),
  });
}

export function legacyVote(vote: v1.Vote): Vote {
  const options = vote.options.map((o) => create(WeightedVoteOptionSchema, { option: o.option as number, weight: parseDec(o.weight).toString() }));
  const single = options.length === 1 && BigInt(options[0]!.weight) === DEC_ONE ? options[0]!.option : VoteOption.UNSPECIFIED;
  return create(VoteSchema, { proposalId: vote.proposalId, voter: vote.voter, option: single, options });
}

export function legacyDeposit(deposit: v1.Deposit): Deposit {
  return create(DepositSchema, { proposalId: deposit.proposalId, depositor: deposit.depositor, amount: nonZero(deposit.amount) });
}
