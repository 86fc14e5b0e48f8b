// Adds this chain's EVM network to an Ethereum-style wallet (MetaMask and any EIP-1193 provider)
// through wallet_addEthereumChain; the wallet asks its user to approve, and usually to switch.
import { evmNetworkParameters, type AddEthereumChainParameter, type EvmNetworkOptions } from "./evmNetwork.js";
import { WalletRequestError } from "./errors.js";

/** What the helper needs from a wallet: EIP-1193's request method (window.ethereum has it). */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** EIP-1193's "user rejected the request". */
export const USER_REJECTED_CODE = 4001;

/**
 * Asks `wallet` to add the network; resolves with the parameters it sent once the wallet accepted.
 * Throws WalletNetworkError on bad settings (nothing is sent) and WalletRequestError when the
 * wallet refuses (code 4001 when its user declined).
 * @example await addEvmNetwork(window.ethereum, { evmChainId: 2611, chainName: "Unit devnet", rpcUrl: "http://127.0.0.1:8545" })
 */
export async function addEvmNetwork(wallet: Eip1193Provider, options: EvmNetworkOptions): Promise<AddEthereumChainParameter> {
  const params = evmNetworkParameters(options);
  const method = "wallet_addEthereumChain";
  try {
    await wallet.request({ method, params: [params] });
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    const numeric = typeof code === "number" ? code : undefined;
    const reason =
      numeric === USER_REJECTED_CODE
        ? "the wallet's user declined to add the network"
        : `the wallet refused to add the network: ${(err as Error)?.message ?? String(err)}`;
    throw new WalletRequestError(method, numeric, reason, { cause: err });
  }
  return params;
}
