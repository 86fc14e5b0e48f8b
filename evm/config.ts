// The JSON-RPC server's settings: defaults, then the node home's config (ports, listen host,
// CORS) when --home is given, then flags. Checked here, so the server starts only with settings
// that make sense.
import { parseArgs } from "node:util";
import { nodeHomePaths, readAppConfig } from "../common/node/home.js";
import { DEFAULT_PORTS } from "../common/node/ports.js";
import { parseCorsPolicy, type CorsPolicy } from "../common/http/cors.js";
import { positiveInt } from "../common/flags.js";
import { normalizeNodeUrl } from "../sdk/client/nodeUrl.js";
import { DEFAULT_FILTER_LIMITS, type FilterLimits } from "./filters/filterRegistry.js";
import { DEFAULT_LOG_LIMITS, type LogLimits } from "./filters/logQuery.js";
import { DEFAULT_WS_LIMITS, type WsLimits } from "./ws/wsServer.js";

export interface EvmRpcConfig {
  host: string;
  httpPort: number;
  wsPort: number;
  /** `host:port` of the app's gRPC server. */
  grpcAddress: string;
  /** CometBFT's RPC. */
  nodeUrl: string;
  cors: CorsPolicy;
  /** Longest a request may take. */
  timeoutMs: number;
  maxBodyBytes: number;
  maxBatch: number;
  logs: LogLimits;
  filters: FilterLimits;
  ws: WsLimits;
  maxSubscriptionsPerConnection: number;
  maxFeeHistoryBlocks: number;
  /** How often the chain is polled for new blocks (subscriptions). */
  pollIntervalMs: number;
}

export const EVM_RPC_DEFAULTS = {
  host: "127.0.0.1",
  timeoutMs: 30_000,
  maxBodyBytes: 5 * 1024 * 1024,
  maxBatch: 100,
  maxSubscriptionsPerConnection: 100,
  maxFeeHistoryBlocks: 1024,
  pollIntervalMs: 250,
} as const;

export const EVM_RPC_USAGE = `evm-rpc: the node's Ethereum JSON-RPC server (HTTP and WebSocket)

Usage: node dist/evm/main.js [flags]

  --home <dir>              node home: takes the EVM, gRPC and RPC ports, the listen host, CORS and the
                            [json-rpc] limits from its config/app.toml (docs/configuration.md)
  --host <addr>             listen address (default the home's listenHost, else ${EVM_RPC_DEFAULTS.host})
  --http-port <n>           JSON-RPC over HTTP (default ${DEFAULT_PORTS.evmHttp}, or the home's evmHttp port)
  --ws-port <n>             JSON-RPC over WebSocket (default ${DEFAULT_PORTS.evmWs}, or the home's evmWs port)
  --grpc <host:port>        the app's gRPC server (default 127.0.0.1:${DEFAULT_PORTS.grpc}, or the home's gRPC port)
  --node <url>              CometBFT RPC (default http://127.0.0.1:${DEFAULT_PORTS.rpc}, or the home's RPC port)
  --cors <policy>           off (default), * for any origin, or a comma-separated list of origins
  --timeout <ms>            longest a request may take (default ${EVM_RPC_DEFAULTS.timeoutMs})
  --max-body <bytes>        largest request body or WebSocket message (default ${EVM_RPC_DEFAULTS.maxBodyBytes})
  --max-batch <n>           most requests in one batch (default ${EVM_RPC_DEFAULTS.maxBatch})
  --max-log-blocks <n>      most blocks one eth_getLogs spans (default ${DEFAULT_LOG_LIMITS.maxBlockRange})
  --max-logs <n>            most logs one eth_getLogs returns (default ${DEFAULT_LOG_LIMITS.maxLogs})
  --max-filters <n>         filters installed at once, all clients together (default ${DEFAULT_FILTER_LIMITS.maxFilters})
  --max-filters-per-client <n>
                            filters one client (remote address, IPv6 /64) may hold at once
                            (default ${DEFAULT_FILTER_LIMITS.maxFiltersPerClient})
  --filter-timeout <s>      a filter not polled for this long is removed (default ${DEFAULT_FILTER_LIMITS.ttlMs / 1000})
  --max-subscriptions <n>   subscriptions per WebSocket connection (default ${EVM_RPC_DEFAULTS.maxSubscriptionsPerConnection})
  --max-connections <n>     connections at once on each port, HTTP and WebSocket (default ${DEFAULT_WS_LIMITS.maxConnections})
  --poll <ms>               how often new blocks are looked for (default ${EVM_RPC_DEFAULTS.pollIntervalMs})
`;

