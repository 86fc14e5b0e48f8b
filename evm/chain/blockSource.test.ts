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
