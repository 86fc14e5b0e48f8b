// MsgUpdateParams over a real store branch: the authority check, every part required, CometBFT's
// value rules, this chain's validator key type, the vote-extension rules against the stored
// params and the block's height; each refusal with its registered code and no write; a success
// stores the new params, keeps the version, and emits update_consensus_params. And the query.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { MsgUpdateParamsSchema } from "../../../gen/cosmos/consensus/v1/tx_pb.js";
import { QueryParamsRequestSchema, QueryParamsResponseSchema } from "../../../gen/cosmos/consensus/v1/query_pb.js";
import { ConsensusParamsSchema, type ConsensusParams } from "../../../gen/tendermint/types/params_pb.js";
import { AppError, GrpcCode, type RegisteredError } from "../../../common/errors.js";
import { QueryError } from "../../../common/grpc/queryError.js";
import { Context } from "../../context.js";
import { QueryServices } from "../../query/service.js";
import { openStore, type Branch } from "../../store/index.js";
import { decodedMsg, executeMsg } from "../../tx/msgRouter.js";
import { testLogger } from "../../../test/support/logger.js";
import { accAddressToString } from "../../../common/address.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { readLegacyConsensusParams } from "../../blockParams.js";
import { consensusErrors } from "./errors.js";
import { ConsensusKeeper } from "./keeper.js";
import { msgUpdateParamsHandler } from "./msgServer.js";
import { registerConsensusQueries } from "./queryServer.js";
import { attributesOf } from "../../../test/support/eventAttributes.js";

const GENESIS: MessageInitShape<typeof ConsensusParamsSchema> = {
  block: { maxBytes: 22_020_096n, maxGas: -1n },
  evidence: { maxAgeNumBlocks: 100_000n, maxAgeDuration: { seconds: 172_800n }, maxBytes: 1_048_576n },
  validator: { pubKeyTypes: ["ed25519"] },
  version: { app: 0n },
  abci: { voteExtensionsEnableHeight: 0n },
};

/** A valid update: the genesis values with max_gas 50,000,000. */
const UPDATE = {
  authority: GOV_AUTHORITY,
  block: { maxBytes: 22_020_096n, maxGas: 50_000_000n },
  evidence: { maxAgeNumBlocks: 100_000n, maxAgeDuration: { seconds: 172_800n }, maxBytes: 1_048_576n },
  validator: { pubKeyTypes: ["ed25519"] },
} satisfies MessageInitShape<typeof MsgUpdateParamsSchema>;

class Harness {
  readonly store = openStore(":memory:");
  readonly branch: Branch = this.store.begin();
  readonly keeper = new ConsensusKeeper({ authority: GOV_AUTHORITY, validatorKeyTypes: ["ed25519"], legacyParams: readLegacyConsensusParams });
  readonly handler = msgUpdateParamsHandler(this.keeper);
  readonly queries = new QueryServices();

  constructor(genesis: MessageInitShape<typeof ConsensusParamsSchema> | null = GENESIS) {
    registerConsensusQueries(this.queries, this.keeper);
    if (genesis) this.keeper.initParams(this.ctx(0n), create(ConsensusParamsSchema, genesis));
  }

  ctx(height = 7n): Context {
    const header = { chainId: "unit_2611-1", height, time: timestampFromMs(1_700_000_000_000), hash: new Uint8Array(32), proposerAddress: new Uint8Array(20) };
    return new Context(header, this.branch, testLogger);
  }

  run(msg: MessageInitShape<typeof MsgUpdateParamsSchema>, height = 7n) {
    const ctx = this.ctx(height);
    executeMsg(ctx, decodedMsg(this.handler, create(MsgUpdateParamsSchema, msg)));
    return ctx.events;
  }

  fails(kind: RegisteredError, msg: MessageInitShape<typeof MsgUpdateParamsSchema>, message?: RegExp, height = 7n): void {
    const before = this.dump();
    assert.throws(
      () => this.run(msg, height),
      (err: unknown) => {
        assert.ok(err instanceof AppError && kind.is(err), `expected ${kind.codespace}/${kind.code}, got ${(err as Error).message}`);
        if (message) assert.match(err.message, message);
        return true;
      },
    );
    assert.deepEqual(this.dump(), before, "nothing written");
  }

