// The node's settings file, <home>/config/app.toml (the Cosmos SDK's app.toml in spirit): one
// table of keys drives writing the documented file, reading it back, UNITD_* environment
// overrides and the errors that name a bad key and its file. Precedence, highest first:
// a process's own flag > UNITD_* variable > app.toml > the default written here.
import os from "node:os";
import type { NodePorts } from "./ports.js";
import { DEFAULT_PORTS } from "./ports.js";

/** Settings of the node's processes, written at init and read at every start. */
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
  /** Whether the app's thread answers eth_calls itself while not busy (docs/queries.md). Default: true. */
  queryInlineCalls?: boolean;
  /** Threads recovering Ethereum txs' senders ahead of their CheckTx; 0: none. Default: defaultSenderRecoveryWorkers(). */
  senderRecoveryWorkers?: number;
  /** Threads hashing a share of a large change set for the state hash; 0: none. Default: defaultStateHashWorkers(). */
  stateHashWorkers?: number;
  /** Permissive CORS on the node's HTTP APIs (devnet only). */
  unsafeCors: boolean;
  /** Origins the REST gateway lets browsers read from (when unsafeCors is off); absent = none. */
  restCorsOrigins?: string[];
  /** Where gRPC, REST, JSON-RPC and the faucet listen; absent = 127.0.0.1 (containers use 0.0.0.0). */
  listenHost?: string;
  /** This node's floor on gas prices for admission to its mempool (CheckTx), e.g. "0.05uunit"; "" = the chain's minimum only. */
  minimumGasPrices?: string;
  /** Which API processes `unitd start` runs (all by default). */
  enable?: Partial<Record<NodeApi, boolean>>;
  /** Take a state-sync snapshot every N heights; 0 takes none. */
  snapshotInterval?: number;
  /** Snapshots kept; 0 keeps all. */
  snapshotKeepRecent?: number;
  /** Limits of the EVM JSON-RPC server. */
  jsonRpc?: Partial<JsonRpcLimits>;
}

export type NodeApi = "rest" | "grpc" | "jsonRpc" | "faucet";

export interface JsonRpcLimits {
  timeoutMs: number;
  maxBodyBytes: number;
  batchRequestLimit: number;
  blockRangeCap: number;
  logsCap: number;
  filterCap: number;
  maxOpenConnections: number;
}

/** Heights kept readable by a new node: the Cosmos SDK's "default" pruning (about 4 days of 1 s blocks). */
export const DEFAULT_PRUNING_KEEP_RECENT = 362_880;
export const DEFAULT_PRUNING_INTERVAL = 10;
export const DEFAULT_QUERY_WORKERS = 2;
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;

/**
 * Sender recovery threads for a machine with `cores` cores: none below four, where the app's
 * thread, CometBFT and the JSON-RPC server already take the cores and a thread would move CPU
 * rather than add it (bench/RESULTS.md, round 35); then one per four cores, at most four.
 */
export function defaultSenderRecoveryWorkers(cores = os.availableParallelism()): number {
  return cores < 4 ? 0 : Math.min(4, Math.floor(cores / 4));
}
/**
 * State hash threads for a machine with `cores` cores: one per core beside the app's thread, at
 * most four. They work only at the end of a large block or a genesis, when CometBFT waits for the
 * app and the other cores are idle (bench/RESULTS.md, round 36).
 */
export function defaultStateHashWorkers(cores = os.availableParallelism()): number {
  return Math.max(0, Math.min(4, cores - 1));
}
/** The SDK's defaults: no snapshots unless asked for, two kept. */
export const DEFAULT_SNAPSHOT_INTERVAL = 0;
export const DEFAULT_SNAPSHOT_KEEP_RECENT = 2;
/** Mirrors the EVM JSON-RPC server's built-in limits (evm/config.ts and evm/filters, evm/ws). */
export const DEFAULT_JSON_RPC_LIMITS: JsonRpcLimits = {
  timeoutMs: 30_000,
  maxBodyBytes: 5 * 1024 * 1024,
  batchRequestLimit: 100,
  blockRangeCap: 10_000,
  logsCap: 10_000,
  filterCap: 1_000,
  maxOpenConnections: 1000,
};

