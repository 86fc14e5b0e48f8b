// What the node's HTTP servers share on plain node:http: reading a request's target and headers,
// and writing a JSON answer.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Logger } from "pino";

/** A server's handler as http.createServer takes it, through callback() as a Koa app gives it. */
export interface HttpApp {
  callback(): RequestListener;
}

/**
 * The HttpApp of an async handler that answers every request itself, errors included: a client
 * gone mid-answer is only logged, and a handler that still throws closes that connection instead
 * of leaving it hanging (or the process with an unhandled rejection).
 */
export function httpApp(handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>, logger: Logger | undefined): HttpApp {
  return {
    callback: () => (req, res) => {
      res.on("error", (err) => logger?.debug({ err: err.message }, "connection error"));
      handle(req, res).catch((err: unknown) => {
        logger?.error({ err }, "HTTP request failed");
        res.destroy();
      });
    },
  };
}

/** A request header's value ("" when absent), as one string. */
export function headerText(req: IncomingMessage, lowerCaseName: string): string {
  const value = req.headers[lowerCaseName];
  return value === undefined ? "" : Array.isArray(value) ? value.join(", ") : value;
}

/** A request target's path and query string: the origin form, or the absolute form a proxy sends. */
export function requestTarget(url: string): { path: string; query: string } {
  const target = url.startsWith("/") ? url : absolutePathAndQuery(url);
  const q = target.indexOf("?");
  return q < 0 ? { path: target, query: "" } : { path: target.slice(0, q), query: target.slice(q + 1) };
}

function absolutePathAndQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

/**
 * Answers with `json` and its length. Nothing once a response has begun; to a HEAD request node:http
 * sends the headers alone.
 */
export function writeJson(res: ServerResponse, status: number, json: string): void {
  if (res.headersSent) return;
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(json));
  res.end(json);
}

/** A 204 answer (a preflight, OPTIONS, a batch of notifications). */
export function writeNoContent(res: ServerResponse): void {
  res.statusCode = 204;
  res.end();
}
