// The only code that reads or writes the voting module's keys. Reads take the whole state (a
// committed view or a block's branch); writes take the Context of the transition. An election's
// status, its status index entry and its queue entry are always written together here, so the end
// block finds exactly the elections due, in deadline-then-id order, without scanning.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { DurationSchema, type Timestamp } from "@bufbuild/protobuf/wkt";
import {
  ElectionResultsSchema,
  ElectionSchema,
  ElectionStatus,
  ElectoralAuthoritySchema,
  ParamsSchema,
  VoterRecordSchema,
  type Election,
  type ElectionResults,
  type ElectoralAuthority,
  type Params,
  type VoterRecord,
} from "../../../gen/chain/voting/voting_pb.js";
import type { PageRequest } from "../../../gen/cosmos/base/query/v1beta1/pagination_pb.js";
import { accAddressToString } from "../../../common/address.js";
import type { Context } from "../../context.js";
import { paginate, type Page } from "../../query/pagination.js";
import { getMessage } from "../../store/messages.js";
import type { StateReader } from "../../store/types.js";
import { StoreKey } from "../../storeKey.js";
import { votingErrors } from "./errors.js";
import type { VotingIdentityKeeper } from "./expectedKeepers.js";
import {
  AUTHORITY_PREFIX,
  authorityKey,
  ELECTION_PREFIX,
  electionKey,
  END_QUEUE_PREFIX,
  MODULE_NAME,
  NEXT_ELECTION_ID_KEY,
  PARAMS_KEY,
  queueDueEnd,
  queueKey,
  readU64be,
  START_QUEUE_PREFIX,
  statusIndexKey,
  statusIndexPrefix,
  tallyKey,
  trailingId,
  VOTER_PREFIX,
  u64be,
  voterKey,
} from "./keys.js";
import { timestampNanos } from "./time.js";

/** One hour to thirty days, up to ten options; local chains lower the minimum (app/localGenesis.ts). */
export function defaultVotingParams(): Params {
  return create(ParamsSchema, {
    minVotingPeriod: create(DurationSchema, { seconds: 3600n }),
    maxVotingPeriod: create(DurationSchema, { seconds: 30n * 24n * 3600n }),
    maxOptions: 10,
  });
}

/** Which deadline queue: SCHEDULED elections by voting_start, OPEN ones by voting_end. */
export type ElectionQueue = "start" | "end";
const QUEUE_PREFIX: Record<ElectionQueue, Uint8Array> = { start: START_QUEUE_PREFIX, end: END_QUEUE_PREFIX };

/** What creating an election needs, already validated. */
export type NewElection = Pick<Election, "title" | "description" | "options" | "eligibilityCredentialType" | "authority"> & {
  votingStart: Timestamp;
  votingEnd: Timestamp;
};

export class VotingKeeper {
  constructor(
    private readonly identity: VotingIdentityKeeper,
    /** The address governance-only messages must carry as their authority (the gov module account). */
    readonly authority: string,
  ) {}

  private readonly key = new StoreKey(MODULE_NAME);

  getParams(state: StateReader): Params {
    return getMessage(this.key.read(state), PARAMS_KEY, ParamsSchema) ?? defaultVotingParams();
  }

  setParams(ctx: Context, params: Params): void {
    const { minVotingPeriod, maxVotingPeriod, maxOptions } = params;
    this.key.write(ctx).set(PARAMS_KEY, toBinary(ParamsSchema, create(ParamsSchema, { minVotingPeriod, maxVotingPeriod, maxOptions })));
  }

  // ---- electoral authorities

  getElectoralAuthority(state: StateReader, address: Uint8Array): ElectoralAuthority | undefined {
    return getMessage(this.key.read(state), authorityKey(address), ElectoralAuthoritySchema);
  }

  isElectoralAuthority(state: StateReader, address: Uint8Array): boolean {
    return this.key.read(state).has(authorityKey(address));
  }

  /** One page of electoral authorities in address order. */
  electoralAuthoritiesPage(state: StateReader, req: PageRequest | undefined): Page<ElectoralAuthority> {
    return paginate(this.key.read(state), AUTHORITY_PREFIX, req, (_key, value) => fromBinary(ElectoralAuthoritySchema, value));
  }

  addElectoralAuthority(ctx: Context, address: Uint8Array, name: string, addedAt: Timestamp): void {
    const store = this.key.write(ctx);
    const text = accAddressToString(address);
    if (store.has(authorityKey(address))) throw votingErrors.electoralAuthorityAlreadyExists.wrap(`${text} is already an electoral authority`);
    store.set(authorityKey(address), toBinary(ElectoralAuthoritySchema, create(ElectoralAuthoritySchema, { address: text, name, addedAt })));
  }

