import { test } from "node:test";
import assert from "node:assert/strict";
import { DEVNET_CHAIN_ID, keplrChainInfo } from "./keplrChain.js";
import { WalletNetworkError } from "./errors.js";

const DEVNET = { chainId: DEVNET_CHAIN_ID, chainName: "Unit devnet", rpcEndpoint: "http://127.0.0.1:26657", restEndpoint: "http://127.0.0.1:1317" };

test("the devnet's ChainInfo: prefix unit, coin type 118, uunit with 6 decimals shown as UNIT", () => {
  const unit = { coinDenom: "UNIT", coinMinimalDenom: "uunit", coinDecimals: 6 };
  assert.deepEqual(keplrChainInfo(DEVNET), {
    chainId: "unit_2611-1",
    chainName: "Unit devnet",
    rpc: "http://127.0.0.1:26657",
    rest: "http://127.0.0.1:1317",
    bip44: { coinType: 118 },
    bech32Config: {
      bech32PrefixAccAddr: "unit",
      bech32PrefixAccPub: "unitpub",
      bech32PrefixValAddr: "unitvaloper",
      bech32PrefixValPub: "unitvaloperpub",
      bech32PrefixConsAddr: "unitvalcons",
      bech32PrefixConsPub: "unitvalconspub",
    },
    currencies: [unit],
    feeCurrencies: [{ ...unit, gasPriceStep: { low: 0.025, average: 0.03, high: 0.04 } }],
    stakeCurrency: unit,
    features: [],
  });
  assert.equal(keplrChainInfo({ ...DEVNET, chainName: "  Unit testnet " }).chainName, "Unit testnet");
});

test("the lowest gas price step is the chain's minimum, and the steps rise", () => {
  const { low, average, high } = keplrChainInfo(DEVNET).feeCurrencies[0]!.gasPriceStep;
  assert.equal(low, 0.025);
  assert.ok(low <= average && average <= high);
});

test("settings a wallet would refuse, or that would sign for another chain, are refused naming the field", () => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ chainId: "" }, /chainId must not be empty/],
    [{ chainId: undefined }, /chainId must not be empty/],
    [{ chainId: "2611" }, /chainId is the Cosmos chain id \(unit_2611-1 on the devnet\), not an EVM chain id/],
    [{ chainId: "0xa33" }, /not an EVM chain id/],
    [{ chainId: "unit 2611-1" }, /chainId must be 1 to 50 printable characters/],
    [{ chainId: "u".repeat(51) }, /chainId must be 1 to 50/],
    [{ chainName: " " }, /chainName must not be empty/],
    [{ rpcEndpoint: "127.0.0.1:26657" }, /rpcEndpoint must be an http/],
    [{ rpcEndpoint: "ws://127.0.0.1:26657" }, /rpcEndpoint must be an http/],
    [{ restEndpoint: "localhost" }, /restEndpoint must be an http/],
    [{ restEndpoint: undefined }, /restEndpoint must be an http/],
  ];
  for (const [change, message] of cases) {
    assert.throws(
      () => keplrChainInfo({ ...DEVNET, ...change } as never),
      (e: unknown) => e instanceof WalletNetworkError && message.test(e.message),
      JSON.stringify(change),
    );
  }
});
