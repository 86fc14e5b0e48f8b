// Every method the node advertises is served: a client that discovers the services by reflection
// (grpcurl, a schema fuzzer, another language's client) and calls each with an empty request gets an
// answer or a clear refusal, never UNIMPLEMENTED, INTERNAL or UNKNOWN. The same for every REST route
// /openapi.json lists: nothing answers 501 or 5xx.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema, type FileDescriptorProto } from "@bufbuild/protobuf/wkt";
import { status, type ServiceError } from "@grpc/grpc-js";
import { ServerReflectionRequestSchema, ServerReflectionResponseSchema, type ServerReflectionRequest } from "../gen/grpc/reflection/v1/reflection_pb.js";
import { NodeGrpcClient } from "../common/grpc/client.js";
import { canConnect, waitUntil } from "../cometbft/readiness.js";
import { LocalNode } from "./support/localNode.js";
import { RestGatewayProcess } from "./support/restGateway.js";

const REFUSED = new Set([status.UNIMPLEMENTED, status.INTERNAL, status.UNKNOWN]);
/** Services a client cannot call with one empty unary request: reflection is a bidirectional stream. */
const STREAMING_SERVICES = new Set(["grpc.reflection.v1.ServerReflection", "grpc.reflection.v1alpha.ServerReflection"]);

let node: LocalNode;
let client: NodeGrpcClient;
let gateway: RestGatewayProcess;

before(async () => {
  node = await LocalNode.create();
  await node.start();
  await waitUntil("app gRPC port", () => canConnect(node.ports.grpc), 30_000);
  await node.waitForHeight(3);
  client = new NodeGrpcClient(`127.0.0.1:${node.ports.grpc}`);
  gateway = new RestGatewayProcess(node.ports.rest, ["--home", node.paths.root]);
  await gateway.waitFor("/cosmos/auth/v1beta1/params");
});

after(async () => {
  client?.close();
  await gateway?.stop();
  await node?.destroy();
});

/** One reflection round trip over a fresh stream. */
function reflect(request: ServerReflectionRequest["messageRequest"]) {
  return new Promise<ReturnType<typeof fromBinary<typeof ServerReflectionResponseSchema>>>((resolve, reject) => {
    const call = client.client.makeBidiStreamRequest(
      "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
      (b: Buffer) => b,
      (b: Buffer) => b,
    );
    call.on("data", (chunk: Buffer) => {
      call.end();
      resolve(fromBinary(ServerReflectionResponseSchema, chunk));
    });
    call.on("error", reject);
    call.write(Buffer.from(toBinary(ServerReflectionRequestSchema, create(ServerReflectionRequestSchema, { messageRequest: request }))));
  });
}

async function listServices(): Promise<string[]> {
  const res = await reflect({ case: "listServices", value: "" });
  assert.equal(res.messageResponse.case, "listServicesResponse");
  return res.messageResponse.case === "listServicesResponse" ? res.messageResponse.value.service.map((s) => s.name) : [];
}

/** The methods of `service` as its descriptor (fetched by reflection) declares them. */
async function methodsOf(service: string): Promise<{ name: string; streaming: boolean }[]> {
  const res = await reflect({ case: "fileContainingSymbol", value: service });
  assert.equal(res.messageResponse.case, "fileDescriptorResponse", `reflection describes ${service}`);
  const files: FileDescriptorProto[] =
    res.messageResponse.case === "fileDescriptorResponse"
      ? res.messageResponse.value.fileDescriptorProto.map((b) => fromBinary(FileDescriptorProtoSchema, b))
      : [];
  for (const file of files) {
    for (const svc of file.service) {
      if (`${file.package}.${svc.name}` !== service) continue;
      return svc.method.map((m) => ({ name: m.name, streaming: Boolean(m.clientStreaming || m.serverStreaming) }));
    }
  }
  assert.fail(`no descriptor of ${service} in its file`);
}

test("every unary method of every service reflection lists answers an empty request without UNIMPLEMENTED, INTERNAL or UNKNOWN", async () => {
  const services = await listServices();
  assert.ok(services.length >= 15, `services listed: ${services.join(", ")}`);
  const failures: string[] = [];
  let called = 0;
  for (const service of services) {
    if (STREAMING_SERVICES.has(service)) continue;
    const methods = await methodsOf(service);
    assert.ok(methods.length > 0, `${service} has methods`);
    for (const method of methods) {
      if (method.streaming) {
        failures.push(`${service}/${method.name} is a stream; no client can call it with one request`);
        continue;
      }
      called++;
      const code = await client.unary(`/${service}/${method.name}`, new Uint8Array(), { timeoutMs: 15_000 }).then(
        () => status.OK,
        (err: ServiceError) => err.code,
      );
      if (REFUSED.has(code)) failures.push(`${service}/${method.name}: ${status[code]}`);
    }
  }
  // 123 when written: a drop means services vanished from reflection, not that they all answer.
  assert.ok(called >= 120, `called ${called} methods`);
  assert.deepEqual(failures, []);
});

test("every REST route in /openapi.json answers without 501 or another server error", async () => {
  const spec = (await gateway.get("/openapi.json")).body as { paths: Record<string, Record<string, unknown>> };
  const failures: string[] = [];
  let called = 0;
  for (const [template, operations] of Object.entries(spec.paths)) {
    if (!("get" in operations)) continue;
    // A path parameter gets a value of the wrong shape: the route must still refuse it cleanly (4xx).
    const path = template.replace(/\{[^}]+\}/g, "1");
    const res = await gateway.get(path);
    called++;
    if (res.status >= 500) failures.push(`GET ${template} -> ${res.status}`);
  }
  // 117 when written.
  assert.ok(called >= 115, `called ${called} routes`);
  assert.deepEqual(failures, []);
});
