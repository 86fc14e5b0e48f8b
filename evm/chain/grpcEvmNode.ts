// EvmNode over the node's own APIs: chain.evm.Query on the app's gRPC server (state at a height
// through the x-cosmos-block-height metadata, whose echo also tells the committed height), and
// CometBFT's JSON-RPC for blocks, the mempool, peers and broadcasting.
import type { Params } from "../../gen/chain/evm/evm_pb.js";
import { Query, type QueryAccountResponse, type QueryCallResponse, type QueryEstimateGasResponse } from "../../gen/chain/evm/query_pb.js";
import { GrpcCode } from "../../common/errors.js";
import { Http2UnaryClient } from "../../common/grpc/http2UnaryClient.js";
import type { CallOptions } from "../../common/grpc/unaryClient.js";
import { heightError } from "../../common/comet/blocks.js";
import type { Json } from "../../common/comet/json.js";
import { CometRpcClient, CometRpcError } from "../../common/comet/rpcClient.js";
import type { CallArgsInit, CheckTxAnswer, CometBlock, CometSyncStatus, EvmNode, LogsRequestInit, StateAt } from "./evmNode.js";
import { grpcCodeOf, nodeError } from "./nodeErrors.js";
import { CometBroadcaster, type BroadcastAnswer } from "./cometBroadcaster.js";
import { RpcCode, RpcError, serverError } from "../rpc/errors.js";

export interface GrpcEvmNodeOptions {
  /** `host:port` of the app's gRPC server. */
  grpcAddress: string;
  /** CometBFT's RPC, e.g. http://127.0.0.1:26657. */
  cometUrl: string;
  /** Deadline of each call. */
  timeoutMs: number;
}

