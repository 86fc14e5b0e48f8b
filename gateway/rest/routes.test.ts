// The route table built from the google.api.http annotations of the real generated services
// (checked against the GET bindings read straight from the .proto files), and from small
// hand-made services for the cases the real protos do not have: additional bindings, invalid
// templates, streaming methods.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { create, createFileRegistry, setExtension, type DescService, type MessageInitShape } from "@bufbuild/protobuf";
import {
  FieldDescriptorProto_Label,
  FieldDescriptorProto_Type,
  FieldDescriptorProtoSchema,
  FileDescriptorProtoSchema,
  MethodOptionsSchema,
} from "@bufbuild/protobuf/wkt";
import { Query as AuthQuery } from "../../gen/cosmos/auth/v1beta1/query_pb.js";
import { Query as BankQuery } from "../../gen/cosmos/bank/v1beta1/query_pb.js";
import { Service as TendermintService } from "../../gen/cosmos/base/tendermint/v1beta1/query_pb.js";
import { Service as TxService } from "../../gen/cosmos/tx/v1beta1/service_pb.js";
import { http } from "../../gen/google/api/annotations_pb.js";
import { HttpRuleSchema } from "../../gen/google/api/http_pb.js";
import { splitRequestPath } from "./pathTemplate.js";
import { getBindings, RouteTable } from "./routes.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

interface Binding {
  grpcPath: string;
  verb: string;
  template: string;
}

