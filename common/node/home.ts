// A node's home directory as every process of the node reads it:
//   <home>/config/app.json   app settings (listen addresses, pruning)
//   <home>/data/app.db       the app's SQLite state
//   <home>/cometbft/         CometBFT home (config.toml, genesis.json, keys, block store)
//   <home>/logs/             one log file per process when run by the supervisor
// Creating one is the launcher's job (cometbft/home.ts).
import fs from "node:fs";
import path from "node:path";
import type { NodePorts } from "./ports.js";

export interface NodeHomePaths {
  root: string;
  cometHome: string;
  appConfigFile: string;
  appDb: string;
  logDir: string;
}

export function nodeHomePaths(root: string): NodeHomePaths {
  const abs = path.resolve(root);
  return {
    root: abs,
    cometHome: path.join(abs, "cometbft"),
    appConfigFile: path.join(abs, "config", "app.json"),
    appDb: path.join(abs, "data", "app.db"),
    logDir: path.join(abs, "logs"),
  };
}

/** Settings of the app process, written once at init and read at every start. */
export interface AppConfig {
  chainId: string;
  ports: NodePorts;
  /** Heights of state kept readable; 0 keeps all (an archive node). */
  pruningKeepRecent: number;
  pruningInterval: number;
  /** Worker threads answering queries; 0 answers them in the thread that executes blocks. Default: DEFAULT_QUERY_WORKERS. */
  queryWorkers?: number;
  /** Longest one query may run before it is stopped. Default: DEFAULT_QUERY_TIMEOUT_MS. */
  queryTimeoutMs?: number;
  /** Permissive CORS on the node's HTTP APIs (devnet only). */
  unsafeCors: boolean;
  /** Origins the REST gateway lets browsers read from (when unsafeCors is off); absent = none. */
  restCorsOrigins?: string[];
  /** Where gRPC, REST and the faucet listen; absent = 127.0.0.1 (containers use 0.0.0.0). */
  listenHost?: string;
}

/** Heights kept readable by a new node: the Cosmos SDK's "default" pruning (about 4 days of 1 s blocks). */
export const DEFAULT_PRUNING_KEEP_RECENT = 362_880;
export const DEFAULT_PRUNING_INTERVAL = 10;
export const DEFAULT_QUERY_WORKERS = 2;
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;

export function readAppConfig(paths: NodeHomePaths): AppConfig {
  try {
    return JSON.parse(fs.readFileSync(paths.appConfigFile, "utf8")) as AppConfig;
  } catch (err) {
    throw new Error(`cannot read ${paths.appConfigFile} (is the node home initialised?): ${(err as Error).message}`);
  }
}

export function isInitialised(paths: NodeHomePaths): boolean {
  return fs.existsSync(paths.appConfigFile) && fs.existsSync(path.join(paths.cometHome, "config", "genesis.json"));
}