/** Blocks with thousands of receipts and log queries of 10,000 logs exceed grpc-js's 4 MiB default. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export class GrpcEvmNode implements EvmNode {
  /** Unary calls over our own HTTP/2 connection: every eth_call and state read takes this path. */
  private readonly grpc: Http2UnaryClient;
  private readonly comet: CometRpcClient;
  /** eth_sendRawTransaction's path to the mempool, on its own keep-alive connections. */
  private readonly broadcaster: CometBroadcaster;

  constructor(private readonly options: GrpcEvmNodeOptions) {
    this.grpc = new Http2UnaryClient(options.grpcAddress, { maxReceiveBytes: MAX_MESSAGE_BYTES });
    this.comet = new CometRpcClient(options.cometUrl, options.timeoutMs);
    this.broadcaster = new CometBroadcaster(options.cometUrl, options.timeoutMs);
  }

  private opts(at: StateAt = {}): CallOptions {
    // The height travels as a JS number; one past 2^53 cannot be sent exactly, and names no block.
    if (at.height !== undefined && at.height > BigInt(Number.MAX_SAFE_INTEGER)) throw serverError("header not found");
    return { timeoutMs: this.options.timeoutMs, ...(at.height !== undefined ? { height: Number(at.height) } : {}) };
  }

  private async guarded<T>(method: string, work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (err) {
      throw nodeError(err, `chain.evm.Query/${method}`);
    }
  }

  async committedHeight(): Promise<bigint> {
    return BigInt((await this.guarded("Params", this.grpc.call(Query, "params", {}, this.opts()))).height);
  }

  async params(): Promise<Params> {
    const { response } = await this.guarded("Params", this.grpc.call(Query, "params", {}, this.opts()));
    if (!response.params) throw new RpcError(RpcCode.internal, "chain.evm.Query/Params answered without params");
    return response.params;
  }

  async account(address: Uint8Array, at: StateAt & { pending?: boolean }): Promise<QueryAccountResponse> {
    return (await this.guarded("Account", this.grpc.call(Query, "account", { address: hex0x(address), pending: at.pending ?? false }, this.opts(at)))).response;
  }

  async code(address: Uint8Array, at: StateAt): Promise<Uint8Array> {
    return (await this.guarded("Code", this.grpc.call(Query, "code", { address: hex0x(address) }, this.opts(at)))).response.code;
  }

  async storage(address: Uint8Array, slot: Uint8Array, at: StateAt): Promise<Uint8Array> {
    return (await this.guarded("Storage", this.grpc.call(Query, "storage", { address: hex0x(address), slot: hex0x(slot) }, this.opts(at)))).response.value;
  }

  async call(args: CallArgsInit, at: StateAt): Promise<QueryCallResponse> {
    return (await this.guarded("Call", this.grpc.call(Query, "call", { args }, this.opts(at)))).response;
  }

  async estimateGas(args: CallArgsInit, at: StateAt): Promise<QueryEstimateGasResponse> {
    return (await this.guarded("EstimateGas", this.grpc.call(Query, "estimateGas", { args }, this.opts(at)))).response;
  }

  async evmBlock(height: bigint, withReceipts: boolean) {
    try {
      const { response } = await this.grpc.call(Query, "block", { height, includeReceipts: withReceipts }, this.opts());
      return response.block ? { block: response.block, receipts: response.receipts } : undefined;
    } catch (err) {
      if (grpcCodeOf(err) === GrpcCode.NOT_FOUND) return undefined;
      throw nodeError(err, "chain.evm.Query/Block");
    }
  }

  async logs(request: LogsRequestInit) {
    try {
      const { response } = await this.grpc.call(Query, "logs", request, this.opts());
      return response.logs;
    } catch (err) {
      // The server passes only ranges it checked; what the app refuses is one of its limits.
      if (grpcCodeOf(err) === GrpcCode.INVALID_ARGUMENT) throw new RpcError(RpcCode.limitExceeded, nodeError(err, "logs").message);
      throw nodeError(err, "chain.evm.Query/Logs");
    }
  }

  async receipt(txHash: Uint8Array) {
    try {
      const { response } = await this.grpc.call(Query, "receipt", { txHash: hex0x(txHash) }, this.opts());
      return response.receipt;
    } catch (err) {
      if (grpcCodeOf(err) === GrpcCode.NOT_FOUND) return undefined;
      throw nodeError(err, "chain.evm.Query/Receipt");
    }
  }

  async cometBlock(height: bigint): Promise<CometBlock | undefined> {
    let result: Json;
    try {
      result = await this.comet.block(height);
    } catch (err) {
      const mapped = heightError(err, height);
      const code = grpcCodeOf(mapped);
      if (code === GrpcCode.OUT_OF_RANGE || code === GrpcCode.NOT_FOUND) return undefined;
      throw nodeError(mapped, "CometBFT /block");
    }
    return this.readBlock(result, "CometBFT /block");
  }

  async cometHeightByHash(hash: Uint8Array): Promise<bigint | undefined> {
    try {
      const result = await this.comet.call("block_by_hash", { hash: Buffer.from(hash).toString("base64") });
      return result.opt("block")?.get("header").get("height").bigint();
    } catch (err) {
      throw nodeError(err, "CometBFT /block_by_hash");
    }
  }

  private readBlock(result: Json, what: string): CometBlock | undefined {
    try {
      const block = result.opt("block");
      if (!block) return undefined;
      const header = block.get("header");
      const parent = header.opt("last_block_id")?.opt("hash")?.hex() ?? new Uint8Array();
      return {
        height: header.get("height").bigint(),
        hash: result.get("block_id").get("hash").hex(),
        parentHash: parent.length === 32 ? parent : new Uint8Array(32),
        appHash: header.get("app_hash").hex(),
        txs: (block.opt("data")?.opt("txs")?.list() ?? []).map((tx) => tx.base64()),
      };
    } catch (err) {
      throw nodeError(err, what);
    }
  }

  async syncStatus(): Promise<CometSyncStatus> {
    try {
      const sync = (await this.comet.status()).get("sync_info");
      return {
        latestHeight: sync.get("latest_block_height").bigint(),
        earliestHeight: sync.get("earliest_block_height").bigint(),
        catchingUp: sync.get("catching_up").bool(),
      };
    } catch (err) {
      throw nodeError(err, "CometBFT /status");
    }
  }

  async peerCount(): Promise<number> {
    try {
      return (await this.comet.call("net_info", {})).get("n_peers").int();
    } catch (err) {
      throw nodeError(err, "CometBFT /net_info");
    }
  }

  async unconfirmedTxs(limit: number): Promise<Uint8Array[]> {
    try {
      return ((await this.comet.call("unconfirmed_txs", { limit: String(limit) })).opt("txs")?.list() ?? []).map((tx) => tx.base64());
    } catch (err) {
      throw nodeError(err, "CometBFT /unconfirmed_txs");
    }
  }

  async hasCommittedTx(sha256Hash: Uint8Array): Promise<boolean> {
    try {
      await this.comet.tx(sha256Hash);
      return true;
    } catch (err) {
      // "not found", or a node that does not index txs: either way it is not known to be committed.
      if (err instanceof CometRpcError) return false;
      throw nodeError(err, "CometBFT /tx");
    }
  }

  async broadcastTxSync(tx: Uint8Array): Promise<CheckTxAnswer> {
    let answer: BroadcastAnswer;
    try {
      answer = await this.broadcaster.broadcastTxSync(tx);
    } catch (err) {
      // CometBFT's own refusals, in the words geth uses for the same situations.
      if (err instanceof CometRpcError && /tx already exists in cache/.test(err.data)) throw serverError("already known");
      if (err instanceof CometRpcError && /mempool is full/.test(err.data)) throw serverError(`txpool is full: ${err.data}`);
      if (err instanceof CometRpcError) throw serverError(err.data);
      throw nodeError(err, "CometBFT /broadcast_tx_sync");
    }
    return answer;
  }

  close(): void {
    this.grpc.close();
    this.broadcaster.close();
  }
}

function hex0x(bytes: Uint8Array): string {
  return `0x${Buffer.from(bytes).toString("hex")}`;
}