/** Every HTTP binding of a .proto file's services, read from the proto text itself. */
function bindingsInProto(file: string): Binding[] {
  const text = fs.readFileSync(path.join(root, "proto", file), "utf8").replace(/\/\/[^\n]*/g, "");
  const pkg = /^package\s+([\w.]+)\s*;/m.exec(text)![1];
  const out: Binding[] = [];
  for (const service of text.matchAll(/service\s+(\w+)\s*\{/g)) {
    // The service body runs to the first "}" at depth 0.
    let depth = 0;
    let end = service.index! + service[0].length - 1;
    for (; end < text.length; end++) {
      if (text[end] === "{") depth++;
      else if (text[end] === "}" && --depth === 0) break;
    }
    const body = text.slice(service.index!, end);
    const rpcs = [...body.matchAll(/\brpc\s+(\w+)\s*\(/g)];
    rpcs.forEach((rpc, i) => {
      const chunk = body.slice(rpc.index!, rpcs[i + 1]?.index ?? body.length);
      for (const b of chunk.matchAll(/\b(get|post|put|delete|patch)\s*:\s*"([^"]+)"/g)) {
        out.push({ grpcPath: `/${pkg}.${service[1]}/${rpc[1]}`, verb: b[1]!, template: b[2]! });
      }
    });
  }
  return out;
}

const PROTO_FILES = [
  "cosmos/bank/v1beta1/query.proto",
  "cosmos/auth/v1beta1/query.proto",
  "cosmos/tx/v1beta1/service.proto",
  "cosmos/base/tendermint/v1beta1/query.proto",
];
const SERVICES: DescService[] = [BankQuery, AuthQuery, TxService, TendermintService];
const SHADOWED = { grpcPath: "/cosmos.auth.v1beta1.Query/AddressBytesToString", template: "/cosmos/auth/v1beta1/bech32/{address_bytes}" };

const protoBindings = PROTO_FILES.flatMap(bindingsInProto);
const table = new RouteTable(SERVICES);

function resolve(p: string): string | undefined {
  return table.match(splitRequestPath(p))?.route.grpcPath;
}

test("the proto reader finds the bindings (sanity check of the expected list)", () => {
  assert.ok(protoBindings.filter((b) => b.verb === "get").length >= 25, JSON.stringify(protoBindings));
  assert.ok(protoBindings.some((b) => b.verb === "post" && b.template === "/cosmos/tx/v1beta1/txs"));
  assert.ok(protoBindings.some((b) => b.grpcPath === SHADOWED.grpcPath && b.template === SHADOWED.template));
});

test("every GET binding in the protos is a route, except the shadowed auth bech32/{address_bytes}", () => {
  const expected = protoBindings
    .filter((b) => b.verb === "get" && !(b.grpcPath === SHADOWED.grpcPath && b.template === SHADOWED.template))
    .map((b) => `${b.grpcPath} ${b.template}`)
    .sort();
  const actual = table.routes.map((r) => `${r.grpcPath} ${r.template.source}`).sort();
  assert.deepEqual(actual, expected);
});

test("each route carries its service and method, and grpcPath names them", () => {
  for (const route of table.routes) {
    assert.equal(route.grpcPath, `/${route.service.typeName}/${route.method.name}`);
    assert.ok(SERVICES.includes(route.service));
    assert.ok(route.service.methods.includes(route.method));
    assert.deepEqual(getBindings(route.method).includes(route.template.source), true);
  }
});

test("the shadowed auth route is reported in skipped, kind shadowed, naming its winner", () => {
  assert.equal(table.skipped.length, 1, JSON.stringify(table.skipped));
  const [s] = table.skipped;
  assert.equal(s!.kind, "shadowed");
  assert.equal(s!.grpcPath, SHADOWED.grpcPath);
  assert.equal(s!.template, SHADOWED.template);
  assert.match(s!.reason, /AddressStringToBytes/);
  assert.match(s!.reason, /\{address_string\}/);
  assert.equal(resolve("/cosmos/auth/v1beta1/bech32/unit1abc"), "/cosmos.auth.v1beta1.Query/AddressStringToBytes");
  assert.deepEqual(table.match(splitRequestPath("/cosmos/auth/v1beta1/bech32/unit1abc"))?.params, { address_string: "unit1abc" });
});

test("POST bindings are not routes", () => {
  const posts = protoBindings.filter((b) => b.verb !== "get");
  assert.ok(posts.length >= 2);
  for (const b of posts) {
    assert.ok(!table.routes.some((r) => r.grpcPath === b.grpcPath), `${b.grpcPath} has a route`);
    assert.deepEqual(getBindings(TxService.methods.find((m) => `/cosmos.tx.v1beta1.Service/${m.name}` === b.grpcPath)!), []);
  }
  assert.equal(resolve("/cosmos/tx/v1beta1/simulate"), undefined);
  // The POST /txs binding does not exist for GET, but GetTxsEvent's GET /txs does.
  assert.equal(resolve("/cosmos/tx/v1beta1/txs"), "/cosmos.tx.v1beta1.Service/GetTxsEvent");
});

test("match picks the most specific route", () => {
  assert.equal(resolve("/cosmos/bank/v1beta1/balances/unit1abc/by_denom"), "/cosmos.bank.v1beta1.Query/Balance");
  assert.equal(resolve("/cosmos/bank/v1beta1/balances/unit1abc"), "/cosmos.bank.v1beta1.Query/AllBalances");
  assert.equal(resolve("/cosmos/tx/v1beta1/txs/block/5"), "/cosmos.tx.v1beta1.Service/GetBlockWithTxs");
  assert.equal(resolve("/cosmos/tx/v1beta1/txs/ABCD"), "/cosmos.tx.v1beta1.Service/GetTx");
  assert.equal(resolve("/cosmos/base/tendermint/v1beta1/blocks/latest"), "/cosmos.base.tendermint.v1beta1.Service/GetLatestBlock");
  assert.equal(resolve("/cosmos/base/tendermint/v1beta1/blocks/7"), "/cosmos.base.tendermint.v1beta1.Service/GetBlockByHeight");
  assert.equal(resolve("/cosmos/bank/v1beta1/supply/by_denom"), "/cosmos.bank.v1beta1.Query/SupplyOf");
  assert.equal(resolve("/cosmos/auth/v1beta1/bech32"), "/cosmos.auth.v1beta1.Query/Bech32Prefix");
});

test("match returns the percent-decoded path variables by field name", () => {
  assert.deepEqual(table.match(splitRequestPath("/cosmos/bank/v1beta1/balances/unit1abc/by_denom"))?.params, { address: "unit1abc" });
  assert.deepEqual(table.match(splitRequestPath("/cosmos/tx/v1beta1/txs/block/5"))?.params, { height: "5" });
  assert.deepEqual(table.match(splitRequestPath("/cosmos/bank/v1beta1/denoms_metadata/ibc%2FABC"))?.params, { denom: "ibc/ABC" });
});

test("paths that are no route do not match", () => {
  for (const p of [
    "/",
    "/cosmos",
    "/cosmos/bank/v1beta1",
    "/cosmos/bank/v1beta1/balances",
    "/cosmos/bank/v1beta1/balances//by_denom",
    "/cosmos/bank/v1beta1/balances/a/b/c",
    "/cosmos/tx/v1beta1/txs/block/5/x",
    "/openapi.json",
  ]) {
    assert.equal(resolve(p), undefined, p);
  }
  // A literal of a longer route is still a value for a shorter one.
  assert.equal(resolve("/cosmos/tx/v1beta1/txs/block"), "/cosmos.tx.v1beta1.Service/GetTx");
});

test("the table does not depend on the order services are given in", () => {
  const reversed = new RouteTable([...SERVICES].reverse());
  assert.deepEqual(
    reversed.routes.map((r) => `${r.grpcPath} ${r.template.source}`),
    table.routes.map((r) => `${r.grpcPath} ${r.template.source}`),
  );
  assert.deepEqual(reversed.skipped, table.skipped);
});

// --- Hand-made services ----------------------------------------------------------------------

type Rule = MessageInitShape<typeof HttpRuleSchema>;
interface MethodSpec {
  name: string;
  rule?: Rule;
  serverStreaming?: boolean;
}

const STRING = FieldDescriptorProto_Type.STRING;
const MESSAGE = FieldDescriptorProto_Type.MESSAGE;

function field(
  name: string,
  number: number,
  type: FieldDescriptorProto_Type,
  extra: MessageInitShape<typeof FieldDescriptorProtoSchema> = {},
): MessageInitShape<typeof FieldDescriptorProtoSchema> {
  return { name, number, type, label: FieldDescriptorProto_Label.OPTIONAL, jsonName: name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()), ...extra };
}

