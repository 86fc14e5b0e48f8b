// JSON-RPC over WebSocket (port 8546's role) on a real chain: newHeads delivers consecutive
// blocks whose hashes are eth_getBlockByNumber's, a logs subscription delivers a contract's
// event, newPendingTransactions a tx as it is sent; unsubscribing stops delivery.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Interface, Wallet } from "ethers";
import WebSocket from "ws";
import { waitUntil } from "../cometbft/readiness.js";
import { startEvmRpcChain, type EvmRpcProcess } from "./support/evmRpc.js";
import { testContract } from "./support/solidity.js";

const sender = new Wallet(`0x${"c3".repeat(32)}`);
const GWEI = 10n ** 9n;

let rpc: EvmRpcProcess;
let stop: () => Promise<void>;

before(async () => {
  ({ rpc, stop } = await startEvmRpcChain([sender.address]));
});
after(async () => {
  await stop?.();
});

/** A WebSocket JSON-RPC client that keeps every notification it gets. */
async function connect() {
  const ws = new WebSocket(rpc.wsUrl);
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  const notes: Array<{ subscription: string; result: any }> = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  const answers = new Map<number, (a: { result?: any; error?: { code: number; message: string } }) => void>(); // eslint-disable-line @typescript-eslint/no-explicit-any
  let id = 0;
  ws.on("message", (raw) => {
    const msg = JSON.parse(raw.toString());
    if (msg.method === "eth_subscription") notes.push(msg.params);
    else answers.get(msg.id)?.(msg);
  });
  const call = (method: string, ...params: unknown[]) =>
    new Promise<{ result?: any; error?: { code: number; message: string } }>((resolve) => {
      // eslint-disable-line @typescript-eslint/no-explicit-any
      const n = ++id;
      answers.set(n, resolve);
      ws.send(JSON.stringify({ jsonrpc: "2.0", id: n, method, params }));
    });
  return { ws, notes, call };
}

async function sendTx(data: string, to: string | null, gasLimit: bigint): Promise<string> {
  const nonce = Number(BigInt(await rpc.result("eth_getTransactionCount", sender.address, "pending")));
  const raw = await sender.signTransaction({
    type: 2,
    chainId: 2611n,
    nonce,
    to,
    value: 0n,
    data,
    gasLimit,
    maxFeePerGas: 10n * GWEI,
    maxPriorityFeePerGas: GWEI,
  });
  return rpc.result<string>("eth_sendRawTransaction", raw);
}

async function receipt(hash: string): Promise<any> {
  // eslint-disable-line @typescript-eslint/no-explicit-any
  let r: unknown = null;
  await waitUntil(`the receipt of ${hash}`, async () => (r = await rpc.result("eth_getTransactionReceipt", hash)) !== null, 30_000);
  return r;
}

test("newHeads: consecutive blocks, each with the hash and parent eth_getBlockByNumber gives", async () => {
  const c = await connect();
  assert.equal((await c.call("eth_chainId")).result, "0xa33");
  const sub = (await c.call("eth_subscribe", "newHeads")).result as string;
  assert.match(sub, /^0x[0-9a-f]{32}$/);
  await waitUntil("four new heads", async () => c.notes.length >= 4, 30_000);
  const heads = c.notes.filter((n) => n.subscription === sub).map((n) => n.result);
  for (let i = 1; i < heads.length; i++) {
    assert.equal(BigInt(heads[i].number), BigInt(heads[i - 1].number) + 1n, "consecutive numbers");
    assert.equal(heads[i].parentHash, heads[i - 1].hash, "each head's parent is the one before");
  }
  for (const head of heads) {
    const block = await rpc.result("eth_getBlockByNumber", head.number, false);
    assert.equal(head.hash, block.hash);
    assert.equal(head.parentHash, block.parentHash);
    assert.equal(head.timestamp, block.timestamp);
    assert.equal(head.baseFeePerGas, block.baseFeePerGas);
    assert.equal(head.transactions, undefined, "a header, not a block");
  }
  assert.equal((await c.call("eth_unsubscribe", sub)).result, true);
  const count = c.notes.length;
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(c.notes.length, count, "no heads after unsubscribing");
  c.ws.close();
});

test("logs: a contract's event arrives as deployed and called; pending txs are announced", async () => {
  const counter = testContract("Counter");
  const abi = new Interface(counter.abi as never);
  const deployed = await receipt(await sendTx(counter.bytecode + abi.encodeDeploy([1n]).slice(2), null, 1_000_000n));
  const address: string = deployed.contractAddress;
  const c = await connect();
  const logsSub = (await c.call("eth_subscribe", "logs", { address, topics: [abi.getEvent("Incremented")!.topicHash] })).result as string;
  const otherSub = (await c.call("eth_subscribe", "logs", { address: `0x${"00".repeat(20)}` })).result as string;
  const pendingSub = (await c.call("eth_subscribe", "newPendingTransactions")).result as string;
  // No wait here: a subscription hears of every block after it, even one committed before the server's next poll.
  const hash = await sendTx(abi.encodeFunctionData("increment", [3n]), address, 200_000n);
  const r = await receipt(hash);
  await waitUntil("the log notification", async () => c.notes.some((n) => n.subscription === logsSub), 30_000);
  const log = c.notes.find((n) => n.subscription === logsSub)!.result;
  assert.deepEqual(log, r.logs[0], "the notification is the receipt's log, block hash included");
  assert.equal(log.blockHash, (await rpc.result("eth_getBlockByNumber", r.blockNumber, false)).hash);
  assert.deepEqual(abi.parseLog(log)?.args.toArray(), [sender.address, 3n, 4n]);
  assert.ok(!c.notes.some((n) => n.subscription === otherSub), "a filter for another address hears nothing");
  assert.ok(
    c.notes.some((n) => n.subscription === pendingSub && n.result === hash),
    "the sent tx was announced as pending",
  );
  c.ws.close();
});

test("subscriptions are refused over HTTP and for unknown kinds", async () => {
  const http = await rpc.call("eth_subscribe", "newHeads");
  assert.equal(http.error?.code, -32601);
  assert.match(http.error!.message, /needs a WebSocket connection/);
  const c = await connect();
  assert.equal((await c.call("eth_subscribe", "syncing")).error?.code, -32602);
  assert.equal((await c.call("eth_unsubscribe", "0x1234")).result, false);
  c.ws.close();
});
