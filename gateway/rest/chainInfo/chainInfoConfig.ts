// The public endpoints /chain-info/* hands to wallets: the URLs a browser should use to reach this
// node, which are not the addresses the node binds (127.0.0.1 behind a proxy, a container port...).
// Flags win over UNIT_PUBLIC_* variables (which pass through `unitd start` to this process), which
// win over the local ports of the node home.
import { DEFAULT_PORTS, type NodePorts } from "../../../common/node/ports.js";

export interface ChainInfoSettings {
  /** CometBFT RPC as browsers reach it (Keplr's `rpc`). */
  rpcUrl: string;
  /** This REST gateway as browsers reach it (Keplr's `rest`). */
  restUrl: string;
  /** The EVM JSON-RPC as browsers reach it (EIP-3085 `rpcUrls`). */
  evmRpcUrl: string;
  /** The name wallets show; default "Unit (<chain id>)". */
  chainName?: string;
  /** A block explorer for EIP-3085's `blockExplorerUrls`, when this gateway serves one. */
  explorerUrl?: string;
}

/** parseArgs options of the chain-info flags. */
export const CHAIN_INFO_FLAGS = {
  "public-rpc": { type: "string" },
  "public-rest": { type: "string" },
  "public-evm-rpc": { type: "string" },
  "chain-name": { type: "string" },
} as const;

export const CHAIN_INFO_USAGE = `  --public-rpc <url>       CometBFT RPC URL given to wallets by /chain-info/* (or UNIT_PUBLIC_RPC_URL;
                           default http://127.0.0.1:<the home's RPC port>)
  --public-rest <url>      this gateway's URL given to wallets (or UNIT_PUBLIC_REST_URL; default
                           http://127.0.0.1:<--port>)
  --public-evm-rpc <url>   EVM JSON-RPC URL given to wallets (or UNIT_PUBLIC_EVM_RPC_URL; default
                           http://127.0.0.1:<the home's JSON-RPC port>)
  --chain-name <name>      the chain's name in wallets (or UNIT_CHAIN_NAME; default "Unit (<chain id>)")
`;

type Flags = Partial<Record<keyof typeof CHAIN_INFO_FLAGS, string>>;

export function chainInfoSettings(
  flags: Flags,
  local: { ports?: Pick<NodePorts, "rpc" | "evmHttp">; restPort: number; explorer: boolean },
  env: Record<string, string | undefined> = process.env,
): ChainInfoSettings {
  const rpcPort = local.ports?.rpc ?? DEFAULT_PORTS.rpc;
  const evmPort = local.ports?.evmHttp ?? DEFAULT_PORTS.evmHttp;
  const restUrl = publicUrl("--public-rest", flags["public-rest"] ?? env.UNIT_PUBLIC_REST_URL ?? `http://127.0.0.1:${local.restPort}`);
  const chainName = (flags["chain-name"] ?? env.UNIT_CHAIN_NAME)?.trim();
  return {
    rpcUrl: publicUrl("--public-rpc", flags["public-rpc"] ?? env.UNIT_PUBLIC_RPC_URL ?? `http://127.0.0.1:${rpcPort}`),
    restUrl,
    evmRpcUrl: publicUrl("--public-evm-rpc", flags["public-evm-rpc"] ?? env.UNIT_PUBLIC_EVM_RPC_URL ?? `http://127.0.0.1:${evmPort}`),
    ...(chainName ? { chainName } : {}),
    ...(local.explorer ? { explorerUrl: `${restUrl}/explorer/` } : {}),
  };
}

/** An http(s) URL without query or fragment, its trailing slash dropped (wallets join paths to it). */
function publicUrl(flag: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${flag} expects a URL such as http://node.example:443, got "${text}"`);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.search || url.hash)
    throw new Error(`${flag} expects an http:// or https:// URL without query or fragment, got "${text}"`);
  return url.toString().replace(/\/+$/, "");
}
