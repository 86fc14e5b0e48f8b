// Governance messages (cosmos.gov.v1, and v1beta1's legacy text submission) as Anys ready for a
// tx body, and vote options by name.
import type { Any } from "@bufbuild/protobuf/wkt";
import { VoteOption } from "../../gen/cosmos/gov/v1/gov_pb.js";
import { MsgDepositSchema, MsgSubmitProposalSchema, MsgVoteSchema, MsgVoteWeightedSchema } from "../../gen/cosmos/gov/v1/tx_pb.js";
import { TextProposalSchema } from "../../gen/cosmos/gov/v1beta1/gov_pb.js";
import { MsgSubmitProposalSchema as LegacyMsgSubmitProposalSchema } from "../../gen/cosmos/gov/v1beta1/tx_pb.js";
import type { Coin } from "./coins.js";
import { packAny } from "./registry.js";

export { VoteOption };

const OPTION_WORDS: Record<string, VoteOption> = {
  yes: VoteOption.YES,
  no: VoteOption.NO,
  abstain: VoteOption.ABSTAIN,
  no_with_veto: VoteOption.NO_WITH_VETO,
  nowithveto: VoteOption.NO_WITH_VETO,
};

/** "yes", "no", "abstain", "no_with_veto" (any case; also "NoWithVeto" and "VOTE_OPTION_YES"). */
export function parseVoteOption(text: string): VoteOption {
  const word = text
    .toLowerCase()
    .replace(/^vote_option_/, "")
    .replace(/-/g, "_");
  const option = Object.hasOwn(OPTION_WORDS, word) ? OPTION_WORDS[word] : undefined;
  if (option === undefined) throw new Error(`invalid vote option "${text.slice(0, 40)}": expected yes, no, abstain or no_with_veto`);
  return option;
}

export interface MsgSubmitProposalInput {
  messages: Any[];
  initialDeposit: Coin[];
  proposer: string;
  metadata: string;
  title: string;
  summary: string;
  expedited?: boolean;
}

/** `/cosmos.gov.v1.MsgSubmitProposal` packed in an Any. */
export function msgSubmitProposal(input: MsgSubmitProposalInput): Any {
  return packAny(MsgSubmitProposalSchema, { ...input, expedited: input.expedited ?? false });
}

/** `/cosmos.gov.v1.MsgVote` packed in an Any. */
export function msgVote(input: { proposalId: bigint; voter: string; option: VoteOption; metadata?: string }): Any {
  return packAny(MsgVoteSchema, { ...input, metadata: input.metadata ?? "" });
}

/** `/cosmos.gov.v1.MsgVoteWeighted`; weights are decimal strings that sum to 1 ("0.6", "0.4"). */
export function msgVoteWeighted(input: { proposalId: bigint; voter: string; options: { option: VoteOption; weight: string }[]; metadata?: string }): Any {
  return packAny(MsgVoteWeightedSchema, { ...input, metadata: input.metadata ?? "" });
}

/** `/cosmos.gov.v1.MsgDeposit` packed in an Any. */
export function msgDeposit(input: { proposalId: bigint; depositor: string; amount: Coin[] }): Any {
  return packAny(MsgDepositSchema, input);
}

/** A gov v1beta1 TextProposal packed in an Any: the content of a legacy submission. */
export function textProposalContent(input: { title: string; description: string }): Any {
  return packAny(TextProposalSchema, input);
}

/**
 * `/cosmos.gov.v1beta1.MsgSubmitProposal` (gov v1beta1): the node turns it into a v1 proposal
 * holding one MsgExecLegacyContent. Only TextProposal content is accepted.
 */
export function msgSubmitLegacyProposal(input: { content: Any; initialDeposit: Coin[]; proposer: string }): Any {
  return packAny(LegacyMsgSubmitProposalSchema, input);
}
