// EIP-1559's base fee update, with values worked out by hand.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create } from "@bufbuild/protobuf";
import { ParamsSchema } from "../../gen/chain/evm/evm_pb.js";
import { nextBaseFee } from "./feeMarket.js";
import { defaultEvmParams, invalidParamsReason, paramsMessage } from "../../app/modules/evm/state/params.js";

const params = defaultEvmParams(); // floor 1 gwei, denominator 8, elasticity 2
const parent = (baseFee: bigint, gasUsed: bigint, gasLimit = 30_000_000n) => ({ baseFee: baseFee.toString(), gasUsed, gasLimit });

test("no parent record (the first block, or after a gap): the floor", () => {
  assert.equal(nextBaseFee(undefined, params), 1_000_000_000n);
});

test("at the target (half the limit) the base fee stays; above it rises, below it falls, by at most 1/8", () => {
  assert.equal(nextBaseFee(parent(2_000_000_000n, 15_000_000n), params), 2_000_000_000n);
  // A full block: + base / 8.
  assert.equal(nextBaseFee(parent(1_000_000_000n, 30_000_000n), params), 1_125_000_000n);
  assert.equal(nextBaseFee(parent(1_125_000_000n, 30_000_000n), params), 1_265_625_000n);
  // 20M of 15M: 1e9 * 5M / 15M = 333333333, / 8 = 41666666 (each division truncates).
  assert.equal(nextBaseFee(parent(1_000_000_000n, 20_000_000n), params), 1_041_666_666n);
  // Empty: - base / 8, truncated: 1265625000 / 8 = 158203125; 1107421875 / 8 = 138427734.
  assert.equal(nextBaseFee(parent(1_265_625_000n, 0n), params), 1_107_421_875n);
  assert.equal(nextBaseFee(parent(1_107_421_875n, 0n), { ...params, minBaseFee: 0n }), 968_994_141n);
  // ... which the floor stops.
  assert.equal(nextBaseFee(parent(1_107_421_875n, 0n), params), 1_000_000_000n);
});

test("a rise is at least 1 even when the fraction truncates to 0", () => {
  assert.equal(nextBaseFee(parent(7n, 15_000_001n), { ...params, minBaseFee: 0n }), 8n);
});

test("other denominators and elasticities", () => {
  // Target 10M (elasticity 3), 16M used, denominator 4: 4e9 * 6M / 10M / 4 = 600000000.
  assert.equal(nextBaseFee(parent(4_000_000_000n, 16_000_000n), { ...params, elasticityMultiplier: 3, baseFeeChangeDenominator: 4 }), 4_600_000_000n);
});

test("params: the defaults, and genesis refusals that say what is wrong", () => {
  assert.deepEqual(defaultEvmParams(), { minBaseFee: 1_000_000_000n, chainId: 2611n, baseFeeChangeDenominator: 8, elasticityMultiplier: 2 });
  assert.equal(invalidParamsReason(paramsMessage(params)), undefined);
  const bad = (fields: Partial<ReturnType<typeof paramsMessage>>) => invalidParamsReason(create(ParamsSchema, { ...paramsMessage(params), ...fields }));
  assert.match(bad({ baseFeeChangeDenominator: 0 })!, /^base_fee_change_denominator: must be positive/);
  assert.match(bad({ elasticityMultiplier: 0 })!, /^elasticity_multiplier: must be positive/);
  assert.match(bad({ elasticityMultiplier: 40_000_000 })!, /^elasticity_multiplier: must be at most the block gas limit/);
  assert.match(bad({ minBaseFee: "1.5" })!, /^min_base_fee: "1.5" is not a non-negative integer/);
  assert.match(bad({ minBaseFee: "" })!, /^min_base_fee/);
  assert.match(bad({ chainId: 0n })!, /^chain_id: must be positive/);
});
