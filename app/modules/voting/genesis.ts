// Voting genesis: chain.voting.GenesisState in proto-JSON with snake_case names. Every record is
// held to the rules a transaction would be held to, and the derived state (status index, open and
// close queues, the running counts) is rebuilt from the records rather than read from the file.
import { create, fromJson, toJson } from "@bufbuild/protobuf";
import { ElectionSchema, ElectionStatus, GenesisStateSchema, VoterRecordSchema, type GenesisState } from "../../../gen/chain/voting/voting_pb.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";
import { defaultVotingParams, type VotingKeeper } from "./keeper.js";
import {
  validateAuthorityName,
  validateEligibilityType,
  validateOptions,
  validateParams,
  validateTitleAndDescription,
  validateVotingWindow,
} from "./validation.js";

export function defaultVotingGenesis(): unknown {
  const g = create(GenesisStateSchema, { params: defaultVotingParams(), electoralAuthorities: [], elections: [], voterRecords: [], nextElectionId: 1n });
  return toJson(GenesisStateSchema, g, { useProtoFieldName: true, alwaysEmitImplicit: true });
}

/** Runs `check`, turning any failure into a plain error naming the genesis field. */
function at<T>(where: string, check: () => T): T {
  try {
    return check();
  } catch (err) {
    throw new Error(`voting genesis${where ? ` ${where}` : ""}: ${(err as Error).message}`);
  }
}

const STATUSES = [ElectionStatus.SCHEDULED, ElectionStatus.OPEN, ElectionStatus.CLOSED, ElectionStatus.CANCELLED];

export function initVotingGenesis(ctx: Context, keeper: VotingKeeper, raw: unknown): void {
  const g: GenesisState = at("", () => fromJson(GenesisStateSchema, raw as never));
  const params = at("params", () => validateParams(g.params ?? defaultVotingParams()));
  keeper.setParams(ctx, params);

  for (const [i, a] of g.electoralAuthorities.entries()) {
    const where = `electoral_authorities[${i}]`;
    const address = at(`${where}.address`, () => parseAccAddress(a.address, "address"));
    at(`${where}.name`, () => validateAuthorityName(a.name));
    // An authority listed without a date was authorized when the chain began.
    at(where, () => keeper.addElectoralAuthority(ctx, address, a.name, a.addedAt ?? ctx.header.time));
  }

  let maxId = 0n;
  for (const [i, e] of g.elections.entries()) {
    const where = `elections[${i}]`;
    if (e.id === 0n) throw new Error(`voting genesis ${where}.id: ids start at 1`);
    if (keeper.getElection(ctx.store, e.id)) throw new Error(`voting genesis ${where}.id: duplicate id ${e.id}`);
    if (!STATUSES.includes(e.status)) throw new Error(`voting genesis ${where}.status: must be SCHEDULED, OPEN, CLOSED or CANCELLED`);
    at(where, () => validateTitleAndDescription(e.title, e.description));
    at(`${where}.options`, () => validateOptions(e.options));
    at(`${where}.eligibility_credential_type`, () => validateEligibilityType(e.eligibilityCredentialType));
    at(where, () => validateVotingWindow(e.votingStart, e.votingEnd));
    // The authority need not be listed: an election outlives the removal of its authority.
    const authority = accAddressToString(at(`${where}.authority`, () => parseAccAddress(e.authority, "authority")));
    keeper.putElection(ctx, create(ElectionSchema, { ...e, authority, createdAt: e.createdAt ?? ctx.header.time }));
    if (e.id > maxId) maxId = e.id;
  }

  for (const [i, r] of g.voterRecords.entries()) {
    const where = `voter_records[${i}]`;
    const election = keeper.getElection(ctx.store, r.electionId);
    if (!election) throw new Error(`voting genesis ${where}.election_id: no election ${r.electionId}`);
    const voter = at(`${where}.voter`, () => parseAccAddress(r.voter, "voter"));
    if (r.voted && election.status === ElectionStatus.SCHEDULED)
      throw new Error(`voting genesis ${where}: a vote in election ${r.electionId}, which has not opened`);
    if (!r.voted && (r.option !== "" || r.votedAt)) throw new Error(`voting genesis ${where}: option and voted_at belong to a cast vote only`);
    const record = create(VoterRecordSchema, { ...r, voter: accAddressToString(voter), registeredAt: r.registeredAt ?? ctx.header.time });
    at(where, () => keeper.putVoterRecord(ctx, record, voter));
  }

  // Absent (0) means "after the last election"; a given value must leave every listed id behind.
  const next = g.nextElectionId === 0n ? maxId + 1n : g.nextElectionId;
  if (next <= maxId) throw new Error(`voting genesis next_election_id: ${next} must be above every election id (highest ${maxId})`);
  keeper.setNextElectionId(ctx, next);
}

/** Params, authorities, elections, voter records (votes included; tallies follow from them) and the next id. */
export function exportVotingGenesis(state: StateReader, keeper: VotingKeeper): unknown {
  const { authorities, elections, voterRecords } = keeper.exportState(state);
  const g = create(GenesisStateSchema, {
    params: keeper.getParams(state),
    electoralAuthorities: authorities,
    elections,
    voterRecords,
    nextElectionId: keeper.nextElectionId(state),
  });
  return toJson(GenesisStateSchema, g, { useProtoFieldName: true, alwaysEmitImplicit: true });
}
