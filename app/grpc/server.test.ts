// The gRPC server over a real SQLite store, called with grpc-js as a real client.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { create, createFileRegistry, fromBinary, toBinary } from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";
import { Client, credentials, Metadata, status, type ServiceError } from "@grpc/grpc-js";
import { pino } from "pino";
import { Query as AuthQuery, QueryAccountRequestSchema, QueryModuleAccountByNameRequestSchema } from "../../gen/cosmos/auth/v1beta1/query_pb.js";
import { Service as TendermintService } from "../../gen/cosmos/base/tendermint/v1beta1/query_pb.js";
import { Service as TxService } from "../../gen/cosmos/tx/v1beta1/service_pb.js";
import { ServerReflectionRequestSchema, ServerReflectionResponseSchema, type ServerReflectionResponse } from "../../gen/grpc/reflection/v1/reflection_pb.js";
import { QueryServices } from "../query/service.js";
import { notFound } from "../../common/grpc/queryError.js";
import { openStore, type Store } from "../store/index.js";
import { NodeGrpcClient } from "../../common/grpc/client.js";
import { HEIGHT_METADATA_KEY } from "../../common/grpc/height.js";
import { NodeServices } from "./nodeServices.js";
import { GrpcListenError, GrpcServer } from "./server.js";

const logger = pino({ level: "silent" });
let dir: string;
let store: Store;
let server: GrpcServer;
let address: string;
let client: NodeGrpcClient;
let raw: Client;
/** The signals the waiting handler was given, in call order. */
const signals: AbortSignal[] = [];

/** Heights 1 and 2 hold different values under the same key. */
function commitHeights(s: Store): void {
  for (const height of [1, 2]) {
    const branch = s.begin();
    branch.set(Buffer.from("acct/alice"), Buffer.from(`alice@${height}`));
    s.commit(branch, height, new Uint8Array(32).fill(height));
  }
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "grpc-server-"));
  store = openStore(path.join(dir, "app.db"));
  commitHeights(store);

  const queries = new QueryServices();
  queries.register(AuthQuery, {
    account(req, ctx) {
      if (req.address === "boom") throw new Error("handler bug");
      const value = ctx.state.get(Buffer.from(`acct/${req.address}`));
      if (!value) throw notFound(`account ${req.address} not found`);
      return { account: { typeUrl: "/test.Account", value } };
    },
    params: (_req, ctx) => ({ params: { maxMemoCharacters: BigInt(ctx.height) } }),
    // Answers when its caller gives up (a long eth_call stops the same way), or at once for "now".
    moduleAccountByName: async (req, ctx) => {
      signals.push(ctx.signal!);
      if (req.name !== "now") await new Promise((resolve) => ctx.signal!.addEventListener("abort", resolve, { once: true }));
      return {};
    },
  });
  // One service split between the two tables: Simulate is a query, GetTx a node method.
  queries.register(TxService, { simulate: () => ({ gasInfo: { gasUsed: 42n } }) });
  const nodeServices = new NodeServices();
  nodeServices.register(TxService, { getTx: async (req) => ({ txResponse: { txhash: req.hash.toUpperCase() } }) });
  nodeServices.register(TendermintService, {
    getSyncing: async () => ({ syncing: true }),
    getNodeInfo: async () => {
      throw new Error("node handler bug");
    },
  });

  server = new GrpcServer({ queries, nodeServices, state: store, logger, maxRequestBytes: 1024 * 1024 });
  const port = await server.listen("127.0.0.1", 0);
  address = `127.0.0.1:${port}`;
  client = new NodeGrpcClient(address);
  raw = new Client(address, credentials.createInsecure());
});

