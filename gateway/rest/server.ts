// The REST gateway's HTTP API (node:http): GET routes from the app's annotated services, each
// answered by one gRPC call to the app, plus /openapi.json. Query-only: any method but GET, HEAD
// and OPTIONS is 405. Every failure, an unknown path included, is `{code, message, details}`.
import { fromBinary, toBinary, type DescMessage, type JsonValue, type MessageShape } from "@bufbuild/protobuf";
import type { ServiceError } from "@grpc/grpc-js";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import Koa from "koa";
import type { Logger } from "pino";
import { GrpcCode } from "../../common/errors.js";
import { HEIGHT_METADATA_KEY, HEIGHT_TEXT } from "../../common/grpc/height.js";
import type { RestBackend, RouteSnapshot } from "./backend.js";
import { applyCors, type CorsPolicy } from "../../common/http/cors.js";
import { headerText, requestTarget, writeJson, writeNoContent, httpApp, type HttpApp } from "../../common/http/plainHttp.js";
import { openApiDocument, type OpenApiInfo } from "./openapi.js";
import { splitRequestPath } from "./pathTemplate.js";
import { buildRequest, RequestParamError, type RequestLimits } from "./requestMessage.js";
import { responseJson } from "./responseJson.js";
import { RestError } from "./restErrors.js";
import { Memo } from "../../common/memo.js";
import type { Route } from "./routes.js";
import { Coalescer } from "./coalesce.js";
import { isExplorerPath } from "./explorer/explorerRoutes.js";
import { isChainInfoPath } from "./chainInfo/chainInfoRoutes.js";

export interface RestLimits extends RequestLimits {
  /** Longest request target (path and query string) accepted, in bytes. */
  maxUrlBytes: number;
  /** Deadline of each gRPC call to the app. */
  callTimeoutMs: number;
  /** Requests answered at once; more wait for none and get 429. */
  maxInFlight: number;
}

export const DEFAULT_REST_LIMITS: RestLimits = {
  maxUrlBytes: 8 * 1024,
  maxParams: 32,
  maxPageLimit: 1000n,
  callTimeoutMs: 10_000,
  maxInFlight: 512,
};

export interface RestAppOptions {
  backend: RestBackend;
  cors: CorsPolicy;
  limits?: Partial<RestLimits>;
  info: OpenApiInfo;
  logger?: Logger;
  /** Answers /explorer and everything under it (the web explorer); absent: those paths are 404. */
  explorer?: (ctx: Koa.Context) => Promise<void>;
  /** Answers /chain-info/keplr and /chain-info/evm (wallet metadata); absent: those paths are 404. */
  chainInfo?: (ctx: Koa.Context) => Promise<void>;
}

const QUERY_ONLY =
  "the REST gateway is query-only and answers GET; send transactions through gRPC (cosmos.tx.v1beta1.Service/BroadcastTx on port 9090) or the consensus RPC (broadcast_tx_sync on port 26657)";