type Kind = "string" | "int" | "bool" | "strings" | "gasPrices" | "host";

export interface ConfigKey {
  section: string;
  key: string;
  kind: Kind;
  doc: string;
  min?: number;
  max?: number;
  get(c: AppConfig): string | number | boolean | string[];
  set(c: AppConfig, v: string | number | boolean | string[]): void;
}

const port = (name: keyof NodePorts, section: string, key: string, doc: string): ConfigKey => ({
  section,
  key,
  kind: "int",
  min: 1,
  max: 65535,
  doc,
  get: (c) => c.ports[name] ?? DEFAULT_PORTS[name]!,
  set: (c, v) => (c.ports = { ...c.ports, [name]: v as number }),
});
const enable = (api: NodeApi, section: string, what: string): ConfigKey => ({
  section,
  key: "enable",
  kind: "bool",
  doc: `Run ${what}.`,
  get: (c) => c.enable?.[api] ?? true,
  set: (c, v) => (c.enable = { ...c.enable, [api]: v as boolean }),
});
const rpcLimit = (name: keyof JsonRpcLimits, key: string, doc: string, max: number): ConfigKey => ({
  section: "json-rpc",
  key,
  kind: "int",
  min: 1,
  max,
  doc,
  get: (c) => c.jsonRpc?.[name] ?? DEFAULT_JSON_RPC_LIMITS[name],
  set: (c, v) => (c.jsonRpc = { ...c.jsonRpc, [name]: v as number }),
});

