import { test } from "node:test";
import assert from "node:assert/strict";
import { DirectSecp256k1Wallet, Registry, type OfflineDirectSigner } from "@cosmjs/proto-signing";
import { GasPrice, defaultRegistryTypes, type SigningStargateClient } from "@cosmjs/stargate";
import { connectCosmosWallet, type KeplrLikeWallet, type StargateModule } from "./connectCosmosWallet.js";
import { DEVNET_CHAIN_ID, keplrChainInfo } from "./keplrChain.js";
import { NodeConnectionError, WalletNetworkError, WalletRequestError, WalletUnsupportedError } from "./errors.js";

const DEVNET = { chainId: DEVNET_CHAIN_ID, chainName: "Unit devnet", rpcEndpoint: "http://127.0.0.1:26657", restEndpoint: "http://127.0.0.1:1317" };
const KEY = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const signerWith = (prefix = "unit") => DirectSecp256k1Wallet.fromKey(KEY, prefix);

/** A Keplr-style wallet that records what it is asked and answers as told. */
async function fakeWallet(options: { fail?: Partial<Record<string, unknown>>; signer?: unknown; auto?: boolean } = {}) {
  const calls: Array<{ method: string; args: unknown[] }> = [];
  const signer = "signer" in options ? options.signer : await signerWith();
  const answer = <T>(method: string, args: unknown[], value: T): T => {
    calls.push({ method, args });
    if (options.fail?.[method] !== undefined) throw options.fail[method];
    return value;
  };
  const wallet: KeplrLikeWallet = {
    experimentalSuggestChain: async (...args) => answer("experimentalSuggestChain", args, undefined),
    enable: async (...args) => answer("enable", args, undefined),
    ...(options.auto
      ? { getOfflineSignerAuto: async (...args: [string]) => answer("getOfflineSignerAuto", args, signer) }
      : { getOfflineSigner: (...args: [string]) => answer("getOfflineSigner", args, signer) }),
  };
  return { wallet, calls, signer };
}

/** The parts of @cosmjs/stargate the helper uses, answering for a node of `nodeChainId`. */
function fakeStargate(nodeChainId = DEVNET_CHAIN_ID, unreachable = false) {
  const seen: { endpoint?: string; signer?: OfflineDirectSigner; gasPrice?: string; disconnected: boolean } = { disconnected: false };
  const registry = new Registry(defaultRegistryTypes);
  const stargate: StargateModule = {
    GasPrice,
    SigningStargateClient: {
      async connectWithSigner(endpoint, signer, options) {
        if (unreachable) throw new Error("fetch failed");
        Object.assign(seen, { endpoint, signer, gasPrice: options.gasPrice?.toString() });
        const client = { registry, getChainId: async () => nodeChainId, disconnect: () => void (seen.disconnected = true) };
        return client as unknown as SigningStargateClient;
      },
    },
  };
  return { stargate, seen, registry };
}

test("suggests the chain, enables it, takes the signer, then connects with the chain's gas price and Msg types", async () => {
  const { wallet, calls, signer } = await fakeWallet();
  const { stargate, seen, registry } = fakeStargate();
  const connection = await connectCosmosWallet(wallet, DEVNET, stargate);
  assert.deepEqual(calls, [
    { method: "experimentalSuggestChain", args: [keplrChainInfo(DEVNET)] },
    { method: "enable", args: [DEVNET_CHAIN_ID] },
    { method: "getOfflineSigner", args: [DEVNET_CHAIN_ID] },
  ]);
  assert.equal(connection.signer, signer);
  assert.equal(connection.address, (await (signer as OfflineDirectSigner).getAccounts())[0]!.address);
  assert.match(connection.address, /^unit1/);
  assert.equal(seen.endpoint, DEVNET.rpcEndpoint);
  assert.equal(seen.signer, signer);
  assert.equal(seen.gasPrice, "0.025uunit");
  assert.equal(connection.client.registry, registry);
  assert.ok(registry.lookupType("/chain.identity.MsgIssueCredential"), "custom Msgs registered");
  assert.ok(registry.lookupType("/chain.voting.MsgCastVote"), "voting Msgs registered");
  assert.ok(registry.lookupType("/chain.voting.MsgCreateElection"));
  assert.ok(registry.lookupType("/chain.registry.MsgTransferAsset"), "registry Msgs registered");
  assert.ok(registry.lookupType("/chain.taxrail.MsgWithdrawTax"), "taxrail Msgs registered");
  assert.ok(registry.lookupType("/cosmos.gov.v1.MsgCancelProposal"));
});

test("a wallet with only getOfflineSignerAuto is used through it", async () => {
  const { wallet, calls } = await fakeWallet({ auto: true });
  await connectCosmosWallet(wallet, DEVNET, fakeStargate().stargate);
  assert.deepEqual(
    calls.map((c) => c.method),
    ["experimentalSuggestChain", "enable", "getOfflineSignerAuto"],
  );
});

