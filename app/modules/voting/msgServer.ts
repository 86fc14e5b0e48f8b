// chain.voting.Msg: formats and the governance authority are checked in validateBasic (it runs in
// CheckTx, before any fee is taken, and before every execution: app/tx/msgRouter.ts); permissions,
// existence, the election's status, block time and eligibility in handle, against the block's state.
import {
  MsgAddElectoralAuthorityResponseSchema,
  MsgAddElectoralAuthoritySchema,
  MsgCancelElectionResponseSchema,
  MsgCancelElectionSchema,
  MsgCastVoteResponseSchema,
  MsgCastVoteSchema,
  MsgCreateElectionResponseSchema,
  MsgCreateElectionSchema,
  MsgRegisterVoterResponseSchema,
  MsgRegisterVoterSchema,
  MsgRemoveElectoralAuthorityResponseSchema,
  MsgRemoveElectoralAuthoritySchema,
  MsgUpdateParamsResponseSchema,
  MsgUpdateParamsSchema,
} from "../../../gen/chain/voting/tx_pb.js";
import { ElectionStatus, type Election } from "../../../gen/chain/voting/voting_pb.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import type { Context } from "../../context.js";
import { governanceOnly } from "../../tx/authority.js";
import type { MsgHandler } from "../../tx/msgRouter.js";
import { votingErrors } from "./errors.js";
import {
  emitElectionCancelled,
  emitElectionCreated,
  emitElectoralAuthorityAdded,
  emitElectoralAuthorityRemoved,
  emitParamsUpdated,
  emitVoteCast,
  emitVoterRegistered,
} from "./events.js";
import type { VotingKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { durationNanos, formatNanos, timestampNanos } from "./time.js";
import {
  MAX_OPTION_LENGTH,
  validateAuthorityName,
  validateEligibilityType,
  validateOptions,
  validateParams,
  validateTitleAndDescription,
  validateVotingWindow,
} from "./validation.js";

export function msgAddElectoralAuthorityHandler(
  keeper: VotingKeeper,
): MsgHandler<typeof MsgAddElectoralAuthoritySchema, typeof MsgAddElectoralAuthorityResponseSchema> {
  return governanceOnly(keeper.authority, votingErrors.invalidAuthority, {
    request: MsgAddElectoralAuthoritySchema,
    response: MsgAddElectoralAuthorityResponseSchema,
    module: MODULE_NAME,
    validateBasic: (msg) => {
      parseAccAddress(msg.address, "address");
      validateAuthorityName(msg.name);
    },
    handle: (ctx, msg) => {
      const address = parseAccAddress(msg.address, "address");
      keeper.addElectoralAuthority(ctx, address, msg.name, ctx.header.time);
      emitElectoralAuthorityAdded(ctx, accAddressToString(address), msg.name);
      return {};
    },
  });
}

export function msgRemoveElectoralAuthorityHandler(
  keeper: VotingKeeper,
): MsgHandler<typeof MsgRemoveElectoralAuthoritySchema, typeof MsgRemoveElectoralAuthorityResponseSchema> {
  return governanceOnly(keeper.authority, votingErrors.invalidAuthority, {
    request: MsgRemoveElectoralAuthoritySchema,
    response: MsgRemoveElectoralAuthorityResponseSchema,
    module: MODULE_NAME,
    validateBasic: (msg) => {
      parseAccAddress(msg.address, "address");
    },
    handle: (ctx, msg) => {
      const address = parseAccAddress(msg.address, "address");
      keeper.removeElectoralAuthority(ctx, address);
      emitElectoralAuthorityRemoved(ctx, accAddressToString(address));
      return {};
    },
  });
}

export function msgUpdateParamsHandler(keeper: VotingKeeper): MsgHandler<typeof MsgUpdateParamsSchema, typeof MsgUpdateParamsResponseSchema> {
  return governanceOnly(keeper.authority, votingErrors.invalidAuthority, {
    request: MsgUpdateParamsSchema,
    response: MsgUpdateParamsResponseSchema,
    module: MODULE_NAME,
    validateBasic: (msg) => {
      validateParams(msg.params);
    },
    handle: (ctx, msg) => {
      keeper.setParams(ctx, msg.params!); // present: validateBasic checked it
      emitParamsUpdated(ctx, keeper.getParams(ctx.store));
      return {};
    },
  });
}

/**
 * An electoral authority schedules an election: the window must start no earlier than this block's
 * time and last between the params' minimum and maximum; the options may not exceed max_options.
 */
export function msgCreateElectionHandler(keeper: VotingKeeper): MsgHandler<typeof MsgCreateElectionSchema, typeof MsgCreateElectionResponseSchema> {
  return {
    request: MsgCreateElectionSchema,
    response: MsgCreateElectionResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.authority, "authority")],
    validateBasic: (msg) => {
      parseAccAddress(msg.authority, "authority");
      validateTitleAndDescription(msg.title, msg.description);
      validateOptions(msg.options);
      validateEligibilityType(msg.eligibilityCredentialType);
      validateVotingWindow(msg.votingStart, msg.votingEnd);
    },
    handle: (ctx, msg, [authority]) => {
      if (!keeper.isElectoralAuthority(ctx.store, authority!))
        throw votingErrors.unauthorizedElectoralAuthority.wrap(`${msg.authority} may not create elections`);
      const params = keeper.getParams(ctx.store);
      validateOptions(msg.options, params.maxOptions);
      const window = validateVotingWindow(msg.votingStart, msg.votingEnd);
      const now = timestampNanos(ctx.header.time);
      if (window.start < now) throw votingErrors.invalidVotingPeriod.wrap("voting_start is before the block time");
      const length = window.end - window.start;
      const [min, max] = [durationNanos(params.minVotingPeriod!), durationNanos(params.maxVotingPeriod!)];
      if (length < min || length > max) {
        throw votingErrors.invalidVotingPeriod.wrap(
          `the voting window lasts ${formatNanos(length)}; it must last between ${formatNanos(min)} and ${formatNanos(max)}`,
        );
      }
      const election = keeper.createElection(ctx, {
        title: msg.title,
        description: msg.description,
        options: msg.options,
        eligibilityCredentialType: msg.eligibilityCredentialType,
        authority: accAddressToString(authority!),
        votingStart: msg.votingStart!,
        votingEnd: msg.votingEnd!,
      });
      emitElectionCreated(ctx, {
        electionId: election.id,
        authority: election.authority,
        title: election.title,
        eligibilityCredentialType: election.eligibilityCredentialType,
        votingStart: election.votingStart,
        votingEnd: election.votingEnd,
      });
      return { electionId: election.id };
    },
  };
}

