// Receipts and logs as Ethereum's JSON-RPC answers them, from the app's Receipt and LogEntry
// records and the hash of the block they sit in.
import type { Log, Receipt } from "../../gen/chain/evm/evm_pb.js";
import type { LogEntry } from "../../gen/chain/evm/query_pb.js";
import { addressOrNull, data, quantity } from "../codec/hex.js";

export interface LogPlacement {
  blockHash: Uint8Array;
  blockNumber: bigint;
  txHash: Uint8Array;
  txIndex: number;
  logIndex: number;
}

export function logJson(log: Log, at: LogPlacement): Record<string, unknown> {
  return {
    address: data(log.address),
    topics: log.topics.map(data),
    data: data(log.data),
    blockNumber: quantity(at.blockNumber),
    blockHash: data(at.blockHash),
    transactionHash: data(at.txHash),
    transactionIndex: quantity(at.txIndex),
    logIndex: quantity(at.logIndex),
    removed: false,
  };
}

export function logEntryJson(entry: LogEntry): Record<string, unknown> {
  return logJson(entry.log!, {
    blockHash: entry.blockHash,
    blockNumber: entry.blockHeight,
    txHash: entry.txHash,
    txIndex: entry.txIndex,
    logIndex: entry.logIndex,
  });
}

/** The logs of one receipt with their block-wide indexes. */
export function receiptLogs(r: Receipt, blockHash: Uint8Array): Array<{ log: Log; json: Record<string, unknown> }> {
  return r.logs.map((log, i) => ({
    log,
    json: logJson(log, { blockHash, blockNumber: r.blockHeight, txHash: r.txHash, txIndex: r.txIndex, logIndex: r.firstLogIndex + i }),
  }));
}

export function receiptJson(r: Receipt, blockHash: Uint8Array): Record<string, unknown> {
  return {
    transactionHash: data(r.txHash),
    transactionIndex: quantity(r.txIndex),
    blockHash: data(blockHash),
    blockNumber: quantity(r.blockHeight),
    from: data(r.from),
    to: addressOrNull(r.to),
    cumulativeGasUsed: quantity(r.cumulativeGasUsed),
    gasUsed: quantity(r.gasUsed),
    contractAddress: addressOrNull(r.contractAddress),
    logs: receiptLogs(r, blockHash).map((l) => l.json),
    logsBloom: data(r.bloom),
    type: quantity(r.txType),
    status: quantity(r.status),
    effectiveGasPrice: quantity(BigInt(r.effectiveGasPrice || "0")),
  };
}