export function createRestApp(options: RestAppOptions): HttpApp {
  const limits: RestLimits = { ...DEFAULT_REST_LIMITS, ...options.limits };
  const docs = new WeakMap<RouteSnapshot, string>();
  const pages = pagesApp(options);
  let inFlight = 0;
  // Identical queries share one call to the app (coalesce.ts).
  const calling: Calling = { backend: options.backend, limits, coalescer: new Coalescer<Answered>(), prepared: new WeakMap() };

  // Plain node:http, not Koa, for the queries: every request would pay the framework's own work
  // (docs/rest.md).
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      if (applyCors(req, res, options.cors)) return;
      const url = req.url ?? "/";
      if (Buffer.byteLength(url) > limits.maxUrlBytes)
        throw new RestError(GrpcCode.INVALID_ARGUMENT, `request URL of ${Buffer.byteLength(url)} bytes exceeds ${limits.maxUrlBytes}`, 414);
      const target = requestTarget(url);
      // Before the app is needed: the page can then say that the node is unreachable.
      if (options.explorer && isExplorerPath(target.path)) return pages!(req, res);
      if (req.method === "OPTIONS") {
        res.setHeader("Allow", "GET, HEAD, OPTIONS");
        return writeNoContent(res);
      }
      if (req.method !== "GET" && req.method !== "HEAD")
        throw new RestError(GrpcCode.UNIMPLEMENTED, `method ${req.method} is not allowed: ${QUERY_ONLY}`, 405, { Allow: "GET, HEAD, OPTIONS" });
      if (options.chainInfo && isChainInfoPath(target.path)) return pages!(req, res);
      const snapshot = options.backend.snapshot();
      if (!snapshot) throw new RestError(GrpcCode.UNAVAILABLE, options.backend.unavailableReason());
      if (target.path === "/openapi.json") {
        let doc = docs.get(snapshot);
        if (doc === undefined) docs.set(snapshot, (doc = JSON.stringify(openApiDocument(snapshot.table, options.info))));
        return writeJson(res, 200, doc);
      }
      if (inFlight >= limits.maxInFlight)
        throw new RestError(GrpcCode.RESOURCE_EXHAUSTED, `the gateway is answering ${limits.maxInFlight} requests already; retry shortly`, 429, {
          "Retry-After": "1",
        });
      inFlight++;
      let answered: Answered;
      try {
        answered = await answer(req, target, snapshot, calling);
      } finally {
        inFlight--;
      }
      if (answered.height > 0) res.setHeader(HEIGHT_METADATA_KEY, String(answered.height));
      writeJson(res, 200, answered.json);
    } catch (err) {
      const failure = toRestError(err, options.logger);
      if (!res.headersSent) for (const [name, value] of Object.entries(failure.headers)) res.setHeader(name, value);
      writeJson(res, failure.httpStatus, JSON.stringify(failure.body()));
    }
  };
  return httpApp(handle, options.logger);
}

/**
 * The pages beside the API (the explorer, the wallets' chain info), whose handlers are written
 * for Koa; the gateway's own checks (CORS, URL length, methods) have run before they are reached.
 */
function pagesApp(options: RestAppOptions): RequestListener | undefined {
  const { explorer, chainInfo } = options;
  if (!explorer && !chainInfo) return undefined;
  const app = new Koa();
  app.on("error", (err: Error) => options.logger?.debug({ err: err.message }, "connection error"));
  app.use(async (ctx) => {
    try {
      if (explorer && isExplorerPath(ctx.path)) await explorer(ctx);
      else await chainInfo!(ctx);
    } catch (err) {
      const failure = toRestError(err, options.logger);
      ctx.status = failure.httpStatus;
      ctx.set(failure.headers);
      ctx.body = failure.body();
    }
  });
  return app.callback();
}

/** What answering a query takes beside the request: one per gateway. */
interface Calling {
  backend: RestBackend;
  limits: RestLimits;
  coalescer: Coalescer<Answered>;
  prepared: PreparedCalls;
}

async function answer(req: IncomingMessage, target: { path: string; query: string }, snapshot: RouteSnapshot, calling: Calling): Promise<Answered> {
  const { backend, limits, coalescer } = calling;
  const heightText = headerText(req, HEIGHT_METADATA_KEY) || undefined;
  if (heightText !== undefined && !HEIGHT_TEXT.test(heightText))
    throw new RestError(
      GrpcCode.INVALID_ARGUMENT,
      `invalid ${HEIGHT_METADATA_KEY} header "${heightText.slice(0, 40)}": expected a non-negative decimal integer`,
    );
  const height = heightText === undefined ? undefined : Number(heightText);
  const { route, bytes, key: callKey } = preparedCall(calling.prepared, snapshot, target, limits);
  const key = `${callKey}\n${height ?? ""}`;
  return coalescer.call(key, async () => {
    const reply = await backend.call(route.grpcPath, bytes, height, limits.callTimeoutMs);
    const message = fromBinary(route.method.output, reply.bytes);
    // The JSON is written once for every request that shares the call.
    return { height: reply.height, json: JSON.stringify(await renderJson(route.method.output, message, snapshot, backend)) };
  });
}

