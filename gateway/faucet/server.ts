// The faucet's HTTP API (Koa): POST /faucet sends coins, GET /faucet/info and GET /health
// describe it. Every answer is JSON; every failure is `{"error": "..."}` with a fitting status,
// and nothing a client sends can crash the process.
import { isIP } from "node:net";
import Koa from "koa";
import { clientKey } from "../../common/http/clientKey.js";
import type { Logger } from "pino";
import { toHexAddress } from "../../sdk/crypto/accountAddress.js";
import { formatCoins, type Coin } from "../../sdk/tx/coins.js";
import { parseFaucetRequest } from "./faucetRequest.js";
import { FaucetHttpError } from "./httpErrors.js";
import { readJsonBody } from "./requestBody.js";
import type { SlidingWindowLimiter } from "./slidingWindowLimiter.js";

export interface FaucetAppOptions {
  sender: { readonly address: string; send(to: string): Promise<{ txhash: string }> };
  amount: Coin[];
  limits: { perAddress: SlidingWindowLimiter; perIp: SlidingWindowLimiter; windowMs: number };
  bodyLimitBytes: number;
  /** Take the client IP from X-Forwarded-For, the entry the proxy appended (only behind a proxy that sets it). */
  trustProxy?: boolean;
  /** Answer browsers from any origin (Access-Control-Allow-Origin: *). */
  cors?: boolean;
  logger?: Logger;
}

type Route = { methods: string[]; handle: (ctx: Koa.Context) => Promise<void> | void };

export function createFaucetApp(options: FaucetAppOptions): Koa {
  // maxIpsCount 1: the rightmost X-Forwarded-For entry, the one our proxy appended; those left of
  // it are whatever the client sent.
  const app = new Koa({ proxy: options.trustProxy ?? false, maxIpsCount: 1 });
  const amount = formatCoins(options.amount);
  const faucetEvmAddress = toHexAddress(options.sender.address);
  const routes: Record<string, Route> = {
    "/faucet": { methods: ["POST"], handle: (ctx) => fund(ctx, options, amount) },
    "/faucet/info": {
      methods: ["GET", "HEAD"],
      handle: (ctx) => {
        const windowSeconds = Math.round(options.limits.windowMs / 1000);
        ctx.body = { address: options.sender.address, evm_address: faucetEvmAddress, amount, rate_limit: { window_seconds: windowSeconds } };
      },
    },
    "/health": { methods: ["GET", "HEAD"], handle: (ctx) => void (ctx.body = { status: "ok" }) },
  };

  // Failures of the socket (client went away mid-answer) are not the faucet's problem to shout about.
  app.on("error", (err: Error) => options.logger?.debug({ err: err.message }, "connection error"));
  app.use(async (ctx) => {
    if (options.cors) {
      ctx.set("Access-Control-Allow-Origin", "*");
      ctx.set("Access-Control-Allow-Headers", "Content-Type");
    }
    try {
      const route = routes[ctx.path];
      if (!route) throw new FaucetHttpError(404, `no such endpoint: ${ctx.path} (try POST /faucet)`);
      if (options.cors && ctx.method === "OPTIONS") {
        ctx.set("Access-Control-Allow-Methods", route.methods.join(", "));
        ctx.status = 204;
        return;
      }
      if (!route.methods.includes(ctx.method))
        throw new FaucetHttpError(405, `method ${ctx.method} not allowed on ${ctx.path}; use ${route.methods[0]}`, { Allow: route.methods.join(", ") });
      await route.handle(ctx);
    } catch (err) {
      if (err instanceof FaucetHttpError) {
        ctx.status = err.status;
        ctx.set(err.headers);
        // A body we stopped reading must not be parsed as the next request on this connection.
        if (err.status === 413) ctx.set("Connection", "close");
        ctx.body = { error: err.message };
        return;
      }
      options.logger?.error({ err }, "faucet request failed");
      ctx.status = 500;
      ctx.body = { error: "internal error" };
    }
  });
  return app;
}

async function fund(ctx: Koa.Context, options: FaucetAppOptions, amount: string): Promise<void> {
  const { address, evmAddress } = parseFaucetRequest(await readJsonBody(ctx.req, options.bodyLimitBytes));
  const { perIp, perAddress } = options.limits;
  const ip = clientIp(ctx);
  // Check both limits before recording either, so a refused request uses up no quota.
  for (const [limiter, key, what] of [
    [perIp, ip, "from your IP address"],
    [perAddress, address, "for this address"],
  ] as const) {
    const decision = limiter.check(key);
    if (!decision.allowed) {
      const seconds = Math.ceil(decision.retryAfterMs / 1000);
      throw new FaucetHttpError(429, `too many faucet requests ${what}; try again in ${seconds} s`, { "Retry-After": String(seconds) });
    }
  }
  perIp.record(ip);
  perAddress.record(address);
  try {
    const { txhash } = await options.sender.send(address);
    options.logger?.info({ address, txhash, ip }, "funded");
    ctx.body = { txhash, address, evm_address: evmAddress, amount };
  } catch (err) {
    // The caller did nothing wrong: give the quota back.
    perIp.release(ip);
    perAddress.release(address);
    throw err;
  }
}

/**
 * What the per-IP limit counts: Koa's address (the socket's peer, or behind --trust-proxy the entry
 * the proxy appended), or the peer's when that entry is not an IP address, as a client key (an IPv6
 * client by its /64, which one machine usually holds whole); a string of its own, not a slice that
 * would keep a 16 KiB header alive for as long as the limiter keeps the key.
 */
function clientIp(ctx: Koa.Context): string {
  const given = withoutPort(ctx.ip);
  const ip = isIP(given) !== 0 ? given : (ctx.socket.remoteAddress ?? "unknown");
  return Buffer.from(clientKey(ip), "latin1").toString("latin1");
}

/** Some proxies write `1.2.3.4:5678` or `[2001:db8::1]:5678` (or the brackets alone): the address without them. */
function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return bracketed[1]!;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return v4 ? v4[1]! : entry;
}
