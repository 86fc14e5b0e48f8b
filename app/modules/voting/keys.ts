// The voting module's storage schema, under the `voting/` namespace. Ids are u64 big-endian,
// addresses their 20 bytes, and queue times (seconds u64, nanos u32) big-endian, so every prefix
// lists in id order, and the two queues in deadline-then-id order.
import { readU64be, u64be } from "../../store/keyEncoding.js";

export const MODULE_NAME = "voting";

/** chain.voting.Params */
export const PARAMS_KEY = Uint8Array.of(0x01);
/** 0x02 | address(20) → chain.voting.ElectoralAuthority */
export const AUTHORITY_PREFIX = Uint8Array.of(0x02);
/** 0x03 | id(u64 BE) → chain.voting.Election */
export const ELECTION_PREFIX = Uint8Array.of(0x03);
/** 0x04 | status(1) | id(u64 BE) → empty: elections by status, for the filtered list */
export const STATUS_INDEX_PREFIX = Uint8Array.of(0x04);
/** 0x05 | id(u64 BE) | voter(20) → chain.voting.VoterRecord */
export const VOTER_PREFIX = Uint8Array.of(0x05);
/** 0x06 | id(u64 BE) → chain.voting.ElectionResults without final/status: the running counts, kept by each registration and vote */
export const TALLY_PREFIX = Uint8Array.of(0x06);
/** The id the next created election gets (u64 BE); absent means 1. */
export const NEXT_ELECTION_ID_KEY = Uint8Array.of(0x07);
/** 0x10 | voting_start(12) | id → empty: SCHEDULED elections, by the time they open */
export const START_QUEUE_PREFIX = Uint8Array.of(0x10);
/** 0x11 | voting_end(12) | id → empty: OPEN elections, by the time they close */
export const END_QUEUE_PREFIX = Uint8Array.of(0x11);

const join = (...parts: Uint8Array[]) => Buffer.concat(parts);

export { readU64be, u64be };

/** A block time as 12 sortable bytes; times before 1970 never occur on this chain. */
export function timeKey(nanos: bigint): Uint8Array {
  if (nanos < 0n) throw new Error("times before 1970 cannot be queued");
  const out = new Uint8Array(12);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, nanos / 1_000_000_000n);
  view.setUint32(8, Number(nanos % 1_000_000_000n));
  return out;
}

export const authorityKey = (address: Uint8Array) => join(AUTHORITY_PREFIX, address);
export const electionKey = (id: bigint) => join(ELECTION_PREFIX, u64be(id));
export const statusIndexPrefix = (status: number) => join(STATUS_INDEX_PREFIX, Uint8Array.of(status));
export const statusIndexKey = (status: number, id: bigint) => join(statusIndexPrefix(status), u64be(id));
export const votersPrefix = (id: bigint) => join(VOTER_PREFIX, u64be(id));
export const voterKey = (id: bigint, voter: Uint8Array) => join(votersPrefix(id), voter);
export const tallyKey = (id: bigint) => join(TALLY_PREFIX, u64be(id));
export const queueKey = (prefix: Uint8Array, nanos: bigint, id: bigint) => join(prefix, timeKey(nanos), u64be(id));
/** Exclusive end of the queue entries due at `nowNanos` (deadline <= now). */
export const queueDueEnd = (prefix: Uint8Array, nowNanos: bigint) => join(prefix, timeKey(nowNanos + 1n));
/** The id at the end of a queue or index key. */
export const trailingId = (key: Uint8Array) => readU64be(key.subarray(key.length - 8));
