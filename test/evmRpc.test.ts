// The EVM JSON-RPC server as a user meets it: its own process (dist/evm/main.js --home) beside a
// real one-validator chain (CometBFT + the app). Every method is called at least once, and the
// answers are checked against CometBFT's own view of the chain (block hashes, parents, times)
// and against each other (receipts, blocks, logs, balances).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Interface, keccak256, Wallet } from "ethers";
import { FEE_COLLECTOR_ADDRESS } from "../evm/evmRpc.js";
import { waitUntil } from "../cometbft/readiness.js";
import { startEvmRpcChain, type EvmRpcProcess } from "./support/evmRpc.js";
import type { LocalNode } from "./support/localNode.js";
import { testContract } from "./support/solidity.js";

const sender = new Wallet(`0x${"a1".repeat(32)}`);
const recipient = `0x${"5e".repeat(20)}`;
const CHAIN_ID = 2611n;
const GWEI = 10n ** 9n;

let node: LocalNode;
let rpc: EvmRpcProcess;
let stop: () => Promise<void>;

before(async () => {
  ({ node, rpc, stop } = await startEvmRpcChain([sender.address]));
});
after(() => stop?.());

interface CometBlockResult {
  block_id: { hash: string };
  block: { header: { height: string; time: string; last_block_id: { hash: string }; app_hash: string } };
}
const cometBlock = (height: bigint | number) => node.rpc<CometBlockResult>(`block?height=${height}`);
const hex = (n: bigint | number) => `0x${n.toString(16)}`;

/** Signs with ethers (an independent implementation) and sends through eth_sendRawTransaction. */
async function send(tx: { to?: string; value?: bigint; data?: string; gasLimit?: bigint; nonce?: number }): Promise<string> {
  const nonce = tx.nonce ?? Number(BigInt(await rpc.result("eth_getTransactionCount", sender.address, "pending")));
  const raw = await sender.signTransaction({
    type: 2,
    chainId: CHAIN_ID,
    nonce,
    to: tx.to ?? null,
    value: tx.value ?? 0n,
    data: tx.data ?? "0x",
    gasLimit: tx.gasLimit ?? 21_000n,
    maxFeePerGas: 10n * GWEI,
    maxPriorityFeePerGas: GWEI,
  });
  const hash = await rpc.result<string>("eth_sendRawTransaction", raw);
  assert.equal(hash, keccak256(raw), "eth_sendRawTransaction returns the keccak hash of the raw tx");
  return hash;
}

async function receiptOf(hash: string): Promise<any> {
  // eslint-disable-line @typescript-eslint/no-explicit-any
  let receipt: unknown = null;
  await waitUntil(`the receipt of ${hash}`, async () => (receipt = await rpc.result("eth_getTransactionReceipt", hash)) !== null, 30_000);
  return receipt;
}

