// The chain as a Cosmos-style wallet (Keplr, Leap) learns it through experimentalSuggestChain
// (spec 5, "Wallet connection"): bech32 prefix `unit`, coin type 118, one currency `uunit` with 6
// decimals shown as UNIT, used for fees and staking alike.
import {
  BECH32_PREFIX_ACCOUNT,
  BECH32_PREFIX_ACCOUNT_PUBKEY,
  BECH32_PREFIX_CONSENSUS,
  BECH32_PREFIX_CONSENSUS_PUBKEY,
  BECH32_PREFIX_VALIDATOR,
  BECH32_PREFIX_VALIDATOR_PUBKEY,
} from "../crypto/prefixes.js";
import { WalletNetworkError } from "./errors.js";
import { NATIVE_CURRENCY_SYMBOL } from "./evmNetwork.js";
import { httpUrl } from "./httpUrl.js";

/** The devnet's Cosmos chain id (not the EVM chain id 2611). */
export const DEVNET_CHAIN_ID = "unit_2611-1";
/** The bank denom and its decimals: 1 UNIT = 10^6 uunit. */
export const BASE_DENOM = "uunit";
export const BASE_DENOM_DECIMALS = 6;
/** The chain's BIP44 coin type (the Cosmos standard, not Ethereum's 60). */
export const BIP44_COIN_TYPE = 118;
/** The chain's default minimum gas price in uunit per gas unit (the auth genesis `min_gas_price` 0.025uunit). */
export const MIN_GAS_PRICE_AMOUNT = 0.025;
/** The gas price CosmJS pays: the minimum, which every validator of a default genesis accepts. */
export const DEFAULT_GAS_PRICE = `${MIN_GAS_PRICE_AMOUNT}${BASE_DENOM}`;
/** CometBFT refuses longer chain ids. */
export const MAX_CHAIN_ID_LENGTH = 50;

export interface CosmosWalletSettings {
  /** The Cosmos chain id: unit_2611-1 on the devnet. */
  chainId: string;
  /** The chain name the wallet shows (free text). */
  chainName: string;
  /** The node's CometBFT RPC, e.g. http://127.0.0.1:26657. */
  rpcEndpoint: string;
  /** The node's REST gateway, e.g. http://127.0.0.1:1317 (the wallet reads balances there). */
  restEndpoint: string;
}

/** Keplr's Currency. */
export interface KeplrCurrency {
  coinDenom: string;
  coinMinimalDenom: string;
  coinDecimals: number;
}

/** Keplr's FeeCurrency: gas prices in coinMinimalDenom per gas unit. */
export interface KeplrFeeCurrency extends KeplrCurrency {
  gasPriceStep: { low: number; average: number; high: number };
}

/** Keplr's Bech32Config. */
export interface KeplrBech32Config {
  bech32PrefixAccAddr: string;
  bech32PrefixAccPub: string;
  bech32PrefixValAddr: string;
  bech32PrefixValPub: string;
  bech32PrefixConsAddr: string;
  bech32PrefixConsPub: string;
}

/** The ChainInfo object Keplr's experimentalSuggestChain takes (Leap takes the same). */
export interface KeplrChainInfo {
  chainId: string;
  chainName: string;
  rpc: string;
  rest: string;
  bip44: { coinType: number };
  bech32Config: KeplrBech32Config;
  currencies: KeplrCurrency[];
  feeCurrencies: KeplrFeeCurrency[];
  stakeCurrency: KeplrCurrency;
  /** Optional wallet features: none apply (no IBC, no CosmWasm, and keys are Cosmos secp256k1 at coin type 118). */
  features: string[];
}

/**
 * The ChainInfo for this chain; throws WalletNetworkError on settings a wallet would refuse.
 * @example
 * keplrChainInfo({ chainId: "unit_2611-1", chainName: "Unit devnet", rpcEndpoint: "http://127.0.0.1:26657", restEndpoint: "http://127.0.0.1:1317" })
 *   .bech32Config.bech32PrefixAccAddr // "unit"
 */
export function keplrChainInfo(settings: CosmosWalletSettings): KeplrChainInfo {
  const chainId = cosmosChainId(settings.chainId);
  const chainName = typeof settings.chainName === "string" ? settings.chainName.trim() : "";
  if (chainName === "") throw new WalletNetworkError("chainName must not be empty");
  const currency: KeplrCurrency = { coinDenom: NATIVE_CURRENCY_SYMBOL, coinMinimalDenom: BASE_DENOM, coinDecimals: BASE_DENOM_DECIMALS };
  return {
    chainId,
    chainName,
    rpc: httpUrl("rpcEndpoint", settings.rpcEndpoint),
    rest: httpUrl("restEndpoint", settings.restEndpoint),
    bip44: { coinType: BIP44_COIN_TYPE },
    bech32Config: {
      bech32PrefixAccAddr: BECH32_PREFIX_ACCOUNT,
      bech32PrefixAccPub: BECH32_PREFIX_ACCOUNT_PUBKEY,
      bech32PrefixValAddr: BECH32_PREFIX_VALIDATOR,
      bech32PrefixValPub: BECH32_PREFIX_VALIDATOR_PUBKEY,
      bech32PrefixConsAddr: BECH32_PREFIX_CONSENSUS,
      bech32PrefixConsPub: BECH32_PREFIX_CONSENSUS_PUBKEY,
    },
    currencies: [{ ...currency }],
    // Low is the chain's minimum gas price: a lower one is refused at CheckTx.
    feeCurrencies: [{ ...currency, gasPriceStep: { low: MIN_GAS_PRICE_AMOUNT, average: 0.03, high: 0.04 } }],
    stakeCurrency: { ...currency },
    features: [],
  };
}

function cosmosChainId(value: unknown): string {
  if (typeof value !== "string" || value === "") throw new WalletNetworkError(`chainId must not be empty (${DEVNET_CHAIN_ID} on the devnet)`);
  // The EVM chain id is the likeliest mix-up: wallets would accept it and sign for the wrong chain.
  if (/^(\d+|0x[0-9a-fA-F]+)$/.test(value))
    throw new WalletNetworkError(`chainId is the Cosmos chain id (${DEVNET_CHAIN_ID} on the devnet), not an EVM chain id; got "${value}"`);
  if (value.length > MAX_CHAIN_ID_LENGTH || !/^[\x21-\x7e]+$/.test(value))
    throw new WalletNetworkError(`chainId must be 1 to ${MAX_CHAIN_ID_LENGTH} printable characters without spaces, got "${value.slice(0, 80)}"`);
  return value;
}
