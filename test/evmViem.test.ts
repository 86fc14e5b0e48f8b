// viem, unmodified, against the chain's EVM JSON-RPC server (real one-validator chain):
// deployContract and waitForTransactionReceipt over HTTP, watchContractEvent over the WebSocket
// server (eth_subscribe "logs"), estimateGas, and blocks that agree with receipts and chain by
// parentHash. EVM_TEST_TARGET=hardhat runs the same suite against `npx hardhat node`.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  toHex,
  webSocket,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
  type WalletClient,
  type WebSocketTransport,
  type Chain,
  type Account,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { evmTargetKind, startEvmTestChain, type EvmTestChain } from "./support/evmTestChain.js";
import { testContract } from "./support/solidity.js";

const key = (label: string) => `0x${createHash("sha256").update(`evm viem test ${label}`).digest("hex")}` as Hex;
const account = privateKeyToAccount(key("deployer"));
const { abi: counterAbi, bytecode } = testContract("Counter") as unknown as { abi: Abi; bytecode: Hex };

let chain: EvmTestChain;
let publicClient: PublicClient;
let wsClient: PublicClient<WebSocketTransport, Chain>;
let walletClient: WalletClient<ReturnType<typeof http>, Chain, Account>;
let counter: Address;
const receipts: TransactionReceipt[] = [];

before(async () => {
  chain = await startEvmTestChain();
  const unit = defineChain({
    id: chain.chainId,
    name: "unit",
    nativeCurrency: { name: "UNIT", symbol: "UNIT", decimals: 18 },
    rpcUrls: { default: { http: [chain.httpUrl], webSocket: [chain.wsUrl] } },
  });
  publicClient = createPublicClient({ chain: unit, transport: http(chain.httpUrl), pollingInterval: 200 });
  wsClient = createPublicClient({ chain: unit, transport: webSocket(chain.wsUrl) });
  walletClient = createWalletClient({ account, chain: unit, transport: http(chain.httpUrl) });
  await chain.fund([account.address], 1000n * 10n ** 18n);
});

after(async () => {
  await wsClient?.transport
    .getRpcClient()
    .then((socket: { close(): void }) => socket.close())
    .catch(() => {});
  await chain?.stop();
});

async function increment(amount: bigint): Promise<TransactionReceipt> {
  const hash = await walletClient.writeContract({ address: counter, abi: counterAbi, functionName: "increment", args: [amount] });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 200, timeout: 30_000 });
  assert.equal(receipt.status, "success");
  receipts.push(receipt);
  return receipt;
}

test("deployContract, then waitForTransactionReceipt names the contract's address", async () => {
  const hash = await walletClient.deployContract({ abi: counterAbi, bytecode, args: [40n] });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 200, timeout: 30_000 });
  assert.equal(receipt.status, "success");
  assert.equal(receipt.transactionHash, hash);
  assert.equal(receipt.from, account.address.toLowerCase());
  assert.equal(receipt.to, null);
  assert.ok(receipt.contractAddress);
  counter = receipt.contractAddress;
  receipts.push(receipt);
  assert.ok(((await publicClient.getCode({ address: counter })) ?? "0x").length > 2);
  assert.equal(await publicClient.readContract({ address: counter, abi: counterAbi, functionName: "count" }), 40n);
  const tx = await publicClient.getTransaction({ hash });
  assert.equal(tx.chainId, chain.chainId);
  assert.equal(tx.type, "eip1559");
  assert.equal(tx.blockHash, receipt.blockHash);
});

test("watchContractEvent over WebSocket (eth_subscribe) delivers each Incremented event once, in order", async () => {
  const delivered: { amount: bigint; newCount: bigint; hash: Hex; blockHash: Hex }[] = [];
  const errors: Error[] = [];
  const unwatch = wsClient.watchContractEvent({
    address: counter,
    abi: counterAbi,
    eventName: "Incremented",
    poll: false, // a subscription, not polling
    onLogs: (logs) => {
      for (const log of logs as unknown as { args: { amount: bigint; newCount: bigint }; transactionHash: Hex; blockHash: Hex }[]) {
        delivered.push({ amount: log.args.amount, newCount: log.args.newCount, hash: log.transactionHash, blockHash: log.blockHash });
      }
    },
    onError: (err) => errors.push(err),
  });
  try {
    // The subscription starts asynchronously: send until the first event arrives, then three more.
    const sent: TransactionReceipt[] = [];
    for (let i = 0; delivered.length === 0; i++) {
      assert.ok(i < 20, "no event through the subscription after 20 txs");
      sent.push(await increment(1n));
      await new Promise((r) => setTimeout(r, 100));
    }
    const firstSeen = sent.findIndex((r) => r.transactionHash === delivered[0]!.hash);
    assert.ok(firstSeen >= 0, "the first event belongs to one of the txs sent");
    for (const amount of [2n, 3n, 4n]) sent.push(await increment(amount));
    const expected = sent.slice(firstSeen);
    await waitFor("every event after the first", () => delivered.length >= expected.length);
    await new Promise((r) => setTimeout(r, 500)); // nothing extra arrives
    assert.deepEqual(errors, []);
    assert.deepEqual(
      delivered.map((d) => d.hash),
      expected.map((r) => r.transactionHash),
    );
    assert.deepEqual(
      delivered.map((d) => d.blockHash),
      expected.map((r) => r.blockHash),
    );
    assert.deepEqual(
      delivered.slice(-3).map((d) => d.amount),
      [2n, 3n, 4n],
    );
    const count = (await publicClient.readContract({ address: counter, abi: counterAbi, functionName: "count" })) as bigint;
    assert.equal(delivered[delivered.length - 1]!.newCount, count);
  } finally {
    unwatch();
  }
});

