// The faucet's settings: defaults, then the node home's config (ports) when --home is given, then
// flags. Everything is checked here so the server starts only with settings that make sense.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { nodeHomePaths, readAppConfig } from "../../common/node/home.js";
import { DEFAULT_PORTS } from "../../common/node/ports.js";
import { FAUCET_TEST_MNEMONIC } from "../../common/node/testKeys.js";
import { normalizeNodeUrl } from "../../sdk/client/nodeUrl.js";
import { parseCoins, type Coin } from "../../sdk/tx/coins.js";
import { positiveInt } from "../../common/flags.js";

export interface FaucetConfig {
  host: string;
  port: number;
  nodeUrl: string;
  /** Sent per request. */
  amount: Coin[];
  fees: Coin[];
  gasLimit: bigint;
  mnemonic: string;
  /** True when the public test mnemonic is in use (logged as a warning). */
  testMnemonic: boolean;
  windowMs: number;
  perAddressLimit: number;
  perIpLimit: number;
  bodyLimitBytes: number;
  /** Connections open at once; more are closed as they arrive. */
  maxConnections: number;
  trustProxy: boolean;
  cors: boolean;
}

export const FAUCET_DEFAULTS = {
  host: "127.0.0.1",
  port: DEFAULT_PORTS.faucet ?? 4500,
  /** 100 UNIT. */
  amount: "100000000uunit",
  /** 200 000 gas at the chain's default minimum gas price of 0.025uunit. */
  fees: "5000uunit",
  gas: "200000",
  windowSeconds: "3600",
  perAddress: "5",
  perIp: "100",
  bodyLimitBytes: 4096,
  maxConnections: "256",
} as const;

export const FAUCET_USAGE = `faucet: sends test coins from a funded key

Usage: node gateway/faucet/main.js [flags]

  --home <dir>           node home: takes the RPC and faucet ports from its config/app.toml
  --host <addr>          listen address (default ${FAUCET_DEFAULTS.host})
  --port <n>             listen port (default ${FAUCET_DEFAULTS.port}, or the home's faucet port)
  --node <url>           CometBFT RPC (default http://127.0.0.1:26657, or the home's RPC port)
  --amount <coins>       sent per request (default ${FAUCET_DEFAULTS.amount} = 100 UNIT)
  --fees <coins>         fee per tx (default ${FAUCET_DEFAULTS.fees})
  --gas <n>              gas limit per tx (default ${FAUCET_DEFAULTS.gas})
  --mnemonic-file <f>    the faucet key's mnemonic (else $FAUCET_MNEMONIC, else the public test key)
  --window <seconds>     rate-limit window (default ${FAUCET_DEFAULTS.windowSeconds})
  --per-address <n>      requests per address per window (default ${FAUCET_DEFAULTS.perAddress})
  --per-ip <n>           requests per client IP per window (default ${FAUCET_DEFAULTS.perIp})
  --max-connections <n>  connections open at once; more are closed (default ${FAUCET_DEFAULTS.maxConnections})
  --trust-proxy          take the client IP from X-Forwarded-For (only behind a proxy)
  --cors                 allow browser requests from any origin
`;

function coinsFlag(flag: string, text: string, allowEmpty: boolean): Coin[] {
  let coins: Coin[];
  try {
    coins = parseCoins(text);
  } catch (err) {
    throw new Error(`${flag}: ${(err as Error).message}`);
  }
  if (!allowEmpty && coins.length === 0) throw new Error(`${flag} must be a positive amount such as ${FAUCET_DEFAULTS.amount}`);
  return coins;
}

export function parseFaucetArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): FaucetConfig | "help" {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      home: { type: "string" },
      host: { type: "string" },
      port: { type: "string" },
      node: { type: "string" },
      amount: { type: "string" },
      fees: { type: "string" },
      gas: { type: "string" },
      "mnemonic-file": { type: "string" },
      window: { type: "string" },
      "per-address": { type: "string" },
      "per-ip": { type: "string" },
      "max-connections": { type: "string" },
      "trust-proxy": { type: "boolean" },
      cors: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  if (positionals.length > 0) throw new Error(`unexpected argument "${positionals[0]}"`);
  const home = values.home ? readAppConfig(nodeHomePaths(values.home)) : undefined;
  const mnemonicFromFile = values["mnemonic-file"] ? fs.readFileSync(values["mnemonic-file"], "utf8").trim() : undefined;
  const mnemonic = mnemonicFromFile || env.FAUCET_MNEMONIC?.trim() || FAUCET_TEST_MNEMONIC;
  return {
    host: values.host ?? home?.listenHost ?? FAUCET_DEFAULTS.host,
    port: positiveInt("--port", values.port ?? String(home?.ports.faucet ?? FAUCET_DEFAULTS.port), 65535),
    nodeUrl: normalizeNodeUrl(values.node ?? `http://127.0.0.1:${home?.ports.rpc ?? DEFAULT_PORTS.rpc}`),
    amount: coinsFlag("--amount", values.amount ?? FAUCET_DEFAULTS.amount, false),
    fees: coinsFlag("--fees", values.fees ?? FAUCET_DEFAULTS.fees, true),
    gasLimit: BigInt(positiveInt("--gas", values.gas ?? FAUCET_DEFAULTS.gas)),
    mnemonic,
    testMnemonic: mnemonic === FAUCET_TEST_MNEMONIC,
    windowMs: positiveInt("--window", values.window ?? FAUCET_DEFAULTS.windowSeconds) * 1000,
    perAddressLimit: positiveInt("--per-address", values["per-address"] ?? FAUCET_DEFAULTS.perAddress),
    perIpLimit: positiveInt("--per-ip", values["per-ip"] ?? FAUCET_DEFAULTS.perIp),
    bodyLimitBytes: FAUCET_DEFAULTS.bodyLimitBytes,
    maxConnections: positiveInt("--max-connections", values["max-connections"] ?? FAUCET_DEFAULTS.maxConnections),
    trustProxy: values["trust-proxy"] ?? false,
    cors: values.cors ?? false,
  };
}