test("bad settings and objects that are not Keplr-style wallets are refused before any wallet call", async () => {
  const { wallet, calls } = await fakeWallet();
  const { stargate } = fakeStargate();
  await assert.rejects(
    connectCosmosWallet(wallet, { ...DEVNET, rpcEndpoint: "localhost:26657" }, stargate),
    (e: unknown) => e instanceof WalletNetworkError && /rpcEndpoint must be an http/.test(e.message),
  );
  await assert.rejects(connectCosmosWallet(wallet, { ...DEVNET, chainId: "2611" }, stargate), WalletNetworkError);
  assert.equal(calls.length, 0);
  await assert.rejects(
    connectCosmosWallet(undefined as never, DEVNET, stargate),
    (e: unknown) => e instanceof WalletUnsupportedError && /no wallet given/.test(e.message),
  );
  const ethereumLike = { request: async () => null } as unknown as KeplrLikeWallet;
  await assert.rejects(
    connectCosmosWallet(ethereumLike, DEVNET, stargate),
    (e: unknown) => e instanceof WalletUnsupportedError && /no experimentalSuggestChain method/.test(e.message),
  );
  const { getOfflineSigner: _dropped, ...noSigner } = wallet;
  await assert.rejects(
    connectCosmosWallet(noSigner, DEVNET, stargate),
    (e: unknown) => e instanceof WalletUnsupportedError && /neither getOfflineSigner nor getOfflineSignerAuto/.test(e.message),
  );
  assert.equal(calls.length, 0);
});

test("a refusal at any step is a WalletRequestError naming the step, and stops there", async () => {
  const steps: Array<[string, RegExp]> = [
    ["experimentalSuggestChain", /refused to add the chain: Request rejected/],
    ["enable", /refused to enable the chain: Request rejected/],
    ["getOfflineSigner", /refused to give a signer: Request rejected/],
  ];
  for (const [method, message] of steps) {
    const { wallet, calls } = await fakeWallet({ fail: { [method]: new Error("Request rejected") } });
    const { stargate, seen } = fakeStargate();
    await assert.rejects(
      connectCosmosWallet(wallet, DEVNET, stargate),
      (e: unknown) => e instanceof WalletRequestError && e.method === method && e.code === undefined && message.test(e.message),
    );
    assert.equal(calls.at(-1)!.method, method);
    assert.equal(seen.endpoint, undefined, "no client after a refusal");
  }
  const declined = await fakeWallet({ fail: { enable: Object.assign(new Error("User rejected the request."), { code: 4001 }) } });
  await assert.rejects(
    connectCosmosWallet(declined.wallet, DEVNET, fakeStargate().stargate),
    (e: unknown) => e instanceof WalletRequestError && e.code === 4001 && /user declined to enable the chain/.test(e.message),
  );
});

test("an amino-only signer, an empty account list or a foreign prefix is refused before connecting", async () => {
  const real = await signerWith();
  const aminoOnly = { getAccounts: () => real.getAccounts(), signAmino: async () => ({}) };
  const cases: Array<[unknown, new (...a: never[]) => Error, RegExp]> = [
    [aminoOnly, WalletUnsupportedError, /no SIGN_MODE_DIRECT signer/],
    [undefined, WalletUnsupportedError, /no SIGN_MODE_DIRECT signer/],
    [{ getAccounts: async () => [], signDirect: async () => ({}) }, WalletUnsupportedError, /no account for chain unit_2611-1/],
    [await signerWith("cosmos"), WalletNetworkError, /is not a unit1 address: the wallet keeps other settings for chain unit_2611-1/],
  ];
  for (const [signer, type, message] of cases) {
    const { wallet } = await fakeWallet({ signer });
    const { stargate, seen } = fakeStargate();
    await assert.rejects(connectCosmosWallet(wallet, DEVNET, stargate), (e: unknown) => e instanceof type && message.test(e.message));
    assert.equal(seen.endpoint, undefined);
  }
});

test("a node that cannot be reached, or that serves another chain, is reported; the client is closed", async () => {
  const { wallet } = await fakeWallet();
  await assert.rejects(
    connectCosmosWallet(wallet, DEVNET, fakeStargate(DEVNET_CHAIN_ID, true).stargate),
    (e: unknown) => e instanceof NodeConnectionError && /cannot reach the node at http:\/\/127.0.0.1:26657: fetch failed/.test(e.message),
  );
  const other = fakeStargate("unit_9999-1");
  await assert.rejects(
    connectCosmosWallet(wallet, DEVNET, other.stargate),
    (e: unknown) => e instanceof WalletNetworkError && /serves chain unit_9999-1, not unit_2611-1/.test(e.message),
  );
  assert.equal(other.seen.disconnected, true);
});