  params(): ConsensusParams | undefined {
    return this.keeper.getParams(this.branch);
  }

  query(): ConsensusParams | undefined {
    const method = this.queries.method("/cosmos.consensus.v1.Query/Params")!;
    const raw = method.handle(toBinary(QueryParamsRequestSchema, create(QueryParamsRequestSchema)), { state: this.branch, height: 7 });
    return fromBinary(QueryParamsResponseSchema, raw).params;
  }

  dump(): string[] {
    return [...this.branch.iterator()].map(({ key, value }) => `${Buffer.from(key).toString("hex")}=${Buffer.from(value).toString("hex")}`);
  }
}

test("error codes: consensus 2 (authority, PERMISSION_DENIED), 3 (invalid params), 4 (invalid update, FAILED_PRECONDITION)", () => {
  assert.deepEqual(
    Object.values(consensusErrors).map((e) => [e.codespace, e.code, e.grpcCode]),
    [
      ["consensus", 2, GrpcCode.PERMISSION_DENIED],
      ["consensus", 3, GrpcCode.INVALID_ARGUMENT],
      ["consensus", 4, GrpcCode.FAILED_PRECONDITION],
    ],
  );
});

test("the gov authority updates the params: stored, version kept, abci kept when left out, event emitted", () => {
  const h = new Harness();
  const events = h.run(UPDATE);
  const p = h.params()!;
  assert.equal(p.block?.maxGas, 50_000_000n);
  assert.equal(p.version?.app, 0n, "the version stays as InitChain set it");
  assert.equal(p.abci?.voteExtensionsEnableHeight, 0n);
  assert.deepEqual(h.query(), p, "the query answers the stored params");
  const event = events.find((e) => e.type === "update_consensus_params");
  assert.ok(event, JSON.stringify(events));
  const attrs = attributesOf(event);
  assert.equal(attrs.authority, GOV_AUTHORITY);
  const parameters = JSON.parse(attrs.parameters!);
  assert.deepEqual(parameters.block, { max_bytes: "22020096", max_gas: "50000000" });
  assert.deepEqual(parameters.evidence, { max_age_num_blocks: "100000", max_age_duration: "172800s", max_bytes: "1048576" });
});

test("any other authority is refused with the SDK's authority message", () => {
  const h = new Harness();
  const someone = accAddressToString(new Uint8Array(20).fill(9));
  h.fails(consensusErrors.invalidAuthority, { ...UPDATE, authority: someone }, new RegExp(`invalid authority; expected ${GOV_AUTHORITY}, got ${someone}`));
  h.fails(consensusErrors.invalidAuthority, { ...UPDATE, authority: GOV_AUTHORITY.toUpperCase() }, /invalid authority/);
});

test("block, evidence and validator are all required", () => {
  const h = new Harness();
  for (const part of ["block", "evidence", "validator"] as const) {
    const { [part]: _left, ...rest } = UPDATE;
    h.fails(consensusErrors.invalidParams, rest, new RegExp(`all parameters must be present \\(missing ${part}\\)`));
  }
  h.fails(consensusErrors.invalidParams, { authority: GOV_AUTHORITY }, /missing block, evidence, validator/);
});