after(async () => {
  client.close();
  raw.close();
  await server.close();
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function rejects(promise: Promise<unknown>, code: status, message?: RegExp): Promise<ServiceError> {
  try {
    await promise;
  } catch (err) {
    const e = err as ServiceError;
    assert.equal(e.code, code, `expected ${status[code]}, got ${status[e.code]}: ${e.details}`);
    if (message) assert.match(e.details, message);
    return e;
  }
  assert.fail(`expected ${status[code]}`);
}

test("a unary query answers at the latest height and says so in its initial metadata", async () => {
  const { response, height } = await client.call(AuthQuery, "account", { address: "alice" });
  assert.equal(Buffer.from(response.account!.value).toString(), "alice@2");
  assert.equal(height, 2);
});

test("x-cosmos-block-height selects a committed height; 0 means latest", async () => {
  const past = await client.call(AuthQuery, "account", { address: "alice" }, { height: 1 });
  assert.equal(Buffer.from(past.response.account!.value).toString(), "alice@1");
  assert.equal(past.height, 1);
  const params = await client.call(AuthQuery, "params", {}, { height: 1 });
  assert.equal(params.response.params?.maxMemoCharacters, 1n, "the handler sees the height it reads at");
  assert.equal((await client.call(AuthQuery, "params", {}, { height: 0 })).height, 2);
});

test("a malformed height is INVALID_ARGUMENT; a future height is OUT_OF_RANGE", async () => {
  const path = "/cosmos.auth.v1beta1.Query/Params";
  for (const bad of ["abc", "-1", "1.5", "", "99999999999999999999"]) {
    const md = new Metadata();
    md.set(HEIGHT_METADATA_KEY, bad);
    await rejects(unaryWithMetadata(path, new Uint8Array(), md), status.INVALID_ARGUMENT, /x-cosmos-block-height/);
  }
  await rejects(client.call(AuthQuery, "params", {}, { height: 3 }), status.OUT_OF_RANGE, /above the latest committed height 2/);
});

test("registered errors keep their status code", async () => {
  await rejects(client.call(AuthQuery, "account", { address: "bob" }), status.NOT_FOUND, /account bob not found/);
});

test("an unknown method and a method without a handler are UNIMPLEMENTED", async () => {
  await rejects(client.unary("/cosmos.auth.v1beta1.Query/NoSuchMethod", new Uint8Array()), status.UNIMPLEMENTED);
  await rejects(client.unary("/no.such.Service/Method", new Uint8Array()), status.UNIMPLEMENTED);
  await rejects(client.call(AuthQuery, "moduleAccounts", {}), status.UNIMPLEMENTED, /not implemented/);
});

test("a handler that throws yields INTERNAL and the server keeps serving", async () => {
  await rejects(client.call(AuthQuery, "account", { address: "boom" }), status.INTERNAL, /handler bug/);
  await rejects(client.call(TendermintService, "getNodeInfo", {}), status.INTERNAL, /node handler bug/);
  assert.equal((await client.call(AuthQuery, "params", {})).height, 2);
});

test("undecodable request bytes are INVALID_ARGUMENT", async () => {
  await rejects(client.unary("/cosmos.auth.v1beta1.Query/Account", Buffer.from([0x0a, 0xff])), status.INVALID_ARGUMENT, /cannot decode/);
});

test("a request over the size limit is refused with RESOURCE_EXHAUSTED", async () => {
  const big = toBinary(QueryAccountRequestSchema, create(QueryAccountRequestSchema, { address: "x".repeat(1024 * 1024 + 1) }));
  await rejects(client.unary("/cosmos.auth.v1beta1.Query/Account", big), status.RESOURCE_EXHAUSTED);
  assert.equal((await client.call(AuthQuery, "params", {})).height, 2);
});

test("a service split between QueryServices and NodeServices serves both halves", async () => {
  const sim = await client.call(TxService, "simulate", {});
  assert.equal(sim.response.gasInfo?.gasUsed, 42n);
  const tx = await client.call(TxService, "getTx", { hash: "ab" });
  assert.equal(tx.response.txResponse?.txhash, "AB");
  assert.equal(tx.height, 2, "node methods report the latest committed height");
  await rejects(client.call(TxService, "broadcastTx", {}), status.UNIMPLEMENTED);
  assert.equal((await client.call(TendermintService, "getSyncing", {})).response.syncing, true);
});

test("reflection lists every served service, itself included", async () => {
  for (const version of ["v1", "v1alpha"]) {
    const [res] = await reflect(version, [{ messageRequest: { case: "listServices", value: "" } }]);
    assert.equal(res!.messageResponse.case, "listServicesResponse");
    const names = res!.messageResponse.case === "listServicesResponse" ? res!.messageResponse.value.service.map((s) => s.name) : [];
    assert.deepEqual(names, [
      "cosmos.auth.v1beta1.Query",
      "cosmos.base.tendermint.v1beta1.Service",
      "cosmos.tx.v1beta1.Service",
      "grpc.reflection.v1.ServerReflection",
      "grpc.reflection.v1alpha.ServerReflection",
    ]);
  }
});

test("reflection returns a symbol's file with all its dependencies, decodable by protobuf-es", async () => {
  const responses = await reflect("v1", [
    { messageRequest: { case: "fileContainingSymbol", value: "cosmos.auth.v1beta1.Query" } },
    { messageRequest: { case: "fileContainingSymbol", value: "cosmos.auth.v1beta1.Query.Account" } },
    { messageRequest: { case: "fileContainingSymbol", value: "cosmos.tx.v1beta1.BroadcastMode" } },
    { messageRequest: { case: "fileByFilename", value: "google/protobuf/any.proto" } },
  ]);
  const files = responses.map(descriptorFiles);
  assert.equal(files[0]![0]!.name, "cosmos/auth/v1beta1/query.proto", "the requested file comes first");
  assert.equal(files[1]![0]!.name, "cosmos/auth/v1beta1/query.proto");
  assert.equal(files[2]![0]!.name, "cosmos/tx/v1beta1/service.proto");
  assert.deepEqual(
    files[3]!.map((f) => f.name),
    ["google/protobuf/any.proto"],
  );
  // A registry refuses a file whose imports are missing: the set must be transitively complete.
  const byName = new Map(files[0]!.map((f) => [f.name, f]));
  const registry = createFileRegistry(files[0]![0]!, (name) => byName.get(name));
  const service = registry.getService("cosmos.auth.v1beta1.Query");
  assert.ok(service);
  assert.equal(service.methods.find((m) => m.name === "Account")?.input.typeName, "cosmos.auth.v1beta1.QueryAccountRequest");
  assert.ok(
    files[0]!.some((f) => f.name === "google/protobuf/descriptor.proto"),
    "annotations pull in descriptor.proto",
  );
});

test("reflection answers unknown names and extensions with NOT_FOUND on the same stream", async () => {
  const responses = await reflect("v1", [
    { messageRequest: { case: "fileContainingSymbol", value: "no.such.Symbol" } },
    { messageRequest: { case: "fileByFilename", value: "nope.proto" } },
    { messageRequest: { case: "fileContainingExtension", value: { containingType: "cosmos.auth.v1beta1.Params", extensionNumber: 99 } } },
    { messageRequest: { case: "allExtensionNumbersOfType", value: "no.such.Type" } },
    { messageRequest: { case: "allExtensionNumbersOfType", value: "google.protobuf.MethodOptions" } },
    { messageRequest: { case: "listServices", value: "" } },
  ]);
  for (const res of responses.slice(0, 4)) {
    assert.equal(res.messageResponse.case, "errorResponse");
    assert.equal(res.messageResponse.case === "errorResponse" && res.messageResponse.value.errorCode, status.NOT_FOUND);
  }
  const ext = responses[4]!.messageResponse;
  assert.equal(ext.case, "allExtensionNumbersResponse");
  assert.deepEqual(ext.case === "allExtensionNumbersResponse" && ext.value.extensionNumber, [72295728], "google.api.http");
  assert.equal(responses[5]!.messageResponse.case, "listServicesResponse", "the stream survives errors");
});

test("a caller's deadline aborts its query's signal; an answered call's signal stays unaborted", async () => {
  const path = "/cosmos.auth.v1beta1.Query/ModuleAccountByName";
  const waiting = toBinary(QueryModuleAccountByNameRequestSchema, create(QueryModuleAccountByNameRequestSchema, { name: "wait" }));
  signals.length = 0;
  await rejects(unaryWithMetadata(path, waiting, new Metadata(), 200), status.DEADLINE_EXCEEDED);
  await waitFor(() => signals[0]?.aborted === true, "the abandoned query's signal to abort");

  const now = toBinary(QueryModuleAccountByNameRequestSchema, create(QueryModuleAccountByNameRequestSchema, { name: "now" }));
  await unaryWithMetadata(path, now, new Metadata());
  raw.close();
  raw = new Client(address, credentials.createInsecure());
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(signals[1]?.aborted, false, "the answered call is not aborted when its client goes away");
});

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  assert.ok(check(), `timed out waiting for ${what}`);
}

test("a port in use is reported as such", async () => {
  const other = new GrpcServer({ queries: new QueryServices(), state: store, logger });
  await assert.rejects(other.listen("127.0.0.1", Number(address.split(":")[1])), (err: unknown) => err instanceof GrpcListenError && err.addressInUse);
  await other.close();
});

function unaryWithMetadata(path: string, request: Uint8Array, metadata: Metadata, deadlineMs?: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    raw.makeUnaryRequest(
      path,
      (b: Buffer) => b,
      (b: Buffer) => b,
      Buffer.from(request),
      metadata,
      deadlineMs === undefined ? {} : { deadline: Date.now() + deadlineMs },
      (err: ServiceError | null, res?: Buffer) => (err ? reject(err) : resolve(res!)),
    );
  });
}

