// What the JSON-RPC server needs from the node, in one interface: committed EVM state through the
// app's gRPC server (chain.evm.Query), blocks, the mempool and broadcasting through CometBFT's RPC.
// Methods take and return bytes and bigints; failures are RpcErrors ready to answer with, and
// "there is no such thing" is undefined, never an error.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { EvmBlock, Params, Receipt } from "../../gen/chain/evm/evm_pb.js";
import type {
  CallArgsSchema,
  LogEntry,
  QueryAccountResponse,
  QueryCallResponse,
  QueryEstimateGasResponse,
  QueryLogsRequestSchema,
} from "../../gen/chain/evm/query_pb.js";

export type CallArgsInit = MessageInitShape<typeof CallArgsSchema>;
export type LogsRequestInit = MessageInitShape<typeof QueryLogsRequestSchema>;

/** The CometBFT side of a block: what the EVM block's hash, parent and raw txs come from. */
export interface CometBlock {
  height: bigint;
  hash: Uint8Array;
  /** The previous block's hash (32 zero bytes for the first block). */
  parentHash: Uint8Array;
  /** The header's app hash: the app state after the previous block. */
  appHash: Uint8Array;
  /** Every tx of the block, Cosmos and Ethereum, in block order. */
  txs: Uint8Array[];
}

export interface CometSyncStatus {
  latestHeight: bigint;
  earliestHeight: bigint;
  catchingUp: boolean;
}

/** CheckTx's answer to a broadcast tx (code 0: in the mempool). */
export interface CheckTxAnswer {
  code: number;
  codespace: string;
  log: string;
}

/** Which committed state to read: the state after block `height`, or the latest when absent. */
export interface StateAt {
  height?: bigint;
}

export interface EvmNode {
  /** The app's latest committed height (CometBFT's /status can be one block ahead of it). */
  committedHeight(): Promise<bigint>;
  params(): Promise<Params>;
  account(address: Uint8Array, at: StateAt & { pending?: boolean }): Promise<QueryAccountResponse>;
  code(address: Uint8Array, at: StateAt): Promise<Uint8Array>;
  storage(address: Uint8Array, slot: Uint8Array, at: StateAt): Promise<Uint8Array>;
  call(args: CallArgsInit, at: StateAt): Promise<QueryCallResponse>;
  estimateGas(args: CallArgsInit, at: StateAt): Promise<QueryEstimateGasResponse>;
  /** The EvmBlock record at `height` (and its receipts, in order), undefined when there is none. */
  evmBlock(height: bigint, withReceipts: boolean): Promise<{ block: EvmBlock; receipts: Receipt[] } | undefined>;
  logs(request: LogsRequestInit): Promise<LogEntry[]>;
  receipt(txHash: Uint8Array): Promise<Receipt | undefined>;
  cometBlock(height: bigint): Promise<CometBlock | undefined>;
  cometHeightByHash(hash: Uint8Array): Promise<bigint | undefined>;
  syncStatus(): Promise<CometSyncStatus>;
  peerCount(): Promise<number>;
  /** Up to `limit` txs of CometBFT's mempool, oldest first. */
  unconfirmedTxs(limit: number): Promise<Uint8Array[]>;
  /** Whether CometBFT has the tx (by its sha256) in a committed block, whatever its result; false when it cannot tell. */
  hasCommittedTx(sha256Hash: Uint8Array): Promise<boolean>;
  broadcastTxSync(tx: Uint8Array): Promise<CheckTxAnswer>;
  close(): void;
}