/** Every key of app.toml, in the order the file lists them. */
export const CONFIG_KEYS: ConfigKey[] = [
  {
    section: "",
    key: "chain-id",
    kind: "string",
    doc: "The chain this home belongs to (set at init).",
    get: (c) => c.chainId,
    set: (c, v) => (c.chainId = v as string),
  },
  {
    section: "",
    key: "minimum-gas-prices",
    kind: "gasPrices",
    doc: 'This node\'s floor for admitting a Cosmos tx to its mempool, e.g. "0.05uunit", on top of the\n# chain\'s own minimum (a genesis setting every validator enforces). "" = the chain\'s minimum only.',
    get: (c) => c.minimumGasPrices ?? "",
    set: (c, v) => (c.minimumGasPrices = v as string),
  },
  {
    section: "",
    key: "listen-host",
    kind: "host",
    doc: "Where gRPC, REST, JSON-RPC and the faucet listen (0.0.0.0 in a container). CometBFT's own\n# addresses are in cometbft/config/config.toml.",
    get: (c) => c.listenHost ?? "127.0.0.1",
    set: (c, v) => (c.listenHost = v as string),
  },
  port("rpc", "comet", "rpc-port", "CometBFT's RPC port as config.toml sets it (read by the API processes)."),
  port("p2p", "comet", "p2p-port", "CometBFT's P2P port as config.toml sets it."),
  port("abci", "comet", "abci-port", "Where the app serves ABCI to CometBFT (127.0.0.1 only)."),
  enable("rest", "api", "the REST gateway"),
  port("rest", "api", "port", "REST gateway port."),
  {
    section: "api",
    key: "enabled-unsafe-cors",
    kind: "bool",
    doc: "Any origin may read every HTTP API (REST, JSON-RPC): for a local devnet only.",
    get: (c) => c.unsafeCors,
    set: (c, v) => (c.unsafeCors = v as boolean),
  },
  {
    section: "api",
    key: "cors-origins",
    kind: "strings",
    doc: 'Origins browsers may read REST from when enabled-unsafe-cors is off, e.g. ["https://app.example.com"].',
    get: (c) => c.restCorsOrigins ?? [],
    set: (c, v) => (c.restCorsOrigins = v as string[]),
  },
  enable("grpc", "grpc", "the app's gRPC server (REST and JSON-RPC read through it)"),
  port("grpc", "grpc", "port", "gRPC port (plaintext, with reflection)."),
  enable("jsonRpc", "json-rpc", "the EVM JSON-RPC server"),
  port("evmHttp", "json-rpc", "port", "JSON-RPC over HTTP."),
  port("evmWs", "json-rpc", "ws-port", "JSON-RPC over WebSocket."),
  rpcLimit("timeoutMs", "http-timeout-ms", "Longest one request may take.", 600_000),
  rpcLimit("maxBodyBytes", "max-body-bytes", "Largest request body or WebSocket message.", 256 * 1024 * 1024),
  rpcLimit("batchRequestLimit", "batch-request-limit", "Most requests in one batch.", 100_000),
  rpcLimit("blockRangeCap", "block-range-cap", "Most blocks one eth_getLogs spans.", 1_000_000),
  rpcLimit("logsCap", "logs-cap", "Most logs one eth_getLogs returns.", 1_000_000),
  rpcLimit("filterCap", "filter-cap", "Filters installed at once, all clients together.", 1_000_000),
  rpcLimit("maxOpenConnections", "max-open-connections", "Connections at once on each port, HTTP and WebSocket.", 1_000_000),
  enable("faucet", "faucet", "the test-funds faucet"),
  {
    section: "faucet",
    key: "port",
    kind: "int",
    min: 0,
    max: 65535,
    doc: "Faucet port (POST /faucet); 0 = 4500 moved by this node's port offset (a devnet runs one faucet, beside node 0).",
    get: (c) => c.ports.faucet ?? 0,
    set: (c, v) => {
      const { faucet: _old, ...rest } = c.ports;
      c.ports = v === 0 ? rest : { ...rest, faucet: v as number };
    },
  },
  {
    section: "pruning",
    key: "keep-recent",
    kind: "int",
    min: 0,
    doc: "Heights of state kept readable; 0 keeps all (an archive node).",
    get: (c) => c.pruningKeepRecent,
    set: (c, v) => (c.pruningKeepRecent = v as number),
  },
  {
    section: "pruning",
    key: "interval",
    kind: "int",
    min: 1,
    doc: "Every how many blocks older heights are deleted.",
    get: (c) => c.pruningInterval,
    set: (c, v) => (c.pruningInterval = v as number),
  },
  {
    section: "state-sync",
    key: "snapshot-interval",
    kind: "int",
    min: 0,
    doc: "Take a state-sync snapshot every N heights; 0 takes none. A multiple of pruning.interval is best.",
    get: (c) => c.snapshotInterval ?? DEFAULT_SNAPSHOT_INTERVAL,
    set: (c, v) => (c.snapshotInterval = v as number),
  },
  {
    section: "state-sync",
    key: "snapshot-keep-recent",
    kind: "int",
    min: 0,
    doc: "Snapshots kept; 0 keeps all.",
    get: (c) => c.snapshotKeepRecent ?? DEFAULT_SNAPSHOT_KEEP_RECENT,
    set: (c, v) => (c.snapshotKeepRecent = v as number),
  },
  {
    section: "query",
    key: "workers",
    kind: "int",
    min: 0,
    max: 64,
    doc: "Worker threads answering queries; 0 answers them in the thread that executes blocks (not for validators).",
    get: (c) => c.queryWorkers ?? DEFAULT_QUERY_WORKERS,
    set: (c, v) => (c.queryWorkers = v as number),
  },
  {
    section: "query",
    key: "timeout-ms",
    kind: "int",
    min: 1,
    max: 600_000,
    doc: "Longest one query may run before it is stopped.",
    get: (c) => c.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
    set: (c, v) => (c.queryTimeoutMs = v as number),
  },
  {
    section: "query",
    key: "inline-calls",
    kind: "bool",
    doc: "The thread that executes blocks answers an eth_call itself while it is not busy, within 5 ms and 64 KiB of memory (else a worker does); false sends every call to the workers.",
    get: (c) => c.queryInlineCalls ?? true,
    set: (c, v) => (c.queryInlineCalls = v as boolean),
  },
  {
    section: "mempool",
    key: "sender-recovery-workers",
    kind: "int",
    min: 0,
    max: 16,
    doc: "Threads that recover Ethereum txs' senders while earlier CheckTx requests run; 0: CheckTx recovers each itself. Written at init for the machine: 0 below 4 cores, then one per 4 cores, at most 4.",
    get: (c) => c.senderRecoveryWorkers ?? defaultSenderRecoveryWorkers(),
    set: (c, v) => (c.senderRecoveryWorkers = v as number),
  },
  {
    section: "state",
    key: "hash-workers",
    kind: "int",
    min: 0,
    max: 16,
    doc: "Threads that hash a share of a large block's (or a genesis's) changed entries for the state hash beside the app's thread; 0: the app's thread hashes them all. Written at init for the machine: one per core beside the app's thread, at most 4.",
    get: (c) => c.stateHashWorkers ?? defaultStateHashWorkers(),
    set: (c, v) => (c.stateHashWorkers = v as number),
  },
];

