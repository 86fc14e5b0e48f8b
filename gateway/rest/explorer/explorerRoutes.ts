// Everything the gateway answers under /explorer: the web explorer's files (same origin as the REST
// routes it reads, so it needs no CORS), the read-only CometBFT proxy it reads blocks and txs
// through, and a redirect from /explorer to /explorer/. Every answer carries a Content-Security-
// Policy that lets the page load and fetch from this origin only.
import fs from "node:fs";
import type Koa from "koa";
import { GrpcCode } from "../../../common/errors.js";
import { RestError } from "../restErrors.js";
import { createCometProxy } from "./cometProxy.js";
import { EXPLORER_PREFIX, resolveStaticFile } from "./staticFiles.js";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export interface ExplorerOptions {
  /** The built explorer (dist/explorer). */
  dir: string;
  /** The node's CometBFT RPC, which /explorer/rpc reads from. */
  cometRpcUrl: string;
  /** Deadline of each proxied call. */
  timeoutMs: number;
}

export function isExplorerPath(requestPath: string): boolean {
  return requestPath === "/explorer" || requestPath.startsWith(EXPLORER_PREFIX);
}

export function createExplorerHandler(options: ExplorerOptions): (ctx: Koa.Context) => Promise<void> {
  const proxy = createCometProxy({ cometRpcUrl: options.cometRpcUrl, timeoutMs: options.timeoutMs });
  return async (ctx) => {
    ctx.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    ctx.set("X-Content-Type-Options", "nosniff");
    ctx.set("Referrer-Policy", "no-referrer");
    if (ctx.path === "/explorer") {
      ctx.status = 301;
      ctx.redirect(EXPLORER_PREFIX + (ctx.querystring ? `?${ctx.querystring}` : ""));
      return;
    }
    if (ctx.path === `${EXPLORER_PREFIX}rpc`) return proxy(ctx);
    if (ctx.method !== "GET" && ctx.method !== "HEAD")
      throw new RestError(GrpcCode.UNIMPLEMENTED, `method ${ctx.method} is not allowed: the explorer's files answer GET`, 405, { Allow: "GET, HEAD" });
    const found = resolveStaticFile(options.dir, ctx.path);
    let content: Buffer;
    try {
      content = await fs.promises.readFile(found.file);
    } catch {
      throw new RestError(GrpcCode.NOT_FOUND, `the explorer is not built (no ${found.file}): run npm run build`);
    }
    ctx.set("Cache-Control", found.cacheControl);
    ctx.type = found.contentType;
    ctx.body = content;
  };
}
