// chain.evm.Query/Logs: eth_getLogs over the EvmBlock records of a height range. A block whose
// bloom cannot hold the filter's address and topics is skipped without reading its tx hashes or
// receipts.
// Matching is Ethereum's: the address is any of `addresses` (any at all when empty) and for each
// position i, topics[i] is a wildcard when empty, else the log's i-th topic is one of it.
import { fromBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { equalsBytes } from "@ethereumjs/util";
import { Bloom } from "@ethereumjs/vm";
import { EvmBlockSchema, type Log } from "../../../gen/chain/evm/evm_pb.js";
import type { LogEntrySchema, QueryLogsRequest, QueryLogsResponseSchema } from "../../../gen/chain/evm/query_pb.js";
import { invalidArgument, QueryError } from "../../query/service.js";
import { GrpcCode } from "../../errors.js";
import { moduleReader } from "../../store/prefixStore.js";
import type { KVReader } from "../../store/types.js";
import { withTxHashes } from "./evmBlocks.js";
import { EVM_STORE, evmBlockKey } from "./keys.js";
import { fixedBytesArg } from "./queryArgs.js";
import { getReceipt } from "./receipts.js";

/** Most blocks one query may span. */
export const MAX_LOG_BLOCKS = 10_000n;
/** Most logs one query may answer. */
export const MAX_LOGS = 10_000;
/** Most addresses, and most topics per position, a filter may list. */
export const MAX_FILTER_VALUES = 1_000;
/** A log has at most four topics, so a filter has at most four positions. */
export const MAX_TOPIC_POSITIONS = 4;

interface LogFilter {
  addresses: Uint8Array[];
  /** Per position; an empty set is a wildcard. */
  topics: Uint8Array[][];
}

/** `latest` is the latest committed state: logs are read from it whatever height was asked. */
export function logsQuery(req: QueryLogsRequest, latest: { state: KVReader; height: number }): MessageInitShape<typeof QueryLogsResponseSchema> {
  const filter = filterArg(req);
  if (req.fromHeight > req.toHeight) throw invalidArgument(`from_height ${req.fromHeight} is above to_height ${req.toHeight}`);
  const to = req.toHeight < BigInt(latest.height) ? req.toHeight : BigInt(latest.height);
  if (req.fromHeight > to) return { logs: [] };
  const span = to - req.fromHeight + 1n;
  if (span > MAX_LOG_BLOCKS) {
    throw invalidArgument(`the range ${req.fromHeight}..${to} spans ${span} blocks, more than the limit of ${MAX_LOG_BLOCKS} per query: split it into ranges of at most ${MAX_LOG_BLOCKS} blocks`);
  }
  const evmStore = moduleReader(latest.state, EVM_STORE);
  const logs: MessageInitShape<typeof LogEntrySchema>[] = [];
  for (const { value } of evmStore.iterator({ start: evmBlockKey(req.fromHeight), end: evmBlockKey(to + 1n) })) {
    const record = fromBinary(EvmBlockSchema, value);
    if (!bloomMayMatch(record.bloom, filter)) continue;
    const block = withTxHashes(evmStore, record);
    block.txHashes.forEach((txHash, txIndex) => {
      const receipt = getReceipt(evmStore, txHash);
      if (!receipt) throw new QueryError(GrpcCode.INTERNAL, `block ${block.height} lists tx 0x${Buffer.from(txHash).toString("hex")} without a receipt`);
      receipt.logs.forEach((log, i) => {
        if (!logMatches(log, filter)) return;
        if (logs.length === MAX_LOGS) {
          throw invalidArgument(`more than ${MAX_LOGS} logs match in ${req.fromHeight}..${to}: narrow the block range, or the filter's addresses and topics`);
        }
        logs.push({ log, blockHeight: block.height, blockHash: block.hash, txHash, txIndex, logIndex: receipt.firstLogIndex + i });
      });
    });
  }
  return { logs };
}

function filterArg(req: QueryLogsRequest): LogFilter {
  if (req.addresses.length > MAX_FILTER_VALUES) throw invalidArgument(`a filter lists at most ${MAX_FILTER_VALUES} addresses, got ${req.addresses.length}`);
  if (req.topics.length > MAX_TOPIC_POSITIONS) throw invalidArgument(`a filter has at most ${MAX_TOPIC_POSITIONS} topic positions (a log has at most 4 topics), got ${req.topics.length}`);
  return {
    addresses: req.addresses.map((a, i) => fixedBytesArg(a, 20, `addresses[${i}]`)),
    topics: req.topics.map((set, p) => {
      if (set.anyOf.length > MAX_FILTER_VALUES) throw invalidArgument(`topics[${p}] lists at most ${MAX_FILTER_VALUES} topics, got ${set.anyOf.length}`);
      return set.anyOf.map((t, i) => fixedBytesArg(t, 32, `topics[${p}].any_of[${i}]`));
    }),
  };
}

/** False when the block's bloom proves that none of its logs can match. */
function bloomMayMatch(bitvector: Uint8Array, filter: LogFilter): boolean {
  const bloom = new Bloom(bitvector);
  if (filter.addresses.length > 0 && !filter.addresses.some((a) => bloom.check(a))) return false;
  return filter.topics.every((set) => set.length === 0 || set.some((t) => bloom.check(t)));
}

function logMatches(log: Log, filter: LogFilter): boolean {
  if (filter.addresses.length > 0 && !filter.addresses.some((a) => equalsBytes(a, log.address))) return false;
  return filter.topics.every((set, i) => {
    if (set.length === 0) return true;
    const topic = log.topics[i];
    return topic !== undefined && set.some((t) => equalsBytes(t, topic));
  });
}