const SECTION_DOCS: Record<string, string> = {
  comet: "CometBFT's ports, as cometbft/config/config.toml has them.",
  api: "The REST gateway (query-only).",
  grpc: "The app's gRPC server.",
  "json-rpc": "The EVM's Ethereum JSON-RPC server and its limits.",
  faucet: "The test-funds faucet.",
  pruning: "Old heights of the app's state.",
  "state-sync": "Snapshots served to nodes joining by state sync.",
  query: "Query workers.",
  mempool: "Admission of txs to the mempool (CheckTx).",
  state: "The app's state and its hash.",
};

/** The UNITD_* variable of a key: UNITD_<SECTION>_<KEY>, dashes as underscores (UNITD_GRPC_PORT). */
export function envName(k: Pick<ConfigKey, "section" | "key">): string {
  return `UNITD_${[k.section, k.key].filter(Boolean).join("_").replace(/-/g, "_").toUpperCase()}`;
}

/** A key's name as written in errors and docs: "grpc.port", "minimum-gas-prices". */
export function keyPath(k: Pick<ConfigKey, "section" | "key">): string {
  return k.section ? `${k.section}.${k.key}` : k.key;
}

function tomlValue(v: string | number | boolean | string[]): string {
  if (Array.isArray(v)) return `[${v.map((s) => JSON.stringify(s)).join(", ")}]`;
  return typeof v === "string" ? JSON.stringify(v) : String(v);
}

/** The documented app.toml for `config`: every key with its current value. */
export function formatAppToml(config: AppConfig): string {
  const out = [
    "# unitd node settings. Precedence: a flag > a UNITD_* environment variable > this file > the default.",
    "# Each key's variable is UNITD_<SECTION>_<KEY> in capitals with _ for - (grpc.port: UNITD_GRPC_PORT).",
    "# Every key is described in docs/configuration.md.",
  ];
  let section = "";
  for (const k of CONFIG_KEYS) {
    if (k.section !== section) {
      section = k.section;
      out.push("", `# ${SECTION_DOCS[section] ?? ""}`.trimEnd(), `[${section}]`);
    }
    out.push("", `# ${k.doc}`, `${k.key} = ${tomlValue(k.get(config))}`);
  }
  return out.join("\n") + "\n";
}

/** A bad setting: names the key and where it came from. */
export class ConfigError extends Error {}

function parseValue(k: ConfigKey, raw: string, where: string, fromEnv: boolean): string | number | boolean | string[] {
  const fail = (expected: string): never => {
    throw new ConfigError(`${where}: ${keyPath(k)} expects ${expected}, got ${raw}`);
  };
  let value: unknown;
  if (fromEnv && (k.kind === "string" || k.kind === "gasPrices" || k.kind === "host")) value = raw;
  else if (fromEnv && k.kind === "strings") value = raw.trim() === "" ? [] : raw.split(",").map((s) => s.trim());
  else {
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
  }
  switch (k.kind) {
    case "bool":
      if (typeof value !== "boolean") fail("true or false");
      return value as boolean;
    case "int": {
      if (typeof value !== "number" || !Number.isSafeInteger(value)) fail("an integer");
      const n = value as number;
      if ((k.min !== undefined && n < k.min) || (k.max !== undefined && n > k.max))
        fail(`an integer${k.min !== undefined ? ` from ${k.min}` : ""}${k.max !== undefined ? ` up to ${k.max}` : ""}`);
      return n;
    }
    case "strings":
      if (!Array.isArray(value) || !value.every((s) => typeof s === "string")) fail('a list of strings, e.g. ["a", "b"]');
      return value as string[];
    case "gasPrices":
      if (typeof value !== "string" || (value !== "" && !/^\d{1,30}(\.\d{1,18})?[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/.test(value)))
        fail('"" or a decimal amount followed by a denom, e.g. "0.05uunit"');
      return value as string;
    case "host":
      if (typeof value !== "string" || !/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.:-]+)$/.test(value)) fail('a host name or IP address, e.g. "0.0.0.0"');
      return value as string;
    default:
      if (typeof value !== "string" || value === "") fail("a non-empty string");
      return value as string;
  }
}

