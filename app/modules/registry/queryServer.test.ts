// chain.registry.Query over a real store branch, through the same QueryServices dispatch gRPC and
// ABCI use, and the REST gateway's JSON rendering of the answers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRegistry, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import {
  QueryAssetHistoryRequestSchema,
  QueryAssetHistoryResponseSchema,
  QueryAssetRequestSchema,
  QueryAssetResponseSchema,
  QueryAssetsByJurisdictionRequestSchema,
  QueryAssetsByJurisdictionResponseSchema,
  QueryAssetsByOwnerRequestSchema,
  QueryAssetsByOwnerResponseSchema,
  QueryJurisdictionRequestSchema,
  QueryJurisdictionResponseSchema,
  QueryJurisdictionsRequestSchema,
  QueryJurisdictionsResponseSchema,
  QueryParamsRequestSchema,
  QueryParamsResponseSchema,
} from "../../../gen/chain/registry/query_pb.js";
import { responseJson } from "../../../gateway/rest/responseJson.js";
import { GrpcCode } from "../../../common/errors.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { msgRegisterAssetHandler, msgSetJurisdictionAuthorityHandler, msgTransferAssetHandler } from "./msgServer.js";
import { addr, DENOM, Harness } from "./testHarness.js";
import { queryErrorCode } from "../../../common/grpc/testing/queryErrorCode.js";

const HASH = (n: number) => `0x${n.toString(16).padStart(2, "0").repeat(32)}`;
const json = <D extends DescMessage>(schema: D, msg: MessageShape<D>) => responseJson(schema, msg, createRegistry());
const us = addr(1);
const usCa = addr(2);
const alice = addr(3);
const bob = addr(4);

/** Authorities for US and US-CA; assets 1, 3 in US-CA and 2 in US, all alice's; asset 1 sold to bob and back three times. */
function setup() {
  const h = new Harness([
    { address: alice.bytes, amount: 10_000n },
    { address: bob.bytes, amount: 10_000n },
  ]);
  h.attested.add(alice.text).add(bob.text);
  const set = msgSetJurisdictionAuthorityHandler(h.registry);
  const register = msgRegisterAssetHandler(h.registry);
  const transfer = msgTransferAssetHandler(h.registry);
  h.run(set, { authority: GOV_AUTHORITY, jurisdictionCode: "US-CA", authorityAddress: usCa.text, name: "California" });
  h.run(set, { authority: GOV_AUTHORITY, jurisdictionCode: "US", authorityAddress: us.text, name: "United States" });
  const reg = (authority: string, jurisdictionCode: string, n: number) =>
    h.run(register, {
      authority,
      jurisdictionCode,
      assetClass: "vehicle",
      owner: alice.text,
      metadataHash: HASH(n),
      declaredValue: { denom: DENOM, amount: "5" },
    });
  reg(usCa.text, "US-CA", 1);
  reg(us.text, "US", 2);
  reg(usCa.text, "US-CA", 3);
  for (const [from, to, price] of [
    [alice, bob, 100],
    [bob, alice, 200],
    [alice, bob, 300],
  ] as const) {
    h.run(transfer, { owner: from.text, assetId: 1n, newOwner: to.text, price: { denom: DENOM, amount: String(price) } });
  }
  return h;
}

test("params: the defaults, as the REST gateway renders them", () => {
  const h = new Harness();
  const res = h.query("/chain.registry.Query/Params", QueryParamsRequestSchema, {}, QueryParamsResponseSchema);
  assert.deepEqual(json(QueryParamsResponseSchema, res), { params: { require_attested_owner: true, max_asset_class_length: 32 } });
  h.close();
});

test("asset by id, and NOT_FOUND for an id nobody registered", () => {
  const h = setup();
  const res = h.query("/chain.registry.Query/Asset", QueryAssetRequestSchema, { id: 1n }, QueryAssetResponseSchema);
  assert.deepEqual(json(QueryAssetResponseSchema, res), {
    asset: {
      id: "1",
      jurisdiction_code: "US-CA",
      asset_class: "vehicle",
      owner: bob.text,
      metadata_hash: HASH(1),
      registered_by: usCa.text,
      registered_at: "2023-11-14T22:15:23Z",
      declared_value: { denom: DENOM, amount: "5" },
    },
  });
  assert.equal(
    queryErrorCode(() => h.query("/chain.registry.Query/Asset", QueryAssetRequestSchema, { id: 4n }, QueryAssetResponseSchema)),
    GrpcCode.NOT_FOUND,
  );
  h.close();
});

