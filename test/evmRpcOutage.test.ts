// The EVM JSON-RPC server while the node under it goes away: CometBFT stopped and restarted, then
// the app killed and both restarted. The server answers every request meanwhile (a result, or
// -32002 "unavailable", never a hang), keeps running, and afterwards its newHeads subscription and
// a block filter have delivered every block once: consecutive numbers, each parent the head before.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Wallet } from "ethers";
import WebSocket from "ws";
import { waitUntil } from "../cometbft/readiness.js";
import { startEvmRpcChain, type EvmRpcProcess, type RpcAnswer } from "./support/evmRpc.js";
import type { LocalNode } from "./support/localNode.js";

const sender = new Wallet(`0x${"e5".repeat(32)}`);

let node: LocalNode;
let rpc: EvmRpcProcess;
let stop: () => Promise<void>;

before(async () => {
  ({ node, rpc, stop } = await startEvmRpcChain([sender.address]));
});
after(() => stop?.());

/** Each answer is a result or an error a client can act on, and comes within `ms`. */
async function answeredDuringOutage(ms: number, ...calls: Array<[string, ...unknown[]]>): Promise<RpcAnswer[]> {
  const started = Date.now();
  const answers = await Promise.all(calls.map(([method, ...params]) => rpc.call(method, ...params)));
  assert.ok(Date.now() - started < ms, `answered within ${ms} ms`);
  answers.forEach((a, i) => {
    if (a.error) assert.ok([-32002, -32000].includes(a.error.code), `${calls[i]![0]}: ${JSON.stringify(a.error)}`);
    else assert.notEqual(a.result, undefined, calls[i]![0]);
  });
  return answers;
}

test("CometBFT and the app restart under the server: it answers throughout, and no block is skipped or doubled", async () => {
  const ws = new WebSocket(rpc.wsUrl);
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  const heads: Array<{ number: string; hash: string; parentHash: string }> = [];
  ws.on("message", (raw) => {
    const msg = JSON.parse(raw.toString());
    if (msg.method === "eth_subscription") heads.push(msg.params.result);
  });
  ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newHeads"] }));
  const createdAfter = BigInt(await rpc.result("eth_blockNumber"));
  const filter = await rpc.result<string>("eth_newBlockFilter");
  const createdBefore = BigInt(await rpc.result("eth_blockNumber"));
  const filtered: string[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const answer = await rpc.call("eth_getFilterChanges", filter);
      if (answer.result) filtered.push(...(answer.result as string[]));
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const headsAfter = (n: number) => waitUntil(`${n} heads`, async () => heads.length >= n, 90_000);
  await headsAfter(3);

  await node.kill("comet", "SIGTERM");
  const raw = await sender.signTransaction({
    type: 2,
    chainId: 2611n,
    nonce: 0,
    to: sender.address,
    value: 1n,
    gasLimit: 21_000n,
    maxFeePerGas: 10n ** 10n,
    maxPriorityFeePerGas: 0n,
  });
  const [number, , sent] = await answeredDuringOutage(
    15_000,
    ["eth_blockNumber"],
    ["eth_syncing"],
    ["eth_sendRawTransaction", raw],
    ["eth_getBlockByNumber", "latest", false],
    ["net_peerCount"],
    ["eth_getBalance", sender.address, "latest"],
  );
  assert.ok(number!.result, "the app still answers its committed height");
  assert.equal(sent!.error?.code, -32002, "a tx cannot be sent while CometBFT is down");
  await node.startComet();
  await headsAfter(heads.length + 3);

  // Killing the app stops CometBFT too (it loses its ABCI connection).
  await node.kill("app", "SIGKILL");
  await node.waitExit("comet").catch(() => node.kill("comet", "SIGKILL"));
  const [downNumber] = await answeredDuringOutage(
    15_000,
    ["eth_blockNumber"],
    ["eth_getBalance", sender.address, "latest"],
    ["eth_getLogs", {}],
    ["eth_gasPrice"],
  );
  assert.equal(downNumber!.error?.code, -32002, "the app is down: unavailable, not a hang");
  await node.start();
  await headsAfter(heads.length + 3);

  polling = false;
  await poller;
  ws.close();
  const before = BigInt(await rpc.result("eth_blockNumber"));
  filtered.push(...(await rpc.result<string[]>("eth_getFilterChanges", filter)));
  // The filter starts after the block that was the head when it was made.
  const firstFiltered = BigInt((await rpc.result("eth_getBlockByHash", filtered[0], false)).number);
  assert.ok(firstFiltered > createdAfter && firstFiltered <= createdBefore + 1n, `the filter's first block ${firstFiltered}`);
  const lastFiltered = firstFiltered + BigInt(filtered.length) - 1n;
  assert.ok(lastFiltered >= before, "the last poll reached the head it polled at");

  for (let i = 1; i < heads.length; i++) {
    assert.equal(BigInt(heads[i]!.number), BigInt(heads[i - 1]!.number) + 1n, `head ${i}: consecutive numbers`);
    assert.equal(heads[i]!.parentHash, heads[i - 1]!.hash, `head ${i}: its parent is the head before`);
  }
  for (const head of heads) assert.equal(head.hash, (await rpc.result("eth_getBlockByNumber", head.number, false)).hash);
  const expected: string[] = [];
  for (let h = firstFiltered; h <= lastFiltered; h++) expected.push((await rpc.result("eth_getBlockByNumber", `0x${h.toString(16)}`, false)).hash);
  assert.deepEqual(filtered, expected, "the block filter reported every block once, in order");
  assert.ok(rpc.running, "the server kept running");
  assert.deepEqual(
    rpc
      .logs()
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line))
      .slice(0, 3),
    [],
    "and logged no failure",
  );
});