test("values CometBFT refuses are refused with its message, before anything is stored", () => {
  const h = new Harness();
  const cases: Array<[Partial<typeof UPDATE>, RegExp]> = [
    [{ block: { maxBytes: 0n, maxGas: -1n } }, /block\.MaxBytes cannot be 0/],
    [{ block: { maxBytes: -2n, maxGas: -1n } }, /block\.MaxBytes must be -1 or greater than 0/],
    [{ block: { maxBytes: 104_857_601n, maxGas: -1n } }, /block\.MaxBytes is too big/],
    [{ block: { maxBytes: 1_000_000n, maxGas: -2n } }, /block\.MaxGas must be greater or equal to -1/],
    [{ evidence: { ...UPDATE.evidence, maxAgeNumBlocks: 0n } }, /evidence\.MaxAgeNumBlocks must be greater than 0/],
    [{ evidence: { ...UPDATE.evidence, maxAgeDuration: { seconds: 0n } } }, /evidence\.MaxAgeDuration must be greater than 0/],
    [{ evidence: { ...UPDATE.evidence, maxBytes: 30_000_000n } }, /evidence\.MaxBytesEvidence is greater than upper bound/],
    [{ validator: { pubKeyTypes: [] } }, /must be greater than 0/],
    [{ validator: { pubKeyTypes: ["ed25519", "bls12_381"] } }, /bls12_381, is an unknown pubkey type/],
  ];
  for (const [change, message] of cases) h.fails(consensusErrors.invalidParams, { ...UPDATE, ...change }, message);
  h.fails(consensusErrors.invalidParams, { ...UPDATE, abci: { voteExtensionsEnableHeight: -1n } }, /cannot be negative/);
});

test("the validators' ed25519 key type must stay allowed; adding secp256k1 is fine", () => {
  const h = new Harness();
  h.fails(consensusErrors.invalidParams, { ...UPDATE, validator: { pubKeyTypes: ["secp256k1"] } }, /must keep ed25519/);
  h.run({ ...UPDATE, validator: { pubKeyTypes: ["ed25519", "secp256k1"] } });
  assert.deepEqual(h.params()!.validator?.pubKeyTypes, ["ed25519", "secp256k1"]);
});

test("vote extensions: enabled only from a later height, never moved or disabled once reached", () => {
  const h = new Harness();
  h.fails(consensusErrors.invalidUpdate, { ...UPDATE, abci: { voteExtensionsEnableHeight: 7n } }, /past or current height/, 7n);
  h.run({ ...UPDATE, abci: { voteExtensionsEnableHeight: 20n } }, 7n);
  assert.equal(h.params()!.abci?.voteExtensionsEnableHeight, 20n);
  h.run({ ...UPDATE, abci: { voteExtensionsEnableHeight: 30n } }, 8n); // not reached yet: may move
  h.run(UPDATE, 9n); // abci left out: stays
  assert.equal(h.params()!.abci?.voteExtensionsEnableHeight, 30n);
  h.fails(consensusErrors.invalidUpdate, { ...UPDATE, abci: { voteExtensionsEnableHeight: 0n } }, /cannot be disabled once enabled/, 30n);
  h.fails(consensusErrors.invalidUpdate, { ...UPDATE, abci: { voteExtensionsEnableHeight: 40n } }, /cannot be modified once enabled/, 31n);
  h.run({ ...UPDATE, abci: { voteExtensionsEnableHeight: 30n } }, 31n); // the same height: allowed
});

test("a chain that kept only the legacy block params: read through, updated without abci, abci refused", () => {
  const h = new Harness(null);
  h.branch.set(Buffer.from("app/block_params"), Buffer.from(JSON.stringify({ max_bytes: "1000000", max_gas: "7000000" })));
  assert.deepEqual(h.query(), create(ConsensusParamsSchema, { block: { maxBytes: 1_000_000n, maxGas: 7_000_000n } }));
  h.fails(consensusErrors.invalidUpdate, { ...UPDATE, abci: { voteExtensionsEnableHeight: 0n } }, /leave abci out/);
  h.run(UPDATE);
  const p = h.params()!;
  assert.equal(p.block?.maxGas, 50_000_000n, "the module's record now wins over the legacy key");
  assert.equal(p.evidence?.maxAgeNumBlocks, 100_000n);
  assert.equal(p.abci, undefined);
});

test("the query of a store that kept no params is NOT_FOUND", () => {
  const h = new Harness(null);
  assert.throws(
    () => h.query(),
    (err: unknown) => err instanceof QueryError && err.grpcCode === GrpcCode.NOT_FOUND,
  );
});
