// Response JSON in the Cosmos SDK gateway's style, over the real generated response messages:
// proto field names, every field present, unset messages and empty bytes null, 64-bit integers
// as strings, enums by name, RFC 3339 times, "30s" durations, Any inlined with "@type" first.
// Expected values are written out by hand from the .proto files.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, createRegistry, toBinary, type DescMessage, type JsonValue, type MessageInitShape } from "@bufbuild/protobuf";
import { AnySchema, DurationSchema, type Any } from "@bufbuild/protobuf/wkt";
import { BaseAccountSchema, ModuleAccountSchema } from "../../gen/cosmos/auth/v1beta1/auth_pb.js";
import { QueryAccountResponseSchema } from "../../gen/cosmos/auth/v1beta1/query_pb.js";
import { QueryAllBalancesResponseSchema, QueryBalanceResponseSchema } from "../../gen/cosmos/bank/v1beta1/query_pb.js";
import { PubKeySchema } from "../../gen/cosmos/crypto/secp256k1/keys_pb.js";
import { SignMode } from "../../gen/cosmos/tx/signing/v1beta1/signing_pb.js";
import { GetTxsEventRequestSchema, GetTxsEventResponseSchema, OrderBy } from "../../gen/cosmos/tx/v1beta1/service_pb.js";
import { ModeInfoSchema } from "../../gen/cosmos/tx/v1beta1/tx_pb.js";
import { PublicKeySchema } from "../../gen/tendermint/crypto/keys_pb.js";
import { EvidenceParamsSchema } from "../../gen/tendermint/types/params_pb.js";
import { HeaderSchema } from "../../gen/tendermint/types/types_pb.js";
import { responseJson } from "./responseJson.js";

const registry = createRegistry(BaseAccountSchema, ModuleAccountSchema, PubKeySchema, DurationSchema, AnySchema);

function json<Desc extends DescMessage>(schema: Desc, init: MessageInitShape<Desc>, reg = registry): JsonValue {
  const out = responseJson(schema, create(schema, init), reg);
  // What the server sends must survive JSON.stringify (no bigint, no undefined).
  assert.deepEqual(JSON.parse(JSON.stringify(out)), out);
  return out;
}

function packed<Desc extends DescMessage>(schema: Desc, init: MessageInitShape<Desc>): Any {
  return create(AnySchema, { typeUrl: `/${schema.typeName}`, value: toBinary(schema, create(schema, init)) });
}

const obj = (v: JsonValue | undefined) => v as Record<string, JsonValue>;

test("an unset message field is null, a repeated one []; 64-bit integers are strings", () => {
  assert.deepEqual(json(QueryAllBalancesResponseSchema, { balances: [{ denom: "uunit", amount: "5" }] }), {
    balances: [{ denom: "uunit", amount: "5" }],
    pagination: null,
  });
  assert.deepEqual(json(QueryAllBalancesResponseSchema, {}), { balances: [], pagination: null });
  assert.deepEqual(json(QueryBalanceResponseSchema, {}), { balance: null });
});

test("empty bytes are null, non-empty bytes standard base64; uint64 total a string", () => {
  assert.deepEqual(json(QueryAllBalancesResponseSchema, { pagination: { total: 3n } }), { balances: [], pagination: { next_key: null, total: "3" } });
  assert.deepEqual(json(QueryAllBalancesResponseSchema, { pagination: { nextKey: Uint8Array.of(0xff, 0xef, 0xbe, 1), total: 18446744073709551615n } }), {
    balances: [],
    pagination: { next_key: "/+++AQ==", total: "18446744073709551615" },
  });
});

test("int64 as a string, Timestamp as RFC 3339, empty bytes null, all in proto order", () => {
  const out = obj(
    json(HeaderSchema, {
      chainId: "unit-1",
      height: 42n,
      time: { seconds: BigInt(Date.UTC(2024, 0, 2, 3, 4, 5) / 1000), nanos: 120_000_000 },
      appHash: Uint8Array.of(1, 2, 3),
    }),
  );
  assert.equal(out.height, "42");
  assert.equal(out.time, "2024-01-02T03:04:05.120Z");
  assert.equal(out.app_hash, "AQID");
  assert.equal(out.data_hash, null);
  assert.equal(out.version, null);
  assert.equal(out.last_block_id, null);
  assert.deepEqual(Object.keys(out), [
    "version",
    "chain_id",
    "height",
    "time",
    "last_block_id",
    "last_commit_hash",
    "data_hash",
    "validators_hash",
    "next_validators_hash",
    "consensus_hash",
    "app_hash",
    "last_results_hash",
    "evidence_hash",
    "proposer_address",
  ]);
  assert.equal(obj(json(HeaderSchema, { time: { seconds: 0n } })).time, "1970-01-01T00:00:00Z");
  assert.equal(obj(json(HeaderSchema, {})).time, null, "an unset Timestamp is null like any message");
  assert.equal(obj(json(HeaderSchema, { height: -5n })).height, "-5");
});

test("Duration is written as seconds with an s", () => {
  assert.deepEqual(json(EvidenceParamsSchema, { maxAgeNumBlocks: 100000n, maxAgeDuration: { seconds: 172800n }, maxBytes: 1048576n }), {
    max_age_num_blocks: "100000",
    max_age_duration: "172800s",
    max_bytes: "1048576",
  });
  assert.equal(obj(json(EvidenceParamsSchema, { maxAgeDuration: { seconds: 30n } })).max_age_duration, "30s");
  assert.equal(obj(json(EvidenceParamsSchema, { maxAgeDuration: { seconds: 1n, nanos: 500_000_000 } })).max_age_duration, "1.500s");
  assert.equal(obj(json(EvidenceParamsSchema, {})).max_age_duration, null);
});

