// CometBFT v0.38's consensus-params rules, case by case: ValidateBasic's every bound, the ten rows
// of ValidateUpdate's vote-extension table, Update's part-by-part replacement, and the Duration
// conversion that decides whether CometBFT can even decode an update.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { ConsensusParamsSchema } from "../../gen/tendermint/types/params_pb.js";
import { durationNanos, MAX_BLOCK_SIZE_BYTES, updatedParams, validateConsensusParams, validateVoteExtensionsUpdate } from "./consensusParams.js";

/** CometBFT's DefaultConsensusParams. */
const DEFAULTS = {
  block: { maxBytes: 22_020_096n, maxGas: -1n },
  evidence: { maxAgeNumBlocks: 100_000n, maxAgeDuration: { seconds: 172_800n }, maxBytes: 1_048_576n },
  validator: { pubKeyTypes: ["ed25519"] },
  version: { app: 0n },
  abci: { voteExtensionsEnableHeight: 0n },
};

type Init = MessageInitShape<typeof ConsensusParamsSchema>;
const params = (overrides: Partial<{ [K in keyof typeof DEFAULTS]: Record<string, unknown> }> = {}) =>
  create(ConsensusParamsSchema, {
    block: { ...DEFAULTS.block, ...overrides.block },
    evidence: { ...DEFAULTS.evidence, ...overrides.evidence },
    validator: { ...DEFAULTS.validator, ...overrides.validator },
    version: DEFAULTS.version,
    abci: { ...DEFAULTS.abci, ...overrides.abci },
  } as Init);

test("ValidateBasic accepts CometBFT's defaults and the edges it allows", () => {
  validateConsensusParams(params());
  validateConsensusParams(params({ block: { maxBytes: -1n, maxGas: -1n } }));
  validateConsensusParams(params({ block: { maxBytes: BigInt(MAX_BLOCK_SIZE_BYTES), maxGas: 0n } }));
  validateConsensusParams(params({ block: { maxBytes: 1n }, evidence: { maxBytes: 1n } }));
  validateConsensusParams(params({ block: { maxBytes: -1n }, evidence: { maxBytes: BigInt(MAX_BLOCK_SIZE_BYTES) } }));
  validateConsensusParams(params({ evidence: { maxBytes: 0n, maxAgeDuration: { seconds: 0n, nanos: 1 } } }));
  validateConsensusParams(params({ validator: { pubKeyTypes: ["secp256k1", "ed25519"] } }));
  validateConsensusParams(params({ abci: { voteExtensionsEnableHeight: 5n } }));
});

test("ValidateBasic refuses each value CometBFT refuses, with its message", () => {
  const cases: Array<[Parameters<typeof params>[0], RegExp]> = [
    [{ block: { maxBytes: 0n } }, /block\.MaxBytes cannot be 0$/],
    [{ block: { maxBytes: -2n } }, /block\.MaxBytes must be -1 or greater than 0\. Got -2/],
    [{ block: { maxBytes: BigInt(MAX_BLOCK_SIZE_BYTES) + 1n } }, /block\.MaxBytes is too big\. 104857601 > 104857600/],
    [{ block: { maxGas: -2n } }, /block\.MaxGas must be greater or equal to -1\. Got -2/],
    [{ evidence: { maxAgeNumBlocks: 0n } }, /evidence\.MaxAgeNumBlocks must be greater than 0/],
    [{ evidence: { maxAgeNumBlocks: -1n } }, /evidence\.MaxAgeNumBlocks must be greater than 0/],
    [{ evidence: { maxAgeDuration: { seconds: 0n } } }, /evidence\.MaxAgeDuration must be greater than 0/],
    [{ evidence: { maxAgeDuration: { seconds: -1n } } }, /evidence\.MaxAgeDuration must be greater than 0/],
    [{ evidence: { maxAgeDuration: undefined } }, /evidence\.MaxAgeDuration must be greater than 0/],
    [{ block: { maxBytes: 1000n }, evidence: { maxBytes: 1001n } }, /evidence\.MaxBytesEvidence is greater than upper bound, 1001 > 1000/],
    [{ evidence: { maxBytes: -1n } }, /evidence\.MaxBytes must be non negative/],
    [{ abci: { voteExtensionsEnableHeight: -1n } }, /VoteExtensionsEnableHeight cannot be negative/],
    [{ validator: { pubKeyTypes: [] } }, /len\(Validator\.PubKeyTypes\) must be greater than 0/],
    [{ validator: { pubKeyTypes: ["ed25519", "sr25519"] } }, /PubKeyTypes\[1\], sr25519, is an unknown pubkey type/],
    [{ validator: { pubKeyTypes: ["Ed25519"] } }, /PubKeyTypes\[0\], Ed25519, is an unknown pubkey type/],
  ];
  for (const [overrides, message] of cases) {
    assert.throws(
      () => validateConsensusParams(params(overrides)),
      message,
      JSON.stringify(overrides, (_k, v) => (typeof v === "bigint" ? `${v}` : v)),
    );
  }
});

