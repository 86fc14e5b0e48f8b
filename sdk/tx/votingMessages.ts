// Voting messages as Anys ready for a tx body (chain.voting). Create and cancel are signed by an
// electoral authority, register and vote by the voter; add/remove-authority and update-params only
// travel inside gov proposals. The size limits are the chain's, so a client refuses what it would.
import { timestampFromMs, type Any } from "@bufbuild/protobuf/wkt";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ParamsSchema } from "../../gen/chain/voting/voting_pb.js";
import {
  MsgAddElectoralAuthoritySchema,
  MsgCancelElectionSchema,
  MsgCastVoteSchema,
  MsgCreateElectionSchema,
  MsgRegisterVoterSchema,
  MsgRemoveElectoralAuthoritySchema,
  MsgUpdateParamsSchema,
} from "../../gen/chain/voting/tx_pb.js";
import { packAny } from "./registry.js";

export const MAX_AUTHORITY_NAME_LENGTH = 140;
export const MAX_TITLE_LENGTH = 140;
export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_OPTION_LENGTH = 64;
/** The most options the max_options param may allow. */
export const MAX_OPTIONS_LIMIT = 100;

export interface MsgCreateElectionInput {
  authority: string;
  title: string;
  description?: string;
  options: string[];
  /** "" or absent: anyone may register. */
  eligibilityCredentialType?: string;
  /** Milliseconds since the epoch, or a Date. */
  votingStart: number | Date;
  votingEnd: number | Date;
}

const ms = (t: number | Date) => (typeof t === "number" ? t : t.getTime());

/** `/chain.voting.MsgCreateElection` packed in an Any. */
export function msgCreateElection(input: MsgCreateElectionInput): Any {
  if (input.options.length < 2) throw new Error(`an election needs at least 2 options, got ${input.options.length}`);
  if (new Set(input.options).size !== input.options.length) throw new Error("election options must be distinct");
  if (ms(input.votingEnd) <= ms(input.votingStart)) throw new Error("voting end must be after voting start");
  return packAny(MsgCreateElectionSchema, {
    authority: input.authority,
    title: input.title,
    description: input.description ?? "",
    options: input.options,
    eligibilityCredentialType: input.eligibilityCredentialType ?? "",
    votingStart: timestampFromMs(ms(input.votingStart)),
    votingEnd: timestampFromMs(ms(input.votingEnd)),
  });
}

/** `/chain.voting.MsgCancelElection` packed in an Any; `signer` is the election's authority (or gov). */
export function msgCancelElection(input: { signer: string; electionId: bigint }): Any {
  return packAny(MsgCancelElectionSchema, input);
}

/** `/chain.voting.MsgRegisterVoter` packed in an Any. */
export function msgRegisterVoter(input: { voter: string; electionId: bigint }): Any {
  return packAny(MsgRegisterVoterSchema, input);
}

/** `/chain.voting.MsgCastVote` packed in an Any. */
export function msgCastVote(input: { voter: string; electionId: bigint; option: string }): Any {
  return packAny(MsgCastVoteSchema, input);
}

/** `/chain.voting.MsgAddElectoralAuthority` for a gov proposal: who may create elections. */
export function msgAddElectoralAuthority(input: { authority: string; address: string; name: string }): Any {
  if (input.name.length > MAX_AUTHORITY_NAME_LENGTH) throw new Error(`authority name is longer than ${MAX_AUTHORITY_NAME_LENGTH} characters`);
  return packAny(MsgAddElectoralAuthoritySchema, input);
}

/** `/chain.voting.MsgRemoveElectoralAuthority` for a gov proposal. */
export function msgRemoveElectoralAuthority(input: { authority: string; address: string }): Any {
  return packAny(MsgRemoveElectoralAuthoritySchema, input);
}

/** `/chain.voting.MsgUpdateParams` for a gov proposal: the module's whole params. */
export function msgUpdateVotingParams(input: { authority: string; params: MessageInitShape<typeof ParamsSchema> }): Any {
  return packAny(MsgUpdateParamsSchema, input);
}
