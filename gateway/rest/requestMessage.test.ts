// Request messages built from path variables and query strings, over the real generated request
// schemas: field names (proto and JSON), pagination, bools, enums, bytes, repeated fields, the
// page-size cap, and the errors a bad URL gets.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, createFileRegistry, createRegistry, type DescMessage } from "@bufbuild/protobuf";
import { FieldDescriptorProto_Label, FieldDescriptorProto_Type, FileDescriptorProtoSchema, file_google_protobuf_timestamp } from "@bufbuild/protobuf/wkt";
import { AddressStringToBytesRequestSchema } from "../../gen/cosmos/auth/v1beta1/query_pb.js";
import { QueryAllBalancesRequestSchema, QueryBalanceRequestSchema, QueryTotalSupplyRequestSchema } from "../../gen/cosmos/bank/v1beta1/query_pb.js";
import { GetBlockByHeightRequestSchema } from "../../gen/cosmos/base/tendermint/v1beta1/query_pb.js";
import { GetTxsEventRequestSchema, OrderBy } from "../../gen/cosmos/tx/v1beta1/service_pb.js";
import { buildRequest, RequestParamError, type RequestLimits } from "./requestMessage.js";

const registry = createRegistry();
const LIMITS: RequestLimits = { maxParams: 32, maxPageLimit: 1000n };

// Typed loosely: each test reads the fields of the schema it built.
function build(schema: DescMessage, path: Record<string, string>, query: string, limits: RequestLimits = LIMITS): any {
  return buildRequest(schema, path, new URLSearchParams(query), registry, limits);
}

function rejects(schema: DescMessage, path: Record<string, string>, query: string, message: RegExp, limits: RequestLimits = LIMITS): void {
  assert.throws(
    () => build(schema, path, query, limits),
    (err: unknown) => {
      assert.ok(err instanceof RequestParamError, `not a RequestParamError: ${String(err)}`);
      assert.match(err.message, message);
      return true;
    },
    `${JSON.stringify(path)} ?${query}`,
  );
}

test("path variables set their fields; int64 path values are parsed", () => {
  const all = build(QueryAllBalancesRequestSchema, { address: "unit1abc" }, "");
  assert.equal(all.$typeName, "cosmos.bank.v1beta1.QueryAllBalancesRequest");
  assert.equal(all.address, "unit1abc");
  assert.equal(all.pagination, undefined, "no pagination parameter, no pagination message");
  assert.equal(all.resolveDenom, false);

  assert.equal(build(GetBlockByHeightRequestSchema, { height: "5" }, "").height, 5n);
  assert.equal(build(GetBlockByHeightRequestSchema, { height: "9223372036854775807" }, "").height, 9223372036854775807n);

  const one = build(QueryBalanceRequestSchema, { address: "unit1abc" }, "denom=uunit");
  assert.equal(one.address, "unit1abc");
  assert.equal(one.denom, "uunit");
});

test("a bad path value is a RequestParamError naming the path variable", () => {
  rejects(GetBlockByHeightRequestSchema, { height: "abc" }, "", /path variable "height".*invalid/);
  rejects(GetBlockByHeightRequestSchema, { height: "99999999999999999999" }, "", /path variable "height"/);
});

test("pagination.limit, offset, count_total and reverse", () => {
  const m = build(
    QueryAllBalancesRequestSchema,
    { address: "a" },
    "pagination.limit=10&pagination.offset=20&pagination.count_total=true&pagination.reverse=true",
  );
  assert.equal(m.pagination.$typeName, "cosmos.base.query.v1beta1.PageRequest");
  assert.equal(m.pagination.limit, 10n);
  assert.equal(m.pagination.offset, 20n);
  assert.equal(m.pagination.countTotal, true);
  assert.equal(m.pagination.reverse, true);
  assert.equal(m.pagination.key.length, 0);
});

test("bools read true/1/t and false/0/f as grpc-gateway does", () => {
  for (const [text, value] of [
    ["true", true],
    ["1", true],
    ["True", true],
    ["t", true],
    ["false", false],
    ["0", false],
    ["FALSE", false],
    ["f", false],
  ] as const) {
    assert.equal(build(QueryAllBalancesRequestSchema, { address: "a" }, `pagination.count_total=${text}`).pagination.countTotal, value, text);
  }
  assert.equal(build(QueryAllBalancesRequestSchema, { address: "a" }, "resolve_denom=1").resolveDenom, true);
});

test("pagination.key is base64 in either alphabet, padded or not, and a + that arrived as a space still counts", () => {
  const expected = Uint8Array.of(0xff, 0xef, 0xbe);
  // "/+++" and "_---" are 0xff 0xef 0xbe in the standard and URL-safe alphabets.
  for (const query of ["pagination.key=%2F%2B%2B%2B", "pagination.key=_---", "pagination.key=/+++", "pagination.key=/%20%20%20"]) {
    assert.deepEqual(build(QueryAllBalancesRequestSchema, { address: "a" }, query).pagination.key, expected, query);
  }
  assert.deepEqual(build(QueryAllBalancesRequestSchema, { address: "a" }, "pagination.key=%2F%2B8%3D").pagination.key, Uint8Array.of(0xff, 0xef));
  assert.deepEqual(build(QueryAllBalancesRequestSchema, { address: "a" }, "pagination.key=_-8").pagination.key, Uint8Array.of(0xff, 0xef));
  rejects(QueryAllBalancesRequestSchema, { address: "a" }, "pagination.key=!!!!", /pagination\.key/);
});

