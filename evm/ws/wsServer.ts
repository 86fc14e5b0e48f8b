// JSON-RPC over WebSocket (the `ws` package): each text frame is one request or a batch, answered
// on the same connection; subscriptions push `eth_subscription` notifications. Bounded: frame
// size, connections, requests in flight per connection, and the bytes queued for a client that
// does not read (it is disconnected rather than buffered without end). A ping every 30 s drops
// connections whose peer vanished.
import http from "node:http";
import type { Logger } from "pino";
import { WebSocketServer, type WebSocket } from "ws";
import { allowedOrigin, type CorsPolicy } from "../../common/http/cors.js";
import type { Dispatcher, RpcConnection } from "../rpc/dispatcher.js";
import { RpcCode, RpcError } from "../rpc/errors.js";
import { errorResponse } from "../rpc/protocol.js";

export interface WsLimits {
  maxMessageBytes: number;
  maxConnections: number;
  /** Requests of one connection being answered at once. */
  maxInFlight: number;
  /** Bytes queued to a client before it is disconnected as too slow. */
  maxBufferedBytes: number;
  /** Bytes queued to all clients together; past it, a client that lags is disconnected. */
  maxTotalBufferedBytes: number;
  pingIntervalMs: number;
}

export const DEFAULT_WS_LIMITS: WsLimits = {
  maxMessageBytes: 5 * 1024 * 1024,
  maxConnections: 1000,
  maxInFlight: 64,
  maxBufferedBytes: 16 * 1024 * 1024,
  maxTotalBufferedBytes: 256 * 1024 * 1024,
  pingIntervalMs: 30_000,
};

/** A client with less than this queued keeps up; only laggards are weighed against the total. */
const LAGGING_BYTES = 1024 * 1024;

export interface WsServerOptions {
  dispatcher: Dispatcher;
  cors: CorsPolicy;
  limits: WsLimits;
  logger: Logger;
}

/** An HTTP server that accepts WebSocket upgrades only; listen() it where it should serve. */
export function createWsServer(o: WsServerOptions): { server: http.Server; close(): void } {
  const server = http.createServer((_req, res) => {
    res.writeHead(426, { "Content-Type": "text/plain", Upgrade: "websocket" });
    res.end("this port serves JSON-RPC over WebSocket; use a ws:// URL (HTTP JSON-RPC has its own port)\n");
  });
  // Sockets that never upgrade count too; the margin lets upgrades past the limit be refused cleanly.
  server.maxConnections = o.limits.maxConnections + 64;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  const wss = new WebSocketServer({
    server,
    maxPayload: o.limits.maxMessageBytes,
    verifyClient: ({ origin }: { origin?: string }, accept: (ok: boolean, code?: number, message?: string) => void) => {
      // A browser page may connect only from an origin the CORS policy allows; other clients send no Origin.
      if (origin && allowedOrigin(o.cors, origin) === undefined) return accept(false, 403, "origin not allowed");
      if (wss.clients.size >= o.limits.maxConnections) return accept(false, 503, "too many connections");
      accept(true);
    },
  });
  let nextId = 1;
  const alive = new WeakMap<WebSocket, boolean>();
  const totalBuffered = () => {
    let sum = 0;
    for (const client of wss.clients) sum += client.bufferedAmount;
    return sum;
  };

  wss.on("connection", (ws, req) => {
    // First of all: a bad frame makes the socket emit 'error', which without a listener would end the process.
    ws.on("error", (err) => o.logger.debug({ err: err.message }, "WebSocket error"));
    // Upgrades verified together can still overshoot the limit by a few.
    if (wss.clients.size > o.limits.maxConnections) {
      ws.close(1013, "too many connections");
      return;
    }
    const connection = openConnection(ws, nextId++, req.socket.remoteAddress, o, totalBuffered);
    alive.set(ws, true);
    ws.on("pong", () => alive.set(ws, true));
    o.logger.debug({ connection: connection.id }, "WebSocket connected");
  });
  wss.on("error", (err) => o.logger.error({ err: err.message }, "WebSocket server error"));

  const ping = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.get(ws)) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, o.limits.pingIntervalMs);
  ping.unref();

  return {
    server,
    close() {
      clearInterval(ping);
      for (const ws of wss.clients) ws.close(1001, "server stopping");
      wss.close();
    },
  };
}

function openConnection(ws: WebSocket, id: number, remoteAddress: string | undefined, o: WsServerOptions, totalBuffered: () => number): RpcConnection {
  const cleanups: Array<() => void> = [];
  let closed = false;
  let inFlight = 0;
  const send = (payload: unknown) => {
    if (closed || ws.readyState !== ws.OPEN) return;
    const buffered = ws.bufferedAmount;
    if (buffered > o.limits.maxBufferedBytes || (buffered > LAGGING_BYTES && totalBuffered() > o.limits.maxTotalBufferedBytes)) {
      o.logger.warn({ connection: id, buffered }, "closing a WebSocket client that does not read its messages");
      ws.terminate();
      return;
    }
    let text: string;
    try {
      text = JSON.stringify(payload);
    } catch (err) {
      o.logger.error({ err, connection: id }, "a WebSocket answer could not be encoded");
      text = JSON.stringify(errorResponse(null, new RpcError(RpcCode.internal, "internal error: the answer could not be encoded")));
    }
    ws.send(text);
  };
  const connection: RpcConnection = {
    id,
    notify: (method, params) => send({ jsonrpc: "2.0", method, params }),
    onClose(cleanup) {
      if (closed) cleanup();
      else cleanups.push(cleanup);
    },
  };
  ws.on("message", (raw) => {
    if (inFlight >= o.limits.maxInFlight) {
      send(errorResponse(null, new RpcError(RpcCode.limitExceeded, `too many requests in flight on this connection (at most ${o.limits.maxInFlight})`)));
      return;
    }
    inFlight++;
    // Text and binary frames alike carry UTF-8 JSON.
    const text = (Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw)).toString("utf8");
    o.dispatcher
      .handleText(text, { connection, remoteAddress })
      .then((answer) => answer !== undefined && send(answer))
      .catch((err) => o.logger.error({ err }, "WebSocket request failed"))
      .finally(() => inFlight--);
  });
  ws.on("close", () => {
    closed = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
    o.logger.debug({ connection: id }, "WebSocket closed");
  });
  return connection;
}
