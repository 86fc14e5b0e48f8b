// The explorer's read-only window on CometBFT's RPC: POST /explorer/rpc with one JSON-RPC 2.0
// request whose method is one of a few readers (blocks, results, txs, validators, status) is passed
// to the node's CometBFT RPC and its answer passed back. The page then reads CometBFT from its own
// origin: no CORS setting on CometBFT, and nothing that writes (broadcast_tx_*, unsafe_*, dial_*)
// can be reached this way.
import type Koa from "koa";
import { GrpcCode } from "../../../common/errors.js";
import { RestError } from "../restErrors.js";

/** The CometBFT RPC methods the explorer reads; every other method is refused. */
export const PROXIED_METHODS: readonly string[] = ["status", "block", "block_results", "blockchain", "tx", "tx_search", "validators"];

/** A request for these methods is a few hundred bytes. */
const MAX_REQUEST_BYTES = 16 * 1024;
/** A block_results of a full block stays far below this. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/** Calls passed on at once; more get 429, as the gateway's own routes do. */
const MAX_IN_FLIGHT = 64;

export interface CometProxyOptions {
  /** The node's CometBFT RPC, e.g. http://127.0.0.1:26657. */
  cometRpcUrl: string;
  timeoutMs: number;
}

/** JSON-RPC's own error answer: the SDK's CometRpcClient and CosmJS read it as an RPC error. */
function rpcError(ctx: Koa.Context, status: number, id: unknown, code: number, message: string, data = ""): void {
  ctx.status = status;
  ctx.body = { jsonrpc: "2.0", id: id ?? -1, error: { code, message, data } };
}

export function createCometProxy(options: CometProxyOptions): (ctx: Koa.Context) => Promise<void> {
  let inFlight = 0;
  return async (ctx) => {
    if (ctx.method !== "POST")
      throw new RestError(GrpcCode.UNIMPLEMENTED, `${ctx.path} takes one JSON-RPC request by POST (methods: ${PROXIED_METHODS.join(", ")})`, 405, {
        Allow: "POST",
      });
    const body = await readBody(ctx.req, MAX_REQUEST_BYTES);
    let request: { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
    try {
      request = JSON.parse(body) as typeof request;
    } catch {
      return rpcError(ctx, 400, null, -32700, "Parse error", "the body is not JSON");
    }
    if (request === null || typeof request !== "object" || Array.isArray(request))
      return rpcError(ctx, 400, null, -32600, "Invalid Request", "send one JSON-RPC 2.0 request object (batches are not passed on)");
    const id = typeof request.id === "number" || typeof request.id === "string" ? request.id : -1;
    if (typeof request.method !== "string" || !PROXIED_METHODS.includes(request.method))
      return rpcError(
        ctx,
        403,
        id,
        -32601,
        "Method not found",
        `the explorer's read-only proxy passes on only ${PROXIED_METHODS.join(", ")}; use the node's CometBFT RPC for anything else`,
      );
    const params = request.params ?? {};
    if (typeof params !== "object" || params === null) return rpcError(ctx, 400, id, -32602, "Invalid params", "params must be an object or an array");
    if (inFlight >= MAX_IN_FLIGHT)
      throw new RestError(GrpcCode.RESOURCE_EXHAUSTED, `the explorer's proxy is passing on ${MAX_IN_FLIGHT} calls already; retry shortly`, 429, {
        "Retry-After": "1",
      });
    inFlight++;
    try {
      await forward(ctx, options, JSON.stringify({ jsonrpc: "2.0", id, method: request.method, params }), id);
    } finally {
      inFlight--;
    }
  };
}

async function forward(ctx: Koa.Context, options: CometProxyOptions, body: string, id: unknown): Promise<void> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(options.cometRpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const length = Number(response.headers.get("content-length") ?? "0");
    if (length > MAX_ANSWER_BYTES) throw new Error(`CometBFT's answer of ${length} bytes is larger than ${MAX_ANSWER_BYTES}`);
    text = await response.text();
  } catch (err) {
    return rpcError(ctx, 502, id, -32603, "CometBFT RPC unreachable", `cannot reach ${options.cometRpcUrl}: ${(err as Error).message}`);
  }
  ctx.status = response.status;
  ctx.type = "application/json";
  ctx.body = text;
}

/** The request body as text, refusing more than `limit` bytes. */
function readBody(req: NodeJS.ReadableStream, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new RestError(GrpcCode.INVALID_ARGUMENT, `the JSON-RPC request is larger than ${limit} bytes`, 413));
        req.removeAllListeners("data");
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
