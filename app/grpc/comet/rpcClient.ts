// A JSON-RPC client for the local CometBFT's RPC (127.0.0.1:<ports.rpc>), for the gRPC methods
// that answer from consensus data (blocks, txs, node info) or hand a tx to the mempool. Failures
// are QueryErrors so the gRPC server maps them like any other: unreachable → UNAVAILABLE, a shape
// this node does not understand → INTERNAL, an error CometBFT reports → UNKNOWN unless the caller
// recognises it (CometRpcError.data carries CometBFT's reason).
import { GrpcCode } from "../../errors.js";
import { QueryError } from "../../query/service.js";
import { Json, parseJson } from "./json.js";

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
  private nextId = 1;

  constructor(
    /** e.g. `http://127.0.0.1:26657` */
    readonly url: string,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

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

  /** One JSON-RPC call over HTTP POST; resolves to the `result` member. */
  async call(method: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<Json> {
    const id = this.nextId++;
    const timeout = AbortSignal.timeout(this.timeoutMs);
    let text: string;
    try {
      const res = await fetch(this.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      text = await res.text();
    } catch (err) {
      if (signal?.aborted) throw new QueryError(GrpcCode.CANCELLED, `${method}: call cancelled`);
      if (timeout.aborted) throw new CometUnavailableError(`CometBFT RPC at ${this.url} did not answer ${method} within ${this.timeoutMs} ms`);
      const cause = (err as Error & { cause?: Error }).cause?.message ?? (err as Error).message;
      throw new CometUnavailableError(`CometBFT RPC at ${this.url} is unreachable (${method}): ${cause}`);
    }
    const body = parseJson(text, method);
    const error = body.opt("error");
    if (error) {
      throw new CometRpcError(method, error.opt("code")?.int() ?? 0, error.opt("data")?.str() || error.opt("message")?.str() || "error without a message");
    }
    return body.get("result");
  }
}
