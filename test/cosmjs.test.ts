// CosmJS 0.38, unmodified, against a real one-validator chain (real CometBFT, real app): the
// calls a dapp makes, with both key algorithms.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { DirectSecp256k1HdWallet, DirectEthSecp256k1HdWallet, DirectEthSecp256k1Wallet, type OfflineDirectSigner } from "@cosmjs/proto-signing";
import { GasPrice, SigningStargateClient, StargateClient, calculateFee } from "@cosmjs/stargate";
import { stringToPath } from "@cosmjs/crypto";
import { LocalNode } from "./support/localNode.js";
import { FAUCET_TEST_MNEMONIC } from "../common/node/testKeys.js";
import { generateMnemonic } from "../sdk/keys/mnemonic.js";
import { privateKeyFromMnemonic } from "../sdk/keys/deriveKey.js";

const HD_PATH = stringToPath("m/44'/118'/0'/0/0");
const gasPrice = GasPrice.fromString("0.025uunit");
let node: LocalNode;

before(async () => {
  node = await LocalNode.create();
  await node.start();
  await node.waitForHeight(2);
});
after(() => node.destroy());

async function fundedClient(wallet: OfflineDirectSigner): Promise<{ client: SigningStargateClient; address: string }> {
  const address = (await wallet.getAccounts())[0]!.address;
  const faucet = await DirectSecp256k1HdWallet.fromMnemonic(FAUCET_TEST_MNEMONIC, { prefix: "unit", hdPaths: [HD_PATH] });
  const faucetAddress = (await faucet.getAccounts())[0]!.address;
  const fc = await SigningStargateClient.connectWithSigner(node.rpcUrl, faucet, { gasPrice });
  const r = await fc.sendTokens(faucetAddress, address, [{ denom: "uunit", amount: "50000000" }], "auto");
  assert.equal(r.code, 0, r.rawLog);
  fc.disconnect();
  return { client: await SigningStargateClient.connectWithSigner(node.rpcUrl, wallet, { gasPrice }), address };
}

const WALLETS = {
  DirectSecp256k1HdWallet: { algo: "secp256k1", make: () => DirectSecp256k1HdWallet.fromMnemonic(generateMnemonic(), { prefix: "unit", hdPaths: [HD_PATH] }) },
  DirectEthSecp256k1HdWallet: {
    algo: "eth_secp256k1",
    make: () => DirectEthSecp256k1HdWallet.fromMnemonic(generateMnemonic(), { prefix: "unit", hdPaths: [HD_PATH] }),
  },
  // A raw private key, as a MetaMask-style wallet exports it.
  DirectEthSecp256k1Wallet: { algo: "eth_secp256k1", make: () => DirectEthSecp256k1Wallet.fromKey(privateKeyFromMnemonic(generateMnemonic()), "unit") },
} as const;

for (const [name, { algo, make }] of Object.entries(WALLETS)) {
  test(`CosmJS reads and sends with ${name} (${algo})`, async () => {
    const wallet: OfflineDirectSigner = await make();
    const recipient = (await (await DirectSecp256k1HdWallet.generate(12, { prefix: "unit" })).getAccounts())[0]!.address;

    const reader = await StargateClient.connect(node.rpcUrl);
    assert.equal(await reader.getChainId(), "unit_2611-1");
    assert.equal(await reader.getAccount(recipient), null, "an unknown account reads as null");

    const { client, address } = await fundedClient(wallet);
    const account = await client.getAccount(address);
    assert.ok(account, "funded account exists");
    assert.equal(account.address, address);
    assert.equal(account.sequence, 0);
    assert.deepEqual(await client.getBalance(address, "uunit"), { denom: "uunit", amount: "50000000" });
    assert.deepEqual(await client.getAllBalances(address), [{ denom: "uunit", amount: "50000000" }]);

    // sendTokens with an explicit fee.
    const fee = calculateFee(120_000, gasPrice);
    const sent = await client.sendTokens(address, recipient, [{ denom: "uunit", amount: "1000" }], fee, "hello");
    assert.equal(sent.code, 0, sent.rawLog);
    assert.ok(sent.gasUsed > 0n && sent.gasUsed <= 120_000n);
    assert.deepEqual(await client.getBalance(recipient, "uunit"), { denom: "uunit", amount: "1000" });
    const afterFirst = BigInt((await client.getBalance(address, "uunit")).amount);
    assert.equal(afterFirst, 50_000_000n - 1000n - BigInt(fee.amount[0]!.amount));
    assert.equal((await client.getAccount(address))!.pubkey?.type, algo === "secp256k1" ? "tendermint/PubKeySecp256k1" : "os/PubKeyEthSecp256k1");

    // signAndBroadcast with fee "auto": CosmJS simulates through ABCI query first.
    const msg = {
      typeUrl: "/cosmos.bank.v1beta1.MsgSend",
      value: { fromAddress: address, toAddress: recipient, amount: [{ denom: "uunit", amount: "2500" }] },
    };
    const auto = await client.signAndBroadcast(address, [msg], "auto");
    assert.equal(auto.code, 0, auto.rawLog);
    assert.deepEqual(await client.getBalance(recipient, "uunit"), { denom: "uunit", amount: "3500" });

    // getTx and searchTx find it by hash and by event.
    const found = await client.getTx(auto.transactionHash);
    assert.ok(found, "getTx finds the tx");
    assert.equal(found.height, auto.height);
    assert.equal(found.code, 0);
    const bySender = await client.searchTx([{ key: "transfer.recipient", value: recipient }]);
    assert.ok(
      bySender.some((t) => t.hash === auto.transactionHash) && bySender.some((t) => t.hash === sent.transactionHash),
      "searchTx by transfer.recipient finds both sends",
    );

    // A failing send reports the chain's error.
    await assert.rejects(client.sendTokens(address, recipient, [{ denom: "uunit", amount: "999999999999" }], "auto"), /insufficient funds/);
    client.disconnect();
    reader.disconnect();
  });
}
