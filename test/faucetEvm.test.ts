// The faucet funds 0x addresses on a real one-validator chain: the account a fresh Ethereum key
// names is credited exactly as its bech32 form would be, its EVM balance is the same coins in
// aunit, and the key can spend them with an Ethereum tx. Bad 0x input is refused and funds nobody.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Wallet, keccak256, toUtf8Bytes } from "ethers";
import { Query as EvmQuery } from "../gen/chain/evm/query_pb.js";
import { waitUntil } from "../cometbft/readiness.js";
import { getBalance } from "../sdk/client/bankQueries.js";
import { CometRpcClient } from "../sdk/client/cometRpcClient.js";
import { AbciQueryError } from "../sdk/client/errors.js";
import { grpcQuery } from "../sdk/client/grpcQuery.js";
import { toBech32Address } from "../sdk/crypto/accountAddress.js";
import { LocalNode } from "./support/localNode.js";
import { startInProcessFaucet, type InProcessFaucet } from "./support/inProcessFaucet.js";

const AMOUNT = 100_000_000n; // uunit per request
const AUNIT_PER_UUNIT = 10n ** 12n;

let node: LocalNode;
let rpc: CometRpcClient;
let faucet: InProcessFaucet;
let faucetUrl: string;

before(async () => {
  node = await LocalNode.create();
  await node.start();
  await node.waitForHeight(2);
  rpc = new CometRpcClient(node.rpcUrl);
  faucet = await startInProcessFaucet(rpc, AMOUNT);
  faucetUrl = faucet.url;
});

after(async () => {
  faucet?.close();
  await node?.destroy();
});

/** A fixed Ethereum key per label, so a failing run can be replayed. */
function ethKey(label: string): Wallet {
  return new Wallet(keccak256(toUtf8Bytes(`faucetEvm.test ${label}`)));
}

async function requestFunds(address: string): Promise<{ status: number; json: Record<string, string> }> {
  const res = await fetch(`${faucetUrl}/faucet`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ address }) });
  return { status: res.status, json: (await res.json()) as Record<string, string> };
}

async function evmBalance(address: string): Promise<bigint> {
  return BigInt((await grpcQuery(rpc, EvmQuery.method.account, { address })).balance);
}

async function uunit(address: string): Promise<bigint> {
  return BigInt((await getBalance(rpc, toBech32Address(address), "uunit")).amount);
}

test("a checksummed 0x address is funded: the answer names both forms, the bank and the EVM see the same coins", async () => {
  const key = ethKey("checksummed");
  const res = await requestFunds(key.address);
  assert.equal(res.status, 200, JSON.stringify(res.json));
  assert.deepEqual(Object.keys(res.json).sort(), ["address", "amount", "evm_address", "txhash"]);
  assert.equal(res.json.evm_address, key.address, "the 0x form is the one sent, EIP-55 checksummed");
  assert.equal(res.json.address, toBech32Address(key.address));
  assert.equal((await rpc.waitForTx(res.json.txhash!)).result.code, 0);
  assert.equal(await uunit(key.address), AMOUNT);
  assert.equal(await evmBalance(key.address), AMOUNT * AUNIT_PER_UUNIT);
  assert.equal(await evmBalance(res.json.address!), AMOUNT * AUNIT_PER_UUNIT, "the EVM query takes the bech32 form too");
});

test("lowercase and uppercase 0x forms fund the same account as its bech32 form", async () => {
  const key = ethKey("cases");
  for (const address of [key.address.toLowerCase(), "0x" + key.address.slice(2).toUpperCase(), toBech32Address(key.address)]) {
    const res = await requestFunds(address);
    assert.equal(res.status, 200, JSON.stringify(res.json));
    assert.equal(res.json.evm_address, key.address);
    await rpc.waitForTx(res.json.txhash!);
  }
  assert.equal(await uunit(key.address), 3n * AMOUNT);
});

test("the funded 0x key spends its coins with an Ethereum tx signed for chain 2611", async () => {
  const key = ethKey("spender");
  const funded = await requestFunds(key.address);
  assert.equal(funded.status, 200);
  await rpc.waitForTx(funded.json.txhash!);
  const to = ethKey("spender's recipient").address;
  const value = 5n * AUNIT_PER_UUNIT + 123n; // not a whole uunit: the recipient gets a fraction
  const raw = await key.signTransaction({
    type: 2,
    chainId: 2611,
    nonce: 0,
    to,
    value,
    gasLimit: 21_000,
    maxFeePerGas: 10_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  });
  const sent = await rpc.broadcastTxSync(Buffer.from(raw.slice(2), "hex"));
  assert.equal(sent.code, 0, sent.log);
  assert.equal((await rpc.waitForTx(sent.hash)).result.code, 0);
  const ethHash = keccak256(raw);
  await waitUntil(
    `the receipt of ${ethHash}`,
    async () => {
      try {
        return (await grpcQuery(rpc, EvmQuery.method.receipt, { txHash: ethHash })).receipt?.status === 1;
      } catch (err) {
        if (err instanceof AbciQueryError && err.isNotFound) return false;
        throw err;
      }
    },
    30_000,
  );
  assert.equal(await evmBalance(to), value);
  assert.equal(await uunit(to), 5n);
  assert.ok((await evmBalance(key.address)) < AMOUNT * AUNIT_PER_UUNIT - value, "the sender paid value and gas");
});

test("bad 0x input is a 400 with the reason, and funds nobody", async () => {
  const key = ethKey("never funded");
  const checksummed = key.address;
  // Flip the case of one letter: still the same bytes, but the EIP-55 checksum no longer holds.
  const letter = checksummed.slice(2).search(/[a-fA-F]/) + 2;
  const flipped =
    checksummed.slice(0, letter) +
    (checksummed[letter] === checksummed[letter]!.toUpperCase() ? checksummed[letter]!.toLowerCase() : checksummed[letter]!.toUpperCase()) +
    checksummed.slice(letter + 1);
  const cases: Array<[unknown, RegExp]> = [
    [flipped, /fails its EIP-55 checksum/],
    [checksummed.slice(0, -1), /expected 40 hex characters after 0x, got 39/],
    [checksummed + "a", /got 41/],
    [checksummed.slice(0, -1) + "g", /"g" is not a hex character/],
    [checksummed.slice(2), /an EVM address starts with 0x/],
    ["0X" + checksummed.slice(2).toLowerCase(), /must start with "0x"/],
    [42, /must be a string/],
  ];
  for (const [address, message] of cases) {
    const res = await requestFunds(address as string);
    assert.equal(res.status, 400, String(address));
    assert.match(res.json.error!, message, String(address));
  }
  await node.waitForHeight((await node.status()).latestBlockHeight + 2);
  assert.equal(await uunit(checksummed), 0n, "nothing was sent");
});