/** Services in package `test` over `Req {string name; string id; Inner inner; repeated string tags; map<string,string> labels}`. */
function services(specs: Record<string, MethodSpec[]>): DescService[] {
  const file = create(FileDescriptorProtoSchema, {
    name: "test/routes_test.proto",
    package: "test",
    syntax: "proto3",
    messageType: [
      {
        name: "Req",
        field: [
          field("name", 1, STRING),
          field("id", 2, STRING),
          field("inner", 3, MESSAGE, { typeName: ".test.Inner" }),
          field("tags", 4, STRING, { label: FieldDescriptorProto_Label.REPEATED }),
          field("labels", 5, MESSAGE, { typeName: ".test.Req.LabelsEntry", label: FieldDescriptorProto_Label.REPEATED }),
        ],
        nestedType: [{ name: "LabelsEntry", field: [field("key", 1, STRING), field("value", 2, STRING)], options: { mapEntry: true } }],
      },
      { name: "Inner", field: [field("x", 1, STRING)] },
      { name: "Resp", field: [field("out", 1, STRING)] },
    ],
    service: Object.entries(specs).map(([name, methods]) => ({
      name,
      method: methods.map((m) => {
        const options = create(MethodOptionsSchema);
        if (m.rule) setExtension(options, http, create(HttpRuleSchema, m.rule));
        return { name: m.name, inputType: ".test.Req", outputType: ".test.Resp", serverStreaming: m.serverStreaming ?? false, options };
      }),
    })),
  });
  const registry = createFileRegistry(file, () => undefined);
  return Object.keys(specs).map((name) => registry.getService(`test.${name}`)!);
}

const get = (template: string, extra: Rule = {}): Rule => ({ pattern: { case: "get", value: template }, ...extra });

