// Logs and filters over a fake node: eth_getLogs by range and by block hash, its bounds, and the
// polled filters (logs, blocks, pending txs) with their expiry and limits.
import { test } from "node:test";
import assert from "node:assert/strict";
import { keccak256 } from "../../sdk/crypto/hashes.js";
import { DEFAULT_FILTER_LIMITS } from "../filters/filterRegistry.js";
import { CONTRACT, fakeServer, hex0x, RECIPIENT, signed1559, TOPIC_A, TOPIC_B } from "../testFixture.js";

const logOf = (address: Uint8Array, topic: Uint8Array) => ({ address, topics: [topic], data: new Uint8Array() });

function chain(settings = {}) {
  const s = fakeServer(settings);
  s.node.addBlock([{ raw: signed1559(0n), logs: [logOf(CONTRACT, TOPIC_A), logOf(RECIPIENT, TOPIC_B)] }]);
  s.node.addBlock();
  s.node.addBlock([{ raw: signed1559(1n), logs: [logOf(CONTRACT, TOPIC_B)] }]);
  return s;
}

test("eth_getLogs over a range, by address and topic, and by block hash", async () => {
  const { node, call } = chain();
  const all = (await call("eth_getLogs", { fromBlock: "0x1", toBlock: "latest" })).result;
  assert.equal(all.length, 3);
  assert.deepEqual(
    all.map((l: { logIndex: string; blockNumber: string }) => [l.blockNumber, l.logIndex]),
    [
      ["0x1", "0x0"],
      ["0x1", "0x1"],
      ["0x3", "0x0"],
    ],
  );
  assert.equal(all[0].blockHash, hex0x(node.blocks.get(1n)!.evm.hash));
  assert.equal((await call("eth_getLogs", { fromBlock: "earliest", address: hex0x(CONTRACT) })).result.length, 2);
  assert.equal((await call("eth_getLogs", { fromBlock: "0x1", topics: [hex0x(TOPIC_B)] })).result.length, 2);
  assert.equal((await call("eth_getLogs", {})).result.length, 1, "from and to default to the latest block");
  assert.equal((await call("eth_getLogs", { blockHash: hex0x(node.blocks.get(1n)!.evm.hash) })).result.length, 2);
  assert.deepEqual((await call("eth_getLogs", { blockHash: `0x${"99".repeat(32)}` })).error, { code: -32000, message: "unknown block" });
  assert.deepEqual((await call("eth_getLogs", { fromBlock: "0x9" })).result, [], "a range beyond the head is empty");
  assert.equal((await call("eth_getLogs", { fromBlock: "0x3", toBlock: "0x1" })).error?.code, -32000);
});

test("eth_getLogs is bounded in blocks and in logs, with a limit-exceeded error that says which", async () => {
  const { call } = chain({ logs: { maxBlockRange: 2, maxLogs: 2 } });
  const range = (await call("eth_getLogs", { fromBlock: "0x1", toBlock: "0x3" })).error!;
  assert.equal(range.code, -32005);
  assert.match(range.message, /block range of 3 blocks exceeds the limit of 2/);
  const many = (await call("eth_getLogs", { fromBlock: "0x1", toBlock: "0x2" })).result;
  assert.equal(many.length, 2);
  const s2 = chain({ logs: { maxBlockRange: 10, maxLogs: 2 } });
  assert.match((await s2.call("eth_getLogs", { fromBlock: "0x1", toBlock: "0x3" })).error!.message, /more than 2 results/);
});

test("log and block filters report what is new at each poll; getFilterLogs the whole range", async () => {
  const { node, call } = chain();
  const logs = (await call("eth_newFilter", { address: hex0x(CONTRACT) })).result;
  const blocks = (await call("eth_newBlockFilter")).result;
  assert.match(logs, /^0x[0-9a-f]{32}$/);
  assert.deepEqual((await call("eth_getFilterChanges", logs)).result, []);
  node.addBlock([{ raw: signed1559(2n), logs: [logOf(CONTRACT, TOPIC_A), logOf(RECIPIENT, TOPIC_A)] }]);
  node.addBlock();
  const changes = (await call("eth_getFilterChanges", logs)).result;
  assert.deepEqual(
    changes.map((l: { blockNumber: string; address: string }) => [l.blockNumber, l.address]),
    [["0x4", hex0x(CONTRACT)]],
  );
  assert.deepEqual((await call("eth_getFilterChanges", logs)).result, [], "each change once");
  assert.deepEqual((await call("eth_getFilterChanges", blocks)).result, [hex0x(node.blocks.get(4n)!.evm.hash), hex0x(node.blocks.get(5n)!.evm.hash)]);
  const ranged = (await call("eth_newFilter", { fromBlock: "0x1", toBlock: "0x3", address: hex0x(CONTRACT) })).result;
  assert.equal((await call("eth_getFilterLogs", ranged)).result.length, 2);
  assert.deepEqual((await call("eth_getFilterLogs", blocks)).error, { code: -32000, message: "filter not found: not a log filter" });
  assert.equal((await call("eth_uninstallFilter", logs)).result, true);
  assert.equal((await call("eth_uninstallFilter", logs)).result, false);
  assert.deepEqual((await call("eth_getFilterChanges", logs)).error, { code: -32000, message: "filter not found" });
  assert.equal((await call("eth_getFilterChanges", 5)).error?.code, -32602);
});

