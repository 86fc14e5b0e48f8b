// Bad input to the EVM JSON-RPC server of a real chain: garbage and wrongly signed raw txs,
// replays, nonce gaps, underpriced and oversized txs, malformed JSON-RPC, unknown methods, huge
// batches and bodies. Each gets a clean error, the server keeps answering, and the sender's
// balance and nonces are what they were.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Wallet } from "ethers";
import { startEvmRpcChain, type EvmRpcProcess } from "./support/evmRpc.js";
import { waitUntil } from "../cometbft/readiness.js";
import type { LocalNode } from "./support/localNode.js";

const sender = new Wallet(`0x${"b2".repeat(32)}`);
const recipient = `0x${"6f".repeat(20)}`;
const GWEI = 10n ** 9n;

let node: LocalNode;
let rpc: EvmRpcProcess;
let stop: () => Promise<void>;

before(async () => {
  ({ node, rpc, stop } = await startEvmRpcChain([sender.address]));
});
after(() => stop?.());

interface TxFields {
  nonce?: number;
  chainId?: bigint;
  maxFeePerGas?: bigint;
  data?: string;
  gasLimit?: bigint;
  value?: bigint;
}

async function signed(fields: TxFields = {}): Promise<string> {
  const nonce = fields.nonce ?? Number(BigInt(await rpc.result("eth_getTransactionCount", sender.address, "pending")));
  return sender.signTransaction({
    type: 2,
    chainId: fields.chainId ?? 2611n,
    nonce,
    to: recipient,
    value: fields.value ?? 1n,
    data: fields.data ?? "0x",
    gasLimit: fields.gasLimit ?? 21_000n,
    maxFeePerGas: fields.maxFeePerGas ?? 10n * GWEI,
    maxPriorityFeePerGas: 0n,
  });
}

async function accountState(): Promise<[string, string, string, string]> {
  return Promise.all([
    rpc.result("eth_getBalance", sender.address, "latest"),
    rpc.result("eth_getTransactionCount", sender.address, "latest"),
    rpc.result("eth_getTransactionCount", sender.address, "pending"),
    rpc.result("eth_getBalance", recipient, "latest"),
  ]);
}

/** A refused raw tx: -32000 with a message matching `reason`. */
async function refused(raw: string, reason: RegExp): Promise<void> {
  const answer = await rpc.call("eth_sendRawTransaction", raw);
  assert.ok(answer.error, `expected a refusal for ${raw.slice(0, 20)}..., got ${JSON.stringify(answer.result)}`);
  assert.equal(answer.error.code, -32000, answer.error.message);
  assert.match(answer.error.message, reason);
}

test("refused raw txs change nothing: garbage, wrong chain id, replay, nonce gap, underpriced, oversized", async () => {
  // One accepted tx first, so there is something to replay.
  const first = await signed({ nonce: 0 });
  const hash = await rpc.result<string>("eth_sendRawTransaction", first);
  await waitUntil("the first tx's receipt", async () => (await rpc.result("eth_getTransactionReceipt", hash)) !== null, 30_000);
  const before = await accountState();
  assert.equal(before[1], "0x1");

  for (const garbage of ["0xdeadbeef", "0x02", "0x02f8", "0xc0", "0x0a0b0c", `0x04${"ff".repeat(40)}`])
    await refused(garbage, /invalid Ethereum transaction|tx parse error|empty tx|invalid/i);
  await refused("0x", /empty tx/);
  await refused(`0x03${"00".repeat(10)}`, /transaction type not supported: blob transactions are not supported/);
  await refused(await signed({ chainId: 1n }), /invalid chain id/);
  await refused(first, /nonce too low|already known/);
  await refused(await signed({ nonce: 0, value: 2n }), /nonce too low/);
  await refused(await signed({ nonce: 7 }), /nonce too high/);
  await refused(await signed({ maxFeePerGas: 1n }), /max fee per gas less than block base fee/);
  await refused(await signed({ value: 10n ** 40n }), /insufficient funds for gas \* price \+ value/);
  await refused(await signed({ data: `0x${"01".repeat(10_000)}` }), /intrinsic gas too low/);
  await refused(await signed({ gasLimit: 40_000_000n }), /exceeds block gas limit/);
  await refused(await signed({ data: `0x${"01".repeat(140_000)}`, gasLimit: 29_000_000n }), /exceeds the limit of 131072/);
  const notHex = await rpc.call("eth_sendRawTransaction", "not hex");
  assert.equal(notHex.error?.code, -32602);
  const noParams = await rpc.call("eth_sendRawTransaction");
  assert.equal(noParams.error?.message, "missing value for required argument 0 (signed transaction)");

  // A few blocks later nothing of it has been included.
  const height = BigInt(await rpc.result("eth_blockNumber"));
  await waitUntil("two more blocks", async () => BigInt(await rpc.result("eth_blockNumber")) >= height + 2n, 30_000);
  assert.deepEqual(await accountState(), before, "balances and nonces are unchanged");
});

