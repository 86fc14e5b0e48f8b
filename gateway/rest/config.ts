// The REST gateway's settings: defaults, then the node home's config (ports, CORS) when --home is
// given, then flags. Checked here, so the server starts only with settings that make sense.
import path from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "../../common/node/paths.js";
import { nodeHomePaths, readAppConfig, type AppConfig } from "../../common/node/home.js";
import { DEFAULT_PORTS } from "../../common/node/ports.js";
import { positiveInt } from "../../common/flags.js";
import { parseCorsPolicy, type CorsPolicy } from "../../common/http/cors.js";
import { DEFAULT_REST_LIMITS, type RestLimits } from "./server.js";
import { CHAIN_INFO_FLAGS, CHAIN_INFO_USAGE, chainInfoSettings, type ChainInfoSettings } from "./chainInfo/chainInfoConfig.js";

export interface RestConfig {
  host: string;
  port: number;
  /** `host:port` of the app's gRPC server. */
  grpcAddress: string;
  cors: CorsPolicy;
  limits: RestLimits;
  /** Connections open at once (keep-alive sockets count); more are closed as they arrive. */
  maxConnections: number;
  /** Write the OpenAPI document to this file once the routes are loaded, then exit. */
  writeOpenApi?: string;
  /** The node's CometBFT RPC (http://host:port), read by the explorer's proxy. */
  cometRpcUrl: string;
  /** The built web explorer served under /explorer/; undefined: not served. */
  explorerDir: string | undefined;
  /** The public endpoints and name /chain-info/* gives wallets. */
  chainInfo: ChainInfoSettings;
}

/** Where `npm run build` puts the explorer. */
export const DEFAULT_EXPLORER_DIR = path.join(REPO_ROOT, "dist", "explorer");

/** An http(s) URL without query or fragment, its trailing slash dropped. */
function httpUrlFlag(flag: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${flag} expects a URL such as http://127.0.0.1:${DEFAULT_PORTS.rpc}, got "${text}"`);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.search || url.hash)
    throw new Error(`${flag} expects an http:// or https:// URL without query or fragment, got "${text}"`);
  return url.toString().replace(/\/+$/, "");
}

/** Above `--max-in-flight`: idle keep-alive sockets hold connections without a request. */
export const DEFAULT_REST_MAX_CONNECTIONS = 1000;

export const REST_USAGE = `rest gateway: the node's REST API, answered through the app's gRPC server

Usage: node dist/gateway/rest/main.js [flags]

  --home <dir>             node home: takes the gRPC and REST ports and CORS ([api]
                           enabled-unsafe-cors, cors-origins) from its config/app.toml
  --host <addr>            listen address (default the home's listenHost, else 127.0.0.1)
  --port <n>               listen port (default ${DEFAULT_PORTS.rest}, or the home's REST port)
  --grpc <host:port>       the app's gRPC server (default 127.0.0.1:${DEFAULT_PORTS.grpc}, or the home's gRPC port)
  --cors <policy>          off (default), * for any origin, or a comma-separated list of origins
  --timeout <ms>           deadline of each call to the app (default ${DEFAULT_REST_LIMITS.callTimeoutMs})
  --max-page-limit <n>     largest pagination.limit passed on (default ${DEFAULT_REST_LIMITS.maxPageLimit})
  --max-in-flight <n>      requests answered at once before 429 (default ${DEFAULT_REST_LIMITS.maxInFlight})
  --max-connections <n>    connections open at once; more are closed (default ${DEFAULT_REST_MAX_CONNECTIONS})
  --comet-rpc <url>        the node's CometBFT RPC, read by the explorer (default http://127.0.0.1:${DEFAULT_PORTS.rpc},
                           or the home's RPC port)
  --explorer <dir|off>     the built web explorer served under /explorer/ (default ${path.relative(REPO_ROOT, DEFAULT_EXPLORER_DIR)}),
                           or off
  --write-openapi <file>   write the OpenAPI document of the app's routes to <file> and exit
${CHAIN_INFO_USAGE}`;

/** The home's CORS setting in `--cors` syntax: unsafeCors wins over a list of origins. */
function homeCors(home: AppConfig | undefined): string {
  if (home?.unsafeCors) return "*";
  return home?.restCorsOrigins?.length ? home.restCorsOrigins.join(",") : "off";
}

export function parseRestArgs(argv: string[]): RestConfig | "help" {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      home: { type: "string" },
      host: { type: "string" },
      port: { type: "string" },
      grpc: { type: "string" },
      cors: { type: "string" },
      timeout: { type: "string" },
      "max-page-limit": { type: "string" },
      "max-in-flight": { type: "string" },
      "max-connections": { type: "string" },
      "write-openapi": { type: "string" },
      "comet-rpc": { type: "string" },
      explorer: { type: "string" },
      ...CHAIN_INFO_FLAGS,
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  if (positionals.length > 0) throw new Error(`unexpected argument "${positionals[0]}"`);
  const home = values.home ? readAppConfig(nodeHomePaths(values.home)) : undefined;
  const grpcAddress = values.grpc ?? `127.0.0.1:${home?.ports.grpc ?? DEFAULT_PORTS.grpc}`;
  if (!/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):[0-9]{1,5}$/.test(grpcAddress)) throw new Error(`--grpc expects host:port, got "${grpcAddress}"`);
  const port = positiveInt("--port", values.port ?? String(home?.ports.rest ?? DEFAULT_PORTS.rest), 65535);
  const explorerDir = values.explorer === "off" ? undefined : path.resolve(values.explorer ?? DEFAULT_EXPLORER_DIR);
  return {
    host: values.host ?? home?.listenHost ?? "127.0.0.1",
    port,
    grpcAddress,
    cors: parseCorsPolicy(values.cors ?? homeCors(home)),
    limits: {
      ...DEFAULT_REST_LIMITS,
      callTimeoutMs: positiveInt("--timeout", values.timeout ?? String(DEFAULT_REST_LIMITS.callTimeoutMs), 600_000),
      maxPageLimit: BigInt(positiveInt("--max-page-limit", values["max-page-limit"] ?? String(DEFAULT_REST_LIMITS.maxPageLimit))),
      maxInFlight: positiveInt("--max-in-flight", values["max-in-flight"] ?? String(DEFAULT_REST_LIMITS.maxInFlight)),
    },
    maxConnections: positiveInt("--max-connections", values["max-connections"] ?? String(DEFAULT_REST_MAX_CONNECTIONS)),
    ...(values["write-openapi"] ? { writeOpenApi: values["write-openapi"] } : {}),
    cometRpcUrl: httpUrlFlag("--comet-rpc", values["comet-rpc"] ?? `http://127.0.0.1:${home?.ports.rpc ?? DEFAULT_PORTS.rpc}`),
    explorerDir,
    chainInfo: chainInfoSettings(values, { ...(home ? { ports: home.ports } : {}), restPort: port, explorer: explorerDir !== undefined }),
  };
}