test("enums are written by name, the zero value included", () => {
  assert.deepEqual(json(GetTxsEventRequestSchema, { orderBy: OrderBy.DESC, events: ["a"], limit: 3n }), {
    events: ["a"],
    pagination: null,
    order_by: "ORDER_BY_DESC",
    page: "0",
    limit: "3",
    query: "",
  });
  assert.equal(obj(json(GetTxsEventRequestSchema, {})).order_by, "ORDER_BY_UNSPECIFIED");
});

test("an Any is inlined with @type first, and the packed message gets its nulls too", () => {
  const out = obj(json(QueryAccountResponseSchema, { account: packed(BaseAccountSchema, { address: "unit1abc", accountNumber: 5n }) }));
  const account = obj(out.account);
  assert.deepEqual(account, { "@type": "/cosmos.auth.v1beta1.BaseAccount", address: "unit1abc", pub_key: null, account_number: "5", sequence: "0" });
  assert.deepEqual(Object.keys(account), ["@type", "address", "pub_key", "account_number", "sequence"]);
  assert.deepEqual(json(QueryAccountResponseSchema, {}), { account: null });
});

test("an Any inside the packed message is shaped as well (a BaseAccount's pub_key)", () => {
  const key = new Uint8Array(33).fill(2);
  const out = obj(
    obj(json(QueryAccountResponseSchema, { account: packed(BaseAccountSchema, { address: "a", pubKey: packed(PubKeySchema, { key }), sequence: 9n }) }))
      .account,
  );
  assert.deepEqual(out.pub_key, { "@type": "/cosmos.crypto.secp256k1.PubKey", key: Buffer.from(key).toString("base64") });
  assert.deepEqual(Object.keys(out), ["@type", "address", "pub_key", "account_number", "sequence"]);
  assert.equal(out.sequence, "9");
  // An empty key in the packed PubKey is null, as any empty bytes.
  const empty = obj(obj(json(QueryAccountResponseSchema, { account: packed(BaseAccountSchema, { pubKey: packed(PubKeySchema, {}) }) })).account);
  assert.deepEqual(empty.pub_key, { "@type": "/cosmos.crypto.secp256k1.PubKey", key: null });
});

test("a message nested in an Any-packed message gets its nulls (ModuleAccount.base_account)", () => {
  const out = obj(
    obj(json(QueryAccountResponseSchema, { account: packed(ModuleAccountSchema, { name: "fee_collector", baseAccount: { address: "unit1fee" } }) })).account,
  );
  assert.deepEqual(out, {
    "@type": "/cosmos.auth.v1beta1.ModuleAccount",
    base_account: { address: "unit1fee", pub_key: null, account_number: "0", sequence: "0" },
    name: "fee_collector",
    permissions: [],
  });
});

test("an Any of a type the registry lacks fails with the message the server looks for", () => {
  assert.throws(
    () =>
      responseJson(QueryAccountResponseSchema, create(QueryAccountResponseSchema, { account: { typeUrl: "/x.Unknown", value: Uint8Array.of(1) } }), registry),
    /"\/x\.Unknown" is not in the type registry/,
  );
});

test("an Any of a well-known type keeps @type first", () => {
  const out = obj(obj(json(QueryAccountResponseSchema, { account: packed(DurationSchema, { seconds: 3n }) })).account);
  assert.deepEqual(out, { "@type": "/google.protobuf.Duration", value: "3s" });
  assert.deepEqual(Object.keys(out), ["@type", "value"]);
});

test("an Any packed in an Any is shaped inside (@type first, nulls filled)", () => {
  const out = obj(obj(json(QueryAccountResponseSchema, { account: packed(AnySchema, packed(BaseAccountSchema, { address: "a" })) })).account);
  assert.deepEqual(Object.keys(out), ["@type", "value"]);
  assert.deepEqual(Object.keys(obj(out.value)), ["@type", "address", "pub_key", "account_number", "sequence"]);
  assert.equal(obj(out.value).pub_key, null);
});

test("oneof members: only the set one is written, never null for the others", () => {
  assert.deepEqual(json(ModeInfoSchema, { sum: { case: "single", value: { mode: SignMode.DIRECT } } }), { single: { mode: "SIGN_MODE_DIRECT" } });
  assert.deepEqual(json(ModeInfoSchema, { sum: { case: "multi", value: { modeInfos: [{ sum: { case: "single", value: {} } }] } } }), {
    multi: { bitarray: null, mode_infos: [{ single: { mode: "SIGN_MODE_UNSPECIFIED" } }] },
  });
  assert.deepEqual(json(ModeInfoSchema, {}), {});
  // Bytes members of a oneof: the set one is base64, the other absent (not null).
  assert.deepEqual(json(PublicKeySchema, { sum: { case: "secp256k1", value: Uint8Array.of(1, 2, 3) } }), { secp256k1: "AQID" });
  assert.deepEqual(json(PublicKeySchema, {}), {});
});

test("messages in lists get their nulls filled too", () => {
  const out = obj(json(GetTxsEventResponseSchema, { txs: [{ signatures: [Uint8Array.of(1)] }], total: 1n }));
  assert.deepEqual(out, {
    txs: [{ body: null, auth_info: null, signatures: ["AQ=="] }],
    tx_responses: [],
    pagination: null,
    total: "1",
  });
});
