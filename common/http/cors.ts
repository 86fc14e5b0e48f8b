// Cross-origin access for browsers. Off by default: no CORS header at all, so a page on another
// origin cannot read the answers. `any` is the devnet's enabled-unsafe-cors; a list of origins is
// what a real deployment should use.
import type { IncomingMessage, ServerResponse } from "node:http";
import { headerText, writeNoContent } from "./plainHttp.js";

export type CorsPolicy = { mode: "off" } | { mode: "any" } | { mode: "list"; origins: readonly string[] };

const ALLOWED_METHODS = "GET, HEAD, OPTIONS";
/** Browsers may read this response header only when it is exposed. */
const EXPOSED_HEADERS = "x-cosmos-block-height";
const MAX_AGE_SECONDS = "600";

/**
 * Adds the CORS headers a request earns to `res`; returns true when it was a preflight, now
 * answered (204, ended).
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, policy: CorsPolicy): boolean {
  if (policy.mode === "off") return false;
  // The answer depends on Origin, so caches must keep one copy per origin. (Run first, before any
  // other Vary is written.)
  if (policy.mode === "list") res.setHeader("Vary", "Origin");
  const allowOrigin = allowedOrigin(policy, headerText(req, "origin") || undefined);
  if (!allowOrigin) return false;
  res.setHeader("Access-Control-Allow-Origin", allowOrigin);
  res.setHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  const preflight = req.method === "OPTIONS" && headerText(req, "access-control-request-method") !== "";
  if (!preflight) return false;
  res.setHeader("Access-Control-Allow-Methods", ALLOWED_METHODS);
  const requested = headerText(req, "access-control-request-headers");
  if (requested) res.setHeader("Access-Control-Allow-Headers", headerNames(requested).join(", "));
  res.setHeader("Access-Control-Max-Age", MAX_AGE_SECONDS);
  writeNoContent(res);
  return true;
}

/** The origin allowed to read answers to a request from `origin`, if any. */
export function allowedOrigin(policy: CorsPolicy, origin: string | undefined): string | undefined {
  if (policy.mode === "any") return "*";
  if (policy.mode === "list" && origin && policy.origins.includes(origin)) return origin;
  return undefined;
}

/** The header names in a preflight's Access-Control-Request-Headers: only names go back, whatever else the request carried. */
export function headerNames(requested: string): string[] {
  return requested
    .split(",")
    .map((h) => h.trim())
    .filter((h) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/.test(h));
}

/** Parses the `--cors` setting: "off", "*" (any origin) or a comma-separated list of origins. */
export function parseCorsPolicy(text: string): CorsPolicy {
  const value = text.trim();
  if (value === "" || value === "off" || value === "false") return { mode: "off" };
  if (value === "*" || value === "any" || value === "true") return { mode: "any" };
  const origins = value
    .split(",")
    .map((o) => o.trim())
    .filter((o) => o !== "");
  for (const origin of origins) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new Error(`CORS origin "${origin}" is not a URL such as https://app.example.com`);
    }
    if (url.origin !== origin) throw new Error(`CORS origin "${origin}" must be a bare origin: ${url.origin}`);
  }
  return { mode: "list", origins };
}
