import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { BlockIDFlag } from "../../gen/tendermint/types/params_pb.js";
import { resultBlockFromJson } from "./block.js";
import { Json } from "./json.js";
import { nodeStatusFromJson } from "./status.js";

// Captured from CometBFT v0.38.25 (`/block?height=2`, `/status`) on a one-validator devnet.
const fixture = (name: string) => new Json(JSON.parse(fs.readFileSync(new URL(`./testdata/${name}.json`, import.meta.url), "utf8")), name);
const hex = (b: Uint8Array | undefined) =>
  Buffer.from(b ?? [])
    .toString("hex")
    .toUpperCase();

test("a CometBFT JSON block converts to tendermint.types.Block field by field", () => {
  const { blockId, block } = resultBlockFromJson(fixture("block"));
  assert.equal(hex(blockId.hash), "0F507E2173991729A50CDCC4823876C138B00E2FAE5AF01AE2F85F1F1ED7512B");
  assert.equal(blockId.partSetHeader?.total, 1);
  const h = block.header!;
  assert.equal(h.chainId, "unit_2611-1");
  assert.equal(h.height, 2n);
  assert.equal(h.version?.block, 11n);
  assert.equal(h.version?.app, 1n);
  assert.equal(h.time?.nanos, 181739313);
  assert.equal(hex(h.appHash), "663A29BF1F7F8309CAC86ADDA513320E12882B2C145C8AA8461686B5887EA658");
  assert.equal(hex(h.proposerAddress), "18AC1A93A3B34938BC891FE8DA3CE61A648E2C1C");
  assert.equal(hex(h.lastBlockId?.hash), "5AE07E32B6C0A56391729606B935D13993C22E497139B5D2F65792698FF20617");
  assert.deepEqual(block.data?.txs, []);
  assert.deepEqual(block.evidence?.evidence, []);
  const commit = block.lastCommit!;
  assert.equal(commit.height, 1n);
  assert.equal(commit.signatures.length, 1);
  assert.equal(commit.signatures[0]!.blockIdFlag, BlockIDFlag.BLOCK_ID_FLAG_COMMIT);
  assert.equal(commit.signatures[0]!.signature.length, 64);
});

test("a block with a missing header field is refused with its path", () => {
  const raw = JSON.parse(JSON.stringify(fixture("block").value)) as { block: { header: Record<string, unknown> } };
  delete raw.block.header.app_hash;
  assert.throws(() => resultBlockFromJson(new Json(raw, "block")), /block\.block\.header\.app_hash: expected a value/);
});

test("/status converts to the p2p node info and the sync flag", () => {
  const status = nodeStatusFromJson(fixture("status"));
  assert.equal(status.nodeInfo.network, "unit_2611-1");
  assert.equal(status.nodeInfo.version, "0.38.25");
  assert.equal(status.nodeInfo.protocolVersion?.block, 11n);
  assert.equal(Buffer.from(status.nodeInfo.channels).toString("hex"), "40202122233038606100");
  assert.equal(status.nodeInfo.other?.txIndex, "on");
  assert.equal(status.latestBlockHeight, 4n);
  assert.equal(status.catchingUp, false);
});
