// CometBFT node configuration: what we set in config.toml for a node home.
import fs from "node:fs";
import path from "node:path";
import { setTomlValue, type TomlValue } from "./toml.js";

export interface CometConfig {
  moniker: string;
  /** Where the app's ABCI server listens, e.g. tcp://127.0.0.1:26658. */
  proxyApp: string;
  rpcListen: string;
  p2pListen: string;
  /** Empty for no CORS (the default), ["*"] for permissive, or a list of allowed origins. */
  corsAllowedOrigins: string[];
  timeoutCommit: string;
  persistentPeers?: string;
  allowDuplicateIp?: boolean;
  addrBookStrict?: boolean;
  logLevel?: string;
}

/**
 * How long a node waits after a commit before the next height's proposal: blocks come every ~0.5 s
 * on an idle chain. Chosen by measurement (docs/node-lifecycle.md, "Block interval").
 */
export const DEFAULT_TIMEOUT_COMMIT = "500ms";

export function defaultCometConfig(ports: { rpc: number; p2p: number; abci: number }, moniker = "unit-node"): CometConfig {
  return {
    moniker,
    proxyApp: `tcp://127.0.0.1:${ports.abci}`,
    rpcListen: `tcp://127.0.0.1:${ports.rpc}`,
    p2pListen: `tcp://127.0.0.1:${ports.p2p}`,
    corsAllowedOrigins: [],
    timeoutCommit: DEFAULT_TIMEOUT_COMMIT,
  };
}

/** Applies `config` to the config.toml text that `cometbft init` generated. */
export function applyCometConfig(toml: string, config: CometConfig): string {
  const edits: Array<[string, string, TomlValue]> = [
    ["", "proxy_app", config.proxyApp],
    ["", "moniker", config.moniker],
    ["", "abci", "socket"],
    ["", "log_level", config.logLevel ?? "info"],
    ["rpc", "laddr", config.rpcListen],
    ["rpc", "cors_allowed_origins", config.corsAllowedOrigins],
    ["p2p", "laddr", config.p2pListen],
    ["p2p", "persistent_peers", config.persistentPeers ?? ""],
    ["p2p", "allow_duplicate_ip", config.allowDuplicateIp ?? false],
    ["p2p", "addr_book_strict", config.addrBookStrict ?? true],
    ["consensus", "timeout_commit", config.timeoutCommit],
    ["tx_index", "indexer", "kv"],
    ["instrumentation", "prometheus", false],
  ];
  return edits.reduce((text, [section, key, value]) => setTomlValue(text, section, key, value), toml);
}

export function writeCometConfig(cometHome: string, config: CometConfig): void {
  const file = path.join(cometHome, "config", "config.toml");
  fs.writeFileSync(file, applyCometConfig(fs.readFileSync(file, "utf8"), config));
}