/** Reads app.toml's text (only what formatAppToml writes: tables, key = string/integer/boolean/string list). */
export function parseAppToml(text: string, file: string): AppConfig {
  const config = emptyConfig();
  const seen = new Set<string>();
  let section = "";
  text.split("\n").forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    const bare = stripComment(line).trim();
    if (bare === "") return;
    const header = /^\[([A-Za-z0-9_-]+)\]$/.exec(bare);
    if (header) {
      section = header[1]!;
      if (!CONFIG_KEYS.some((k) => k.section === section)) throw new ConfigError(`${where}: unknown table [${section}]`);
      return;
    }
    const m = /^([A-Za-z0-9_-]+)\s*=\s*(.+)$/.exec(bare);
    if (!m) throw new ConfigError(`${where}: expected key = value, got ${JSON.stringify(line.trim())}`);
    const k = CONFIG_KEYS.find((c) => c.section === section && c.key === m[1]);
    if (!k) throw new ConfigError(`${where}: unknown key ${keyPath({ section, key: m[1]! })}`);
    k.set(config, parseValue(k, m[2]!.trim(), where, false));
    seen.add(keyPath(k));
  });
  const missing = CONFIG_KEYS.filter((k) => !seen.has(keyPath(k)) && k.key === "chain-id");
  if (missing.length) throw new ConfigError(`${file}: chain-id is missing`);
  return config;
}

/** Drops a # comment that is not inside a string. */
function stripComment(line: string): string {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === "\\" && inString) i++;
    else if (ch === '"') inString = !inString;
    else if (ch === "#" && !inString) return line.slice(0, i);
  }
  return line;
}

function emptyConfig(): AppConfig {
  return {
    chainId: "",
    ports: { ...DEFAULT_PORTS },
    pruningKeepRecent: DEFAULT_PRUNING_KEEP_RECENT,
    pruningInterval: DEFAULT_PRUNING_INTERVAL,
    unsafeCors: false,
  };
}

/** `config` with every key given a value (defaults for what the source left out). */
export function withDefaults(config: AppConfig): AppConfig {
  const out: AppConfig = { ...config, ports: { ...config.ports } };
  for (const k of CONFIG_KEYS) k.set(out, k.get(config));
  return out;
}

/** Applies UNITD_* variables over `config`; an invalid one is an error naming the variable. */
export function applyEnvOverrides(config: AppConfig, env: NodeJS.ProcessEnv): AppConfig {
  const out = withDefaults(config);
  for (const k of CONFIG_KEYS) {
    const raw = env[envName(k)];
    if (raw === undefined) continue;
    k.set(out, parseValue(k, raw, `environment variable ${envName(k)}`, true));
  }
  return out;
}

/** Checks that concern several keys at once. */
export function validateAppConfig(config: AppConfig, source: string): void {
  const c = withDefaults(config);
  if (c.ports.evmHttp === c.ports.evmWs) throw new ConfigError(`${source}: json-rpc.port and json-rpc.ws-port must differ (both ${c.ports.evmHttp})`);
  if (!c.enable?.grpc) {
    const needing = (["rest", "jsonRpc"] as const).filter((api) => c.enable?.[api]);
    if (needing.length)
      throw new ConfigError(
        `${source}: grpc.enable = false, but ${needing.map((a) => (a === "rest" ? "api" : "json-rpc")).join(" and ")} read through gRPC: disable them too`,
      );
  }
}
