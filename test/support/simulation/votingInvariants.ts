// Voting invariants read straight from the committed state under the module's key layout: each
// election's running counts equal its recorded ballots, no ballot lies outside the window it was
// open in, the status index and the two deadline queues hold exactly what the statuses say, and
// (given the last block's time) every status agrees with the clock. Each returns what is broken.
import { fromBinary } from "@bufbuild/protobuf";
import { ElectionResultsSchema, ElectionSchema, ElectionStatus, VoterRecordSchema, type Election } from "../../../gen/chain/voting/voting_pb.js";
import { accAddressToString } from "../../../common/address.js";
import {
  ELECTION_PREFIX,
  END_QUEUE_PREFIX,
  MODULE_NAME,
  NEXT_ELECTION_ID_KEY,
  queueKey,
  readU64be,
  START_QUEUE_PREFIX,
  STATUS_INDEX_PREFIX,
  TALLY_PREFIX,
  tallyKey,
  trailingId,
  VOTER_PREFIX,
} from "../../../app/modules/voting/keys.js";
import { timestampNanos } from "../../../app/modules/voting/time.js";
import { moduleReader } from "../../../app/store/prefixStore.js";
import type { StateReader } from "../../../app/store/types.js";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const status = (s: ElectionStatus) => ElectionStatus[s] ?? String(s);

