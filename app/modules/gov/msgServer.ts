// cosmos.gov.v1 messages: everything that needs no state is checked in validateBasic (so CheckTx
// rejects it), then the handlers apply the SDK's stateful rules.
import {
  MsgExecLegacyContentResponseSchema,
  MsgExecLegacyContentSchema,
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
import type { Context } from "../../context.js";
import { checkAuthority, governanceOnly } from "../../tx/authority.js";
import { addDeposit } from "./deposits.js";
import { govErrors } from "./errors.js";
import { emitVotingPeriodStart } from "./events.js";
import type { GovKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { checkLegacyContent, runLegacyContent } from "./legacyContent.js";
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

/** A v1 submission, checked and carried out; gov v1beta1's submission arrives here too. Returns the proposal id. */
export function handleSubmitProposal(keeper: GovKeeper, ctx: Context, msg: MsgSubmitProposal): bigint {
  const typeUrls = checkSubmission(keeper, msg);
  return submitProposal(keeper, ctx, {
    messages: msg.messages,
    typeUrls,
    initialDeposit: parseCoins(msg.initialDeposit),
    proposer: parseAccAddress(msg.proposer, "proposer"),
    metadata: msg.metadata,
    title: msg.title,
    summary: msg.summary,
    expedited: msg.expedited,
  });
}

/** The stateless checks of a v1 submission, for validateBasic (here and in gov v1beta1). */
export function validateSubmission(keeper: GovKeeper, msg: MsgSubmitProposal): void {
  checkSubmission(keeper, msg);
}

export function msgSubmitProposalHandler(keeper: GovKeeper): MsgHandler<typeof MsgSubmitProposalSchema, typeof MsgSubmitProposalResponseSchema> {
  return {
    request: MsgSubmitProposalSchema,
    response: MsgSubmitProposalResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.proposer, "proposer")],
    validateBasic: (msg) => validateSubmission(keeper, msg),
    handle: (ctx, msg) => ({ proposalId: handleSubmitProposal(keeper, ctx, msg) }),
  };
}

/**
 * Governance-only: a legacy content as a proposal message (what a gov v1beta1 submission's
 * proposal holds; a v1 proposal may hold it too). Executing it runs the content's legacy handler.
 */
export function msgExecLegacyContentHandler(keeper: GovKeeper): MsgHandler<typeof MsgExecLegacyContentSchema, typeof MsgExecLegacyContentResponseSchema> {
  return governanceOnly(keeper.authority, govErrors.invalidSigner, {
    request: MsgExecLegacyContentSchema,
    response: MsgExecLegacyContentResponseSchema,
    module: MODULE_NAME,
    validateBasic: (msg) => void checkLegacyContent(msg.content),
    handle: (_ctx, msg) => {
      runLegacyContent(msg.content);
      return {};
    },
  });
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

interface DepositMsg {
  proposalId: bigint;
  depositor: string;
  amount: { denom: string; amount: string }[];
}

/** A deposit's stateless checks (v1 and v1beta1 MsgDeposit have the same fields). */
export function validateDeposit(msg: DepositMsg): void {
  parseAccAddress(msg.depositor, "depositor");
  depositCoins(msg.amount);
}

export function handleDeposit(keeper: GovKeeper, ctx: Context, msg: DepositMsg): void {
  if (addDeposit(keeper, ctx, msg.proposalId, parseAccAddress(msg.depositor, "depositor"), depositCoins(msg.amount))) {
    emitVotingPeriodStart(ctx, "proposal_deposit", msg.proposalId);
  }
}

export function msgDepositHandler(keeper: GovKeeper): MsgHandler<typeof MsgDepositSchema, typeof MsgDepositResponseSchema> {
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
