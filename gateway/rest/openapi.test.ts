// The OpenAPI document made from the real route table (bank, auth, tx and tendermint services):
// structure, unique operation ids, path parameters, resolvable refs, and the schemas and query
// parameters of a few operations written out by hand from the .proto files.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { create, createFileRegistry, setExtension, type DescService } from "@bufbuild/protobuf";
import { FieldDescriptorProto_Label, FieldDescriptorProto_Type, FileDescriptorProtoSchema, MethodOptionsSchema } from "@bufbuild/protobuf/wkt";
import { Query as AuthQuery } from "../../gen/cosmos/auth/v1beta1/query_pb.js";
import { Query as BankQuery } from "../../gen/cosmos/bank/v1beta1/query_pb.js";
import { Service as TendermintService } from "../../gen/cosmos/base/tendermint/v1beta1/query_pb.js";
import { Query as StakingQuery } from "../../gen/cosmos/staking/v1beta1/query_pb.js";
import { Service as TxService } from "../../gen/cosmos/tx/v1beta1/service_pb.js";
import { http } from "../../gen/google/api/annotations_pb.js";
import { HttpRuleSchema } from "../../gen/google/api/http_pb.js";
import { openApiDocument, openApiPath } from "./openapi.js";
import { RouteTable } from "./routes.js";

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema: Record<string, unknown>;
  $ref?: string;
}
interface Operation {
  operationId: string;
  parameters: Parameter[];
  responses: Record<string, { $ref?: string; content?: { "application/json": { schema: { $ref: string } } } }>;
}
interface Doc {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, { get: Operation }>;
  components: { schemas: Record<string, Record<string, unknown>>; parameters: Record<string, Parameter> };
}

const INFO = { title: "t", version: "1", description: "d" };
const table = new RouteTable([BankQuery, AuthQuery, TxService, TendermintService]);
const doc = openApiDocument(table, INFO) as unknown as Doc;