test("node-level methods: chain id 2611, net_*, web3_*, accounts, syncing, block number", async () => {
  assert.equal(await rpc.result("eth_chainId"), "0xa33");
  assert.equal(await rpc.result("net_version"), "2611");
  assert.equal(await rpc.result("net_listening"), true);
  assert.equal(await rpc.result("net_peerCount"), "0x0", "a lone validator has no peers");
  assert.deepEqual(await rpc.result("eth_accounts"), []);
  assert.match(await rpc.result("web3_clientVersion"), /^unitd\/v/);
  assert.equal(await rpc.result("web3_sha3", "0x"), "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
  assert.equal(await rpc.result("eth_syncing"), false);
  const number = BigInt(await rpc.result("eth_blockNumber"));
  const comet = BigInt((await node.status()).latestBlockHeight);
  assert.ok(number >= 2n && number <= comet + 1n && number >= comet - 2n, `eth_blockNumber ${number} near CometBFT's ${comet}`);
});

test("blocks are CometBFT's: the hash, the parent hash and the time; by number, by hash and by tag", async () => {
  const latest = BigInt(await rpc.result("eth_blockNumber"));
  for (let n = 1n; n <= latest; n++) {
    const block = await rpc.result("eth_getBlockByNumber", hex(n), false);
    const comet = await cometBlock(n);
    assert.equal(block.number, hex(n));
    assert.equal(block.hash, `0x${comet.block_id.hash.toLowerCase()}`, `block ${n}'s hash is CometBFT's`);
    assert.equal(block.parentHash, n === 1n ? `0x${"00".repeat(32)}` : `0x${comet.block.header.last_block_id.hash.toLowerCase()}`);
    if (n > 1n) assert.equal(block.parentHash, (await rpc.result("eth_getBlockByNumber", hex(n - 1n), false)).hash, "parentHash is the previous block's hash");
    assert.equal(BigInt(block.timestamp), BigInt(Math.floor(Date.parse(comet.block.header.time) / 1000)));
    assert.equal(block.stateRoot, `0x${comet.block.header.app_hash.toLowerCase()}`);
    assert.equal(block.miner, `0x${Buffer.from(FEE_COLLECTOR_ADDRESS).toString("hex")}`);
    assert.equal(BigInt(block.gasLimit), 30_000_000n);
    assert.ok(BigInt(block.baseFeePerGas) >= GWEI, "a base fee at or above the 1 gwei floor");
    assert.deepEqual(await rpc.result("eth_getBlockByHash", block.hash, false), block);
  }
  assert.equal(await rpc.result("eth_getBlockByNumber", hex(latest + 1000n), false), null);
  assert.equal(await rpc.result("eth_getBlockByHash", `0x${"ee".repeat(32)}`, false), null);
  for (const tag of ["latest", "pending", "safe", "finalized"]) assert.ok(BigInt((await rpc.result("eth_getBlockByNumber", tag, false)).number) >= latest, tag);
  assert.equal((await rpc.result("eth_getBlockByNumber", "earliest", false)).number, "0x1");
});

test("a transfer signed with ethers: pending with null block fields and a pending nonce, then mined with a receipt", async () => {
  const balanceBefore = BigInt(await rpc.result("eth_getBalance", sender.address, "latest"));
  const value = 1_234_567_000_000_000_001n; // not a whole uunit: the fraction crosses the bridge
  // The tx can land in a block before it is looked at; a few tries give one that is seen pending.
  let hash = "";
  let seenPending = false;
  let pendingCounted = false;
  for (let attempt = 0; attempt < 6 && !(seenPending && pendingCounted); attempt++) {
    const nonce = Number(BigInt(await rpc.result("eth_getTransactionCount", sender.address, "latest")));
    hash = await send({ to: recipient, value: attempt === 0 ? value : 0n, nonce });
    const [tx, pendingNonce, latestNonce, receipt] = await Promise.all([
      rpc.result("eth_getTransactionByHash", hash),
      rpc.result("eth_getTransactionCount", sender.address, "pending"),
      rpc.result("eth_getTransactionCount", sender.address, "latest"),
      rpc.result("eth_getTransactionReceipt", hash),
    ]);
    assert.ok(tx, "a tx just sent is found, pending or mined");
    if (tx.blockNumber === null && receipt === null && BigInt(latestNonce) === BigInt(nonce)) {
      seenPending = true;
      assert.deepEqual([tx.blockHash, tx.transactionIndex], [null, null]);
      assert.equal(tx.from, sender.address.toLowerCase());
      assert.equal(tx.nonce, hex(nonce));
      // The app rebuilds its mempool view after each commit (CometBFT then rechecks its txs): a look
      // that falls in between misses the tx, so one look that counts it is asked for.
      if (BigInt(pendingNonce) === BigInt(nonce) + 1n) pendingCounted = true;
    }
    await receiptOf(hash);
  }
  assert.ok(seenPending, "one of the txs was seen pending");
  assert.ok(pendingCounted, "the pending nonce counted a tx waiting in the mempool");
  const first = await rpc.result("eth_getTransactionByHash", hash);
  assert.notEqual(first.blockNumber, null);
  const balanceAfter = BigInt(await rpc.result("eth_getBalance", sender.address, "latest"));
  assert.ok(balanceAfter < balanceBefore - value, "value and gas left the sender");
  assert.equal(BigInt(await rpc.result("eth_getBalance", recipient, "latest")), value, "the recipient holds exactly the value, fraction included");
});

test("a receipt and its block agree: hash, number, index, tx objects, counts, block receipts", async () => {
  const hash = await send({ to: recipient, value: 7n });
  const r = await receiptOf(hash);
  assert.deepEqual(
    [r.transactionHash, r.status, r.type, r.from, r.to, r.gasUsed, r.contractAddress, r.logs],
    [hash, "0x1", "0x2", sender.address.toLowerCase(), recipient, hex(21_000), null, []],
  );
  assert.equal(r.logsBloom, `0x${"00".repeat(256)}`);
  const block = await rpc.result("eth_getBlockByNumber", r.blockNumber, true);
  assert.equal(r.blockHash, block.hash, "the receipt's blockHash is the block's hash");
  assert.equal(BigInt(r.effectiveGasPrice), BigInt(block.baseFeePerGas) + GWEI, "base fee plus the whole tip the cap allows");
  const inBlock = block.transactions[Number(r.transactionIndex)];
  assert.equal(inBlock.hash, hash);
  assert.equal(inBlock.blockHash, block.hash);
  assert.equal(inBlock.gasPrice, r.effectiveGasPrice);
  const byHash = await rpc.result("eth_getTransactionByHash", hash);
  assert.deepEqual(byHash, inBlock);
  assert.deepEqual(
    (await rpc.result("eth_getBlockByHash", block.hash, false)).transactions,
    block.transactions.map((t: { hash: string }) => t.hash),
  );
  assert.equal(await rpc.result("eth_getBlockTransactionCountByNumber", r.blockNumber), hex(block.transactions.length));
  assert.equal(await rpc.result("eth_getBlockTransactionCountByHash", block.hash), hex(block.transactions.length));
  assert.deepEqual(await rpc.result("eth_getTransactionByBlockNumberAndIndex", r.blockNumber, r.transactionIndex), inBlock);
  assert.deepEqual(await rpc.result("eth_getTransactionByBlockHashAndIndex", block.hash, r.transactionIndex), inBlock);
  const receipts = await rpc.result("eth_getBlockReceipts", r.blockNumber);
  assert.deepEqual(receipts[Number(r.transactionIndex)], r);
  assert.equal(BigInt(block.gasUsed), BigInt(receipts[receipts.length - 1].cumulativeGasUsed));
  assert.notEqual(block.transactionsRoot, "0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421");
  assert.equal(await rpc.result("eth_getUncleCountByBlockNumber", r.blockNumber), "0x0");
  // State at the receipt's block and the one before it differ by exactly this tx.
  const before = BigInt(await rpc.result("eth_getTransactionCount", sender.address, hex(BigInt(r.blockNumber) - 1n)));
  const at = BigInt(await rpc.result("eth_getTransactionCount", sender.address, { blockHash: block.hash }));
  assert.equal(at, BigInt(inBlock.nonce) + 1n);
  assert.ok(before <= BigInt(inBlock.nonce));
  assert.equal(await rpc.result("eth_getTransactionReceipt", `0x${"ab".repeat(32)}`), null);
  assert.equal(await rpc.result("eth_getTransactionByHash", `0x${"ab".repeat(32)}`), null);
});

test("a contract: deploy, code, storage, eth_call, eth_estimateGas, events in receipts, logs and filters, reverts", async () => {
  const counter = testContract("Counter");
  const abi = new Interface(counter.abi as never);
  // From the next block on by number: "latest" would make eth_getFilterLogs read only whatever block is latest then.
  const logFilter = await rpc.result<string>("eth_newFilter", { fromBlock: hex(BigInt(await rpc.result("eth_blockNumber")) + 1n) });
  const blockFilter = await rpc.result<string>("eth_newBlockFilter");
  const pendingFilter = await rpc.result<string>("eth_newPendingTransactionFilter");
  const deployData = counter.bytecode + abi.encodeDeploy([41n]).slice(2);
  const estimate = BigInt(await rpc.result("eth_estimateGas", { from: sender.address, data: deployData }));
  assert.ok(estimate > 53_000n && estimate < 2_000_000n, `deployment estimate ${estimate}`);
  const deployed = await receiptOf(await send({ data: deployData, gasLimit: estimate }));
  assert.equal(deployed.status, "0x1");
  const address: string = deployed.contractAddress;
  assert.match(address, /^0x[0-9a-f]{40}$/);
  assert.ok((await rpc.result<string>("eth_getCode", address, "latest")).length > 100);
  assert.equal(await rpc.result("eth_getCode", address, hex(BigInt(deployed.blockNumber) - 1n)), "0x", "no code before the deployment's block");
  assert.equal(BigInt(await rpc.result("eth_getStorageAt", address, "0x0", "latest")), 41n, "count in slot 0");
  const count = abi.encodeFunctionData("count");
  assert.equal(BigInt(await rpc.result("eth_call", { to: address, data: count }, "latest")), 41n);
  assert.equal(BigInt(await rpc.result("eth_call", { to: address, input: count }, { blockNumber: deployed.blockNumber })), 41n);

  const increment = abi.encodeFunctionData("increment", [5n]);
  const gas = BigInt(await rpc.result("eth_estimateGas", { from: sender.address, to: address, data: increment }));
  const r = await receiptOf(await send({ to: address, data: increment, gasLimit: gas }));
  assert.equal(r.status, "0x1");
  assert.ok(BigInt(r.gasUsed) <= gas);
  assert.equal(r.logs.length, 1);
  const log = r.logs[0];
  assert.deepEqual(
    [log.address, log.topics[0], log.blockHash, log.blockNumber, log.transactionHash, log.removed],
    [address, abi.getEvent("Incremented")!.topicHash, r.blockHash, r.blockNumber, r.transactionHash, false],
  );
  assert.equal(BigInt(await rpc.result("eth_call", { to: address, data: count })), 46n);
  assert.notEqual((await rpc.result("eth_getBlockByNumber", r.blockNumber, false)).logsBloom, `0x${"00".repeat(256)}`);

  const byRange = await rpc.result("eth_getLogs", { fromBlock: deployed.blockNumber, toBlock: "latest", address });
  assert.deepEqual(byRange, [log]);
  assert.deepEqual(await rpc.result("eth_getLogs", { blockHash: r.blockHash, topics: [log.topics[0], log.topics[1]] }), [log]);
  assert.deepEqual(await rpc.result("eth_getLogs", { fromBlock: "0x1", toBlock: "latest", topics: [`0x${"00".repeat(32)}`] }), []);
  assert.deepEqual(await rpc.result("eth_getFilterChanges", logFilter), [log], "the log filter saw the event");
  assert.deepEqual(await rpc.result("eth_getFilterChanges", logFilter), []);
  assert.deepEqual(await rpc.result("eth_getFilterLogs", logFilter), [log]);
  const hashes = await rpc.result<string[]>("eth_getFilterChanges", blockFilter);
  assert.ok(hashes.includes(r.blockHash) && hashes.includes(deployed.blockHash), "the block filter saw both blocks");
  const pending = await rpc.result<string[]>("eth_getFilterChanges", pendingFilter);
  assert.ok(pending.includes(r.transactionHash) && pending.includes(deployed.transactionHash));
  for (const id of [logFilter, blockFilter, pendingFilter]) assert.equal(await rpc.result("eth_uninstallFilter", id), true);

  const fail = abi.encodeFunctionData("fail");
  const reverted = (await rpc.call("eth_call", { from: sender.address, to: address, data: fail })).error!;
  assert.equal(reverted.code, 3);
  assert.equal(reverted.message, "execution reverted: Counter: always fails");
  assert.equal(abi.parseError(reverted.data as string)?.args[0], "Counter: always fails", "the data is the ABI-encoded Error(string)");
  const estimateRevert = (await rpc.call("eth_estimateGas", { from: sender.address, to: address, data: fail })).error!;
  assert.deepEqual([estimateRevert.code, estimateRevert.message], [3, "execution reverted: Counter: always fails"]);
  const zero = (await rpc.call("eth_estimateGas", { from: sender.address, to: address, data: abi.encodeFunctionData("increment", [0n]) })).error!;
  assert.equal(zero.message, "execution reverted: Counter: amount must be positive");
  // A reverted tx is still mined, with status 0, and pays its gas.
  const failed = await receiptOf(await send({ to: address, data: fail, gasLimit: 100_000n }));
  assert.equal(failed.status, "0x0");
  assert.equal(BigInt(await rpc.result("eth_call", { to: address, data: count })), 46n, "the revert undid its write");
});

test("fees: the gas price, the tip, and a fee history consistent with the blocks", async () => {
  const latest = await rpc.result("eth_getBlockByNumber", "latest", false);
  const tip = BigInt(await rpc.result("eth_maxPriorityFeePerGas"));
  assert.ok(tip === GWEI || tip === 0n, `the tips paid in recent blocks were 1 gwei (got ${tip})`);
  const gasPrice = BigInt(await rpc.result("eth_gasPrice"));
  assert.ok(gasPrice >= GWEI + tip, "at least the base fee floor plus the tip");
  const history = await rpc.result("eth_feeHistory", "0x4", latest.number, [25, 75]);
  assert.equal(BigInt(history.oldestBlock), BigInt(latest.number) - 3n);
  assert.equal(history.baseFeePerGas.length, 5);
  assert.equal(history.gasUsedRatio.length, 4);
  assert.equal(history.reward.length, 4);
  for (let i = 0; i < 4; i++) {
    const block = await rpc.result("eth_getBlockByNumber", hex(BigInt(history.oldestBlock) + BigInt(i)), false);
    assert.equal(history.baseFeePerGas[i], block.baseFeePerGas);
    assert.equal(history.gasUsedRatio[i], Number(BigInt(block.gasUsed)) / 30_000_000);
  }
  assert.ok(BigInt(history.baseFeePerGas[4]) >= GWEI, "the next block's base fee");
  assert.equal((await rpc.call("eth_feeHistory", "0x1", hex(BigInt(latest.number) + 100n))).error?.code, -32000);
});