test("malformed JSON-RPC and unknown methods get their codes; the server keeps answering", async () => {
  const cases: Array<[string, number]> = [
    ["{not json", -32700],
    ['{"jsonrpc":"2.0","id":1,"method":"eth_chainId"', -32700],
    ['{"jsonrpc":"2.0","id":1}', -32600],
    ['{"jsonrpc":"1.0","id":1,"method":"eth_chainId"}', -32600],
    ['{"id":1,"method":"eth_chainId"}', -32600],
    ['{"jsonrpc":"2.0","id":[1],"method":"eth_chainId"}', -32600],
    ["[]", -32600],
    ['"eth_chainId"', -32600],
    ['{"jsonrpc":"2.0","id":1,"method":"eth_getBalance","params":{"address":"0x0"}}', -32602],
    ['{"jsonrpc":"2.0","id":1,"method":"eth_getBalance","params":["0x12","latest"]}', -32602],
    ['{"jsonrpc":"2.0","id":1,"method":"eth_getBalance","params":["0x0000000000000000000000000000000000000000","later"]}', -32602],
    ['{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["0x1",false,3]}', -32602],
  ];
  for (const [body, code] of cases) {
    const res = await rpc.post(body);
    assert.equal(res.status, 200, body);
    assert.equal((JSON.parse(res.text) as { error: { code: number } }).error.code, code, body);
  }
  for (const method of [
    "eth_sendTransaction",
    "eth_sign",
    "eth_signTransaction",
    "eth_fillTransaction",
    "eth_mining",
    "eth_hashrate",
    "hardhat_mine",
    "debug_traceTransaction",
    "eth_subscribe",
    "__proto__",
  ]) {
    const answer = await rpc.call(method);
    assert.equal(answer.error?.code, -32601, method);
  }
  assert.equal(
    (await rpc.call("eth_sendTransaction", { from: sender.address, to: recipient })).error?.message,
    "the method eth_sendTransaction does not exist/is not available",
  );
  assert.equal((await rpc.post("{}", { "content-type": "text/plain" })).status, 415);
  assert.equal(await rpc.result("eth_chainId"), "0xa33");
});

test("a huge batch and a huge body are refused whole; the server keeps answering", async () => {
  const batch = JSON.stringify(Array.from({ length: 1000 }, (_, id) => ({ jsonrpc: "2.0", id, method: "eth_blockNumber" })));
  const answer = JSON.parse((await rpc.post(batch)).text) as { error: { code: number; message: string } };
  assert.deepEqual(answer.error, { code: -32600, message: "batch of 1000 requests exceeds the limit of 100" });
  const ok = JSON.parse(
    (await rpc.post(JSON.stringify(Array.from({ length: 100 }, (_, id) => ({ jsonrpc: "2.0", id, method: "eth_chainId" }))))).text,
  ) as unknown[];
  assert.equal(ok.length, 100, "a batch at the limit is answered");
  const huge = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "web3_sha3", params: [`0x${"ab".repeat(3 * 1024 * 1024)}`] });
  try {
    const res = await rpc.post(huge);
    assert.equal(res.status, 413);
    assert.match(res.text, /request body too large/);
  } catch (err) {
    // Refusing before reading may reset the connection while the client still sends.
    assert.match(String((err as Error).cause ?? err), /ECONNRESET|EPIPE|other side closed|SocketError/);
  }
  const deep = "[".repeat(100_000) + "]".repeat(100_000);
  const nested = await rpc.post(deep);
  assert.equal(nested.status, 200);
  assert.equal(await rpc.result("eth_chainId"), "0xa33");
  assert.ok(rpc.running, "the server is still running");
  assert.ok(node.app && node.app.child.exitCode === null, "the app is still running");
});