test("history: oldest first, paginated; an unknown asset is NOT_FOUND", () => {
  const h = setup();
  const all = h.query("/chain.registry.Query/AssetHistory", QueryAssetHistoryRequestSchema, { assetId: 1n }, QueryAssetHistoryResponseSchema);
  assert.deepEqual(
    all.history.map((r) => [r.seq, r.from, r.to, r.price?.amount]),
    [
      [1n, alice.text, bob.text, "100"],
      [2n, bob.text, alice.text, "200"],
      [3n, alice.text, bob.text, "300"],
    ],
  );
  const first = h.query(
    "/chain.registry.Query/AssetHistory",
    QueryAssetHistoryRequestSchema,
    { assetId: 1n, pagination: { limit: 2n } },
    QueryAssetHistoryResponseSchema,
  );
  assert.deepEqual(
    first.history.map((r) => r.seq),
    [1n, 2n],
  );
  const rest = h.query(
    "/chain.registry.Query/AssetHistory",
    QueryAssetHistoryRequestSchema,
    { assetId: 1n, pagination: { key: first.pagination!.nextKey, limit: 2n } },
    QueryAssetHistoryResponseSchema,
  );
  assert.deepEqual(
    rest.history.map((r) => r.seq),
    [3n],
  );
  assert.equal(rest.pagination!.nextKey.length, 0);
  const entry = json(QueryAssetHistoryResponseSchema, rest) as { history: unknown[] };
  assert.deepEqual(entry.history[0], {
    asset_id: "1",
    seq: "3",
    from: alice.text,
    to: bob.text,
    price: { denom: DENOM, amount: "300" },
    tax_paid: { denom: DENOM, amount: "0" },
    height: "7",
    time: "2023-11-14T22:15:23Z",
  });
  const none = h.query("/chain.registry.Query/AssetHistory", QueryAssetHistoryRequestSchema, { assetId: 2n }, QueryAssetHistoryResponseSchema);
  assert.deepEqual(none.history, []);
  assert.equal(
    queryErrorCode(() => h.query("/chain.registry.Query/AssetHistory", QueryAssetHistoryRequestSchema, { assetId: 9n }, QueryAssetHistoryResponseSchema)),
    GrpcCode.NOT_FOUND,
  );
  h.close();
});

test("jurisdiction and jurisdictions: the authority; bad codes INVALID_ARGUMENT, absent NOT_FOUND", () => {
  const h = setup();
  const res = h.query("/chain.registry.Query/Jurisdiction", QueryJurisdictionRequestSchema, { jurisdictionCode: "US-CA" }, QueryJurisdictionResponseSchema);
  assert.deepEqual(json(QueryJurisdictionResponseSchema, res), {
    jurisdiction: { jurisdiction_code: "US-CA", authority: usCa.text, name: "California", added_at: "2023-11-14T22:15:23Z" },
  });
  const q = (jurisdictionCode: string) => () =>
    h.query("/chain.registry.Query/Jurisdiction", QueryJurisdictionRequestSchema, { jurisdictionCode }, QueryJurisdictionResponseSchema);
  assert.equal(queryErrorCode(q("DE")), GrpcCode.NOT_FOUND);
  assert.equal(queryErrorCode(q("us-ca")), GrpcCode.INVALID_ARGUMENT);
  const list = h.query("/chain.registry.Query/Jurisdictions", QueryJurisdictionsRequestSchema, {}, QueryJurisdictionsResponseSchema);
  assert.deepEqual(
    list.jurisdictions.map((j) => j.jurisdictionCode),
    ["US", "US-CA"],
  );
  assert.equal(list.pagination?.total, 2n);
  h.close();
});

test("assets by owner and by jurisdiction: US and US-CA never mix", () => {
  const h = setup();
  const byOwner = (owner: string) =>
    h.query("/chain.registry.Query/AssetsByOwner", QueryAssetsByOwnerRequestSchema, { owner }, QueryAssetsByOwnerResponseSchema).assets.map((a) => a.id);
  assert.deepEqual(byOwner(alice.text), [2n, 3n]);
  assert.deepEqual(byOwner(bob.text), [1n]);
  assert.deepEqual(byOwner(us.text), []);
  assert.equal(
    queryErrorCode(() => h.query("/chain.registry.Query/AssetsByOwner", QueryAssetsByOwnerRequestSchema, { owner: "bogus" }, QueryAssetsByOwnerResponseSchema)),
    GrpcCode.INVALID_ARGUMENT,
  );
  const byCode = (jurisdictionCode: string) =>
    h
      .query(
        "/chain.registry.Query/AssetsByJurisdiction",
        QueryAssetsByJurisdictionRequestSchema,
        { jurisdictionCode },
        QueryAssetsByJurisdictionResponseSchema,
      )
      .assets.map((a) => a.id);
  assert.deepEqual(byCode("US"), [2n]);
  assert.deepEqual(byCode("US-CA"), [1n, 3n]);
  assert.deepEqual(byCode("DE"), []);
  assert.equal(
    queryErrorCode(() =>
      h.query(
        "/chain.registry.Query/AssetsByJurisdiction",
        QueryAssetsByJurisdictionRequestSchema,
        { jurisdictionCode: "U" },
        QueryAssetsByJurisdictionResponseSchema,
      ),
    ),
    GrpcCode.INVALID_ARGUMENT,
  );
  h.close();
});