test("additional_bindings add GET routes; POST main bindings and POST extras do not", () => {
  const t = new RouteTable(
    services({
      S: [
        {
          name: "Both",
          rule: get("/v1/both/{name}", { additionalBindings: [get("/v1/alias/{id}"), { pattern: { case: "post", value: "/v1/both" }, body: "*" }] }),
        },
        { name: "PostThenGet", rule: { pattern: { case: "post", value: "/v1/ptg" }, body: "*", additionalBindings: [get("/v1/ptg/{name}")] } },
        { name: "PostOnly", rule: { pattern: { case: "post", value: "/v1/post" }, body: "*" } },
        { name: "Custom", rule: { pattern: { case: "custom", value: { kind: "HEAD", path: "/v1/custom" } } } },
        { name: "Bare" },
      ],
    }),
  );
  assert.deepEqual(t.routes.map((r) => `${r.method.name} ${r.template.source}`).sort(), [
    "Both /v1/alias/{id}",
    "Both /v1/both/{name}",
    "PostThenGet /v1/ptg/{name}",
  ]);
  assert.deepEqual(t.skipped, []);
  assert.equal(t.match(splitRequestPath("/v1/alias/7"))?.route.grpcPath, "/test.S/Both");
  assert.deepEqual(t.match(splitRequestPath("/v1/alias/7"))?.params, { id: "7" });
});

test("streaming methods get no route even when annotated", () => {
  const t = new RouteTable(
    services({
      S: [
        { name: "Watch", rule: get("/v1/watch"), serverStreaming: true },
        { name: "Get", rule: get("/v1/get") },
      ],
    }),
  );
  assert.deepEqual(
    t.routes.map((r) => r.method.name),
    ["Get"],
  );
});

test("bindings that cannot be routes are skipped as invalid, with the reason, and the rest still load", () => {
  const t = new RouteTable(
    services({
      S: [
        { name: "BadTemplate", rule: get("/v1/{name") },
        { name: "NoField", rule: get("/v1/no/{missing}") },
        { name: "RepeatedField", rule: get("/v1/tags/{tags}") },
        { name: "MapField", rule: get("/v1/labels/{labels}") },
        { name: "MessageField", rule: get("/v1/inner/{inner}") },
        { name: "ScalarHasNoSubfield", rule: get("/v1/sub/{name.x}") },
        { name: "Nested", rule: get("/v1/nested/{inner.x}") },
      ],
    }),
  );
  assert.deepEqual(
    t.routes.map((r) => r.method.name),
    ["Nested"],
  );
  const byMethod = Object.fromEntries(t.skipped.map((s) => [s.grpcPath.split("/").pop(), s]));
  assert.deepEqual(Object.keys(byMethod).sort(), ["BadTemplate", "MapField", "MessageField", "NoField", "RepeatedField", "ScalarHasNoSubfield"]);
  for (const s of t.skipped) assert.equal(s.kind, "invalid", s.grpcPath);
  assert.match(byMethod.BadTemplate!.reason, /unclosed/);
  assert.equal(byMethod.BadTemplate!.template, "/v1/{name");
  assert.match(byMethod.NoField!.reason, /test\.Req has no field "missing"/);
  assert.deepEqual(t.match(splitRequestPath("/v1/nested/q"))?.params, { "inner.x": "q" });
});

test("of two bindings matching the same paths the later wins, services taken in name order", () => {
  const [a, b] = services({ A: [{ name: "First", rule: get("/v1/same/{name}") }], B: [{ name: "Second", rule: get("/v1/same/{id}") }] });
  for (const order of [
    [a!, b!],
    [b!, a!],
  ]) {
    const t = new RouteTable(order);
    assert.deepEqual(
      t.routes.map((r) => r.grpcPath),
      ["/test.B/Second"],
    );
    assert.deepEqual(
      t.skipped.map((s) => [s.kind, s.grpcPath, s.template]),
      [["shadowed", "/test.A/First", "/v1/same/{name}"]],
    );
  }
});

test("a route with a verb is reached even beside the same template without one", () => {
  const t = new RouteTable(
    services({
      S: [
        { name: "Get", rule: get("/v1/things/{name}") },
        { name: "Cancel", rule: get("/v1/things/{name}:cancel") },
      ],
    }),
  );
  assert.equal(t.routes.length, 2);
  assert.equal(t.match(splitRequestPath("/v1/things/x"))?.route.method.name, "Get");
  const m = t.match(splitRequestPath("/v1/things/x:cancel"));
  assert.equal(m?.route.method.name, "Cancel");
  assert.deepEqual(m?.params, { name: "x" });
});
