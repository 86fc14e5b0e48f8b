// The gov module's storage schema, under the `gov/` namespace. Ids are u64 big-endian and queue
// times are (seconds u64, nanos u32) big-endian, so keys sort by id and by deadline then id.
import { readU64be, u64be } from "../../store/keyEncoding.js";

export const MODULE_NAME = "gov";

/** 0x00 | id → cosmos.gov.v1.Proposal */
export const PROPOSAL_PREFIX = Uint8Array.of(0x00);
/** 0x01 | voting_end_time(12) | id → empty: proposals in their voting period, by end time */
export const ACTIVE_QUEUE_PREFIX = Uint8Array.of(0x01);
/** 0x02 | deposit_end_time(12) | id → empty: proposals in their deposit period, by end time */
export const INACTIVE_QUEUE_PREFIX = Uint8Array.of(0x02);
/** The id the next proposal gets (u64). */
export const NEXT_PROPOSAL_ID_KEY = Uint8Array.of(0x03);
/** 0x10 | id | depositor(20) → cosmos.gov.v1.Deposit */
export const DEPOSIT_PREFIX = Uint8Array.of(0x10);
/** 0x20 | id | voter(20) → cosmos.gov.v1.Vote; deleted when the proposal is tallied */
export const VOTE_PREFIX = Uint8Array.of(0x20);
/** cosmos.gov.v1.Params */
export const PARAMS_KEY = Uint8Array.of(0x30);
/** The constitution text (UTF-8), set at genesis. */
export const CONSTITUTION_KEY = Uint8Array.of(0x31);

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

export const proposalKey = (id: bigint) => join(PROPOSAL_PREFIX, u64be(id));
export const queueKey = (prefix: Uint8Array, endNanos: bigint, id: bigint) => join(prefix, timeKey(endNanos), u64be(id));
/** Exclusive end of the queue entries due at `nowNanos` (deadline <= now). */
export const queueDueEnd = (prefix: Uint8Array, nowNanos: bigint) => join(prefix, timeKey(nowNanos + 1n));
/** The id at the end of a queue key. */
export const queueKeyId = (key: Uint8Array) => readU64be(key.subarray(key.length - 8));
export const depositsPrefix = (id: bigint) => join(DEPOSIT_PREFIX, u64be(id));
export const depositKey = (id: bigint, depositor: Uint8Array) => join(depositsPrefix(id), depositor);
export const votesPrefix = (id: bigint) => join(VOTE_PREFIX, u64be(id));
export const voteKey = (id: bigint, voter: Uint8Array) => join(votesPrefix(id), voter);
