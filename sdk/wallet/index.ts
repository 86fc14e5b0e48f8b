// The client SDK's wallet helpers: connecting an Ethereum-style wallet to this chain's EVM.
export { addEvmNetwork, USER_REJECTED_CODE, type Eip1193Provider } from "./addEvmNetwork.js";
export { DEVNET_EVM_CHAIN_ID, EVM_NATIVE_DECIMALS, NATIVE_CURRENCY_SYMBOL, evmNetworkParameters, type AddEthereumChainParameter, type EvmNetworkOptions } from "./evmNetwork.js";
export { WalletNetworkError, WalletRequestError } from "./errors.js";
