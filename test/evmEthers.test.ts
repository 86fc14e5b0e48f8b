// ethers v6, unmodified, against the chain's EVM JSON-RPC server (real one-validator chain): deploy
// with ContractFactory, a state-changing call, events through contract.on (eth_newFilter and
// eth_getFilterChanges) and queryFilter (eth_getLogs), reverts with their reason, a value transfer
// whose cost is exactly value + gas used x effective gas price.
// EVM_TEST_TARGET=hardhat runs the same suite against `npx hardhat node`.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import {
  Contract,
  ContractFactory,
  ContractTransactionResponse,
  JsonRpcProvider,
  Network,
  Wallet,
  isCallException,
  type EventLog,
  type TransactionReceipt,
} from "ethers";
import { startEvmTestChain, type EvmTestChain } from "./support/evmTestChain.js";
import { testContract } from "./support/solidity.js";

const key = (label: string) => "0x" + createHash("sha256").update(`evm ethers test ${label}`).digest("hex");
const ONE_UNIT = 10n ** 18n;

let chain: EvmTestChain;
let provider: JsonRpcProvider;
let wallet: Wallet;
let counter: Contract;
let deployReceipt: TransactionReceipt;
/** JSON-RPC methods whose answer ethers received, in order (from its debug events). */
const answered: string[] = [];
let pendingMethods = new Map<number, string>();

before(async () => {
  chain = await startEvmTestChain();
  // No 250 ms result cache: with Hardhat's automine a cached "pending" nonce is stale at once.
  provider = new JsonRpcProvider(chain.httpUrl, Network.from(chain.chainId), { staticNetwork: true, pollingInterval: 200, cacheTimeout: -1 });
  provider.on("debug", (e: { action: string; payload?: unknown; result?: unknown }) => {
    const list = (x: unknown) => (Array.isArray(x) ? x : [x]) as { id: number; method?: string }[];
    if (e.action === "sendRpcPayload") for (const p of list(e.payload)) pendingMethods.set(p.id, p.method!);
    if (e.action === "receiveRpcResult") for (const r of list(e.result)) answered.push(pendingMethods.get(r.id) ?? "?");
  });
  wallet = new Wallet(key("deployer"), provider);
  await chain.fund([wallet.address], 1000n * ONE_UNIT);
});

after(async () => {
  await provider?.destroy();
  await chain?.stop();
});

test("ContractFactory deploys Counter; wait() returns a receipt for the chain's own block", async () => {
  const { abi, bytecode } = testContract("Counter");
  const factory = new ContractFactory(abi, bytecode, wallet);
  counter = (await factory.deploy(5n)) as Contract;
  const tx = counter.deploymentTransaction()!;
  assert.equal(tx.chainId, BigInt(chain.chainId));
  assert.equal(tx.type, 2, "ethers sends EIP-1559 txs when the node reports a base fee");
  deployReceipt = (await tx.wait())!;
  assert.equal(deployReceipt.status, 1);
  assert.equal(deployReceipt.contractAddress, await counter.getAddress());
  assert.equal(deployReceipt.from, wallet.address);
  assert.notEqual(await provider.getCode(deployReceipt.contractAddress!), "0x");
  assert.equal(await counter.getFunction("count")(), 5n);
  assert.equal(await counter.getFunction("owner")(), wallet.address);
  const block = (await provider.getBlock(deployReceipt.blockNumber))!;
  assert.equal(block.hash, deployReceipt.blockHash);
  assert.ok(block.transactions.includes(deployReceipt.hash));
});

test("a state-changing call updates storage and logs its event", async () => {
  const tx = (await counter.getFunction("increment")(7n)) as ContractTransactionResponse;
  const receipt = (await tx.wait())!;
  assert.equal(receipt.status, 1);
  assert.equal(await counter.getFunction("count")(), 12n);
  const parsed = receipt.logs.map((log) => counter.interface.parseLog(log)).filter((x) => x !== null);
  assert.equal(parsed.length, 1);
  assert.equal(parsed[0]!.name, "Incremented");
  assert.deepEqual([...parsed[0]!.args], [wallet.address, 7n, 12n]);
  assert.equal(await provider.getTransactionCount(wallet.address, "latest"), 2);
});

