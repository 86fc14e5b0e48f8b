// Connects a Cosmos-style wallet (Keplr, Leap, any wallet with Keplr's API) to this chain (spec 5,
// "Wallet connection"): suggests the chain, enables it, takes the wallet's signer and returns a
// CosmJS signing client whose registry also holds every Msg type of the chain's custom modules.
// CosmJS is the caller's dependency: pass `@cosmjs/stargate`, or have it installed to be loaded
// on first use; this file imports only its types.
import type { OfflineDirectSigner } from "@cosmjs/proto-signing";
import type { GasPrice, SigningStargateClient, SigningStargateClientOptions } from "@cosmjs/stargate";
import { BECH32_PREFIX_ACCOUNT } from "../crypto/prefixes.js";
import { registerChainMsgTypes } from "../cosmjs/registry.js";
import { USER_REJECTED_CODE } from "./addEvmNetwork.js";
import { NodeConnectionError, WalletNetworkError, WalletRequestError, WalletUnsupportedError } from "./errors.js";
import { DEFAULT_GAS_PRICE, keplrChainInfo, type CosmosWalletSettings, type KeplrChainInfo } from "./keplrChain.js";

/** What the helper needs from a wallet: Keplr's API (window.keplr and window.leap have it). */
export interface KeplrLikeWallet {
  experimentalSuggestChain(chainInfo: KeplrChainInfo): Promise<void>;
  enable(chainIds: string | string[]): Promise<void>;
  /** Preferred: Keplr's signer signs SIGN_MODE_DIRECT, the only mode the chain accepts. */
  getOfflineSigner?(chainId: string): unknown;
  /** Used when getOfflineSigner is missing; must give a direct signer. */
  getOfflineSignerAuto?(chainId: string): Promise<unknown>;
}

/** The parts of `@cosmjs/stargate` the helper uses (`import * as stargate from "@cosmjs/stargate"`). */
export interface StargateModule {
  SigningStargateClient: {
    connectWithSigner(endpoint: string, signer: OfflineDirectSigner, options: SigningStargateClientOptions): Promise<SigningStargateClient>;
  };
  GasPrice: { fromString(gasPrice: string): GasPrice };
}

export interface CosmosWalletConnection {
  signer: OfflineDirectSigner;
  /** Pays DEFAULT_GAS_PRICE; its `registry` knows CosmJS's default types and the chain's Msgs. */
  client: SigningStargateClient;
  /** The wallet's first account (unit1...). */
  address: string;
}

/**
 * Suggests the chain to `wallet`, enables it, and connects a signing client to `rpcEndpoint`.
 * Throws WalletNetworkError on bad settings (the wallet is not called), WalletUnsupportedError for
 * a wallet without Keplr's API, WalletRequestError when the wallet refuses, NodeConnectionError
 * when the node cannot be reached.
 * @example
 * const { client, address } = await connectCosmosWallet(window.keplr, {
 *   chainId: "unit_2611-1", chainName: "Unit devnet", rpcEndpoint: "http://127.0.0.1:26657", restEndpoint: "http://127.0.0.1:1317",
 * })
 */
export async function connectCosmosWallet(wallet: KeplrLikeWallet, settings: CosmosWalletSettings, stargate?: StargateModule): Promise<CosmosWalletConnection> {
  const chainInfo = keplrChainInfo(settings);
  const { chainId, rpc } = chainInfo;
  const getSigner = signerGetter(wallet);

  await ask("experimentalSuggestChain", "add the chain", () => wallet.experimentalSuggestChain(chainInfo));
  await ask("enable", "enable the chain", () => wallet.enable(chainId));
  const signer = await ask(getSigner, "give a signer", () => wallet[getSigner]!(chainId));
  if (!isDirectSigner(signer))
    throw new WalletUnsupportedError(
      `the wallet's ${getSigner} gave no SIGN_MODE_DIRECT signer (an amino-only account, such as a Ledger one?); the chain accepts only SIGN_MODE_DIRECT`,
    );
  const [account] = await ask("getAccounts", "list its accounts", () => signer.getAccounts());
  if (!account) throw new WalletUnsupportedError(`the wallet has no account for chain ${chainId}`);
  if (!account.address.startsWith(`${BECH32_PREFIX_ACCOUNT}1`)) {
    throw new WalletNetworkError(
      `the wallet's account ${account.address} is not a ${BECH32_PREFIX_ACCOUNT}1 address: the wallet keeps other settings for chain ${chainId}; remove the chain from the wallet and connect again`,
    );
  }

  const cosmjs = stargate ?? (await loadStargate());
  let client: SigningStargateClient;
  let nodeChainId: string;
  try {
    client = await cosmjs.SigningStargateClient.connectWithSigner(rpc, signer, { gasPrice: cosmjs.GasPrice.fromString(DEFAULT_GAS_PRICE) });
    nodeChainId = await client.getChainId();
  } catch (err) {
    throw new NodeConnectionError(`cannot reach the node at ${rpc}: ${(err as Error)?.message ?? String(err)}`, { cause: err });
  }
  if (nodeChainId !== chainId) {
    client.disconnect();
    throw new WalletNetworkError(`rpcEndpoint ${rpc} serves chain ${nodeChainId}, not ${chainId}`);
  }
  registerChainMsgTypes(client.registry);
  return { signer, client, address: account.address };
}

function signerGetter(wallet: KeplrLikeWallet): "getOfflineSigner" | "getOfflineSignerAuto" {
  if (wallet === null || typeof wallet !== "object") throw new WalletUnsupportedError("no wallet given: is the wallet extension installed (window.keplr)?");
  for (const method of ["experimentalSuggestChain", "enable"] as const) {
    if (typeof wallet[method] !== "function") throw new WalletUnsupportedError(`the wallet has no ${method} method: a Keplr-style wallet is needed`);
  }
  if (typeof wallet.getOfflineSigner === "function") return "getOfflineSigner";
  if (typeof wallet.getOfflineSignerAuto === "function") return "getOfflineSignerAuto";
  throw new WalletUnsupportedError("the wallet has neither getOfflineSigner nor getOfflineSignerAuto: a Keplr-style wallet is needed");
}

function isDirectSigner(signer: unknown): signer is OfflineDirectSigner {
  const s = signer as Partial<OfflineDirectSigner> | null;
  return typeof s === "object" && s !== null && typeof s.getAccounts === "function" && typeof s.signDirect === "function";
}

/** Runs one wallet call, turning its failure into a WalletRequestError naming the method. */
async function ask<T>(method: string, what: string, call: () => T | Promise<T>): Promise<Awaited<T>> {
  try {
    return await call();
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    const numeric = typeof code === "number" ? code : undefined;
    const reason =
      numeric === USER_REJECTED_CODE ? `the wallet's user declined to ${what}` : `the wallet refused to ${what}: ${(err as Error)?.message ?? String(err)}`;
    throw new WalletRequestError(method, numeric, reason, { cause: err });
  }
}

async function loadStargate(): Promise<StargateModule> {
  let loaded: StargateModule & { default?: StargateModule };
  try {
    loaded = await import("@cosmjs/stargate");
  } catch (err) {
    throw new Error("connectCosmosWallet needs @cosmjs/stargate: add it to the app's dependencies, or pass the module as the third argument", { cause: err });
  }
  // Node's ESM view of a CommonJS package may keep the named exports under `default` only.
  return typeof loaded.SigningStargateClient === "function" ? loaded : loaded.default!;
}