test("a Duration Go's time.Duration cannot hold is refused (CometBFT could not decode the update)", () => {
  assert.equal(durationNanos({ seconds: 172_800n, nanos: 5 } as never, "d"), 172_800_000_000_005n);
  assert.equal(durationNanos({ seconds: 9_223_372_036n, nanos: 854_775_807 } as never, "d"), 2n ** 63n - 1n, "the largest time.Duration");
  assert.throws(() => durationNanos({ seconds: 9_223_372_036n, nanos: 854_775_808 } as never, "d"), /out of range for time\.Duration/);
  assert.throws(() => durationNanos({ seconds: 10n ** 12n, nanos: 0 } as never, "d"), /out of range/);
  assert.throws(() => durationNanos({ seconds: 1n, nanos: 1_000_000_000 } as never, "d"), /out-of-range nanos/);
  assert.throws(() => durationNanos({ seconds: 1n, nanos: -1 } as never, "d"), /different signs/);
  assert.throws(() => validateConsensusParams(params({ evidence: { maxAgeDuration: { seconds: 10n ** 12n } } })), /out of range/);
});

test("ValidateUpdate: the ten rows of CometBFT's vote-extension table at height 10", () => {
  const h = 10n;
  const update = (height: bigint | undefined) =>
    height === undefined ? {} : { abci: create(ConsensusParamsSchema, { abci: { voteExtensionsEnableHeight: height } }).abci! };
  const rows: Array<[number, bigint, bigint | undefined, RegExp | undefined]> = [
    [1, 5n, undefined, undefined], // no abci in the update
    [2, 0n, -1n, /must be positive/],
    [3, 0n, 0n, undefined],
    [4, 20n, 20n, undefined],
    [5, 5n, 0n, /cannot be disabled once enabled/],
    [6, 20n, 0n, undefined], // disabling a height not reached yet
    [7, 0n, 10n, /cannot be updated to a past or current height/],
    [7, 20n, 3n, /cannot be updated to a past or current height/],
    [8, 0n, 11n, undefined],
    [9, 5n, 20n, /cannot be modified once enabled/],
    [10, 20n, 30n, undefined],
  ];
  for (const [row, current, next, error] of rows) {
    const run = () => validateVoteExtensionsUpdate(current, update(next), h);
    if (error) assert.throws(run, error, `row ${row}`);
    else assert.doesNotThrow(run, `row ${row}`);
  }
});

test("Update: every part given replaces the current one whole; the rest, and the version, stay", () => {
  const current = params({ abci: { voteExtensionsEnableHeight: 7n } });
  const next = updatedParams(current, {
    block: create(ConsensusParamsSchema, { block: { maxBytes: 1000n, maxGas: 5n } }).block!,
    validator: create(ConsensusParamsSchema, { validator: { pubKeyTypes: ["secp256k1"] } }).validator!,
  });
  assert.equal(next.block?.maxBytes, 1000n);
  assert.equal(next.block?.maxGas, 5n);
  assert.deepEqual(next.validator?.pubKeyTypes, ["secp256k1"]);
  assert.equal(next.evidence?.maxAgeNumBlocks, 100_000n, "evidence kept");
  assert.equal(next.abci?.voteExtensionsEnableHeight, 7n, "abci kept");
  assert.equal(next.version?.app, 0n, "version kept");
  next.validator!.pubKeyTypes.push("x");
  assert.deepEqual(current.validator?.pubKeyTypes, ["ed25519"], "the current params are not changed");
  const fromNothing = updatedParams(create(ConsensusParamsSchema), { block: current.block! });
  assert.equal(fromNothing.evidence, undefined);
  assert.equal(fromNothing.version, undefined);
});
