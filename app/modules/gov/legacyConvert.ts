// Gov v1 records in their v1beta1 form, as the SDK's ConvertToLegacy* functions show them:
//  - a MsgExecLegacyContent shows its content, any other message shows itself as the content (the
//    SDK's stand-in for clients that read only v1beta1). Where the SDK fails the query (no message,
//    or several), a proposal still shows: with none as the TextProposal its title and summary make,
//    with several by its first message, so one such proposal cannot break a wallet's whole list;
//  - times the proposal does not have yet are Go's zero time (0001-01-01T00:00:00Z), as the SDK's
//    non-nullable timestamps print;
//  - vote weights become LegacyDec atomics text, and a vote of one option at weight 1 also fills
//    the deprecated `option` field.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { AnySchema, TimestampSchema, type Any, type Timestamp } from "@bufbuild/protobuf/wkt";
import type * as v1 from "../../../gen/cosmos/gov/v1/gov_pb.js";
import { MsgExecLegacyContentSchema } from "../../../gen/cosmos/gov/v1/tx_pb.js";
import {
  DepositSchema,
  ProposalSchema,
  TallyResultSchema,
  TextProposalSchema,
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
import { EXEC_LEGACY_CONTENT_TYPE_URL, TEXT_PROPOSAL_TYPE_URL } from "./legacyContent.js";

/** time.Time{} as a protobuf Timestamp. */
const GO_ZERO_TIME_SECONDS = -62_135_596_800n;

function time(ts: Timestamp | undefined): Timestamp {
  return ts ?? create(TimestampSchema, { seconds: GO_ZERO_TIME_SECONDS, nanos: 0 });
}

/** The Any a v1beta1 client sees as the proposal's content. */
function legacyContentOf(proposal: v1.Proposal): Any {
  const msg = proposal.messages[0];
  if (!msg) return textContent(proposal);
  if (msg.typeUrl !== EXEC_LEGACY_CONTENT_TYPE_URL) return msg;
  // Stored proposals' messages were decoded and checked at submission.
  const exec = fromBinary(MsgExecLegacyContentSchema, msg.value);
  if (!exec.content) throw new QueryError(GrpcCode.FAILED_PRECONDITION, `proposal ${proposal.id}: its legacy content is missing`);
  return exec.content;
}

/** A proposal without messages is a text proposal in all but name. */
function textContent(proposal: v1.Proposal): Any {
  const text = create(TextProposalSchema, { title: proposal.title, description: proposal.summary });
  return create(AnySchema, { typeUrl: TEXT_PROPOSAL_TYPE_URL, value: toBinary(TextProposalSchema, text) });
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
