// eth_subscribe and eth_unsubscribe: WebSocket only (over HTTP there is no way to push).
import { parseBool } from "../codec/blockParam.js";
import { describe } from "../codec/hex.js";
import { parseLogCriteria } from "../codec/logFilter.js";
import type { CallContext, RpcConnection } from "../rpc/dispatcher.js";
import { invalidParams, RpcCode, RpcError } from "../rpc/errors.js";
import { method, required, type Methods, type RpcServices } from "./services.js";
import type { SubscriptionRequest } from "../filters/subscriptions.js";

export function subscribeMethods(s: RpcServices): Methods {
  const connectionOf = (ctx: CallContext, name: string): RpcConnection => {
    if (!ctx.connection) throw new RpcError(RpcCode.methodNotFound, `notifications not supported: ${name} needs a WebSocket connection (${s.wsUrl})`);
    return ctx.connection;
  };
  return {
    eth_subscribe: method(2, (p, ctx) =>
      s.subscriptions.subscribe(connectionOf(ctx, "eth_subscribe"), subscription(required(p, 0, "subscription type"), p[1]), ctx.remoteAddress),
    ),
    eth_unsubscribe: method(1, (p, ctx) => {
      const id = required(p, 0, "subscription id");
      if (typeof id !== "string") throw invalidParams(`subscription id: expected a string, got ${describe(id)}`);
      return s.subscriptions.unsubscribe(connectionOf(ctx, "eth_unsubscribe"), id.toLowerCase());
    }),
  };
}

function subscription(kind: unknown, options: unknown): SubscriptionRequest {
  switch (kind) {
    case "newHeads":
      return { kind };
    case "logs":
      return { kind, criteria: parseLogCriteria(options, "logs filter", { blocks: false }) };
    case "newPendingTransactions":
      return { kind, fullTxs: parseBool(options, "full transactions flag") };
    default:
      throw invalidParams(`unsupported subscription type ${describe(kind)}: expected newHeads, logs or newPendingTransactions`);
  }
}
