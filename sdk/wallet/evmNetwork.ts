// The settings an Ethereum-style wallet needs to connect to this chain's EVM (spec 5, "Wallet
// connection"), in the shape of EIP-3085's wallet_addEthereumChain parameter. The native coin has
// 18 decimals on the EVM side whatever the bank side's 6: one UNIT is 10^18 wei there.
import { WalletNetworkError } from "./errors.js";
import { httpUrl } from "./httpUrl.js";

/** The devnet's EVM chain id (hex 0xa33). */
export const DEVNET_EVM_CHAIN_ID = 2611;
/** Decimals of the native currency as EVM tools and wallets see it. */
export const EVM_NATIVE_DECIMALS = 18;
/** The chain's ticker, the wallet's "currency symbol". */
export const NATIVE_CURRENCY_SYMBOL = "UNIT";

export interface EvmNetworkOptions {
  /** The EVM chain id: 2611 on the devnet. */
  evmChainId: number | bigint;
  /** The network name the wallet shows (free text). */
  chainName: string;
  /** The node's EVM JSON-RPC address, e.g. http://127.0.0.1:8545. */
  rpcUrl: string;
  /** Default UNIT. */
  currencySymbol?: string;
  /** A block explorer for this network, if there is one. */
  blockExplorerUrl?: string;
}

/** EIP-3085's AddEthereumChainParameter. */
export interface AddEthereumChainParameter {
  /** Hex, 0x-prefixed, no leading zeros: "0xa33". */
  chainId: string;
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrls?: string[];
}

/**
 * The wallet_addEthereumChain parameter for this chain's EVM; throws WalletNetworkError on
 * settings a wallet would refuse.
 * @example evmNetworkParameters({ evmChainId: 2611, chainName: "Unit devnet", rpcUrl: "http://127.0.0.1:8545" }).chainId // "0xa33"
 */
export function evmNetworkParameters(options: EvmNetworkOptions): AddEthereumChainParameter {
  const chainName = options.chainName?.trim() ?? "";
  if (chainName === "") throw new WalletNetworkError("chainName must not be empty");
  const symbol = options.currencySymbol ?? NATIVE_CURRENCY_SYMBOL;
  // EIP-3085 limits the symbol to 2..6 characters; wallets refuse longer ones.
  if (symbol.length < 2 || symbol.length > 6) throw new WalletNetworkError(`currencySymbol must have 2 to 6 characters, got "${symbol}"`);
  const params: AddEthereumChainParameter = {
    chainId: chainIdHex(options.evmChainId),
    chainName,
    nativeCurrency: { name: symbol, symbol, decimals: EVM_NATIVE_DECIMALS },
    rpcUrls: [httpUrl("rpcUrl", options.rpcUrl)],
  };
  if (options.blockExplorerUrl !== undefined) params.blockExplorerUrls = [httpUrl("blockExplorerUrl", options.blockExplorerUrl)];
  return params;
}

function chainIdHex(id: number | bigint): string {
  const valid = typeof id === "bigint" ? id > 0n && id <= BigInt(Number.MAX_SAFE_INTEGER) : Number.isSafeInteger(id) && id > 0;
  if (!valid) throw new WalletNetworkError(`evmChainId must be a positive integer (2611 on the devnet), got ${String(id)}`);
  return "0x" + id.toString(16);
}
