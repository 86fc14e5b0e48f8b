// The 6-to-18-decimal bridge seen from both sides of a real one-validator chain: after EVM value
// transfers of amounts that are not whole uunit, every account's eth_getBalance equals its bank
// uunit x 10^12 plus its precisebank fraction (REST), at the same height; total supply falls by
// exactly the burned base fees (gas used x base fee of each tx's block, from the receipts); and
// uunit sent by a Cosmos bank send (CosmJS) to a 0x account's bech32 form pay for an EVM tx.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { GasPrice, SigningStargateClient } from "@cosmjs/stargate";
import { stringToPath } from "@cosmjs/crypto";
import { JsonRpcProvider, Network, Wallet, type TransactionReceipt } from "ethers";
import { FAUCET_TEST_MNEMONIC } from "../common/node/testKeys.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { parseHexAddress } from "../sdk/crypto/hexAddress.js";
import { evmTargetKind, startEvmTestChain, type EvmTestChain } from "./support/evmTestChain.js";
import { RestGatewayProcess } from "./support/restGateway.js";

const WEI_PER_UUNIT = 10n ** 12n;
const onOurChain = { skip: evmTargetKind() !== "unit" ? "the bridge exists only on our chain" : false };
const wallet = (label: string) => new Wallet("0x" + createHash("sha256").update(`evm bridging test ${label}`).digest("hex"));
const [A, B, C, D, E] = ["a", "b", "c", "d", "e"].map(wallet) as [Wallet, Wallet, Wallet, Wallet, Wallet];
const bech32 = (address: string) => formatAccountAddress(parseHexAddress(address.toLowerCase()));

let chain: EvmTestChain;
let gateway: RestGatewayProcess;
let provider: JsonRpcProvider;
/** Every EVM tx of the suite, for the burned-fee sum. */
const evmReceipts: TransactionReceipt[] = [];
/** Supply and balances before the first EVM tx. */
let startHeight: number;

before(async () => {
  if (onOurChain.skip) return;
  chain = await startEvmTestChain();
  gateway = new RestGatewayProcess(chain.node!.ports.rest, ["--home", chain.node!.paths.root]);
  await gateway.waitFor("/cosmos/auth/v1beta1/params");
  provider = new JsonRpcProvider(chain.httpUrl, Network.from(chain.chainId), { staticNetwork: true, pollingInterval: 200, cacheTimeout: -1 });
  await chain.fund([A.address, B.address], 50n * 10n ** 18n);
  startHeight = await gateway.committedHeight();
});

after(async () => {
  await provider?.destroy();
  await gateway?.stop();
  await chain?.stop();
});

async function rest<T>(route: string, height: number): Promise<T> {
  const res = await gateway.get(route, { headers: { "x-cosmos-block-height": String(height) } });
  assert.equal(res.status, 200, `${route}: ${JSON.stringify(res.body)}`);
  assert.equal(res.headers.get("x-cosmos-block-height"), String(height), `${route} answered at the pinned height`);
  return res.body as T;
}

/** The Cosmos side of an account at `height`: bank uunit x 10^12 + its precisebank fraction. */
async function cosmosSideWei(address: string, height: number): Promise<bigint> {
  const bank = await rest<{ balances: { denom: string; amount: string }[] }>(`/cosmos/bank/v1beta1/balances/${bech32(address)}`, height);
  const uunit = BigInt(bank.balances.find((c) => c.denom === "uunit")?.amount ?? "0");
  const fraction = await rest<{ fractional_balance: { denom: string; amount: string } }>(
    `/vendor/chain/precisebank/fractional_balance/${bech32(address)}`,
    height,
  );
  assert.equal(fraction.fractional_balance.denom, "aunit");
  const f = BigInt(fraction.fractional_balance.amount);
  assert.ok(f >= 0n && f < WEI_PER_UUNIT, `fraction ${f} in [0, 10^12)`);
  return uunit * WEI_PER_UUNIT + f;
}

/** Total aunit supply at `height`: bank uunit supply x 10^12 - precisebank's remainder (docs/precisebank.md). */
async function totalSupplyWei(height: number): Promise<bigint> {
  const supply = await rest<{ supply: { denom: string; amount: string }[] }>("/cosmos/bank/v1beta1/supply", height);
  assert.deepEqual(
    supply.supply.map((c) => c.denom),
    ["uunit"],
    "aunit is never a bank denom",
  );
  const remainder = await rest<{ remainder: { amount: string } }>("/vendor/chain/precisebank/remainder", height);
  return BigInt(supply.supply[0]!.amount) * WEI_PER_UUNIT - BigInt(remainder.remainder.amount);
}

