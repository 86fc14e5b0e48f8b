// cosmos.gov.v1 messages: everything that needs no state is checked in validateBasic (so CheckTx
// rejects it), then the handlers apply the SDK's stateful rules.
import {
  MsgCancelProposalResponseSchema,
  MsgCancelProposalSchema,
  MsgDepositResponseSchema,
  MsgDepositSchema,
  MsgSubmitProposalResponseSchema,
  MsgSubmitProposalSchema,
  MsgUpdateParamsResponseSchema,
  MsgUpdateParamsSchema,
  MsgVoteResponseSchema,
  MsgVoteSchema,
  MsgVoteWeightedResponseSchema,
  MsgVoteWeightedSchema,
  type MsgSubmitProposal,
} from "../../../gen/cosmos/gov/v1/tx_pb.js";
import type { Params } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import { sdkErrors } from "../../../common/errors.js";
import { parseCoins } from "../../coins/coins.js";
import type { MsgHandler } from "../../tx/msgRouter.js";
import { parseAccAddress } from "../../../common/address.js";
import { checkAuthority } from "../../tx/authority.js";
import { addDeposit } from "./deposits.js";
import { govErrors } from "./errors.js";
import { emitVotingPeriodStart } from "./events.js";
import type { GovKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { parseParams } from "./params.js";
import { checkMetadata, checkProposalMessages, checkProposalText } from "./proposalChecks.js";
import { cancelProposal, submitProposal } from "./proposals.js";
import { addVote, checkVoteOption, checkWeightedOptions, singleOption } from "./votes.js";

/** The stateless part of a submission; returns the messages' type URLs. */
function checkSubmission(keeper: GovKeeper, msg: MsgSubmitProposal): string[] {
  checkProposalText(msg);
  parseAccAddress(msg.proposer, "proposer");
  // As the SDK: a proposal without messages is a text (signalling) proposal, which needs metadata.
  if (msg.messages.length === 0 && msg.metadata === "") throw govErrors.noProposalMsgs.wrap("either metadata or Msgs length must be non-nil");
  parseCoins(msg.initialDeposit);
  return checkProposalMessages(keeper.router, keeper.authority, msg.messages);
}

export function msgSubmitProposalHandler(keeper: GovKeeper): MsgHandler<typeof MsgSubmitProposalSchema, typeof MsgSubmitProposalResponseSchema> {
  return {
    request: MsgSubmitProposalSchema,
    response: MsgSubmitProposalResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.proposer, "proposer")],
    validateBasic: (msg) => void checkSubmission(keeper, msg),
    handle: (ctx, msg) => {
      const typeUrls = checkSubmission(keeper, msg);
      const proposalId = submitProposal(keeper, ctx, {
        messages: msg.messages,
        typeUrls,
        initialDeposit: parseCoins(msg.initialDeposit),
        proposer: parseAccAddress(msg.proposer, "proposer"),
        metadata: msg.metadata,
        title: msg.title,
        summary: msg.summary,
        expedited: msg.expedited,
      });
      return { proposalId };
    },
  };
}

export function msgVoteHandler(keeper: GovKeeper): MsgHandler<typeof MsgVoteSchema, typeof MsgVoteResponseSchema> {
  return {
    request: MsgVoteSchema,
    response: MsgVoteResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.voter, "voter")],
    validateBasic: (msg) => {
      parseAccAddress(msg.voter, "voter");
      checkVoteOption(msg.option);
      checkMetadata(msg.metadata);
    },
    handle: (ctx, msg) => {
      checkVoteOption(msg.option);
      addVote(keeper, ctx, msg.proposalId, parseAccAddress(msg.voter, "voter"), singleOption(msg.option), msg.metadata);
      return {};
    },
  };
}

export function msgVoteWeightedHandler(keeper: GovKeeper): MsgHandler<typeof MsgVoteWeightedSchema, typeof MsgVoteWeightedResponseSchema> {
  return {
    request: MsgVoteWeightedSchema,
    response: MsgVoteWeightedResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.voter, "voter")],
    validateBasic: (msg) => {
      parseAccAddress(msg.voter, "voter");
      checkWeightedOptions(msg.options);
      checkMetadata(msg.metadata);
    },
    handle: (ctx, msg) => {
      addVote(keeper, ctx, msg.proposalId, parseAccAddress(msg.voter, "voter"), checkWeightedOptions(msg.options), msg.metadata);
      return {};
    },
  };
}

/** A deposit must add something: an empty amount is invalid coins, as in the SDK. */
function depositCoins(amount: readonly { denom: string; amount: string }[]) {
  if (amount.length === 0) throw sdkErrors.invalidCoins.wrap("deposit amount is empty");
  return parseCoins(amount);
}

export function msgDepositHandler(keeper: GovKeeper): MsgHandler<typeof MsgDepositSchema, typeof MsgDepositResponseSchema> {
  return {
    request: MsgDepositSchema,
    response: MsgDepositResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.depositor, "depositor")],
    validateBasic: (msg) => {
      parseAccAddress(msg.depositor, "depositor");
      depositCoins(msg.amount);
    },
    handle: (ctx, msg) => {
      if (addDeposit(keeper, ctx, msg.proposalId, parseAccAddress(msg.depositor, "depositor"), depositCoins(msg.amount))) {
        emitVotingPeriodStart(ctx, "proposal_deposit", msg.proposalId);
      }
      return {};
    },
  };
}

function checkParams(params: Params | undefined): Params {
  if (!params) throw sdkErrors.invalidRequest.wrap("params must be set");
  try {
    parseParams(params);
  } catch (err) {
    throw sdkErrors.invalidRequest.wrap(`invalid gov params: ${(err as Error).message}`);
  }
  return params;
}

/** Governance-only: replaces every gov parameter. */
export function msgUpdateParamsHandler(keeper: GovKeeper): MsgHandler<typeof MsgUpdateParamsSchema, typeof MsgUpdateParamsResponseSchema> {
  return {
    request: MsgUpdateParamsSchema,
    response: MsgUpdateParamsResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.authority, "authority")],
    validateBasic: (msg) => {
      parseAccAddress(msg.authority, "authority");
      checkParams(msg.params);
    },
    handle: (ctx, msg) => {
      checkAuthority(keeper.authority, msg.authority, govErrors.invalidSigner);
      keeper.setParams(ctx, checkParams(msg.params));
      return {};
    },
  };
}

export function msgCancelProposalHandler(keeper: GovKeeper): MsgHandler<typeof MsgCancelProposalSchema, typeof MsgCancelProposalResponseSchema> {
  return {
    request: MsgCancelProposalSchema,
    response: MsgCancelProposalResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.proposer, "proposer")],
    validateBasic: (msg) => void parseAccAddress(msg.proposer, "proposer"),
    handle: (ctx, msg) => {
      cancelProposal(keeper, ctx, msg.proposalId, msg.proposer);
      return { proposalId: msg.proposalId, canceledTime: ctx.header.time, canceledHeight: ctx.header.height };
    },
  };
}
