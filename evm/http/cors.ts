// Cross-origin access for browser dapps, by the same --cors policy as the REST gateway (off by
// default; the devnet allows any origin). JSON-RPC is POST with a JSON body, so preflights are
// answered for POST and the headers the browser asks to send.
import type Koa from "koa";
import type { CorsPolicy } from "../../common/http/cors.js";

const MAX_AGE_SECONDS = "600";

/** The origin allowed to read answers to a request from `origin`, if any. */
export function allowedOrigin(policy: CorsPolicy, origin: string | undefined): string | undefined {
  if (policy.mode === "any") return "*";
  if (policy.mode === "list" && origin && policy.origins.includes(origin)) return origin;
  return undefined;
}

/** Adds the CORS headers a request earns; true when it was a preflight, now answered. */
export function applyCors(ctx: Koa.Context, policy: CorsPolicy): boolean {
  if (policy.mode === "list") ctx.vary("Origin");
  const allow = allowedOrigin(policy, ctx.get("Origin") || undefined);
  if (!allow) return false;
  ctx.set("Access-Control-Allow-Origin", allow);
  if (ctx.method !== "OPTIONS" || ctx.get("Access-Control-Request-Method") === "") return false;
  ctx.set("Access-Control-Allow-Methods", "POST, OPTIONS");
  const requested = ctx.get("Access-Control-Request-Headers");
  const names = requested
    .split(",")
    .map((h) => h.trim())
    .filter((h) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/.test(h));
  ctx.set("Access-Control-Allow-Headers", names.length > 0 ? names.join(", ") : "Content-Type");
  ctx.set("Access-Control-Max-Age", MAX_AGE_SECONDS);
  ctx.status = 204;
  return true;
}