async function evmBalance(address: string, height: number): Promise<bigint> {
  return provider.getBalance(address, height);
}

/** A committed height at or after `height`, as the gateway sees it. */
async function committedAtLeast(height: number): Promise<number> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    const h = await gateway.committedHeight();
    if (h >= height) return h;
  }
  throw new Error(`height ${height} not committed`);
}

async function transfer(from: Wallet, to: Wallet, value: bigint): Promise<TransactionReceipt> {
  const tx = await from.connect(provider).sendTransaction({ to: to.address, value });
  const receipt = (await tx.wait())!;
  assert.equal(receipt.status, 1);
  evmReceipts.push(receipt);
  return receipt;
}

test("after EVM transfers of fractional amounts, eth_getBalance = bank uunit x 10^12 + fraction for every account", onOurChain, async () => {
  const expected = new Map<string, bigint>();
  for (const w of [A, B, C, D]) expected.set(w.address, await evmBalance(w.address, startHeight));
  assert.equal(expected.get(A.address), 50n * 10n ** 18n);
  const moves: [Wallet, Wallet, bigint][] = [
    [A, B, 123_456_789_012_345_678n],
    [A, C, 5n * 10n ** 18n + 1n],
    [B, C, 999_999_999_999n],
    [C, D, 1_000_000_000_001n],
    [B, D, 1n],
    [C, A, 42_424_242_424_242_424n],
  ];
  for (const [from, to, value] of moves) {
    const r = await transfer(from, to, value);
    expected.set(from.address, expected.get(from.address)! - value - r.gasUsed * r.gasPrice);
    expected.set(to.address, expected.get(to.address)! + value);
  }
  const height = await committedAtLeast(evmReceipts[evmReceipts.length - 1]!.blockNumber);
  for (const w of [A, B, C, D]) {
    const evm = await evmBalance(w.address, height);
    assert.equal(evm, expected.get(w.address), `${w.address}: the EVM balance follows value and gas exactly`);
    assert.equal(await cosmosSideWei(w.address, height), evm, `${w.address}: both sides agree at height ${height}`);
    assert.notEqual(evm % WEI_PER_UUNIT, 0n, `${w.address} holds a fraction of a uunit`);
  }
});

test("a Cosmos bank send to a 0x account's bech32 form is spendable from the EVM side", onOurChain, async () => {
  const hdPath = stringToPath("m/44'/118'/0'/0/0");
  const faucet = await DirectSecp256k1HdWallet.fromMnemonic(FAUCET_TEST_MNEMONIC, { prefix: "unit", hdPaths: [hdPath] });
  const faucetAddress = (await faucet.getAccounts())[0]!.address;
  const client = await SigningStargateClient.connectWithSigner(chain.node!.rpcUrl, faucet, { gasPrice: GasPrice.fromString("0.025uunit") });
  try {
    const sent = await client.sendTokens(faucetAddress, bech32(E.address), [{ denom: "uunit", amount: "3000000" }], "auto");
    assert.equal(sent.code, 0, sent.rawLog);
    const height = await committedAtLeast(sent.height);
    assert.equal(await evmBalance(E.address, height), 3n * 10n ** 18n, "3 UNIT, seen in 18 decimals");
  } finally {
    client.disconnect();
  }
  const value = 10n ** 18n + 7n;
  const r = await transfer(E, A, value);
  assert.equal(BigInt(await provider.getTransactionCount(E.address, r.blockNumber)), 1n);
  const height = await committedAtLeast(r.blockNumber);
  const left = 3n * 10n ** 18n - value - r.gasUsed * r.gasPrice;
  assert.equal(await evmBalance(E.address, height), left);
  assert.equal(await cosmosSideWei(E.address, height), left);
  assert.equal(await cosmosSideWei(A.address, height), await evmBalance(A.address, height));
});

test("total supply fell by exactly the burned base fees: the sum of gas used x base fee of each tx's block", onOurChain, async () => {
  assert.ok(evmReceipts.length >= 7);
  let burned = 0n;
  for (const r of evmReceipts) {
    const block = (await provider.getBlock(r.blockNumber))!;
    assert.ok(block.baseFeePerGas !== null && block.baseFeePerGas > 0n, `block ${r.blockNumber} has a base fee`);
    burned += r.gasUsed * block.baseFeePerGas;
  }
  const end = await committedAtLeast(evmReceipts[evmReceipts.length - 1]!.blockNumber);
  assert.equal((await totalSupplyWei(startHeight)) - (await totalSupplyWei(end)), burned);
});