  /** Its elections run on to their end; it can no longer create or cancel any. */
  removeElectoralAuthority(ctx: Context, address: Uint8Array): void {
    const store = this.key.write(ctx);
    if (!store.has(authorityKey(address))) throw votingErrors.electoralAuthorityNotFound.wrap(`${accAddressToString(address)} is not an electoral authority`);
    store.delete(authorityKey(address));
  }

  // ---- elections

  /** The id the next created election gets; ids start at 1. */
  nextElectionId(state: StateReader): bigint {
    const raw = this.key.read(state).get(NEXT_ELECTION_ID_KEY);
    return raw ? readU64be(raw) : 1n;
  }

  setNextElectionId(ctx: Context, id: bigint): void {
    this.key.write(ctx).set(NEXT_ELECTION_ID_KEY, u64be(id));
  }

  getElection(state: StateReader, id: bigint): Election | undefined {
    return getMessage(this.key.read(state), electionKey(id), ElectionSchema);
  }

  /** A SCHEDULED election with the next id, queued to open at voting_start; the caller checked the rules. */
  createElection(ctx: Context, input: NewElection): Election {
    const id = this.nextElectionId(ctx.store);
    const election = create(ElectionSchema, { ...input, id, status: ElectionStatus.SCHEDULED, createdAt: ctx.header.time });
    this.putElection(ctx, election);
    this.setNextElectionId(ctx, id + 1n);
    return election;
  }

  /**
   * Writes a new election with its status index, its queue entry (SCHEDULED: start queue; OPEN:
   * end queue) and zero counts (genesis import and creation).
   */
  putElection(ctx: Context, election: Election): void {
    const store = this.key.write(ctx);
    if (store.has(electionKey(election.id))) throw new Error(`voting: election ${election.id} already exists`);
    store.set(electionKey(election.id), toBinary(ElectionSchema, election));
    store.set(statusIndexKey(election.status, election.id), new Uint8Array());
    const queue = queueOf(election.status);
    if (queue) store.set(this.queueEntry(queue, election), new Uint8Array());
    const tallies = election.options.map((option) => ({ option, votes: 0n }));
    store.set(tallyKey(election.id), toBinary(ElectionResultsSchema, create(ElectionResultsSchema, { electionId: election.id, tallies })));
  }

  /**
   * Moves an election to `status`: its record, its status index entry, and its queue entry
   * (leaving SCHEDULED leaves the start queue; becoming OPEN joins the end queue).
   */
  setStatus(ctx: Context, election: Election, status: ElectionStatus): Election {
    const store = this.key.write(ctx);
    const from = queueOf(election.status);
    if (from) store.delete(this.queueEntry(from, election));
    store.delete(statusIndexKey(election.status, election.id));
    const updated = create(ElectionSchema, { ...election, status });
    store.set(electionKey(election.id), toBinary(ElectionSchema, updated));
    store.set(statusIndexKey(status, election.id), new Uint8Array());
    const to = queueOf(status);
    if (to) store.set(this.queueEntry(to, updated), new Uint8Array());
    return updated;
  }

  /** Ids whose deadline in `queue` is at or before `nowNanos`, by deadline then id. Read fully before anyone edits the queue. */
  due(state: StateReader, queue: ElectionQueue, nowNanos: bigint): bigint[] {
    const prefix = QUEUE_PREFIX[queue];
    const ids: bigint[] = [];
    for (const { key } of this.key.read(state).iterator({ start: prefix, end: queueDueEnd(prefix, nowNanos) })) ids.push(trailingId(key));
    return ids;
  }

  /** One page of elections in id order: all of them, or those with `status`. */
  electionsPage(state: StateReader, status: ElectionStatus, req: PageRequest | undefined): Page<Election> {
    const reader = this.key.read(state);
    if (status === ElectionStatus.UNSPECIFIED) return paginate(reader, ELECTION_PREFIX, req, (_key, value) => fromBinary(ElectionSchema, value));
    return paginate(reader, statusIndexPrefix(status), req, (key) => {
      const election = getMessage(reader, electionKey(trailingId(key)), ElectionSchema);
      if (!election) throw new Error(`voting: status index names election ${trailingId(key)}, which does not exist`);
      return election;
    });
  }

  private queueEntry(queue: ElectionQueue, election: Election): Uint8Array {
    const time = queue === "start" ? election.votingStart : election.votingEnd;
    if (!time) throw new Error(`voting: election ${election.id} has no voting_${queue}`);
    return queueKey(QUEUE_PREFIX[queue], timestampNanos(time), election.id);
  }

  // ---- voters and counts

  getVoterRecord(state: StateReader, electionId: bigint, voter: Uint8Array): VoterRecord | undefined {
    return getMessage(this.key.read(state), voterKey(electionId, voter), VoterRecordSchema);
  }

