// A module's query routes need nothing but its proto annotations: a proto the gateway has never
// seen (test/fixtures/proto, compiled here by buf) is served by the app's own gRPC server code,
// and the unchanged gateway process mounts its route, decodes its parameters and writes its JSON.
// The gateway is started first, so this also shows it waiting for an app that is not up yet.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createFileRegistry, fromBinary, type DescService } from "@bufbuild/protobuf";
import type { GenService } from "@bufbuild/protobuf/codegenv2";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { GrpcServer } from "../app/grpc/server.js";
import { QueryServices } from "../app/query/service.js";
import { openStore, type Store } from "../app/store/index.js";
import { REPO_ROOT } from "../common/node/paths.js";
import { MsgSendSchema } from "../gen/cosmos/bank/v1beta1/tx_pb.js";
import { packAny } from "../sdk/tx/registry.js";
import { testLogger } from "./support/logger.js";
import { freePort } from "./support/ports.js";
import { RestGatewayProcess } from "./support/restGateway.js";

const ROUTE = "/vendor/chain/echo/asset";
let dir: string;
let store: Store;
let server: GrpcServer;
let gateway: RestGatewayProcess;
let grpcPort: number;

/** The fixture proto compiled with our protos beside it, as a module's would be. */
function compileFixture(): DescService {
  const root = path.join(dir, "proto");
  fs.cpSync(path.join(REPO_ROOT, "proto"), root, { recursive: true });
  fs.cpSync(path.join(REPO_ROOT, "test", "fixtures", "proto"), root, { recursive: true });
  fs.writeFileSync(path.join(root, "buf.yaml"), "version: v2\n");
  const image = path.join(dir, "echo.binpb");
  execFileSync(
    path.join(REPO_ROOT, "node_modules", ".bin", "buf"),
    ["build", root, "-o", image, "--path", path.join(root, "chain", "echo", "v1", "query.proto")],
    { stdio: "pipe" },
  );
  const registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, fs.readFileSync(image)));
  const service = registry.getService("chain.echo.v1.Query");
  assert.ok(service, "the fixture declares chain.echo.v1.Query");
  return service;
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rest-custom-"));
  const service = compileFixture();
  store = openStore(path.join(dir, "state.db"));
  for (const height of [1, 2, 3]) store.commit(store.begin(), height, new Uint8Array(32).fill(height));

  const queries = new QueryServices();
  queries.register(
    service as unknown as GenService<never>,
    {
      assetHistory: (req: any, ctx: { height: number }) => ({
        // eslint-disable-line @typescript-eslint/no-explicit-any -- a message type known only at run time
        assetId: req.assetId,
        kind: req.kind,
        since: req.since,
        window: req.window,
        digest: req.digest,
        tags: req.tags,
        entries: [{ sequence: 18446744073709551615n, delta: -3, final: true }],
        payload: packAny(MsgSendSchema, { fromAddress: "unit1from", toAddress: "unit1to", amount: [{ denom: "uunit", amount: "5" }] }),
        height: BigInt(ctx.height),
        pagination: { nextKey: new Uint8Array(), total: req.pagination?.limit ?? 0n },
      }),
    } as never,
  );
  server = new GrpcServer({ queries, state: store, logger: testLogger, anyTypes: [MsgSendSchema] });
  grpcPort = await freePort();
  gateway = new RestGatewayProcess(await freePort(), ["--grpc", `127.0.0.1:${grpcPort}`]);
});

after(async () => {
  await gateway?.stop();
  await server?.close(100);
  store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("before the app is up the gateway answers 503 in the error shape, then mounts the new module's route", async () => {
  await gateway.waitFor("/openapi.json", 503);
  const early = await gateway.get(`${ROUTE}/a1/history`);
  assert.equal(early.status, 503);
  assert.equal(early.body.code, 14);
  assert.match(early.body.message, new RegExp(`gRPC server at 127\\.0\\.0\\.1:${grpcPort} has not been reached`));
  assert.deepEqual(early.body.details, []);

  await server.listen("127.0.0.1", grpcPort);
  await gateway.waitFor(`${ROUTE}/a1/history`, 200);
  const doc = (await gateway.get("/openapi.json")).body;
  assert.ok(doc.paths["/vendor/chain/echo/asset/{asset_id}/history"]?.get, "the route is in the OpenAPI document");
  assert.equal(doc.paths["/vendor/chain/echo/asset/{asset_id}/history"].get.operationId, "chain_echo_v1_Query_AssetHistory");
});

test("the new route's path variable, query string and answer follow every JSON convention", async () => {
  const query = "kind=KIND_VEHICLE&since=2024-02-29T12:00:00.5Z&window=90s&digest=3q2%2B7w%3D%3D&tags=a&tags=b&pagination.limit=7";
  const res = await gateway.get(`${ROUTE}/lot%2F7/history?${query}`, { headers: { "x-cosmos-block-height": "2" } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.headers.get("x-cosmos-block-height"), "2");
  assert.deepEqual(res.body, {
    asset_id: "lot/7", // percent-decoded path variable
    kind: "KIND_VEHICLE", // enum by name
    since: "2024-02-29T12:00:00.500Z", // RFC3339
    window: "90s", // duration
    digest: "3q2+7w==", // bytes as standard base64
    tags: ["a", "b"], // repeated from repeated keys
    entries: [{ sequence: "18446744073709551615", delta: -3, final: true }], // uint64 as string, int32 as number
    latest: null, // unset message
    payload: { "@type": "/cosmos.bank.v1beta1.MsgSend", from_address: "unit1from", to_address: "unit1to", amount: [{ denom: "uunit", amount: "5" }] },
    height: "2", // int64 as string: the state height the app answered at
    pagination: { next_key: null, total: "7" },
  });
});

test("defaults are emitted when the request sets nothing", async () => {
  const res = await gateway.get(`${ROUTE}/x/history`);
  assert.equal(res.status, 200);
  assert.equal(res.body.kind, "KIND_UNSPECIFIED");
  assert.equal(res.body.since, null);
  assert.equal(res.body.window, null);
  assert.equal(res.body.digest, null);
  assert.deepEqual(res.body.tags, []);
  assert.equal(res.body.height, "3");
  assert.equal(res.headers.get("x-cosmos-block-height"), "3");
});

test("bad parameters of the new route are 400 with the field named", async () => {
  for (const [query, pattern] of [
    ["kind=KIND_SPACESHIP", /kind/],
    ["window=soon", /window|duration/i],
    ["pagination.limit=-1", /limit|uint64/i],
    ["no_such_field=1", /"no_such_field" is not a field of chain\.echo\.v1\.QueryAssetHistoryRequest/],
    ["asset_id=other", /already given in the path/],
  ] as const) {
    const res = await gateway.get(`${ROUTE}/x/history?${query}`);
    assert.equal(res.status, 400, query);
    assert.equal(res.body.code, 3, query);
    assert.match(res.body.message, pattern, query);
  }
});
