// Evidence queries, MsgSubmitEvidence and genesis: Evidence by hex hash (either case, or the
// deprecated bytes) with the SDK's errors, AllEvidence paged, the submitted Equivocation refused
// with "unregistered handler" (or "already exists"), malformed submissions refused first, and
// genesis evidence imported by hash with duplicates and invalid entries refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, toJson } from "@bufbuild/protobuf";
import { AnySchema, timestampFromMs } from "@bufbuild/protobuf/wkt";
import { createRegistry } from "@bufbuild/protobuf";
import { EquivocationSchema } from "../../../gen/cosmos/evidence/v1beta1/evidence_pb.js";
import { GenesisStateSchema } from "../../../gen/cosmos/evidence/v1beta1/genesis_pb.js";
import {
  QueryAllEvidenceRequestSchema,
  QueryAllEvidenceResponseSchema,
  QueryEvidenceRequestSchema,
  QueryEvidenceResponseSchema,
} from "../../../gen/cosmos/evidence/v1beta1/query_pb.js";
import { MsgSubmitEvidenceSchema } from "../../../gen/cosmos/evidence/v1beta1/tx_pb.js";
import { accAddressToString, consAddressToString } from "../../../common/address.js";
import { GrpcCode, sdkErrors } from "../../../common/errors.js";
import { QueryError } from "../../../common/grpc/queryError.js";
import { consOf, SlashingHarness } from "../slashing/testHarness.js";
import { equivocationHash, formatHash, packEquivocation, unpackEquivocation } from "./equivocation.js";
import { evidenceErrors } from "./errors.js";
import { initEvidenceGenesis } from "./genesis.js";

const POWERS = [10n, 10n, 10n];
const EVIDENCE = "/cosmos.evidence.v1beta1.Query/Evidence";
const ALL = "/cosmos.evidence.v1beta1.Query/AllEvidence";

function equivocation(n: number, height: bigint) {
  return create(EquivocationSchema, { height, time: timestampFromMs(1_700_000_000_000), power: 10n, consensusAddress: consAddressToString(consOf(n)) });
}

/** A harness where validators 1 and 2 double signed (handled through begin block). */
function harness(): SlashingHarness {
  const h = SlashingHarness.create(POWERS);
  h.block(h.votes(POWERS));
  h.block(h.votes(POWERS), [
    { type: 1, consAddress: consOf(1), power: 10n, height: 1n, time: timestampFromMs(1_700_000_001_000), totalVotingPower: 30n },
    { type: 1, consAddress: consOf(2), power: 10n, height: 1n, time: timestampFromMs(1_700_000_001_000), totalVotingPower: 30n },
  ]);
  return h;
}

function queryFails(fn: () => unknown, code: number, message: RegExp): void {
  assert.throws(fn, (err: unknown) => err instanceof QueryError && err.grpcCode === code && message.test(err.message));
}

test("Evidence by hash and AllEvidence in pages", () => {
  const h = harness();
  try {
    const all = h.query(ALL, QueryAllEvidenceRequestSchema, {}, QueryAllEvidenceResponseSchema);
    assert.equal(all.evidence.length, 2);
    assert.equal(all.pagination?.total, 2n);
    const registry = createRegistry(EquivocationSchema);
    const json = toJson(AnySchema, all.evidence[0]!, { registry }) as Record<string, unknown>;
    assert.equal(json["@type"], "/cosmos.evidence.v1beta1.Equivocation");
    const first = h.query(ALL, QueryAllEvidenceRequestSchema, { pagination: { limit: 1n } }, QueryAllEvidenceResponseSchema);
    assert.equal(first.evidence.length, 1);
    const second = h.query(ALL, QueryAllEvidenceRequestSchema, { pagination: { key: first.pagination!.nextKey } }, QueryAllEvidenceResponseSchema);
    assert.equal(second.evidence.length, 1);
    assert.notDeepEqual(first.evidence[0], second.evidence[0]);

    const stored = all.evidence[1]!;
    const hash = formatHash(equivocationHash(unpackEquivocation(stored)));
    for (const spelling of [hash, hash.toLowerCase()]) {
      const one = h.query(EVIDENCE, QueryEvidenceRequestSchema, { hash: spelling }, QueryEvidenceResponseSchema);
      assert.deepEqual(one.evidence, stored);
    }
    const legacy = h.query(EVIDENCE, QueryEvidenceRequestSchema, { evidenceHash: Buffer.from(hash, "hex") }, QueryEvidenceResponseSchema);
    assert.deepEqual(legacy.evidence, stored, "the deprecated bytes field still works");

    queryFails(() => h.query(EVIDENCE, QueryEvidenceRequestSchema, {}, QueryEvidenceResponseSchema), GrpcCode.INVALID_ARGUMENT, /hash is empty/);
    queryFails(
      () => h.query(EVIDENCE, QueryEvidenceRequestSchema, { hash: "xyz" }, QueryEvidenceResponseSchema),
      GrpcCode.INVALID_ARGUMENT,
      /invalid evidence hash/,
    );
    queryFails(() => h.query(EVIDENCE, QueryEvidenceRequestSchema, { hash: "AB".repeat(32) }, QueryEvidenceResponseSchema), GrpcCode.NOT_FOUND, /not found/);
    queryFails(() => h.query(EVIDENCE, QueryEvidenceRequestSchema, { hash: "AB" }, QueryEvidenceResponseSchema), GrpcCode.NOT_FOUND, /not found/);
  } finally {
    h.close();
  }
});