/** Sends the requests on one reflection stream and collects one response per request. */
function reflect(version: string, requests: Parameters<typeof create<typeof ServerReflectionRequestSchema>>[1][]): Promise<ServerReflectionResponse[]> {
  return new Promise((resolve, reject) => {
    const call = raw.makeBidiStreamRequest(
      `/grpc.reflection.${version}.ServerReflection/ServerReflectionInfo`,
      (b: Buffer) => b,
      (b: Buffer) => b,
    );
    const responses: ServerReflectionResponse[] = [];
    call.on("data", (chunk: Buffer) => {
      responses.push(fromBinary(ServerReflectionResponseSchema, chunk));
      if (responses.length === requests.length) call.end();
    });
    call.on("error", reject);
    call.on("end", () => resolve(responses));
    for (const r of requests) call.write(Buffer.from(toBinary(ServerReflectionRequestSchema, create(ServerReflectionRequestSchema, r))));
  });
}

function descriptorFiles(res: ServerReflectionResponse) {
  assert.equal(res.messageResponse.case, "fileDescriptorResponse");
  const protos = res.messageResponse.case === "fileDescriptorResponse" ? res.messageResponse.value.fileDescriptorProto : [];
  return protos.map((bytes) => fromBinary(FileDescriptorProtoSchema, bytes));
}
