// The block cache: one fetch per block while it is cached, bounded in bytes as well as in blocks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeEvmNode, signed1559 } from "../testFixture.js";
import { BlockSource } from "./blockSource.js";

test("cached blocks are not fetched again; past the byte bound the least recent are", async () => {
  const node = new FakeEvmNode();
  for (let i = 0n; i < 3n; i++) node.addBlock([{ raw: signed1559(i, { data: new Uint8Array(2000).fill(1) }) }]);
  const probe = await new BlockSource(node, async () => 2611n).byHeight(1n);
  const blocks = new BlockSource(node, async () => 2611n, 128, Math.floor(probe!.approximateBytes * 2.5));
  const fetches = () => node.calls.filter((c) => c === "evmBlock").length;
  const [a, b] = await Promise.all([blocks.byHeight(1n), blocks.byHeight(1n)]);
  assert.equal(a, b, "concurrent requests share one fetch");
  await blocks.byHeight(2n);
  const before = fetches();
  await blocks.byHeight(1n);
  await blocks.byHeight(2n);
  assert.equal(fetches(), before, "both fit: served from the cache");
  await blocks.byHeight(3n); // three do not fit: block 1, the least recently used, goes
  await blocks.byHeight(2n);
  assert.equal(fetches(), before + 1);
  await blocks.byHeight(1n);
  assert.equal(fetches(), before + 2, "block 1 was fetched again");
  assert.ok(probe!.approximateBytes > 2 * 2000, "a block's weight counts its calldata");
});

test("a cached block's raw txs are copies of their own size, not views into the buffers CometBFT's block was decoded into", async () => {
  const node = new FakeEvmNode();
  node.addBlock([{ raw: signed1559(0n) }, { raw: signed1559(1n) }]);
  // As CometBFT's JSON reaches the server: each tx decoded from base64 into Buffer's pool.
  const comet = node.blocks.get(1n)!.comet as { txs: Uint8Array[] };
  comet.txs = comet.txs.map((tx) => Buffer.from(Buffer.from(tx).toString("base64"), "base64"));
  assert.ok(
    comet.txs.every((tx) => tx.buffer.byteLength > tx.byteLength),
    "pooled, as decoded",
  );
  const block = (await new BlockSource(node, async () => 2611n).byHeight(1n))!;
  assert.equal(block.rawTxs.length, 2);
  for (const raw of block.rawTxs) assert.equal(raw.buffer.byteLength, raw.byteLength);
});
