// chain.evm.Query/Logs: eth_getLogs over the EvmBlock records of a height range. A block whose
// bloom cannot hold the filter's address and topics is skipped without reading its tx hashes or
// receipts. The filter's values are hashed into bloom bits once per query and matched by set
// lookup, so a filter of 1,000 addresses costs a block a few byte tests, not 1,000 keccaks, and a
// log one lookup, not 1,000 comparisons: hashed per block, such a filter over 10,000 blocks holds
// the event loop, and so consensus, for over a minute. The scan runs on a time budget
// (queryLimits.ts).
// Matching is Ethereum's: the address is any of `addresses` (any at all when empty) and for each
// position i, topics[i] is a wildcard when empty, else the log's i-th topic is one of it.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { keccak256 } from "../../../../sdk/crypto/hashes.js";
import type { Log } from "../../../../gen/chain/evm/evm_pb.js";
import type { LogEntrySchema, QueryLogsRequest, QueryLogsResponseSchema } from "../../../../gen/chain/evm/query_pb.js";
import type { QueryBudget } from "../../../query/budget.js";
import { invalidArgument, QueryError } from "../../../../common/grpc/queryError.js";
import { GrpcCode } from "../../../../common/errors.js";
import type { StateReader } from "../../../store/types.js";
import type { EvmKeeper } from "../state/keeper.js";
import { fixedBytesArg } from "./queryArgs.js";

/** Most blocks one query may span. */
export const MAX_LOG_BLOCKS = 10_000n;
/** Most logs one query may answer. */
export const MAX_LOGS = 10_000;
/** Most addresses, and most topics per position, a filter may list. */
export const MAX_FILTER_VALUES = 1_000;
/** A log has at most four topics, so a filter has at most four positions. */
export const MAX_TOPIC_POSITIONS = 4;

/** A checked request: the range as asked and the filter, each value's bloom bits computed once. */
export interface LogsRequest {
  fromHeight: bigint;
  toHeight: bigint;
  /** Lowercase hex; empty: any address. */
  addresses: Set<string>;
  /** Per position: lowercase hex topics; an empty set is a wildcard. */
  topics: Set<string>[];
  /** The bloom bits of each address, and of each topic per position. */
  addressBits: BloomBits[];
  topicBits: BloomBits[][];
}

/** Where one value sets its (at most 3) bits in a 256-byte bloom: byte index and mask. */
export type BloomBits = [index: number, mask: number][];

/** Checks the request's range and filter; INVALID_ARGUMENT naming the field. Nothing is read yet. */
export function parseLogsRequest(req: QueryLogsRequest): LogsRequest {
  if (req.addresses.length > MAX_FILTER_VALUES) throw invalidArgument(`a filter lists at most ${MAX_FILTER_VALUES} addresses, got ${req.addresses.length}`);
  if (req.topics.length > MAX_TOPIC_POSITIONS)
    throw invalidArgument(`a filter has at most ${MAX_TOPIC_POSITIONS} topic positions (a log has at most 4 topics), got ${req.topics.length}`);
  const addresses = req.addresses.map((a, i) => fixedBytesArg(a, 20, `addresses[${i}]`));
  const topics = req.topics.map((set, p) => {
    if (set.anyOf.length > MAX_FILTER_VALUES) throw invalidArgument(`topics[${p}] lists at most ${MAX_FILTER_VALUES} topics, got ${set.anyOf.length}`);
    return set.anyOf.map((t, i) => fixedBytesArg(t, 32, `topics[${p}].any_of[${i}]`));
  });
  if (req.fromHeight > req.toHeight) throw invalidArgument(`from_height ${req.fromHeight} is above to_height ${req.toHeight}`);
  return {
    fromHeight: req.fromHeight,
    toHeight: req.toHeight,
    addresses: new Set(addresses.map(hex)),
    topics: topics.map((set) => new Set(set.map(hex))),
    addressBits: addresses.map(bloomBits),
    topicBits: topics.map((set) => set.map(bloomBits)),
  };
}

