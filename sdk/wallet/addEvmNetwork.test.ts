import { test } from "node:test";
import assert from "node:assert/strict";
import { createWalletClient, custom, defineChain } from "viem";
import { addEvmNetwork, type Eip1193Provider } from "./addEvmNetwork.js";
import { WalletNetworkError, WalletRequestError } from "./errors.js";

const DEVNET = { evmChainId: 2611, chainName: "Unit devnet", rpcUrl: "http://127.0.0.1:8545" };

/** A wallet that records what it is asked and answers as told. */
function fakeWallet(answer: (method: string) => unknown = () => null) {
  const calls: Array<{ method: string; params?: unknown[] }> = [];
  const wallet: Eip1193Provider = {
    async request(args) {
      calls.push(args);
      return answer(args.method);
    },
  };
  return { wallet, calls };
}

test("asks the wallet for wallet_addEthereumChain with chain id 0xa33 and 18 decimals", async () => {
  const { wallet, calls } = fakeWallet();
  const sent = await addEvmNetwork(wallet, DEVNET);
  assert.equal(calls.length, 1);
  assert.equal(calls[0]!.method, "wallet_addEthereumChain");
  assert.deepEqual(calls[0]!.params, [sent]);
  assert.equal(sent.chainId, "0xa33");
  assert.equal(sent.nativeCurrency.decimals, 18);
  assert.deepEqual(sent.rpcUrls, [DEVNET.rpcUrl]);
});

test("the request is the one viem's addChain sends for the same chain", async () => {
  const { wallet, calls } = fakeWallet();
  const ours = await addEvmNetwork(wallet, DEVNET);
  const viaViem = fakeWallet();
  const chain = defineChain({
    id: 2611,
    name: DEVNET.chainName,
    nativeCurrency: { name: "UNIT", symbol: "UNIT", decimals: 18 },
    rpcUrls: { default: { http: [DEVNET.rpcUrl] } },
  });
  await createWalletClient({ transport: custom(viaViem.wallet) }).addChain({ chain });
  const viemParams = JSON.parse(JSON.stringify(viaViem.calls[0]!.params)); // drops viem's undefined blockExplorerUrls
  assert.deepEqual(viemParams, calls[0]!.params);
  assert.equal(viaViem.calls[0]!.method, calls[0]!.method);
  assert.equal(ours.chainId, "0xa33");
});

test("a declined or failed request is a WalletRequestError with the wallet's code; bad settings send nothing", async () => {
  const declined = fakeWallet(() => {
    throw Object.assign(new Error("User rejected the request."), { code: 4001 });
  });
  await assert.rejects(
    addEvmNetwork(declined.wallet, DEVNET),
    (e: unknown) => e instanceof WalletRequestError && e.code === 4001 && /declined/.test(e.message),
  );
  const broken = fakeWallet(() => {
    throw Object.assign(new Error("Internal error"), { code: -32603 });
  });
  await assert.rejects(
    addEvmNetwork(broken.wallet, DEVNET),
    (e: unknown) => e instanceof WalletRequestError && e.code === -32603 && /Internal error/.test(e.message),
  );
  const untouched = fakeWallet();
  await assert.rejects(addEvmNetwork(untouched.wallet, { ...DEVNET, rpcUrl: "localhost" }), WalletNetworkError);
  assert.equal(untouched.calls.length, 0);
});
