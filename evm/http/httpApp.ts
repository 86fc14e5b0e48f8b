// JSON-RPC over HTTP (node:http): POST / with a JSON body (one request or a batch), answered 200
// with the JSON-RPC response; a body of notifications only gets 204. What is not JSON-RPC over
// POST gets an HTTP status and a JSON-RPC error body: 413 past the body limit, 415 for another
// content type, 405 for another method, 404 for another path. Plain node:http rather than a
// framework: each call pays a framework's cost per request, and a call here is small.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { CorsPolicy } from "../../common/http/cors.js";
import { headerText, requestTarget, writeJson, writeNoContent, httpApp, type HttpApp } from "../../common/http/plainHttp.js";
import type { Dispatcher } from "../rpc/dispatcher.js";
import { RpcCode, RpcError } from "../rpc/errors.js";
import { errorResponse } from "../rpc/protocol.js";
import { applyCors } from "./cors.js";
import { HttpError, readBody } from "./readBody.js";

export interface HttpAppOptions {
  dispatcher: Dispatcher;
  cors: CorsPolicy;
  maxBodyBytes: number;
  logger: Logger;
}

export function createHttpApp(o: HttpAppOptions): HttpApp {
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      if (applyCors(req, res, o.cors)) return;
      const { path } = requestTarget(req.url ?? "/");
      if (path !== "/") throw new HttpError(404, `no such endpoint: ${path.slice(0, 100)} (JSON-RPC is served at POST /)`);
      if (req.method === "OPTIONS") {
        res.setHeader("Allow", "POST, OPTIONS");
        return writeNoContent(res);
      }
      if (req.method !== "POST") {
        res.setHeader("Allow", "POST, OPTIONS");
        throw new HttpError(405, `method ${req.method} not allowed: send JSON-RPC requests with POST`);
      }
      const type = (headerText(req, "content-type").split(";")[0] ?? "").trim().toLowerCase();
      if (type !== "application/json") throw new HttpError(415, `invalid content type${type ? ` ${type}` : ""}: only application/json is supported`);
      // The socket's address, not X-Forwarded-For: a header the client writes cannot buy it a new filter share.
      const answer = await o.dispatcher.handleText(await readBody(req, o.maxBodyBytes), { remoteAddress: req.socket.remoteAddress });
      if (answer === undefined) return writeNoContent(res);
      writeJson(res, 200, JSON.stringify(answer));
    } catch (err) {
      if (!(err instanceof HttpError)) {
        o.logger.error({ err }, "HTTP request failed");
        err = new HttpError(500, "internal error");
      }
      const e = err as HttpError;
      // An unread body must not be parsed as the next request on this connection.
      if (e.status === 413 && !res.headersSent) res.setHeader("Connection", "close");
      writeJson(res, e.status, JSON.stringify(errorResponse(null, new RpcError(e.status >= 500 ? RpcCode.internal : RpcCode.invalidRequest, e.message))));
    }
  };
  return httpApp(handle, o.logger);
}