export function parseEvmRpcArgs(argv: string[]): EvmRpcConfig | "help" {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      home: { type: "string" },
      host: { type: "string" },
      "http-port": { type: "string" },
      "ws-port": { type: "string" },
      grpc: { type: "string" },
      node: { type: "string" },
      cors: { type: "string" },
      timeout: { type: "string" },
      "max-body": { type: "string" },
      "max-batch": { type: "string" },
      "max-log-blocks": { type: "string" },
      "max-logs": { type: "string" },
      "max-filters": { type: "string" },
      "max-filters-per-client": { type: "string" },
      "filter-timeout": { type: "string" },
      "max-subscriptions": { type: "string" },
      "max-connections": { type: "string" },
      poll: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  if (positionals.length > 0) throw new Error(`unexpected argument "${positionals[0]}"`);
  const home = values.home ? readAppConfig(nodeHomePaths(values.home)) : undefined;
  const grpcAddress = values.grpc ?? `127.0.0.1:${home?.ports.grpc ?? DEFAULT_PORTS.grpc}`;
  if (!/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):[0-9]{1,5}$/.test(grpcAddress)) throw new Error(`--grpc expects host:port, got "${grpcAddress}"`);
  const int = (flag: string, fallback: number, max?: number) =>
    positiveInt(`--${flag}`, (values as Record<string, string | undefined>)[flag] ?? String(fallback), max);
  const httpPort = int("http-port", home?.ports.evmHttp ?? DEFAULT_PORTS.evmHttp, 65535);
  const wsPort = int("ws-port", home?.ports.evmWs ?? DEFAULT_PORTS.evmWs, 65535);
  if (httpPort === wsPort) throw new Error(`--http-port and --ws-port must differ (both ${httpPort})`);
  // app.toml's [json-rpc] limits stand in for flags not given.
  const limits = home?.jsonRpc ?? {};
  const maxBodyBytes = int("max-body", limits.maxBodyBytes ?? EVM_RPC_DEFAULTS.maxBodyBytes, 256 * 1024 * 1024);
  return {
    host: values.host ?? home?.listenHost ?? EVM_RPC_DEFAULTS.host,
    httpPort,
    wsPort,
    grpcAddress,
    nodeUrl: normalizeNodeUrl(values.node ?? `http://127.0.0.1:${home?.ports.rpc ?? DEFAULT_PORTS.rpc}`),
    cors: parseCorsPolicy(values.cors ?? (home?.unsafeCors ? "*" : "off")),
    timeoutMs: int("timeout", limits.timeoutMs ?? EVM_RPC_DEFAULTS.timeoutMs, 600_000),
    maxBodyBytes,
    maxBatch: int("max-batch", limits.batchRequestLimit ?? EVM_RPC_DEFAULTS.maxBatch, 100_000),
    logs: {
      maxBlockRange: int("max-log-blocks", limits.blockRangeCap ?? DEFAULT_LOG_LIMITS.maxBlockRange),
      maxLogs: int("max-logs", limits.logsCap ?? DEFAULT_LOG_LIMITS.maxLogs),
    },
    filters: {
      ...DEFAULT_FILTER_LIMITS,
      maxFilters: int("max-filters", limits.filterCap ?? DEFAULT_FILTER_LIMITS.maxFilters),
      maxFiltersPerClient: int("max-filters-per-client", DEFAULT_FILTER_LIMITS.maxFiltersPerClient),
      ttlMs: int("filter-timeout", DEFAULT_FILTER_LIMITS.ttlMs / 1000, 86_400) * 1000,
    },
    ws: {
      ...DEFAULT_WS_LIMITS,
      maxMessageBytes: maxBodyBytes,
      maxConnections: int("max-connections", limits.maxOpenConnections ?? DEFAULT_WS_LIMITS.maxConnections),
    },
    maxSubscriptionsPerConnection: int("max-subscriptions", EVM_RPC_DEFAULTS.maxSubscriptionsPerConnection),
    maxFeeHistoryBlocks: EVM_RPC_DEFAULTS.maxFeeHistoryBlocks,
    pollIntervalMs: int("poll", EVM_RPC_DEFAULTS.pollIntervalMs, 60_000),
  };
}
