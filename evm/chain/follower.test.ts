// The chain follower, driven tick by tick over a fake node: blocks from the subscription on, each
// once and in order; after a long gap only the most recent ones; nothing fetched for nobody.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BlockSource } from "./blockSource.js";
import { ChainFollower } from "./follower.js";
import { PendingTxs } from "./pendingTxs.js";
import { FakeEvmNode, silentLogger } from "../testFixture.js";

function follower(maxCatchUp = 64) {
  const node = new FakeEvmNode();
  const chainId = async () => 2611n;
  const blocks = new BlockSource(node, chainId);
  const f = new ChainFollower(node, blocks, new PendingTxs(node, chainId), { intervalMs: 1000, maxCatchUp }, silentLogger);
  return { node, f };
}

test("each block after the first listener's start, once and in order", async () => {
  const { node, f } = follower();
  node.addBlock();
  const seen: bigint[] = [];
  const stop = f.onBlock((b) => seen.push(b.height));
  await f.tick(); // notes height 1
  node.addBlock();
  node.addBlock();
  await f.tick();
  await f.tick();
  node.addBlock();
  await f.tick();
  assert.deepEqual(seen, [2n, 3n, 4n]);
  stop();
  node.addBlock();
  const fetches = node.calls.filter((c) => c === "evmBlock").length;
  await f.tick();
  assert.equal(node.calls.filter((c) => c === "evmBlock").length, fetches, "no listener, no fetch");
});

test("after a gap longer than the catch-up bound, only the most recent blocks", async () => {
  const { node, f } = follower(2);
  node.addBlock();
  const seen: bigint[] = [];
  f.onBlock((b) => seen.push(b.height));
  await f.tick();
  for (let i = 0; i < 5; i++) node.addBlock();
  await f.tick();
  assert.deepEqual(seen, [5n, 6n]);
});

test("a failing listener does not stop the others; a failing node is retried next tick", async () => {
  const { node, f } = follower();
  node.addBlock();
  const seen: bigint[] = [];
  f.onBlock(() => {
    throw new Error("listener bug");
  });
  f.onBlock((b) => seen.push(b.height));
  await f.tick();
  node.addBlock();
  const committed = node.committedHeight.bind(node);
  node.committedHeight = async () => {
    throw new Error("node down");
  };
  await f.tick();
  assert.deepEqual(seen, []);
  node.committedHeight = committed;
  await f.tick();
  assert.deepEqual(seen, [2n]);
});

test("a listener hears of the first block after its subscription, though it came before the next poll", async () => {
  const { node, f } = follower();
  node.addBlock();
  const seen: bigint[] = [];
  f.onBlock((b) => seen.push(b.height));
  await f.prime(); // what a subscription does: the feed starts at height 1, not at the next poll's height
  node.addBlock();
  await f.tick();
  assert.deepEqual(seen, [2n]);
});

test("a feed stopped while a block was being fetched does not resume at the old height for a later listener", async () => {
  const { node, f } = follower();
  node.addBlock();
  const stopA = f.onBlock(() => undefined);
  await f.tick();
  for (let i = 0; i < 3; i++) node.addBlock();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const fetch = node.evmBlock.bind(node);
  node.evmBlock = async (height, withReceipts) => {
    await gate;
    return fetch(height, withReceipts);
  };
  const polling = f.tick();
  await new Promise((r) => setTimeout(r, 10));
  stopA(); // the only listener leaves while block 2 is fetched
  release();
  await polling;
  node.evmBlock = fetch;
  const seen: bigint[] = [];
  f.onBlock((b) => seen.push(b.height));
  await f.prime();
  node.addBlock();
  await f.tick();
  assert.deepEqual(seen, [5n], "only the block after the new subscription, none of the old ones");
});