/** The call a request target asks for: a pure function of the target and the snapshot's routes. */
interface PreparedCall {
  route: Route;
  bytes: Uint8Array;
  /** The method and the request, as the coalescer tells calls apart. */
  key: string;
}

/** Request targets seen lately and their calls, per route snapshot; bounded by count and by target bytes. */
const PREPARED_CALLS = 4096;
const PREPARED_TARGET_BYTES = 4 * 1024 * 1024;
type PreparedCalls = WeakMap<RouteSnapshot, Memo<string, PreparedCall>>;

/**
 * The route, request bytes and coalescing key for a request target, built once per target and
 * snapshot: a client polling the same URL skips matching the route and building the message.
 * Only targets that build are kept; a bad one fails again the same way.
 */
function preparedCall(calls: PreparedCalls, snapshot: RouteSnapshot, target: { path: string; query: string }, limits: RestLimits): PreparedCall {
  let memo = calls.get(snapshot);
  if (!memo) calls.set(snapshot, (memo = new Memo(PREPARED_CALLS, { max: PREPARED_TARGET_BYTES, of: (_call, text) => text.length })));
  const text = `${target.path}?${target.query}`;
  const known = memo.get(text);
  if (known) return known;
  const found = snapshot.table.match(splitRequestPath(target.path));
  if (!found) throw new RestError(GrpcCode.NOT_FOUND, `no route for ${target.path.slice(0, 200)}: see /openapi.json for the routes this node serves`);
  const { route, params } = found;
  let request;
  try {
    request = buildRequest(route.method.input, params, new URLSearchParams(target.query), snapshot.registry, limits);
  } catch (err) {
    if (err instanceof RequestParamError) throw new RestError(GrpcCode.INVALID_ARGUMENT, err.message);
    throw err;
  }
  const bytes = toBinary(route.method.input, request);
  const call = { route, bytes, key: `${route.grpcPath}\n${Buffer.from(bytes).toString("base64")}` };
  memo.set(text, call);
  return call;
}

/** One call's answer as every request that shared it writes it. */
interface Answered {
  height: number;
  json: string;
}

/** Types an answer may carry in an Any are learned from the app the first time one is seen. */
const MAX_TYPES_LEARNED_PER_ANSWER = 16;

async function renderJson(schema: DescMessage, message: MessageShape<DescMessage>, snapshot: RouteSnapshot, backend: RestBackend): Promise<JsonValue> {
  for (let learned = 0; ; learned++) {
    try {
      return responseJson(schema, message, snapshot.registry);
    } catch (err) {
      const unknown = /"([^"]*)" is not in the type registry/.exec((err as Error).message)?.[1];
      if (unknown === undefined || learned >= MAX_TYPES_LEARNED_PER_ANSWER) throw err;
      const typeName = unknown.slice(unknown.lastIndexOf("/") + 1);
      if (!(await backend.learnType(typeName)))
        throw new RestError(GrpcCode.INTERNAL, `cannot write the answer as JSON: it holds an Any of type "${unknown}", which the app does not describe`);
    }
  }
}

function toRestError(err: unknown, logger: Logger | undefined): RestError {
  if (err instanceof RestError) return err;
  const grpc = err as Partial<ServiceError>;
  if (typeof grpc.code === "number" && typeof grpc.details === "string") {
    const details = grpc.code === GrpcCode.UNAVAILABLE ? `the app is unavailable: ${grpc.details}` : grpc.details;
    return new RestError(grpc.code as GrpcCode, details);
  }
  logger?.error({ err }, "REST request failed");
  return new RestError(GrpcCode.INTERNAL, "internal error");
}
