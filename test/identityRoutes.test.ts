// The five identity routes on a real node: each REST answer equals its gRPC twin field by field
// (read with @grpc/grpc-js), and chain.identity.Query/Params answers a plain grpc-js client that
// loads our .proto files itself, as any gRPC user would.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import * as grpcJs from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { Query as IdentityQuery } from "../gen/chain/identity/query_pb.js";
import { NodeGrpcClient } from "../common/grpc/client.js";
import { REPO_ROOT } from "../common/node/paths.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { LocalNode } from "./support/localNode.js";
import { readMatchingGrpc } from "./support/restVsGrpc.js";
import { RestGatewayProcess } from "./support/restGateway.js";

const address = (byte: number) => formatAccountAddress(new Uint8Array(20).fill(byte));
const ISSUER = address(0x11);
const SUBJECT = address(0x22);
const HASH_A = "0x" + "ab".repeat(32);
const HASH_B = "0x" + "cd".repeat(32);

let node: LocalNode;
let gateway: RestGatewayProcess;
let grpc: NodeGrpcClient;

before(async () => {
  node = await LocalNode.create({
    editAppState: (state) => ({
      ...state,
      identity: {
        params: { attested_credential_type: "kyc" },
        issuers: [{ address: ISSUER, name: "Acme KYC", added_at: "2026-01-02T03:04:05Z" }],
        credentials: [
          { id: "1", subject: SUBJECT, issuer: ISSUER, credential_type: "kyc", credential_hash: HASH_A, status: "CREDENTIAL_STATUS_ACTIVE" },
          { id: "2", subject: SUBJECT, issuer: ISSUER, credential_type: "email", credential_hash: HASH_B, status: "CREDENTIAL_STATUS_REVOKED" },
        ],
        next_credential_id: "3",
      },
    }),
  });
  await node.start();
  await node.waitForHeight(2);
  gateway = new RestGatewayProcess(node.ports.rest, ["--home", node.paths.root]);
  await gateway.waitFor("/vendor/chain/identity/params");
  grpc = new NodeGrpcClient(`127.0.0.1:${node.ports.grpc}`);
});

after(async () => {
  grpc?.close();
  await gateway?.stop();
  await node?.destroy();
});

const ROUTES: { url: string; method: string; request: Record<string, unknown> }[] = [
  { url: "/vendor/chain/identity/params", method: "Params", request: {} },
  { url: `/vendor/chain/identity/did/${SUBJECT}`, method: "Did", request: { address: SUBJECT } },
  { url: "/vendor/chain/identity/credential/1", method: "Credential", request: { id: 1n } },
  { url: "/vendor/chain/identity/issuers", method: "Issuers", request: {} },
  { url: `/vendor/chain/identity/tier/${SUBJECT}`, method: "Tier", request: { address: SUBJECT } },
];

test("the gateway serves exactly the five identity routes of the spec", async () => {
  const paths = Object.keys((await gateway.get("/openapi.json")).body.paths).filter((p) => p.startsWith("/vendor/chain/identity/"));
  assert.deepEqual(paths.sort(), [
    "/vendor/chain/identity/credential/{id}",
    "/vendor/chain/identity/did/{address}",
    "/vendor/chain/identity/issuers",
    "/vendor/chain/identity/params",
    "/vendor/chain/identity/tier/{address}",
  ]);
});

test("each identity route answers like its gRPC twin, field by field", async () => {
  const height = await gateway.committedHeight();
  for (const r of ROUTES) await readMatchingGrpc(gateway, grpc, { ...r, service: IdentityQuery }, height);
});

test("the spec's shapes: params, issuers with null pagination, tier", async () => {
  assert.deepEqual((await gateway.get("/vendor/chain/identity/params")).body, { params: { attested_credential_type: "kyc" } });
  assert.deepEqual((await gateway.get("/vendor/chain/identity/issuers")).body, {
    issuers: [{ address: ISSUER, name: "Acme KYC", added_at: "2026-01-02T03:04:05Z" }],
    pagination: null,
  });
  assert.deepEqual((await gateway.get(`/vendor/chain/identity/tier/${SUBJECT}`)).body, { tier: "ACCOUNT_TIER_ATTESTED", role_metadata: "" });
  assert.deepEqual((await gateway.get(`/vendor/chain/identity/tier/${ISSUER}`)).body, {
    tier: "ACCOUNT_TIER_UNVERIFIED",
    role_metadata: '{"issuer":"Acme KYC"}',
  });
  const did = (await gateway.get(`/vendor/chain/identity/did/${SUBJECT}`)).body.did_document;
  assert.deepEqual(did.credential_ids, ["1"], "only the active credential");
  assert.deepEqual(did.verification_method, [], "the subject never signed a tx, so the chain has no key of it");
});

test("errors: unknown credential and DID are 404, a bad address 400, a non-numeric id 400", async () => {
  assert.equal((await gateway.get("/vendor/chain/identity/credential/99")).status, 404);
  assert.equal((await gateway.get(`/vendor/chain/identity/did/${address(0x33)}`)).status, 404);
  assert.equal((await gateway.get("/vendor/chain/identity/tier/unit1notanaddress")).status, 400);
  assert.equal((await gateway.get("/vendor/chain/identity/credential/abc")).status, 400);
});

test("chain.identity.Query/Params by a plain @grpc/grpc-js client that loads our protos", async () => {
  const definition = protoLoader.loadSync("chain/identity/query.proto", {
    includeDirs: [path.join(REPO_ROOT, "proto")],
    keepCase: true,
    longs: String,
    enums: String,
    defaults: true,
  });
  const loaded = grpcJs.loadPackageDefinition(definition) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- shape comes from the .proto at runtime
  const client = new loaded.chain.identity.Query(`127.0.0.1:${node.ports.grpc}`, grpcJs.credentials.createInsecure());
  try {
    const answer = await new Promise<any>((resolve, reject) => client.Params({}, (err: Error | null, res: unknown) => (err ? reject(err) : resolve(res)))); // eslint-disable-line @typescript-eslint/no-explicit-any
    assert.deepEqual(answer, { params: { attested_credential_type: "kyc" } });
    const tier = await new Promise<any>((resolve, reject) =>
      client.Tier({ address: SUBJECT }, (err: Error | null, res: unknown) => (err ? reject(err) : resolve(res))),
    ); // eslint-disable-line @typescript-eslint/no-explicit-any
    assert.deepEqual(tier, { tier: "ACCOUNT_TIER_ATTESTED", role_metadata: "" });
    const missing = await new Promise<grpcJs.ServiceError>((resolve) => client.Credential({ id: "99" }, (err: grpcJs.ServiceError) => resolve(err)));
    assert.equal(missing.code, grpcJs.status.NOT_FOUND);
  } finally {
    client.close();
  }
});