/**
 * The matching logs, from `latest` (the latest committed state: logs are read from it whatever
 * height was asked). Asynchronous: it ticks `budget` per block and per receipt, so a scan gives the
 * event loop its turns, and stops when the budget is spent.
 */
export async function logsQuery(
  keeper: EvmKeeper,
  req: LogsRequest,
  latest: { state: StateReader; height: number },
  budget: QueryBudget,
): Promise<MessageInitShape<typeof QueryLogsResponseSchema>> {
  const to = req.toHeight < BigInt(latest.height) ? req.toHeight : BigInt(latest.height);
  if (req.fromHeight > to) return { logs: [] };
  const span = to - req.fromHeight + 1n;
  if (span > MAX_LOG_BLOCKS) {
    throw invalidArgument(
      `the range ${req.fromHeight}..${to} spans ${span} blocks, more than the limit of ${MAX_LOG_BLOCKS} per query: split it into ranges of at most ${MAX_LOG_BLOCKS} blocks`,
    );
  }
  const logs: MessageInitShape<typeof LogEntrySchema>[] = [];
  for (const record of keeper.blocks(latest.state, req.fromHeight, to)) {
    await budget.tick();
    if (!bloomMayMatch(record.bloom, req)) continue;
    const block = keeper.withTxHashes(latest.state, record);
    for (const [txIndex, txHash] of block.txHashes.entries()) {
      await budget.tick();
      const receipt = keeper.receiptAt(latest.state, block.height, txIndex);
      if (!receipt) throw new QueryError(GrpcCode.INTERNAL, `block ${block.height} lists tx 0x${Buffer.from(txHash).toString("hex")} without a receipt`);
      receipt.logs.forEach((log, i) => {
        if (!logMatches(log, req)) return;
        if (logs.length === MAX_LOGS) {
          throw invalidArgument(`more than ${MAX_LOGS} logs match in ${req.fromHeight}..${to}: narrow the block range, or the filter's addresses and topics`);
        }
        logs.push({ log, blockHeight: block.height, blockHash: block.hash, txHash, txIndex, logIndex: receipt.firstLogIndex + i });
      });
    }
  }
  return { logs };
}

/**
 * The bits `value` sets in a 2048-bit logs bloom (the yellow paper's M3:2048: the low 11 bits of
 * each of the first three big-endian byte pairs of its keccak256 pick a bit, counted from the
 * bloom's last byte): hashed once per query, not per block.
 */
export function bloomBits(value: Uint8Array): BloomBits {
  const hash = keccak256(value);
  const masks = new Map<number, number>();
  for (let i = 0; i < 6; i += 2) {
    const bit = ((hash[i]! << 8) | hash[i + 1]!) & 2047;
    const index = 255 - (bit >> 3);
    masks.set(index, (masks.get(index) ?? 0) | (1 << (bit & 7)));
  }
  return [...masks].sort(([a], [b]) => a - b);
}

function bloomHas(bloom: Uint8Array, bits: BloomBits): boolean {
  return bits.every(([index, mask]) => ((bloom[index] ?? 0) & mask) === mask);
}

/** False when the block's bloom proves that none of its logs can match. */
function bloomMayMatch(bloom: Uint8Array, req: LogsRequest): boolean {
  if (req.addressBits.length > 0 && !req.addressBits.some((bits) => bloomHas(bloom, bits))) return false;
  return req.topicBits.every((set) => set.length === 0 || set.some((bits) => bloomHas(bloom, bits)));
}

/** Set lookups: a log costs the same however many values the filter lists. */
function logMatches(log: Log, req: LogsRequest): boolean {
  if (req.addresses.size > 0 && !req.addresses.has(hex(log.address))) return false;
  return req.topics.every((set, i) => {
    if (set.size === 0) return true;
    const topic = log.topics[i];
    return topic !== undefined && set.has(hex(topic));
  });
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}
