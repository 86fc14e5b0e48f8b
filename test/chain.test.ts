// The real CometBFT binary driving the real app over ABCI: blocks, app hashes, historical queries.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { fromBinary } from "@bufbuild/protobuf";
import { BlockInfoSchema } from "../gen/chain/blockinfo/blockinfo_pb.js";
import { LocalNode } from "./support/localNode.js";

interface AbciQueryResult {
  response: { code: number; value: string | null; height: string; log: string; codespace: string };
}
interface BlockResult {
  block_id: { hash: string };
  block: { header: { height: string; app_hash: string; proposer_address: string } };
}

let node: LocalNode;
before(async () => {
  node = await LocalNode.create();
  await node.start();
});
after(() => node.destroy());

function blockInfoAt(height?: number) {
  const h = height === undefined ? "" : `&height=${height}`;
  return node.rpc<AbciQueryResult>(`abci_query?path="/store/blockinfo/key"&data=0x${Buffer.from("last").toString("hex")}${h}`);
}

test("the chain reaches height 10 with a new app hash every block", async () => {
  await node.waitForHeight(11);
  const hashes = new Set<string>();
  for (let h = 2; h <= 11; h++) {
    const b = await node.rpc<BlockResult>(`block?height=${h}`);
    assert.equal(b.block.header.app_hash.length, 64, "32-byte app hash");
    hashes.add(b.block.header.app_hash);
  }
  assert.equal(hashes.size, 10, "every block changed the app hash");
});

test("the app's Info matches what CometBFT recorded in the next header", async () => {
  const info = await node.rpc<{ response: { last_block_height: string; last_block_app_hash: string; data: string } }>("abci_info");
  const h = Number(info.response.last_block_height);
  assert.equal(info.response.data, "unit");
  const next = await node.waitForHeight(h + 1).then(() => node.rpc<BlockResult>(`block?height=${h + 1}`));
  assert.equal(Buffer.from(info.response.last_block_app_hash, "base64").toString("hex").toUpperCase(), next.block.header.app_hash);
});

test("block metadata is in state and readable at past heights", async () => {
  await node.waitForHeight(6);
  const latest = await blockInfoAt();
  assert.equal(latest.response.code, 0);
  const info = fromBinary(BlockInfoSchema, Buffer.from(latest.response.value!, "base64"));
  assert.equal(info.height, BigInt(latest.response.height));

  const past = await blockInfoAt(5);
  assert.equal(past.response.code, 0);
  assert.equal(past.response.height, "5");
  const at5 = fromBinary(BlockInfoSchema, Buffer.from(past.response.value!, "base64"));
  assert.equal(at5.height, 5n);
  const block5 = await node.rpc<BlockResult>("block?height=5");
  assert.equal(Buffer.from(at5.hash).toString("hex").toUpperCase(), block5.block_id.hash);
  assert.equal(Buffer.from(at5.proposerAddress).toString("hex").toUpperCase(), block5.block.header.proposer_address);
});

test("a query above the latest height is refused with a clear error", async () => {
  const res = await blockInfoAt(1_000_000);
  assert.notEqual(res.response.code, 0);
  assert.match(res.response.log, /height/i);
});

test("an unknown query path gets a clear error", async () => {
  const res = await node.rpc<AbciQueryResult>(`abci_query?path="/no/such/path"&data=0x00`);
  assert.equal(res.response.code, 6);
  assert.match(res.response.log, /unknown query path/);
});

test("a broadcast tx is refused by CheckTx (no tx types yet) and nothing changes", async () => {
  const res = await node.rpc<{ code: number; codespace: string; log: string }>(`broadcast_tx_sync?tx=0x0a0b0c`);
  assert.equal(res.code, 2);
  assert.equal(res.codespace, "sdk");
  const mempool = await node.rpc<{ n_txs: string }>("num_unconfirmed_txs");
  assert.equal(mempool.n_txs, "0", "a refused tx never enters the mempool");
});

test("a graceful restart of both processes resumes the same chain", async () => {
  const before = (await node.status()).latestBlockHeight;
  const hashBefore = (await node.rpc<BlockResult>(`block?height=${before}`)).block_id.hash;
  await node.stop();
  await node.start();
  const after = await node.waitForHeight(before + 3);
  assert.ok(after.latestBlockHeight >= before + 3);
  assert.equal((await node.rpc<BlockResult>(`block?height=${before}`)).block_id.hash, hashBefore);
});