test("MsgSubmitEvidence: a valid Equivocation is refused (no handler), a handled one as existing; malformed ones first", () => {
  const h = harness();
  try {
    const submitter = accAddressToString(new Uint8Array(20).fill(9));
    const before = h.f.snapshot();
    const submit = (evidence: ReturnType<typeof packEquivocation> | undefined) =>
      h.f.deliver(MsgSubmitEvidenceSchema, { submitter, ...(evidence ? { evidence } : {}) });
    const fresh = submit(packEquivocation(equivocation(3, 1n)));
    assert.ok(evidenceErrors.noEvidenceHandlerExists.is(fresh.error), fresh.error?.message);
    assert.match(fresh.error.message, /^equivocation: unregistered handler for evidence type$/);
    const handled = submit(packEquivocation(equivocation(1, 1n)));
    // The stored one's time is the block's; rebuild it exactly from the query.
    assert.ok(evidenceErrors.noEvidenceHandlerExists.is(handled.error), "a different time is different evidence");
    const stored = h.query(ALL, QueryAllEvidenceRequestSchema, {}, QueryAllEvidenceResponseSchema).evidence[0]!;
    const existing = submit(stored);
    assert.ok(evidenceErrors.evidenceExists.is(existing.error), existing.error?.message);
    assert.match(existing.error.message, new RegExp(`^${formatHash(equivocationHash(unpackEquivocation(stored)))}: evidence already exists$`));

    assert.ok(evidenceErrors.invalidEvidence.is(submit(undefined).error));
    assert.ok(sdkErrors.unpackAny.is(submit(create(AnySchema, { typeUrl: "/cosmos.evidence.v1beta1.Other", value: new Uint8Array() })).error));
    for (const bad of [
      { ...equivocation(3, 0n) },
      { ...equivocation(3, 1n), power: 0n },
      { ...equivocation(3, 1n), consensusAddress: "" },
      { ...equivocation(3, 1n), consensusAddress: submitter },
      { ...equivocation(3, 1n), time: undefined },
    ]) {
      const out = submit(packEquivocation(create(EquivocationSchema, bad)));
      assert.ok(
        evidenceErrors.invalidEvidence.is(out.error),
        `${JSON.stringify(bad, (_k, v) => (typeof v === "bigint" ? v.toString() : v))}: ${out.error?.message}`,
      );
      assert.match(out.error.message, /failed to validate evidence/);
    }
    assert.equal(h.f.snapshot(), before, "no refusal changed anything");
  } finally {
    h.close();
  }
});

test("genesis: evidence imported by hash; a duplicate, another type or an invalid one is refused", () => {
  const h = SlashingHarness.create(POWERS);
  try {
    const registry = createRegistry(EquivocationSchema);
    const json = (list: ReturnType<typeof packEquivocation>[]) => toJson(GenesisStateSchema, create(GenesisStateSchema, { evidence: list }), { registry });
    const a = packEquivocation(equivocation(1, 4n));
    const b = packEquivocation(equivocation(2, 4n));
    initEvidenceGenesis(h.ctx, h.evidence, json([a, b]));
    const all = h.query(ALL, QueryAllEvidenceRequestSchema, {}, QueryAllEvidenceResponseSchema).evidence;
    assert.equal(all.length, 2);
    assert.ok(h.evidence.hasEvidence(h.ctx.store, equivocationHash(unpackEquivocation(a))));
    assert.throws(() => initEvidenceGenesis(h.ctx, h.evidence, json([a])), /evidence\[0\]: evidence [0-9A-F]{64} is listed twice/);
    assert.throws(() => initEvidenceGenesis(h.ctx, h.evidence, json([packEquivocation(equivocation(3, 0n))])), /invalid equivocation height/);
    assert.throws(() => initEvidenceGenesis(h.ctx, h.evidence, { evidence: [{ "@type": "/cosmos.bank.v1beta1.MsgSend" }] }), /evidence genesis/);
  } finally {
    h.close();
  }
});