test("JSON (camelCase) names work like proto names", () => {
  const m = build(QueryAllBalancesRequestSchema, { address: "a" }, "pagination.countTotal=true&resolveDenom=true&pagination.limit=3");
  assert.equal(m.pagination.countTotal, true);
  assert.equal(m.resolveDenom, true);
  assert.equal(m.pagination.limit, 3n);
  assert.equal(build(GetTxsEventRequestSchema, {}, "orderBy=ORDER_BY_ASC").orderBy, OrderBy.ASC);
});

test("enums by name and by number", () => {
  assert.equal(build(GetTxsEventRequestSchema, {}, "order_by=ORDER_BY_DESC").orderBy, OrderBy.DESC);
  assert.equal(build(GetTxsEventRequestSchema, {}, "order_by=2").orderBy, OrderBy.DESC);
  assert.equal(build(GetTxsEventRequestSchema, {}, "order_by=1").orderBy, OrderBy.ASC);
  assert.equal(OrderBy.DESC, 2, "sanity: the proto numbers ORDER_BY_DESC 2");
  rejects(GetTxsEventRequestSchema, {}, "order_by=DESCENDING", /order_by/);
  rejects(GetTxsEventRequestSchema, {}, "order_by=1.5", /order_by/);
});

test("repeated fields take every value, in order", () => {
  const m = build(GetTxsEventRequestSchema, {}, "events=message.sender%3D'a'&events=tx.height%3D5&query=x&page=2&limit=3");
  assert.deepEqual(m.events, ["message.sender='a'", "tx.height=5"]);
  assert.equal(m.query, "x");
  assert.equal(m.page, 2n);
  assert.equal(m.limit, 3n);
  assert.deepEqual(build(GetTxsEventRequestSchema, {}, "events=only").events, ["only"]);
});

test("an unknown parameter is refused, naming it and the fields there are", () => {
  rejects(
    QueryAllBalancesRequestSchema,
    { address: "a" },
    "foo=1",
    /"foo" is not a field of cosmos\.bank\.v1beta1\.QueryAllBalancesRequest.*address, pagination, resolve_denom/,
  );
  rejects(
    QueryAllBalancesRequestSchema,
    { address: "a" },
    "pagination.lim=1",
    /"pagination\.lim" is not a field.*fields of cosmos\.base\.query\.v1beta1\.PageRequest: key, offset, limit, count_total, reverse/,
  );
  rejects(QueryAllBalancesRequestSchema, { address: "a" }, "address.x=1", /"address\.x" is not a field.*address has no sub-fields/);
});

test("a non-repeated parameter given twice is refused", () => {
  rejects(QueryAllBalancesRequestSchema, { address: "a" }, "pagination.limit=1&pagination.limit=2", /"pagination\.limit" is given 2 times but is not repeated/);
  rejects(GetTxsEventRequestSchema, {}, "order_by=1&order_by=2", /"order_by" is given 2 times/);
});

test("a non-repeated field named twice under its proto and JSON names is refused too", () => {
  rejects(QueryAllBalancesRequestSchema, { address: "a" }, "pagination.count_total=true&pagination.countTotal=false", /given 2 times|twice/);
});

test("a bad bool, a bad number and an empty number are refused, naming the parameter", () => {
  rejects(QueryAllBalancesRequestSchema, { address: "a" }, "pagination.count_total=yes", /"pagination\.count_total" must be true or false, got "yes"/);
  rejects(QueryAllBalancesRequestSchema, { address: "a" }, "pagination.limit=abc", /query parameter "pagination\.limit" has an invalid value/);
  rejects(QueryAllBalancesRequestSchema, { address: "a" }, "pagination.limit=-1", /"pagination\.limit" has an invalid value/);
  rejects(QueryAllBalancesRequestSchema, { address: "a" }, "pagination.limit=18446744073709551616", /"pagination\.limit" has an invalid value/);
  rejects(QueryAllBalancesRequestSchema, { address: "a" }, "pagination.offset=", /"pagination\.offset" has an invalid value/);
  rejects(GetTxsEventRequestSchema, {}, "page=1e3", /"page" has an invalid value/);
});

test("a message-typed parameter is refused, listing the sub-fields to set instead", () => {
  rejects(
    QueryAllBalancesRequestSchema,
    { address: "a" },
    "pagination=10",
    /"pagination" is a message; set its fields instead \(pagination\.key, pagination\.offset, pagination\.limit, pagination\.count_total, pagination\.reverse\)/,
  );
});