/** `now`: the last committed block's time in ns, when known; the status-against-clock checks need it. */
export function votingRecords(state: StateReader, now?: bigint): string[] {
  const store = moduleReader(state, MODULE_NAME);
  const broken: string[] = [];
  const rawNext = store.get(NEXT_ELECTION_ID_KEY);
  const next = rawNext ? readU64be(rawNext) : 1n;
  const elections = new Map<bigint, Election>();
  for (const { key, value } of store.prefixIterator(ELECTION_PREFIX)) {
    const e = fromBinary(ElectionSchema, value);
    const id = readU64be(key.subarray(ELECTION_PREFIX.length));
    if (e.id !== id) broken.push(`election key ${id} holds election ${e.id}`);
    if (id === 0n || id >= next) broken.push(`election ${id} is outside 1..next_election_id-1 (next ${next})`);
    elections.set(id, e);
  }

  // Ballots and registrations, counted per election and option.
  const counts = new Map<bigint, { registered: bigint; cast: bigint; byOption: Map<string, bigint> }>();
  for (const { key, value } of store.prefixIterator(VOTER_PREFIX)) {
    const id = readU64be(key.subarray(VOTER_PREFIX.length, VOTER_PREFIX.length + 8));
    const voter = accAddressToString(key.subarray(VOTER_PREFIX.length + 8));
    const r = fromBinary(VoterRecordSchema, value);
    const e = elections.get(id);
    const where = `voter ${voter} in election ${id}`;
    if (r.electionId !== id || r.voter !== voter) broken.push(`${where}: the record names ${r.voter} in election ${r.electionId}`);
    if (!e) {
      broken.push(`${where}: no such election`);
      continue;
    }
    const c = counts.get(id) ?? { registered: 0n, cast: 0n, byOption: new Map<string, bigint>() };
    counts.set(id, c);
    c.registered++;
    const start = timestampNanos(e.votingStart!);
    const end = timestampNanos(e.votingEnd!);
    if (!r.registeredAt || timestampNanos(r.registeredAt) >= end) broken.push(`${where}: registered at or after voting_end`);
    if (r.registeredAt && e.createdAt && timestampNanos(r.registeredAt) < timestampNanos(e.createdAt))
      broken.push(`${where}: registered before the election was created`);
    if (!r.voted) {
      if (r.option !== "" || r.votedAt) broken.push(`${where}: no vote, yet option ${JSON.stringify(r.option)} or a voted_at`);
      continue;
    }
    c.cast++;
    c.byOption.set(r.option, (c.byOption.get(r.option) ?? 0n) + 1n);
    if (!e.options.includes(r.option)) broken.push(`${where}: a ballot for ${JSON.stringify(r.option)}, not an option`);
    if (e.status === ElectionStatus.SCHEDULED) broken.push(`${where}: a ballot in an election that has not opened`);
    const at = r.votedAt ? timestampNanos(r.votedAt) : -1n;
    if (at < start || at >= end) broken.push(`${where}: a ballot at ${at} ns, outside the voting window [${start}, ${end})`);
  }

  for (const [id, e] of elections) {
    const raw = store.get(tallyKey(id));
    if (!raw) {
      broken.push(`election ${id} has no tally`);
      continue;
    }
    const tally = fromBinary(ElectionResultsSchema, raw);
    const c = counts.get(id) ?? { registered: 0n, cast: 0n, byOption: new Map<string, bigint>() };
    if (tally.electionId !== id) broken.push(`election ${id}'s tally names election ${tally.electionId}`);
    if (tally.registeredVoters !== c.registered) broken.push(`election ${id} counts ${tally.registeredVoters} registered voters, ${c.registered} are recorded`);
    if (tally.votesCast !== c.cast) broken.push(`election ${id} counts ${tally.votesCast} votes cast, ${c.cast} ballots are recorded`);
    const options = tally.tallies.map((t) => t.option);
    if (options.join("\u0000") !== e.options.join("\u0000"))
      broken.push(`election ${id}'s tally options ${JSON.stringify(options)} are not its options ${JSON.stringify(e.options)}`);
    for (const t of tally.tallies) {
      const recorded = c.byOption.get(t.option) ?? 0n;
      if (t.votes !== recorded) broken.push(`election ${id} counts ${t.votes} votes for ${JSON.stringify(t.option)}, ${recorded} ballots are recorded`);
    }
  }
  for (const { key } of store.prefixIterator(TALLY_PREFIX)) {
    const id = readU64be(key.subarray(TALLY_PREFIX.length));
    if (!elections.has(id)) broken.push(`a tally for election ${id}, which does not exist`);
  }

  // The status index: one entry per election, under its status.
  const indexed = new Map<bigint, ElectionStatus[]>();
  for (const { key } of store.prefixIterator(STATUS_INDEX_PREFIX)) {
    const id = trailingId(key);
    indexed.set(id, [...(indexed.get(id) ?? []), key[STATUS_INDEX_PREFIX.length]! as ElectionStatus]);
  }
  for (const [id, statuses] of indexed) {
    const e = elections.get(id);
    if (!e) broken.push(`the status index lists election ${id}, which does not exist`);
    else if (statuses.length !== 1 || statuses[0] !== e.status)
      broken.push(`election ${id} is ${status(e.status)} but indexed under ${statuses.map(status).join(", ")}`);
  }
  for (const [id, e] of elections) if (!indexed.has(id)) broken.push(`election ${id} (${status(e.status)}) is missing from the status index`);

  // The queues: SCHEDULED elections by voting_start, OPEN ones by voting_end, nothing else.
  const queues: [Uint8Array, ElectionStatus, "votingStart" | "votingEnd"][] = [
    [START_QUEUE_PREFIX, ElectionStatus.SCHEDULED, "votingStart"],
    [END_QUEUE_PREFIX, ElectionStatus.OPEN, "votingEnd"],
  ];
  for (const [prefix, queued, field] of queues) {
    const entries = new Set<string>();
    for (const { key } of store.prefixIterator(prefix)) entries.add(hex(key));
    for (const [id, e] of elections) {
      const expected = hex(queueKey(prefix, timestampNanos(e[field]!), id));
      const present = entries.delete(expected);
      if (e.status === queued && !present) broken.push(`election ${id} is ${status(e.status)} but not queued at its ${field}`);
      if (e.status !== queued && present) broken.push(`election ${id} is ${status(e.status)} but still queued at its ${field}`);
    }
    for (const k of entries) broken.push(`queue entry ${k} names no election at that deadline`);
  }

  // Statuses against the clock: the end block opens and closes exactly when block time reaches the window.
  if (now !== undefined) {
    for (const [id, e] of elections) {
      const start = timestampNanos(e.votingStart!);
      const end = timestampNanos(e.votingEnd!);
      const s = e.status;
      if (s === ElectionStatus.SCHEDULED && start <= now) broken.push(`election ${id} is still SCHEDULED at ${now} ns, past its voting_start ${start}`);
      if (s === ElectionStatus.OPEN && !(start <= now && now < end)) broken.push(`election ${id} is OPEN at ${now} ns, outside [${start}, ${end})`);
      if (s === ElectionStatus.CLOSED && end > now) broken.push(`election ${id} is CLOSED at ${now} ns, before its voting_end ${end}`);
    }
  }
  return broken;
}