function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refs(v, out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (!at || typeof at !== "object" || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function op(p: string): Operation {
  const item = doc.paths[p];
  assert.ok(item, `no path ${p}`);
  return item.get;
}

function queryParam(p: string, name: string): Parameter | undefined {
  return op(p).parameters.find((x) => x.in === "query" && x.name === name);
}

function schemaOf(ref: string): Record<string, unknown> {
  const s = resolvePointer(doc, ref) as Record<string, unknown> | undefined;
  assert.ok(s, ref);
  return s;
}

test("an OpenAPI 3.0.3 document with the given info, one GET per route, and JSON-serializable", () => {
  assert.equal(doc.openapi, "3.0.3");
  assert.deepEqual(doc.info, INFO);
  assert.equal(Object.keys(doc.paths).length, table.routes.length);
  for (const route of table.routes) assert.ok(doc.paths[openApiPath(route)]?.get, route.template.source);
  for (const item of Object.values(doc.paths)) assert.deepEqual(Object.keys(item), ["get"]);
  assert.deepEqual(JSON.parse(JSON.stringify(doc)), doc);
  assert.deepEqual(Object.keys(doc.paths), [...Object.keys(doc.paths)].sort(), "paths in a stable sorted order");
});

test("operationIds are unique and name the gRPC method", () => {
  const ids = Object.values(doc.paths).map((p) => p.get.operationId);
  assert.equal(new Set(ids).size, ids.length);
  assert.equal(op("/cosmos/bank/v1beta1/balances/{address}").operationId, "cosmos_bank_v1beta1_Query_AllBalances");
  for (const id of ids) assert.match(id, /^[A-Za-z0-9_]+$/);
});

test("every {var} of a path key is declared as a required path parameter, and no other", () => {
  for (const [p, item] of Object.entries(doc.paths)) {
    const inPath = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
    const declared = item.get.parameters.filter((x) => x.in === "path");
    assert.deepEqual(declared.map((x) => x.name).sort(), inPath, p);
    for (const x of declared) assert.equal(x.required, true, `${p} ${x.name}`);
    assert.ok(!p.includes("="), `${p} keeps a template pattern`);
  }
});

test("parameter names are unique per operation and every parameter has a schema", () => {
  for (const [p, item] of Object.entries(doc.paths)) {
    const keys = item.get.parameters.map((x) => (x.$ref ? x.$ref : `${x.in}:${x.name}`));
    assert.equal(new Set(keys).size, keys.length, p);
    for (const x of item.get.parameters) if (!x.$ref) assert.ok(x.schema && typeof x.schema === "object", `${p} ${x.name}`);
  }
});

test("every $ref resolves inside the document", () => {
  const all = refs(doc);
  assert.ok(all.length > table.routes.length);
  for (const ref of all) assert.notEqual(resolvePointer(doc, ref), undefined, ref);
});

test("AllBalances answers balances: Coin[] and a nullable pagination PageResponse", () => {
  const ok = op("/cosmos/bank/v1beta1/balances/{address}").responses["200"]!;
  const ref = ok.content!["application/json"].schema.$ref;
  assert.equal(ref, "#/components/schemas/cosmos.bank.v1beta1.QueryAllBalancesResponse");
  const res = schemaOf(ref) as { type: string; properties: Record<string, Record<string, unknown>>; required: string[] };
  assert.equal(res.type, "object");
  assert.deepEqual(Object.keys(res.properties), ["balances", "pagination"]);
  assert.deepEqual(res.required, ["balances", "pagination"]);
  assert.deepEqual(res.properties.balances, { type: "array", items: { $ref: "#/components/schemas/cosmos.base.v1beta1.Coin" } });
  assert.equal(res.properties.pagination!.nullable, true);
  assert.deepEqual(refs(res.properties.pagination), ["#/components/schemas/cosmos.base.query.v1beta1.PageResponse"]);

  const coin = schemaOf("#/components/schemas/cosmos.base.v1beta1.Coin") as { properties: Record<string, Record<string, unknown>> };
  assert.deepEqual(coin.properties, { denom: { type: "string" }, amount: { type: "string" } });
  const page = schemaOf("#/components/schemas/cosmos.base.query.v1beta1.PageResponse") as { properties: Record<string, Record<string, unknown>> };
  assert.equal(page.properties.next_key!.format, "byte");
  assert.equal(page.properties.next_key!.nullable, true, "empty bytes are written as null");
  assert.equal(page.properties.total!.type, "string", "uint64 is a JSON string");
  assert.ok(new RegExp(page.properties.total!.pattern as string).test("18446744073709551615"));
  assert.equal(op("/cosmos/bank/v1beta1/balances/{address}").responses.default!.$ref, "#/components/responses/Error");
});

test("AllBalances takes pagination.* and resolve_denom in the query, address in the path", () => {
  const p = "/cosmos/bank/v1beta1/balances/{address}";
  const query = op(p)
    .parameters.filter((x) => x.in === "query")
    .map((x) => x.name)
    .sort();
  assert.deepEqual(query, ["pagination.count_total", "pagination.key", "pagination.limit", "pagination.offset", "pagination.reverse", "resolve_denom"]);
  assert.deepEqual(
    op(p)
      .parameters.filter((x) => x.in === "path")
      .map((x) => x.name),
    ["address"],
  );
  assert.equal(queryParam(p, "pagination.limit")!.schema.type, "string");
  assert.equal(queryParam(p, "pagination.limit")!.schema.format, "uint64");
  assert.equal(queryParam(p, "pagination.count_total")!.schema.type, "boolean");
  assert.equal(queryParam(p, "pagination.key")!.schema.format, "byte");
  assert.equal(queryParam(p, "pagination.key")!.schema.nullable, undefined, "a parameter is never null");
  for (const x of op(p).parameters.filter((x) => x.in === "query")) assert.notEqual(x.required, true, x.name);
  assert.ok(op(p).parameters.some((x) => x.$ref === "#/components/parameters/BlockHeight"));
  assert.equal(doc.components.parameters.BlockHeight!.name, "x-cosmos-block-height");
  assert.equal(doc.components.parameters.BlockHeight!.in, "header");
});

test("GetTxsEvent: events is an exploded array, order_by an enum of the proto's names", () => {
  const p = "/cosmos/tx/v1beta1/txs";
  const events = queryParam(p, "events")!;
  assert.equal(events.style, "form");
  assert.equal(events.explode, true);
  assert.deepEqual(events.schema, { type: "array", items: { type: "string" } });
  assert.deepEqual(queryParam(p, "order_by")!.schema, { type: "string", enum: ["ORDER_BY_UNSPECIFIED", "ORDER_BY_ASC", "ORDER_BY_DESC"] });
  assert.ok(queryParam(p, "pagination.limit"));
  assert.ok(queryParam(p, "query"));
});

test("path parameters carry their field's type: GetBlockByHeight height is an int64 string", () => {
  const height = op("/cosmos/base/tendermint/v1beta1/blocks/{height}").parameters.find((x) => x.in === "path")!;
  assert.equal(height.name, "height");
  assert.equal(height.schema.type, "string");
  assert.equal(height.schema.format, "int64");
  assert.ok(new RegExp(height.schema.pattern as string).test("-5"));
  assert.ok(!new RegExp(height.schema.pattern as string).test("5a"));
});

test("an Any is an object with @type; Timestamp a date-time string", () => {
  const any = schemaOf("#/components/schemas/google.protobuf.Any") as { type: string; required: string[]; properties: Record<string, unknown> };
  assert.equal(any.type, "object");
  assert.deepEqual(any.required, ["@type"]);
  assert.deepEqual(any.properties["@type"], { type: "string" });
  assert.deepEqual(schemaOf("#/components/schemas/google.protobuf.Timestamp"), { type: "string", format: "date-time" });
  const account = schemaOf("#/components/schemas/cosmos.auth.v1beta1.QueryAccountResponse") as { properties: Record<string, unknown> };
  assert.deepEqual(refs(account.properties.account), ["#/components/schemas/google.protobuf.Any"]);
});

test("oneof members are not required (cosmos.tx.v1beta1.ModeInfo)", () => {
  const modeInfo = schemaOf("#/components/schemas/cosmos.tx.v1beta1.ModeInfo") as { properties: Record<string, unknown>; required?: string[] };
  assert.deepEqual(Object.keys(modeInfo.properties), ["single", "multi"]);
  assert.equal(modeInfo.required, undefined);
});

test("recursive messages are defined once and refer to themselves (ModeInfo.Multi.mode_infos)", () => {
  const multi = schemaOf("#/components/schemas/cosmos.tx.v1beta1.ModeInfo.Multi") as { properties: Record<string, unknown> };
  assert.deepEqual(multi.properties.mode_infos, { type: "array", items: { $ref: "#/components/schemas/cosmos.tx.v1beta1.ModeInfo" } });
});

test("the document passes openapi-spec-validator when it is installed", (t) => {
  const probe = spawnSync("python3", ["-c", "import openapi_spec_validator"], { encoding: "utf8" });
  if (probe.status !== 0) {
    t.skip("openapi_spec_validator is not installed");
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-"));
  try {
    const file = path.join(dir, "openapi.json");
    fs.writeFileSync(file, JSON.stringify(doc));
    const res = spawnSync("python3", ["-c", "import sys, json; from openapi_spec_validator import validate; validate(json.load(open(sys.argv[1])))", file], {
      encoding: "utf8",
    });
    assert.equal(res.status, 0, res.stderr);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("LegacyDec fields are documented as decimal strings; other strings stay plain", () => {
  const d = openApiDocument(new RouteTable([StakingQuery]), INFO) as unknown as Doc;
  const props = (name: string) => d.components.schemas[`cosmos.staking.v1beta1.${name}`]!.properties as Record<string, Record<string, unknown>>;
  for (const [type, field] of [
    ["Validator", "delegator_shares"],
    ["Delegation", "shares"],
    ["CommissionRates", "rate"],
    ["Params", "min_commission_rate"],
  ] as const) {
    const schema = props(type)[field]!;
    assert.equal(schema.type, "string", `${type}.${field}`);
    assert.equal(schema.pattern, "^-?[0-9]+\\.[0-9]{18}$", `${type}.${field}`);
    assert.match(String(schema.description), /LegacyDec/);
    assert.match(String(schema.example), new RegExp(String(schema.pattern)), "the example fits the pattern");
  }
  assert.deepEqual(props("Validator").tokens, { type: "string" });
  assert.deepEqual(props("Params").bond_denom, { type: "string" });
  // The request side is untouched: a LegacyDec is never a query parameter of these routes.
  const p = d.paths["/cosmos/staking/v1beta1/validators"]!.get.parameters.find((x) => x.name === "status");
  assert.deepEqual(p?.schema, { type: "string" });
});

// --- Hand-made services for what the real protos do not have ---------------------------------

function serviceWithBindings(main: string, extra: string[]): DescService {
  const str = (name: string, number: number) => ({
    name,
    number,
    type: FieldDescriptorProto_Type.STRING,
    label: FieldDescriptorProto_Label.OPTIONAL,
    jsonName: name,
  });
  const options = create(MethodOptionsSchema);
  setExtension(
    options,
    http,
    create(HttpRuleSchema, { pattern: { case: "get", value: main }, additionalBindings: extra.map((value) => ({ pattern: { case: "get" as const, value } })) }),
  );
  const file = create(FileDescriptorProtoSchema, {
    name: "test/openapi_test.proto",
    package: "test",
    syntax: "proto3",
    messageType: [
      { name: "Req", field: [str("name", 1), str("id", 2)] },
      { name: "Resp", field: [str("out", 1)] },
    ],
    service: [{ name: "S", method: [{ name: "Get", inputType: ".test.Req", outputType: ".test.Resp", options }] }],
  });
  return createFileRegistry(file, () => undefined).getService("test.S")!;
}

test("a {name=**} variable is written as a plain {name} path parameter", () => {
  const t = new RouteTable([serviceWithBindings("/v1/files/{name=**}", [])]);
  const d = openApiDocument(t, INFO) as unknown as Doc;
  assert.deepEqual(Object.keys(d.paths), ["/v1/files/{name}"]);
  assert.deepEqual(
    d.paths["/v1/files/{name}"]!.get.parameters.filter((x) => x.in === "path").map((x) => x.name),
    ["name"],
  );
  assert.deepEqual(
    d.paths["/v1/files/{name}"]!.get.parameters.filter((x) => x.in === "query").map((x) => x.name),
    ["id"],
  );
});

test("operationIds stay unique when a method has additional_bindings", () => {
  const t = new RouteTable([serviceWithBindings("/v1/things/{name}", ["/v1/by_id/{id}"])]);
  assert.equal(t.routes.length, 2);
  const d = openApiDocument(t, INFO) as unknown as Doc;
  const ids = Object.values(d.paths).map((p) => p.get.operationId);
  assert.equal(ids.length, 2);
  assert.equal(new Set(ids).size, 2, JSON.stringify(ids));
});