test("more parameters than maxParams are refused, repeats of one key included", () => {
  const limits = { ...LIMITS, maxParams: 4 };
  rejects(
    QueryAllBalancesRequestSchema,
    { address: "a" },
    "pagination.limit=1&pagination.offset=2&pagination.reverse=true&resolve_denom=1&pagination.count_total=1",
    /too many query parameters: 5 \(at most 4\)/,
    limits,
  );
  assert.deepEqual(build(GetTxsEventRequestSchema, {}, "events=a&events=b&events=c&query=q", limits).events, ["a", "b", "c"]);
  rejects(GetTxsEventRequestSchema, {}, "events=a&events=b&events=c&events=d&query=q", /too many query parameters: 5/, limits);
  // The check comes first, whatever the parameters are.
  rejects(QueryAllBalancesRequestSchema, { address: "a" }, "x=1&y=2&z=3&w=4&v=5", /too many query parameters/, limits);
});

test("a cache-busting parameter starting with _ is ignored; another unknown one is refused", () => {
  assert.equal(build(QueryAllBalancesRequestSchema, { address: "a" }, "_=1700000000000&pagination.limit=3").pagination.limit, 3n);
  rejects(QueryAllBalancesRequestSchema, { address: "a" }, "cachebust=1", /"cachebust" is not a field/);
});

test("a field given in the path cannot be given again in the query, under either name", () => {
  rejects(QueryBalanceRequestSchema, { address: "unit1abc" }, "address=unit1other&denom=u", /query parameter "address" is already given in the path/);
  rejects(GetBlockByHeightRequestSchema, { height: "5" }, "height=6", /"height" is already given in the path/);
  rejects(AddressStringToBytesRequestSchema, { address_string: "unit1abc" }, "addressString=unit1other", /"addressString" is already given in the path/);
  assert.equal(build(AddressStringToBytesRequestSchema, { address_string: "unit1abc" }, "").addressString, "unit1abc");
});

test("pagination.limit above maxPageLimit is lowered to it; at or below it is kept", () => {
  assert.equal(build(QueryAllBalancesRequestSchema, { address: "a" }, "pagination.limit=5000").pagination.limit, 1000n);
  assert.equal(build(QueryAllBalancesRequestSchema, { address: "a" }, "pagination.limit=18446744073709551615").pagination.limit, 1000n);
  assert.equal(build(QueryAllBalancesRequestSchema, { address: "a" }, "pagination.limit=1000").pagination.limit, 1000n);
  assert.equal(build(QueryAllBalancesRequestSchema, { address: "a" }, "pagination.limit=7").pagination.limit, 7n);
  assert.equal(build(QueryAllBalancesRequestSchema, { address: "a" }, "pagination.limit=50", { ...LIMITS, maxPageLimit: 20n }).pagination.limit, 20n);
  assert.equal(build(QueryTotalSupplyRequestSchema, {}, "pagination.limit=1001").pagination.limit, 1000n);
});

// A hand-made request message for what the cosmos requests do not have: a Timestamp and a map.
function specialRequest(): DescMessage {
  const file = create(FileDescriptorProtoSchema, {
    name: "test/request_message_test.proto",
    package: "test",
    syntax: "proto3",
    dependency: ["google/protobuf/timestamp.proto"],
    messageType: [
      {
        name: "Req",
        field: [
          {
            name: "since",
            number: 1,
            type: FieldDescriptorProto_Type.MESSAGE,
            typeName: ".google.protobuf.Timestamp",
            label: FieldDescriptorProto_Label.OPTIONAL,
            jsonName: "since",
          },
          {
            name: "labels",
            number: 2,
            type: FieldDescriptorProto_Type.MESSAGE,
            typeName: ".test.Req.LabelsEntry",
            label: FieldDescriptorProto_Label.REPEATED,
            jsonName: "labels",
          },
        ],
        nestedType: [
          {
            name: "LabelsEntry",
            options: { mapEntry: true },
            field: [
              { name: "key", number: 1, type: FieldDescriptorProto_Type.STRING, label: FieldDescriptorProto_Label.OPTIONAL, jsonName: "key" },
              { name: "value", number: 2, type: FieldDescriptorProto_Type.STRING, label: FieldDescriptorProto_Label.OPTIONAL, jsonName: "value" },
            ],
          },
        ],
      },
    ],
  });
  return createFileRegistry(file, (name) => (name === file_google_protobuf_timestamp.proto.name ? file_google_protobuf_timestamp : undefined)).getMessage(
    "test.Req",
  )!;
}

test("a Timestamp parameter is read as RFC 3339; a map parameter and a Timestamp's sub-fields are refused", () => {
  const schema = specialRequest();
  const m = build(schema, {}, "since=2024-01-02T03:04:05Z");
  assert.equal(m.since.seconds, BigInt(Date.UTC(2024, 0, 2, 3, 4, 5) / 1000));
  rejects(schema, {}, "since=yesterday", /"since" has an invalid value/);
  rejects(schema, {}, "labels=a", /"labels" is a map/);
  rejects(schema, {}, "since.seconds=1", /"since\.seconds" is not a field.*since has no sub-fields/);
});
