// Logs and filters: eth_getLogs, eth_newFilter, eth_newBlockFilter,
// eth_newPendingTransactionFilter, eth_getFilterChanges, eth_getFilterLogs, eth_uninstallFilter.
import { describe } from "../codec/hex.js";
import { parseLogCriteria } from "../codec/logFilter.js";
import { invalidParams } from "../rpc/errors.js";
import { method, required, type Methods, type RpcServices } from "./services.js";

export function logMethods(s: RpcServices): Methods {
  return {
    eth_getLogs: method(1, (p) => s.logs.logs(parseLogCriteria(required(p, 0, "filter")))),
    eth_newFilter: method(1, (p, ctx) => s.filters.newLogFilter(parseLogCriteria(required(p, 0, "filter")), ctx.remoteAddress)),
    eth_newBlockFilter: method(0, (_p, ctx) => s.filters.newBlockFilter(ctx.remoteAddress)),
    eth_newPendingTransactionFilter: method(1, (_p, ctx) => s.filters.newPendingTxFilter(ctx.remoteAddress)),
    eth_getFilterChanges: method(1, (p) => s.filters.changes(filterId(required(p, 0, "filter id")))),
    eth_getFilterLogs: method(1, (p) => s.filters.logs(filterId(required(p, 0, "filter id")))),
    eth_uninstallFilter: method(1, (p) => s.filters.uninstall(filterId(required(p, 0, "filter id")))),
  };
}

function filterId(value: unknown): string {
  if (typeof value !== "string" || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) throw invalidParams(`filter id: expected 0x-hex, got ${describe(value)}`);
  return value.toLowerCase();
}