  /** Whether `voter` may take part in `election` now: no eligibility type, or a valid credential of it. */
  isEligible(state: StateReader, election: Election, voter: Uint8Array): boolean {
    const type = election.eligibilityCredentialType;
    return type === "" || this.identity.hasValidCredential(state, voter, type);
  }

  /** Registers `voter`; registering twice is refused. Eligibility and status are the caller's checks. */
  registerVoter(ctx: Context, election: Election, voter: Uint8Array): VoterRecord {
    const text = accAddressToString(voter);
    if (this.getVoterRecord(ctx.store, election.id, voter)) throw votingErrors.alreadyRegistered.wrap(`${text} in election ${election.id}`);
    const record = create(VoterRecordSchema, { electionId: election.id, voter: text, registeredAt: ctx.header.time });
    this.putVoterRecord(ctx, record, voter);
    return record;
  }

  /** Records `voter`'s vote for `option`; only a registered voter, once. The option, status and eligibility are the caller's checks. */
  castVote(ctx: Context, election: Election, voter: Uint8Array, option: string): VoterRecord {
    const text = accAddressToString(voter);
    const record = this.getVoterRecord(ctx.store, election.id, voter);
    if (!record) throw votingErrors.notRegistered.wrap(`${text} in election ${election.id}`);
    if (record.voted) throw votingErrors.alreadyVoted.wrap(`${text} in election ${election.id}`);
    const store = this.key.write(ctx);
    const updated = create(VoterRecordSchema, { ...record, voted: true, option, votedAt: ctx.header.time });
    store.set(voterKey(election.id, voter), toBinary(VoterRecordSchema, updated));
    const tally = this.getTally(ctx.store, election.id);
    const entry = tally.tallies.find((t) => t.option === option);
    if (!entry) throw new Error(`voting: election ${election.id} has no tally for option ${JSON.stringify(option)}`);
    entry.votes += 1n;
    tally.votesCast += 1n;
    store.set(tallyKey(election.id), toBinary(ElectionResultsSchema, tally));
    return updated;
  }

  /**
   * Writes a new voter record and counts it (registration, and genesis import, whose records may
   * already carry a vote). `voter` is the record's address as bytes.
   */
  putVoterRecord(ctx: Context, record: VoterRecord, voter: Uint8Array): void {
    const store = this.key.write(ctx);
    if (store.has(voterKey(record.electionId, voter))) throw votingErrors.alreadyRegistered.wrap(`${record.voter} in election ${record.electionId}`);
    const tally = this.getTally(ctx.store, record.electionId);
    tally.registeredVoters += 1n;
    if (record.voted) {
      const entry = tally.tallies.find((t) => t.option === record.option);
      if (!entry) throw votingErrors.invalidOption.wrap(`${JSON.stringify(record.option)} in election ${record.electionId}`);
      entry.votes += 1n;
      tally.votesCast += 1n;
    }
    store.set(voterKey(record.electionId, voter), toBinary(VoterRecordSchema, record));
    store.set(tallyKey(record.electionId), toBinary(ElectionResultsSchema, tally));
  }

  /** The results of `election` as they stand: final once it is CLOSED. */
  results(state: StateReader, election: Election): ElectionResults {
    const tally = this.getTally(state, election.id);
    return create(ElectionResultsSchema, { ...tally, final: election.status === ElectionStatus.CLOSED, status: election.status });
  }

  /** Everything the export lists, in key order: authorities by address, elections by id, voter records by election then address. */
  exportState(state: StateReader): { authorities: ElectoralAuthority[]; elections: Election[]; voterRecords: VoterRecord[] } {
    const reader = this.key.read(state);
    const all = <T>(prefix: Uint8Array, decode: (value: Uint8Array) => T) => [...reader.prefixIterator(prefix)].map(({ value }) => decode(value));
    return {
      authorities: all(AUTHORITY_PREFIX, (v) => fromBinary(ElectoralAuthoritySchema, v)),
      elections: all(ELECTION_PREFIX, (v) => fromBinary(ElectionSchema, v)),
      voterRecords: all(VOTER_PREFIX, (v) => fromBinary(VoterRecordSchema, v)),
    };
  }

  private getTally(state: StateReader, electionId: bigint): ElectionResults {
    const tally = getMessage(this.key.read(state), tallyKey(electionId), ElectionResultsSchema);
    if (!tally) throw new Error(`voting: election ${electionId} has no tally record`);
    return tally;
  }
}

/** The queue an election in `status` waits in: SCHEDULED for its start, OPEN for its end, others none. */
function queueOf(status: ElectionStatus): ElectionQueue | undefined {
  return status === ElectionStatus.SCHEDULED ? "start" : status === ElectionStatus.OPEN ? "end" : undefined;
}
