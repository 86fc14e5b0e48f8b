// "Connect wallet": adds this chain to an EVM wallet (window.ethereum, through the SDK's
// addEvmNetwork) or a Keplr-style wallet (window.keplr, through connectCosmosWallet), with the
// settings the node itself publishes at /chain-info/evm and /chain-info/keplr.
import { el, replaceChildren } from "./dom.js";
import { addEvmNetwork, type Eip1193Provider } from "../sdk/wallet/addEvmNetwork.js";
import { connectCosmosWallet, type KeplrLikeWallet, type StargateModule } from "../sdk/wallet/connectCosmosWallet.js";
import type { AddEthereumChainParameter } from "../sdk/wallet/evmNetwork.js";
import type { KeplrChainInfo } from "../sdk/wallet/keplrChain.js";
import type { CometReader } from "./api/comet.js";
import { link } from "./views/common.js";

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
    keplr?: KeplrLikeWallet;
  }
}

async function chainInfo<T>(path: string): Promise<T> {
  const response = await fetch(new URL(path, location.origin));
  if (!response.ok) throw new Error(`the node did not publish its wallet settings at ${path} (HTTP ${response.status})`);
  return (await response.json()) as T;
}

/**
 * CosmJS, loaded only when a Keplr-style wallet is connected. The page reaches CometBFT only
 * through its own origin's read-only proxy, so the signing client connects there; the wallet
 * itself is given the node's real RPC address (in the chain info) to broadcast through.
 */
async function stargateThroughProxy(proxyUrl: string): Promise<StargateModule> {
  const loaded: typeof import("@cosmjs/stargate") & { default?: typeof import("@cosmjs/stargate") } = await import("@cosmjs/stargate");
  // A CommonJS package seen from an ES module may keep its exports under `default` only.
  const stargate = typeof loaded.GasPrice === "function" ? loaded : loaded.default!;
  return {
    GasPrice: stargate.GasPrice,
    SigningStargateClient: {
      connectWithSigner: (_endpoint, signer, options) => stargate.SigningStargateClient.connectWithSigner(proxyUrl, signer, options),
    },
  };
}

export function walletButtons(comet: CometReader): HTMLElement {
  const status = el("p", { class: "wallet-status", id: "wallet-status", role: "status" });
  const report = (...content: Parameters<typeof replaceChildren>[1][]) => replaceChildren(status, ...content);
  const fail = (err: unknown) => report(el("span", { class: "error-text" }, (err as Error)?.message ?? String(err)));

  const evmButton = el("button", { type: "button", id: "connect-evm" }, "Add to EVM wallet");
  evmButton.addEventListener("click", () => {
    void (async () => {
      try {
        if (!window.ethereum) throw new Error("no EVM wallet found in this browser (window.ethereum): install one such as MetaMask");
        const info = await chainInfo<AddEthereumChainParameter>("/chain-info/evm");
        const added = await addEvmNetwork(window.ethereum, {
          evmChainId: BigInt(info.chainId),
          chainName: info.chainName,
          rpcUrl: info.rpcUrls[0] ?? "",
          currencySymbol: info.nativeCurrency.symbol,
          // The node's public address for the explorer when it publishes one, else this page's.
          blockExplorerUrl: info.blockExplorerUrls?.[0] ?? new URL(".", document.baseURI).href,
        });
        report(`Added ${added.chainName} (chain id ${added.chainId}) to the EVM wallet.`);
      } catch (err) {
        fail(err);
      }
    })();
  });

  const keplrButton = el("button", { type: "button", id: "connect-keplr" }, "Connect Keplr");
  keplrButton.addEventListener("click", () => {
    void (async () => {
      try {
        if (!window.keplr) throw new Error("no Keplr-style wallet found in this browser (window.keplr): install Keplr or Leap");
        const info = await chainInfo<KeplrChainInfo>("/chain-info/keplr");
        const { address, client } = await connectCosmosWallet(
          window.keplr,
          { chainId: info.chainId, chainName: info.chainName, rpcEndpoint: info.rpc, restEndpoint: info.rest },
          await stargateThroughProxy(comet.client.url),
        );
        client.disconnect();
        report("Connected ", link(`account/${address}`, address));
      } catch (err) {
        fail(err);
      }
    })();
  });

  return el("div", { class: "wallet" }, evmButton, keplrButton, status);
}
