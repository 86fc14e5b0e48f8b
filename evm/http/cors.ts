// Cross-origin access for browser dapps, by the same --cors policy as the REST gateway (off by
// default; the devnet allows any origin). JSON-RPC is POST with a JSON body, so preflights are
// answered for POST and the headers the browser asks to send.
import type { IncomingMessage, ServerResponse } from "node:http";
import { allowedOrigin, headerNames, type CorsPolicy } from "../../common/http/cors.js";
import { headerText, writeNoContent } from "../../common/http/plainHttp.js";

const MAX_AGE_SECONDS = "600";

/** Adds the CORS headers a request earns to `res`; true when it was a preflight, now answered (204, ended). */
export function applyCors(req: IncomingMessage, res: ServerResponse, policy: CorsPolicy): boolean {
  // Run first, before any other Vary is written.
  if (policy.mode === "list") res.setHeader("Vary", "Origin");
  const allow = allowedOrigin(policy, headerText(req, "origin") || undefined);
  if (!allow) return false;
  res.setHeader("Access-Control-Allow-Origin", allow);
  if (req.method !== "OPTIONS" || headerText(req, "access-control-request-method") === "") return false;
  res.setHeader("Access-Control-Allow-Methods", "POST, OPTIONS");
  const names = headerNames(headerText(req, "access-control-request-headers"));
  res.setHeader("Access-Control-Allow-Headers", names.length > 0 ? names.join(", ") : "Content-Type");
  res.setHeader("Access-Control-Max-Age", MAX_AGE_SECONDS);
  writeNoContent(res);
  return true;
}