test("a pending-tx filter hears of txs this server broadcast", async () => {
  const { node, call } = chain();
  const id = (await call("eth_newPendingTransactionFilter")).result;
  const raw = signed1559(2n);
  await call("eth_sendRawTransaction", hex0x(raw));
  assert.deepEqual((await call("eth_getFilterChanges", id)).result, [hex0x(keccak256(raw))]);
  assert.deepEqual((await call("eth_getFilterChanges", id)).result, []);
  assert.equal(node.mempool.length, 1);
});

test("filters expire when not polled, and their number is bounded", async () => {
  let now = 1_000_000;
  const s = chain();
  // The registry reads the clock it was given; drive it through a fresh one with a fake clock.
  const { FilterRegistry } = await import("../filters/filterRegistry.js");
  const registry = new FilterRegistry(
    { node: s.node, blocks: s.rpc.services.blocks, pending: s.rpc.services.pending, logs: s.rpc.services.logs },
    { ...DEFAULT_FILTER_LIMITS, maxFilters: 2 },
    () => now,
  );
  const a = await registry.newBlockFilter();
  now += DEFAULT_FILTER_LIMITS.ttlMs - 1;
  await registry.changes(a);
  const b = registry.newPendingTxFilter();
  await assert.rejects(registry.newBlockFilter(), /too many filters installed \(at most 2\)/);
  now += DEFAULT_FILTER_LIMITS.ttlMs + 1;
  await assert.rejects(registry.changes(a), /filter not found/);
  registry.sweep();
  assert.equal(registry.size, 0, "both expired");
  assert.equal(s.rpc.services.pending.listening, false, "the expired pending filter stopped listening");
  assert.equal(registry.uninstall(b), false);
});

// Regression: the app's Logs query treats a trailing wildcard position as optional; Ethereum does not.
test("eth_getLogs: a log needs a topic at every position the filter names, wildcards included", async () => {
  const { call } = chain();
  assert.equal((await call("eth_getLogs", { fromBlock: "0x1", topics: [null] })).result.length, 3);
  assert.equal((await call("eth_getLogs", { fromBlock: "0x1", topics: [null, null] })).result.length, 0);
});

test("polls of one filter at once report each block and log once", async () => {
  const { node, call, rpc } = chain();
  const blocks = (await call("eth_newBlockFilter")).result;
  const logs = (await call("eth_newFilter", {})).result;
  node.addBlock([{ raw: signed1559(2n), logs: [logOf(CONTRACT, TOPIC_A)] }]);
  node.addBlock([{ raw: signed1559(3n), logs: [logOf(CONTRACT, TOPIC_B)] }]);
  // A batch polling each filter twice: the polls run concurrently.
  const batch = [blocks, blocks, logs, logs].map((id, i) => ({ jsonrpc: "2.0", id: i, method: "eth_getFilterChanges", params: [id] }));
  const answers = (await rpc.dispatcher.handleValue(batch)) as Array<{ result: Array<string | { blockNumber: string }> }>;
  assert.deepEqual([...answers[0]!.result, ...answers[1]!.result], [hex0x(node.blocks.get(4n)!.evm.hash), hex0x(node.blocks.get(5n)!.evm.hash)]);
  assert.deepEqual(
    [...answers[2]!.result, ...answers[3]!.result].map((l) => (l as { blockNumber: string }).blockNumber),
    ["0x4", "0x5"],
  );
});

test("pending-tx filters share one bounded window of hashes; each reports what it has not read", async () => {
  const s = chain();
  const { FilterRegistry } = await import("../filters/filterRegistry.js");
  const { decodeRawTx } = await import("../chain/rawTx.js");
  const registry = new FilterRegistry(
    { node: s.node, blocks: s.rpc.services.blocks, pending: s.rpc.services.pending, logs: s.rpc.services.logs },
    { ...DEFAULT_FILTER_LIMITS, maxPendingQueue: 3 },
  );
  const hashes: string[] = [];
  const announce = (n: number) => {
    for (let i = 0; i < n; i++) {
      const tx = decodeRawTx(signed1559(BigInt(10 + hashes.length)), 2611n);
      s.rpc.services.pending.add(tx);
      hashes.push(hex0x(tx.hash));
    }
  };
  const a = registry.newPendingTxFilter();
  announce(2);
  const b = registry.newPendingTxFilter();
  announce(3);
  assert.deepEqual(await registry.changes(a), hashes.slice(2, 5), "five announced, the window keeps three");
  assert.deepEqual(await registry.changes(b), hashes.slice(2, 5), "b was created after two: it reads the three since");
  announce(1);
  assert.deepEqual(await registry.changes(a), [hashes[5]]);
  assert.deepEqual(await registry.changes(a), []);
  assert.deepEqual(await registry.changes(b), [hashes[5]]);
  registry.uninstall(a);
  assert.equal(s.rpc.services.pending.listening, true, "b still listens");
  registry.uninstall(b);
  assert.equal(s.rpc.services.pending.listening, false, "the last pending filter gone, nobody listens");
});