test("estimateGas: about 21,000 for a plain transfer, enough for a contract call, the revert reason for a failing one", async () => {
  const to = privateKeyToAccount(key("nobody")).address;
  const transferEstimate = await publicClient.estimateGas({ account, to, value: 1n });
  // geth answers exactly 21,000; Hardhat's binary search stops at 21,001.
  assert.ok(transferEstimate >= 21_000n && transferEstimate <= 21_100n, `transfer estimate ${transferEstimate}`);
  const sent = await walletClient.sendTransaction({ to, value: 1n, gas: transferEstimate });
  const transfer = await publicClient.waitForTransactionReceipt({ hash: sent, pollingInterval: 200, timeout: 30_000 });
  assert.equal(transfer.status, "success");
  assert.equal(transfer.gasUsed, 21_000n);
  receipts.push(transfer);
  const estimate = await publicClient.estimateContractGas({ account, address: counter, abi: counterAbi, functionName: "increment", args: [5n] });
  const receipt = await increment(5n);
  assert.ok(receipt.gasUsed <= estimate, `used ${receipt.gasUsed} <= estimated ${estimate}`);
  assert.ok(estimate < 100_000n, `a small call is estimated small: ${estimate}`);
  await assert.rejects(
    publicClient.estimateContractGas({ account, address: counter, abi: counterAbi, functionName: "increment", args: [0n] }),
    (err: unknown) => {
      assert.ok(err instanceof BaseError);
      const reverted = err.walk((e) => e instanceof ContractFunctionRevertedError);
      assert.ok(reverted instanceof ContractFunctionRevertedError, `a revert, got ${err.message}`);
      assert.equal(reverted.reason, "Counter: amount must be positive");
      return true;
    },
  );
});

test("getBlock agrees with every receipt, and blocks chain by parentHash", async () => {
  for (const receipt of receipts) {
    const block = await publicClient.getBlock({ blockNumber: receipt.blockNumber });
    assert.equal(block.hash, receipt.blockHash, `block ${receipt.blockNumber}`);
    assert.equal(block.number, receipt.blockNumber);
    assert.ok(block.transactions.includes(receipt.transactionHash));
    assert.equal(typeof block.baseFeePerGas, "bigint");
    const byHash = await publicClient.getBlock({ blockHash: receipt.blockHash });
    assert.equal(byHash.number, receipt.blockNumber);
    assert.equal(byHash.parentHash, block.parentHash);
  }
  const latest = await publicClient.getBlock({ blockTag: "latest" });
  const first = receipts[0]!.blockNumber;
  let child = latest;
  for (let n = latest.number - 1n; n >= first - 1n && n >= 0n; n--) {
    const parent = await publicClient.getBlock({ blockNumber: n });
    assert.equal(child.parentHash, parent.hash, `parentHash of block ${child.number}`);
    assert.ok(child.timestamp >= parent.timestamp);
    child = parent;
  }
  const full = await publicClient.getBlock({ blockNumber: receipts[0]!.blockNumber, includeTransactions: true });
  const tx = full.transactions.find((t) => t.hash === receipts[0]!.transactionHash);
  assert.ok(tx, "the full block holds the deploy tx");
  assert.equal(tx.blockHash, full.hash);
});

// Hardhat's node answers any call to the address with "EIP2935 is not supported in Hardhat yet".
const hardhatWithoutEip2935 = evmTargetKind() === "hardhat" && "Hardhat's node does not serve EIP-2935";
test(
  "the EIP-2935 history contract answers a block's hash as getBlock gives it; a future block or other calldata reverts",
  { skip: hardhatWithoutEip2935 },
  async () => {
    const history = "0x0000F90827F1C53a10cb7A02335B175320002935";
    assert.ok(((await publicClient.getCode({ address: history })) ?? "0x").length > 2, "the contract has code");
    const latest = await publicClient.getBlockNumber();
    const ask = (n: bigint) => publicClient.call({ to: history, data: toHex(n, { size: 32 }), blockNumber: latest });
    // eth_call runs as the block after `latest`, so the latest block's own hash is served too.
    for (const n of new Set([latest, latest - 1n, latest / 2n, 1n])) {
      const { data } = await ask(n);
      assert.equal(data, (await publicClient.getBlock({ blockNumber: n })).hash, `block ${n}`);
    }
    const reverted = (err: Error) => /execution reverted/i.test(err.message);
    await assert.rejects(ask(latest + 5n), reverted, "a future block reverts");
    await assert.rejects(publicClient.call({ to: history, data: "0x01", blockNumber: latest }), reverted, "calldata other than one word reverts");
  },
);

async function waitFor(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
