// The client SDK's wallet helpers: connecting an Ethereum-style wallet to this chain's EVM, and a
// Cosmos-style wallet (Keplr, Leap) to the chain itself.
export { addEvmNetwork, USER_REJECTED_CODE, type Eip1193Provider } from "./addEvmNetwork.js";
export {
  DEVNET_EVM_CHAIN_ID,
  EVM_NATIVE_DECIMALS,
  NATIVE_CURRENCY_SYMBOL,
  evmNetworkParameters,
  type AddEthereumChainParameter,
  type EvmNetworkOptions,
} from "./evmNetwork.js";
export { connectCosmosWallet, type CosmosWalletConnection, type KeplrLikeWallet, type StargateModule } from "./connectCosmosWallet.js";
export {
  BASE_DENOM,
  BASE_DENOM_DECIMALS,
  BIP44_COIN_TYPE,
  DEFAULT_GAS_PRICE,
  DEVNET_CHAIN_ID,
  MAX_CHAIN_ID_LENGTH,
  MIN_GAS_PRICE_AMOUNT,
  keplrChainInfo,
  type CosmosWalletSettings,
  type KeplrBech32Config,
  type KeplrChainInfo,
  type KeplrCurrency,
  type KeplrFeeCurrency,
} from "./keplrChain.js";
export { NodeConnectionError, WalletNetworkError, WalletRequestError, WalletUnsupportedError } from "./errors.js";