/** The election, or electionNotFound. */
function loadElection(keeper: VotingKeeper, ctx: Context, id: bigint): Election {
  const election = keeper.getElection(ctx.store, id);
  if (!election) throw votingErrors.electionNotFound.wrap(`election ${id}`);
  return election;
}

/**
 * Closed for good: CLOSED or CANCELLED, or its voting_end reached by this block's time (the end
 * block is about to close it), so nothing in the block that ends it can still change it.
 */
function hasEnded(ctx: Context, election: Election): boolean {
  if (election.status === ElectionStatus.CLOSED || election.status === ElectionStatus.CANCELLED) return true;
  return timestampNanos(ctx.header.time) >= timestampNanos(election.votingEnd!);
}

const electionIdPresent = (id: bigint) => {
  if (id === 0n) throw votingErrors.electionNotFound.wrap("election 0 (ids start at 1)");
};

/**
 * The election's authority may cancel it while it is an electoral authority; the gov module account
 * may cancel any, through a proposal (so an election whose authority was removed can still be
 * stopped). Only before it closes.
 */
export function msgCancelElectionHandler(keeper: VotingKeeper): MsgHandler<typeof MsgCancelElectionSchema, typeof MsgCancelElectionResponseSchema> {
  return {
    request: MsgCancelElectionSchema,
    response: MsgCancelElectionResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.signer, "signer")],
    validateBasic: (msg) => {
      parseAccAddress(msg.signer, "signer");
      electionIdPresent(msg.electionId);
    },
    handle: (ctx, msg, [signer]) => {
      const election = loadElection(keeper, ctx, msg.electionId);
      const signerText = accAddressToString(signer!);
      if (signerText !== keeper.authority) {
        if (signerText !== election.authority)
          throw votingErrors.notElectionAuthority.wrap(`${signerText} may not cancel election ${election.id} of ${election.authority}`);
        if (!keeper.isElectoralAuthority(ctx.store, signer!))
          throw votingErrors.unauthorizedElectoralAuthority.wrap(`${signerText} is no longer an electoral authority`);
      }
      if (hasEnded(ctx, election)) throw votingErrors.electionEnded.wrap(`election ${election.id} can no longer be cancelled`);
      keeper.setStatus(ctx, election, ElectionStatus.CANCELLED);
      emitElectionCancelled(ctx, election.id, signerText);
      return {};
    },
  };
}

