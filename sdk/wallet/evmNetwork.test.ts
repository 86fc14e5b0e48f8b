import { test } from "node:test";
import assert from "node:assert/strict";
import { DEVNET_EVM_CHAIN_ID, evmNetworkParameters, type EvmNetworkOptions } from "./evmNetwork.js";
import { WalletNetworkError } from "./errors.js";

const DEVNET = { evmChainId: DEVNET_EVM_CHAIN_ID, chainName: "Unit devnet", rpcUrl: "http://127.0.0.1:8545" };

test("the devnet's network: chain id 0xa33, 18 decimals, the RPC URL as given", () => {
  assert.deepEqual(evmNetworkParameters(DEVNET), {
    chainId: "0xa33",
    chainName: "Unit devnet",
    nativeCurrency: { name: "UNIT", symbol: "UNIT", decimals: 18 },
    rpcUrls: ["http://127.0.0.1:8545"],
  });
  assert.equal(evmNetworkParameters({ ...DEVNET, evmChainId: 2611n }).chainId, "0xa33");
  const withExplorer = evmNetworkParameters({ ...DEVNET, currencySymbol: "tUNIT", blockExplorerUrl: "https://explorer.example" });
  assert.equal(withExplorer.nativeCurrency.symbol, "tUNIT");
  assert.equal(withExplorer.nativeCurrency.decimals, 18);
  assert.deepEqual(withExplorer.blockExplorerUrls, ["https://explorer.example"]);
});

test("settings a wallet would refuse are refused here, naming the field", () => {
  const cases: Array<[Partial<EvmNetworkOptions>, RegExp]> = [
    [{ evmChainId: 0 }, /evmChainId must be a positive integer/],
    [{ evmChainId: -1 }, /evmChainId/],
    [{ evmChainId: 26.11 }, /evmChainId/],
    [{ evmChainId: 2n ** 64n }, /evmChainId/],
    [{ chainName: "  " }, /chainName must not be empty/],
    [{ rpcUrl: "127.0.0.1:8545" }, /rpcUrl must be an http/],
    [{ rpcUrl: "ws://127.0.0.1:8546" }, /rpcUrl must be an http/],
    [{ currencySymbol: "U" }, /currencySymbol must have 2 to 6 characters/],
    [{ blockExplorerUrl: "explorer" }, /blockExplorerUrl must be an http/],
  ];
  for (const [change, message] of cases) {
    assert.throws(
      () => evmNetworkParameters({ ...DEVNET, ...change } as never),
      (e: unknown) => e instanceof WalletNetworkError && message.test(e.message),
      JSON.stringify(change, (_k, v) => (typeof v === "bigint" ? String(v) : v)),
    );
  }
});