test("contract.on delivers events through a filter (eth_newFilter + eth_getFilterChanges); queryFilter reads them with eth_getLogs", async () => {
  const seen: { amount: bigint; newCount: bigint; event: EventLog }[] = [];
  const filterInstalled = answered.length;
  await counter.on("Incremented", (_by: string, amount: bigint, newCount: bigint, payload: { log: EventLog }) => {
    seen.push({ amount, newCount, event: payload.log });
  });
  // The filter exists once the node answered eth_newFilter; only then can it see the next block.
  await waitFor("eth_newFilter answered", () => answered.slice(filterInstalled).includes("eth_newFilter"));
  const receipts: TransactionReceipt[] = [];
  for (const amount of [1n, 2n, 3n]) receipts.push((await (await counter.getFunction("increment")(amount)).wait())!);
  const hashes = receipts.map((r) => r.hash);
  // A node may also report the block that was latest when the filter was made (Hardhat does).
  const ours = () => seen.filter((s) => hashes.includes(s.event.transactionHash));
  await waitFor("three Incremented events through contract.on", () => ours().length >= 3);
  await counter.removeAllListeners();
  assert.ok(answered.includes("eth_getFilterChanges"), "events came from filter polling, not eth_getLogs polling");
  assert.deepEqual(
    ours().map((s) => [s.amount, s.newCount]),
    [
      [1n, 13n],
      [2n, 15n],
      [3n, 18n],
    ],
  );
  assert.deepEqual(
    ours().map((s) => s.event.transactionHash),
    hashes,
    "each once, in order",
  );
  assert.ok(seen.length <= 4, `no event from before the filter but the latest block's: ${seen.length}`);

  const logs = (await counter.queryFilter(counter.filters.Incremented!(wallet.address), deployReceipt.blockNumber, "latest")) as EventLog[];
  assert.ok(answered.includes("eth_getLogs"));
  assert.deepEqual(
    logs.map((l) => l.args.amount as bigint),
    [7n, 1n, 2n, 3n],
  );
  for (const [i, r] of receipts.entries()) {
    const log = logs[i + 1]!;
    assert.equal(log.transactionHash, r.hash);
    assert.equal(log.blockHash, r.blockHash);
    assert.equal(log.blockNumber, r.blockNumber);
  }
  const none = await counter.queryFilter(counter.filters.Incremented!(Wallet.createRandom().address), deployReceipt.blockNumber, "latest");
  assert.equal(none.length, 0, "the indexed topic filters");
});

test("a revert surfaces its Solidity reason through eth_estimateGas and eth_call", async () => {
  const fail = counter.getFunction("fail");
  const increment = counter.getFunction("increment");
  const hasReason = (reason: string) => (err: unknown) => {
    assert.ok(isCallException(err), `a CALL_EXCEPTION, got ${String(err)}`);
    assert.equal(err.reason, reason);
    return true;
  };
  await assert.rejects(fail(), hasReason("Counter: always fails"));
  await assert.rejects(fail.staticCall(), hasReason("Counter: always fails"));
  await assert.rejects(increment(0n), hasReason("Counter: amount must be positive"));
  await assert.rejects(increment.estimateGas(0n), hasReason("Counter: amount must be positive"));
  assert.equal(await counter.getFunction("count")(), 18n, "nothing changed");
});

test("a reverting tx sent with its own gas limit is included with status 0 and pays for its gas", async () => {
  const before = await provider.getBalance(wallet.address);
  const tx = await counter.getFunction("fail")({ gasLimit: 100_000n });
  let receipt: TransactionReceipt | null = null;
  await assert.rejects(tx.wait(), (err: unknown) => {
    assert.ok(isCallException(err));
    receipt = err.receipt ?? null;
    return true;
  });
  assert.ok(receipt, "the failed tx has a receipt");
  const r = receipt as TransactionReceipt;
  assert.equal(r.status, 0);
  assert.ok(r.gasUsed > 21_000n && r.gasUsed <= 100_000n);
  assert.equal(before - (await provider.getBalance(wallet.address, r.blockNumber)), r.gasUsed * r.gasPrice);
  assert.equal(await counter.getFunction("count")(), 18n, "the write before the revert was undone");
});

test("a value transfer moves exactly value, and the sender pays exactly gas used x effective gas price", async () => {
  const to = Wallet.createRandom().address;
  const value = 1_234_567_890_123_456_789n; // not a multiple of 10^12: the fractional part matters
  const tx = await wallet.sendTransaction({ to, value });
  const receipt = (await tx.wait())!;
  assert.equal(receipt.status, 1);
  assert.equal(receipt.gasUsed, 21_000n);
  const block = (await provider.getBlock(receipt.blockNumber))!;
  assert.ok(block.baseFeePerGas !== null && receipt.gasPrice >= block.baseFeePerGas, "effective gas price covers the base fee");
  assert.ok(receipt.gasPrice <= tx.maxFeePerGas!);
  const at = (address: string, blockTag: number) => provider.getBalance(address, blockTag);
  assert.equal(
    (await at(wallet.address, receipt.blockNumber - 1)) - (await at(wallet.address, receipt.blockNumber)),
    value + receipt.gasUsed * receipt.gasPrice,
  );
  assert.equal(await at(to, receipt.blockNumber - 1), 0n);
  assert.equal(await at(to, receipt.blockNumber), value);
  assert.equal(await provider.getBalance(to), value);
  const fetched = (await provider.getTransaction(receipt.hash))!;
  assert.equal(fetched.value, value);
  assert.equal(fetched.from, wallet.address);
  assert.equal(fetched.blockHash, receipt.blockHash);
});

async function waitFor(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
