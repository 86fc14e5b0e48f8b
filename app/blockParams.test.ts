// The block limits proposals are held to: the stored consensus params' block part, CometBFT's
// caps where there is none or it says "no limit", and a legacy chain's InitChain record.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { ConsensusParamsSchema } from "../gen/tendermint/types/params_pb.js";
import { openStore } from "./store/index.js";
import { blockLimits, MAX_BLOCK_SIZE_BYTES, readLegacyConsensusParams } from "./blockParams.js";

const withBlock = (maxBytes: bigint, maxGas: bigint) => create(ConsensusParamsSchema, { block: { maxBytes, maxGas } });

test("limits come from the block part; -1 bytes, or none kept, is CometBFT's cap and no gas limit", () => {
  assert.deepEqual(blockLimits(withBlock(1_000_000n, 50_000_000n)), { maxBytes: 1_000_000, maxGas: 50_000_000n });
  assert.deepEqual(blockLimits(withBlock(-1n, -1n)), { maxBytes: MAX_BLOCK_SIZE_BYTES, maxGas: -1n });
  assert.deepEqual(blockLimits(undefined), { maxBytes: MAX_BLOCK_SIZE_BYTES, maxGas: -1n });
  assert.deepEqual(blockLimits(create(ConsensusParamsSchema, {})), { maxBytes: MAX_BLOCK_SIZE_BYTES, maxGas: -1n });
});

test("a chain that kept only InitChain's block params under app/block_params reads them as consensus params", () => {
  const store = openStore(":memory:");
  const state = store.begin();
  assert.equal(readLegacyConsensusParams(state), undefined);
  state.set(Buffer.from("app/block_params"), Buffer.from(JSON.stringify({ max_bytes: "500000", max_gas: "-1" })));
  const params = readLegacyConsensusParams(state);
  assert.deepEqual(params, withBlock(500_000n, -1n));
  assert.deepEqual(blockLimits(params), { maxBytes: 500_000, maxGas: -1n });
  store.close();
});