/** Any account holding a valid credential of the election's type (or any account, if it names none), before the election ends, once. */
export function msgRegisterVoterHandler(keeper: VotingKeeper): MsgHandler<typeof MsgRegisterVoterSchema, typeof MsgRegisterVoterResponseSchema> {
  return {
    request: MsgRegisterVoterSchema,
    response: MsgRegisterVoterResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.voter, "voter")],
    validateBasic: (msg) => {
      parseAccAddress(msg.voter, "voter");
      electionIdPresent(msg.electionId);
    },
    handle: (ctx, msg, [voter]) => {
      const election = loadElection(keeper, ctx, msg.electionId);
      if (hasEnded(ctx, election)) throw votingErrors.electionEnded.wrap(`election ${election.id} no longer registers voters`);
      if (!keeper.isEligible(ctx.store, election, voter!)) {
        throw votingErrors.notEligible.wrap(`${msg.voter} holds no valid ${JSON.stringify(election.eligibilityCredentialType)} credential`);
      }
      const record = keeper.registerVoter(ctx, election, voter!);
      emitVoterRegistered(ctx, election.id, record.voter);
      return {};
    },
  };
}

/**
 * A registered voter votes once, while the election is OPEN and before its voting_end; the
 * credential is checked again, so a voter whose credential was revoked (or whose issuer was
 * removed) since registering cannot vote.
 */
export function msgCastVoteHandler(keeper: VotingKeeper): MsgHandler<typeof MsgCastVoteSchema, typeof MsgCastVoteResponseSchema> {
  return {
    request: MsgCastVoteSchema,
    response: MsgCastVoteResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.voter, "voter")],
    validateBasic: (msg) => {
      parseAccAddress(msg.voter, "voter");
      electionIdPresent(msg.electionId);
      if (msg.option === "") throw votingErrors.invalidOption.wrap("option is empty");
      if ([...msg.option].length > MAX_OPTION_LENGTH) throw votingErrors.invalidOption.wrap(`option has more than ${MAX_OPTION_LENGTH} characters`);
    },
    handle: (ctx, msg, [voter]) => {
      const election = loadElection(keeper, ctx, msg.electionId);
      if (election.status !== ElectionStatus.OPEN || hasEnded(ctx, election)) {
        throw votingErrors.electionNotOpen.wrap(
          `election ${election.id} is ${ElectionStatus[election.status]}${election.status === ElectionStatus.OPEN ? " but its voting_end has passed" : ""}`,
        );
      }
      if (!election.options.includes(msg.option))
        throw votingErrors.invalidOption.wrap(`${JSON.stringify(msg.option.slice(0, 80))} in election ${election.id}`);
      const record = keeper.getVoterRecord(ctx.store, election.id, voter!);
      if (!record) throw votingErrors.notRegistered.wrap(`${msg.voter} in election ${election.id}`);
      if (record.voted) throw votingErrors.alreadyVoted.wrap(`${msg.voter} in election ${election.id}`);
      if (!keeper.isEligible(ctx.store, election, voter!)) {
        throw votingErrors.notEligible.wrap(`${msg.voter} no longer holds a valid ${JSON.stringify(election.eligibilityCredentialType)} credential`);
      }
      keeper.castVote(ctx, election, voter!, msg.option);
      emitVoteCast(ctx, election.id, record.voter, msg.option);
      return {};
    },
  };
}
