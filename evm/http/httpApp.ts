// JSON-RPC over HTTP (Koa): POST / with a JSON body (one request or a batch), answered 200 with
// the JSON-RPC response; a body of notifications only gets 204. What is not JSON-RPC over POST
// gets an HTTP status and a JSON-RPC error body: 413 past the body limit, 415 for another content
// type, 405 for another method, 404 for another path.
import Koa from "koa";
import type { Logger } from "pino";
import type { CorsPolicy } from "../../common/http/cors.js";
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

export function createHttpApp(o: HttpAppOptions): Koa {
  const app = new Koa();
  // A client that goes away mid-answer is not the server's failure.
  app.on("error", (err: Error) => o.logger.debug({ err: err.message }, "connection error"));
  app.use(async (ctx) => {
    try {
      if (applyCors(ctx, o.cors)) return;
      if (ctx.path !== "/") throw new HttpError(404, `no such endpoint: ${ctx.path.slice(0, 100)} (JSON-RPC is served at POST /)`);
      if (ctx.method === "OPTIONS") {
        ctx.set("Allow", "POST, OPTIONS");
        ctx.status = 204;
        return;
      }
      if (ctx.method !== "POST") {
        ctx.set("Allow", "POST, OPTIONS");
        throw new HttpError(405, `method ${ctx.method} not allowed: send JSON-RPC requests with POST`);
      }
      const type = (ctx.get("Content-Type").split(";")[0] ?? "").trim().toLowerCase();
      if (type !== "application/json") throw new HttpError(415, `invalid content type${type ? ` ${type}` : ""}: only application/json is supported`);
      // The socket's address, not X-Forwarded-For: a header the client writes cannot buy it a new filter share.
      const answer = await o.dispatcher.handleText(await readBody(ctx.req, o.maxBodyBytes), { remoteAddress: ctx.req.socket.remoteAddress });
      if (answer === undefined) {
        ctx.status = 204;
        return;
      }
      ctx.type = "application/json";
      ctx.body = JSON.stringify(answer);
    } catch (err) {
      if (!(err instanceof HttpError)) {
        o.logger.error({ err }, "HTTP request failed");
        err = new HttpError(500, "internal error");
      }
      const e = err as HttpError;
      ctx.status = e.status;
      // An unread body must not be parsed as the next request on this connection.
      if (e.status === 413) ctx.set("Connection", "close");
      ctx.type = "application/json";
      ctx.body = JSON.stringify(errorResponse(null, new RpcError(e.status >= 500 ? RpcCode.internal : RpcCode.invalidRequest, e.message)));
    }
  });
  return app;
}
