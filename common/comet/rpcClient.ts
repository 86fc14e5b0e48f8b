// A JSON-RPC client for the local CometBFT's RPC (127.0.0.1:<ports.rpc>), for the gRPC methods
// that answer from consensus data (blocks, txs, node info) or hand a tx to the mempool. Failures
// are QueryErrors so the gRPC server maps them like any other: unreachable → UNAVAILABLE, a shape
// this node does not understand → INTERNAL, an error CometBFT reports → UNKNOWN unless the caller
// recognises it (CometRpcError.data carries CometBFT's reason).
import { GrpcCode } from "../errors.js";
import { QueryError } from "../grpc/queryError.js";
import { CometRpcClient as SdkCometRpcClient, describeNetworkError } from "../../sdk/client/cometRpcClient.js";
import { NodeUnreachableError, RpcResponseError, UnexpectedResponseError } from "../../sdk/client/errors.js";
import { CometShapeError, Json } from "./json.js";

export class CometUnavailableError extends QueryError {
  override name = "CometUnavailableError";
  constructor(message: string) {
    super(GrpcCode.UNAVAILABLE, message);
  }
}

/** CometBFT answered the call with a JSON-RPC error. */
export class CometRpcError extends QueryError {
  override name = "CometRpcError";
  constructor(
    readonly method: string,
    readonly rpcCode: number,
    /** CometBFT's reason, e.g. `tx (ABC...) not found`; its `message` is only "Internal error". */
    readonly data: string,
  ) {
    super(GrpcCode.UNKNOWN, `CometBFT ${method}: ${data}`);
  }
}

export type OrderBy = "asc" | "desc" | "";

export interface TxSearchParams {
  query: string;
  page: number;
  perPage: number;
  orderBy: OrderBy;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export class CometRpcClient {
  /** The client SDK's JSON-RPC transport; this class adds the calls gRPC needs and maps failures to gRPC statuses. */
  private readonly rpc: SdkCometRpcClient;

  constructor(
    /** e.g. `http://127.0.0.1:26657` */
    readonly url: string,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {
    this.rpc = new SdkCometRpcClient(url, { timeoutMs });
  }

  /** `/status`: node info and sync info. */
  status(signal?: AbortSignal): Promise<Json> {
    return this.call("status", {}, signal);
  }

  /** `/block`: the block and its id at `height`, or the latest one. */
  block(height: bigint | undefined, signal?: AbortSignal): Promise<Json> {
    return this.call("block", height === undefined ? {} : { height: height.toString() }, signal);
  }

  /** `/header`: only the header at `height` (a tx's timestamp needs no more). */
  header(height: bigint, signal?: AbortSignal): Promise<Json> {
    return this.call("header", { height: height.toString() }, signal);
  }

  /** `/tx`: a committed tx by its sha256 hash. */
  tx(hash: Uint8Array, signal?: AbortSignal): Promise<Json> {
    return this.call("tx", { hash: Buffer.from(hash).toString("base64"), prove: false }, signal);
  }

  /** `/tx_search`: committed txs matching an event query, one page. */
  txSearch(p: TxSearchParams, signal?: AbortSignal): Promise<Json> {
    return this.call("tx_search", { query: p.query, prove: false, page: String(p.page), per_page: String(p.perPage), order_by: p.orderBy }, signal);
  }

  /** `/broadcast_tx_sync` (waits for CheckTx) or `/broadcast_tx_async` (returns at once). */
  broadcastTx(mode: "sync" | "async", tx: Uint8Array, signal?: AbortSignal): Promise<Json> {
    return this.call(`broadcast_tx_${mode}`, { tx: Buffer.from(tx).toString("base64") }, signal);
  }

  /** One JSON-RPC call; resolves to the `result` member for checked reading. */
  async call(method: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<Json> {
    try {
      return new Json(await this.rpc.call(method, params, signal), `${method}.result`);
    } catch (err) {
      if (signal?.aborted) throw new QueryError(GrpcCode.CANCELLED, `${method}: call cancelled`);
      if (err instanceof NodeUnreachableError) {
        throw new CometUnavailableError(`CometBFT RPC at ${this.url} is unreachable (${method}): ${describeNetworkError(err.cause, this.timeoutMs)}`);
      }
      if (err instanceof RpcResponseError) throw new CometRpcError(method, err.code, err.data || err.rpcMessage || "error without a message");
      if (err instanceof UnexpectedResponseError) {
        throw err.body === undefined
          ? new CometShapeError(`${method}.result`, "a value", undefined)
          : new CometShapeError(method, "JSON", err.body.slice(0, 80));
      }
      throw err;
    }
  }
}
