// The pending txs this server broadcast: remembered until mined or expired, and bounded in bytes
// as well as in count (a few large txs cannot hold the memory of many).
import { test } from "node:test";
import assert from "node:assert/strict";
import { CHAIN_ID, FakeEvmNode, signed1559 } from "../testFixture.js";
import { DEFAULT_PENDING_OPTIONS, PendingTxs } from "./pendingTxs.js";
import { decodeRawTx } from "./rawTx.js";

test("remembered txs are bounded in bytes: the oldest are forgotten first", async () => {
  const raws = [0n, 1n, 2n].map((n) => signed1559(n));
  const size = raws[0]!.length;
  const pending = new PendingTxs(new FakeEvmNode(), async () => CHAIN_ID, { ...DEFAULT_PENDING_OPTIONS, maxBytes: Math.floor(size * 2.5) });
  const txs = raws.map((raw) => decodeRawTx(raw, CHAIN_ID));
  for (const tx of txs) pending.add(tx);
  assert.equal(await pending.find(txs[0]!.hash), undefined, "the oldest went to make room");
  assert.equal((await pending.find(txs[1]!.hash))?.hash, txs[1]!.hash);
  assert.equal((await pending.find(txs[2]!.hash))?.hash, txs[2]!.hash);
});

test("a remembered tx is forgotten once CometBFT has committed it or it expired", async () => {
  const node = new FakeEvmNode();
  let now = 0;
  const pending = new PendingTxs(
    node,
    async () => CHAIN_ID,
    DEFAULT_PENDING_OPTIONS,
    () => now,
  );
  const mined = decodeRawTx(signed1559(0n), CHAIN_ID);
  const old = decodeRawTx(signed1559(1n), CHAIN_ID);
  pending.add(mined);
  pending.add(old);
  node.addBlock([], { refused: [mined.raw] }); // committed without running: no receipt will come
  assert.equal(await pending.find(mined.hash), undefined);
  now = DEFAULT_PENDING_OPTIONS.ttlMs + 1;
  assert.equal(await pending.find(old.hash), undefined);
});
