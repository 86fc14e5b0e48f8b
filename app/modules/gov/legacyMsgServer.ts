// cosmos.gov.v1beta1 messages, each carried out as its v1 counterpart (the SDK's legacyMsgServer):
// a TextProposal becomes a v1 proposal with one MsgExecLegacyContent, title and summary from the
// content, no metadata, never expedited; votes and deposits go through the v1 rules unchanged, so
// events and errors are v1's. Split-vote weights arrive as LegacyDec atomics text.
import { create } from "@bufbuild/protobuf";
import {
  MsgDepositResponseSchema,
  MsgDepositSchema,
  MsgSubmitProposalResponseSchema,
  MsgSubmitProposalSchema,
  MsgVoteResponseSchema,
  MsgVoteSchema,
  MsgVoteWeightedResponseSchema,
  MsgVoteWeightedSchema,
  type MsgSubmitProposal,
} from "../../../gen/cosmos/gov/v1beta1/tx_pb.js";
import type { WeightedVoteOption as LegacyWeightedVoteOption } from "../../../gen/cosmos/gov/v1beta1/gov_pb.js";
import { MsgSubmitProposalSchema as V1MsgSubmitProposalSchema, type MsgSubmitProposal as V1MsgSubmitProposal } from "../../../gen/cosmos/gov/v1/tx_pb.js";
import { WeightedVoteOptionSchema, type WeightedVoteOption } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import { parseAccAddress } from "../../../common/address.js";
import { formatDec } from "../../../sdk/math/dec.js";
import type { MsgHandler } from "../../tx/msgRouter.js";
import { govErrors } from "./errors.js";
import type { GovKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { checkLegacyContent, execLegacyContentAny } from "./legacyContent.js";
import { handleDeposit, handleSubmitProposal, validateDeposit, validateSubmission } from "./msgServer.js";
import { addVote, checkVoteOption, checkWeightedOptions, singleOption } from "./votes.js";

/** The v1 submission a legacy one becomes; the content is checked first, as the SDK does. */
function v1Submission(keeper: GovKeeper, msg: MsgSubmitProposal): V1MsgSubmitProposal {
  const text = checkLegacyContent(msg.content);
  return create(V1MsgSubmitProposalSchema, {
    messages: [execLegacyContentAny(text, keeper.authority)],
    initialDeposit: msg.initialDeposit,
    proposer: msg.proposer,
    metadata: "",
    title: text.title,
    summary: text.description,
    expedited: false,
  });
}

export function legacyMsgSubmitProposalHandler(keeper: GovKeeper): MsgHandler<typeof MsgSubmitProposalSchema, typeof MsgSubmitProposalResponseSchema> {
  return {
    request: MsgSubmitProposalSchema,
    response: MsgSubmitProposalResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.proposer, "proposer")],
    validateBasic: (msg) => validateSubmission(keeper, v1Submission(keeper, msg)),
    handle: (ctx, msg) => ({ proposalId: handleSubmitProposal(keeper, ctx, v1Submission(keeper, msg)) }),
  };
}

export function legacyMsgVoteHandler(keeper: GovKeeper): MsgHandler<typeof MsgVoteSchema, typeof MsgVoteResponseSchema> {
  return {
    request: MsgVoteSchema,
    response: MsgVoteResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.voter, "voter")],
    validateBasic: (msg) => {
      parseAccAddress(msg.voter, "voter");
      checkVoteOption(msg.option);
    },
    handle: (ctx, msg) => {
      addVote(keeper, ctx, msg.proposalId, parseAccAddress(msg.voter, "voter"), singleOption(msg.option), "");
      return {};
    },
  };
}

/** Atomics text at most this long: 10^60 whole units is far past any weight that could be valid. */
const ATOMICS = /^[0-9]{1,78}$/;

/** v1beta1 options (weights as atomics text) in v1 form, then held to v1's rules. */
export function v1WeightedOptions(options: readonly LegacyWeightedVoteOption[]): WeightedVoteOption[] {
  const converted = options.map((o) => {
    if (!ATOMICS.test(o.weight)) throw govErrors.invalidVote.wrap(`weight "${o.weight.slice(0, 80)}" is not a LegacyDec (the integer text of weight x 10^18)`);
    return create(WeightedVoteOptionSchema, { option: o.option, weight: formatDec(BigInt(o.weight)) });
  });
  return checkWeightedOptions(converted);
}

export function legacyMsgVoteWeightedHandler(keeper: GovKeeper): MsgHandler<typeof MsgVoteWeightedSchema, typeof MsgVoteWeightedResponseSchema> {
  return {
    request: MsgVoteWeightedSchema,
    response: MsgVoteWeightedResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.voter, "voter")],
    validateBasic: (msg) => {
      parseAccAddress(msg.voter, "voter");
      v1WeightedOptions(msg.options);
    },
    handle: (ctx, msg) => {
      addVote(keeper, ctx, msg.proposalId, parseAccAddress(msg.voter, "voter"), v1WeightedOptions(msg.options), "");
      return {};
    },
  };
}

export function legacyMsgDepositHandler(keeper: GovKeeper): MsgHandler<typeof MsgDepositSchema, typeof MsgDepositResponseSchema> {
  return {
    request: MsgDepositSchema,
    response: MsgDepositResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.depositor, "depositor")],
    validateBasic: validateDeposit,
    handle: (ctx, msg) => {
      handleDeposit(keeper, ctx, msg);
      return {};
    },
  };
}
