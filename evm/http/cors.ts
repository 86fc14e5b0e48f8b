// Cross-origin access for browser dapps, by the same --cors policy as the REST gateway (off by
// default; the devnet allows any origin). JSON-RPC is POST with a JSON body, so preflights are
// answered for POST and the headers the browser asks to send.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { CorsPolicy } from "../../common/http/cors.js";
import { headerText, writeNoContent } from "../../common/http/plainHttp.js";

const MAX_AGE_SECONDS = "600";

/** The origin allowed to read answers to a request from `origin`, if any. */
export function allowedOrigin(policy: CorsPolicy, origin: string | undefined): string | undefined {
  if (policy.mode === "any") return "*";
  if (policy.mode === "list" && origin && policy.origins.includes(origin)) return origin;
  return undefined;
}

/** Adds the CORS headers a request earns to `res`; true when it was a preflight, now answered (204, ended). */
export function applyCors(req: IncomingMessage, res: ServerResponse, policy: CorsPolicy): boolean {
  // Run first, before any other Vary is written.
  if (policy.mode === "list") res.setHeader("Vary", "Origin");
  const allow = allowedOrigin(policy, headerText(req, "origin") || undefined);
  if (!allow) return false;
  res.setHeader("Access-Control-Allow-Origin", allow);
  if (req.method !== "OPTIONS" || headerText(req, "access-control-request-method") === "") return false;
  res.setHeader("Access-Control-Allow-Methods", "POST, OPTIONS");
  const names = headerText(req, "access-control-request-headers")
    .split(",")
    .map((h) => h.trim())
    .filter((h) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/.test(h));
  res.setHeader("Access-Control-Allow-Headers", names.length > 0 ? names.join(", ") : "Content-Type");
  res.setHeader("Access-Control-Max-Age", MAX_AGE_SECONDS);
  writeNoContent(res);
  return true;
}
