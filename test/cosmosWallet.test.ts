// The Cosmos-style wallet helper against a real one-validator chain: a Keplr-like wallet whose
// signer is CosmJS's DirectSecp256k1HdWallet over a funded key connects through the SDK, and the
// client it returns sends a bank send, a custom-module Msg and a gov proposal carrying one.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { DirectSecp256k1HdWallet, decodeTxRaw } from "@cosmjs/proto-signing";
import { stringToPath } from "@cosmjs/crypto";
import { AccountTier } from "../gen/chain/identity/identity_pb.js";
import { Query as IdentityQuery } from "../gen/chain/identity/query_pb.js";
import { Query as GovQuery } from "../gen/cosmos/gov/v1/query_pb.js";
import { DEFAULT_CHAIN_ID } from "../cometbft/genesis.js";
import { faucetAddress } from "../app/localGenesis.js";
import { FAUCET_TEST_MNEMONIC } from "../common/node/testKeys.js";
import { CometRpcClient } from "../sdk/client/cometRpcClient.js";
import { grpcQuery } from "../sdk/client/grpcQuery.js";
import { connectCosmosWallet, WalletNetworkError, type KeplrChainInfo, type KeplrLikeWallet } from "../sdk/wallet/index.js";
import { LocalNode } from "./support/localNode.js";

const GOV = "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc";
const ISSUER_NAME = "Wallet test issuer";
let node: LocalNode;

before(async () => {
  // The faucet key, funded at genesis, is also an authorized issuer, so it may send MsgIssueCredential.
  node = await LocalNode.create({
    editAppState: (state) => {
      (state.identity as { issuers: unknown[] }).issuers = [{ address: faucetAddress(), name: ISSUER_NAME }];
      return state;
    },
  });
  await node.start();
  await node.waitForHeight(2);
});
after(() => node.destroy());

/** Keplr's behaviour in small: a chain must be suggested, then enabled, before it gives a signer. */
function keplrLike(signer: DirectSecp256k1HdWallet) {
  const calls: string[] = [];
  const suggested = new Map<string, KeplrChainInfo>();
  const enabled = new Set<string>();
  const wallet: KeplrLikeWallet = {
    async experimentalSuggestChain(info) {
      calls.push("experimentalSuggestChain");
      suggested.set(info.chainId, info);
    },
    async enable(chainIds) {
      calls.push("enable");
      for (const id of [chainIds].flat()) {
        if (!suggested.has(id)) throw new Error(`There is no chain info for ${id}`);
        enabled.add(id);
      }
    },
    getOfflineSigner(chainId) {
      calls.push("getOfflineSigner");
      if (!enabled.has(chainId)) throw new Error(`${chainId} is not enabled`);
      return signer;
    },
  };
  return { wallet, calls, suggested };
}

const settings = () => ({ chainId: DEFAULT_CHAIN_ID, chainName: "Unit local", rpcEndpoint: node.rpcUrl, restEndpoint: "http://127.0.0.1:1317" });
const funded = () => DirectSecp256k1HdWallet.fromMnemonic(FAUCET_TEST_MNEMONIC, { prefix: "unit", hdPaths: [stringToPath("m/44'/118'/0'/0/0")] });

test("the returned client sends a bank send, an identity Msg and a gov proposal carrying a custom Msg", async () => {
  const { wallet, calls, suggested } = keplrLike(await funded());
  const { client, signer, address } = await connectCosmosWallet(wallet, settings()); // CosmJS loaded on first use
  assert.deepEqual(calls, ["experimentalSuggestChain", "enable", "getOfflineSigner"]);
  assert.equal(suggested.get(DEFAULT_CHAIN_ID)!.bech32Config.bech32PrefixAccAddr, "unit");
  assert.equal(address, faucetAddress());
  assert.equal((await signer.getAccounts())[0]!.address, address);
  const rpc = new CometRpcClient(node.rpcUrl);
  const recipient = (await (await DirectSecp256k1HdWallet.generate(12, { prefix: "unit" })).getAccounts())[0]!.address;

  const sent = await client.sendTokens(address, recipient, [{ denom: "uunit", amount: "1234" }], "auto", "from the wallet");
  assert.equal(sent.code, 0, sent.rawLog);
  assert.deepEqual(await client.getBalance(recipient, "uunit"), { denom: "uunit", amount: "1234" });

  // A Msg only the chain's registry entries know: CosmJS simulates, signs and broadcasts it.
  const credentialHash = "0x" + randomBytes(32).toString("hex");
  const issue = { typeUrl: "/chain.identity.MsgIssueCredential", value: { issuer: address, subject: recipient, credentialType: "kyc", credentialHash } };
  const issued = await client.signAndBroadcast(address, [issue], "auto");
  assert.equal(issued.code, 0, issued.rawLog);
  assert.ok(issued.events.some((e) => e.type === "chain.identity.EventCredentialIssued"));
  const tier = await grpcQuery(rpc, IdentityQuery.method.tier, { address: recipient });
  assert.equal(tier.tier, AccountTier.ATTESTED);
  const found = await client.getTx(issued.transactionHash);
  assert.ok(found, "getTx finds the identity tx");
  const decoded = client.registry.decode(decodeTxRaw(found.tx).body.messages[0]!);
  assert.deepEqual([decoded.issuer, decoded.subject, decoded.credentialHash], [address, recipient, credentialHash]);

  // A proposal (CosmJS's own gov v1 codec) whose message is a custom Msg packed by the registry.
  const addIssuer = client.registry.encodeAsAny({
    typeUrl: "/chain.identity.MsgAddIssuer",
    value: { authority: GOV, issuerAddress: recipient, name: "Second issuer" },
  });
  const proposal = {
    typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
    value: {
      messages: [addIssuer],
      initialDeposit: [{ denom: "uunit", amount: "10000000" }],
      proposer: address,
      metadata: "",
      title: "Add an issuer",
      summary: "Authorize a second issuer",
      expedited: false,
    },
  };
  const submitted = await client.signAndBroadcast(address, [proposal], "auto");
  assert.equal(submitted.code, 0, submitted.rawLog);
  const id = submitted.events
    .find((e) => e.type === "submit_proposal" && e.attributes.some((a) => a.key === "proposal_id"))!
    .attributes.find((a) => a.key === "proposal_id")!.value;
  const stored = await grpcQuery(rpc, GovQuery.method.proposal, { proposalId: BigInt(id) });
  assert.deepEqual(
    stored.proposal!.messages.map((m) => m.typeUrl),
    ["/chain.identity.MsgAddIssuer"],
  );
  client.disconnect();
});

test("an rpcEndpoint of another chain is refused after the wallet step, naming both chain ids", async () => {
  const { wallet } = keplrLike(await funded());
  await assert.rejects(
    connectCosmosWallet(wallet, { ...settings(), chainId: "other_1-1" }),
    (e: unknown) => e instanceof WalletNetworkError && /serves chain unit_2611-1, not other_1-1/.test(e.message),
  );
});
