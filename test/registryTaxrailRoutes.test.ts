// The registry and taxrail routes on a real node (CometBFT + app + REST gateway), with state
// imported through both modules' genesis: each REST answer equals its gRPC twin field by field,
// the answers have the shapes docs/registry.md and docs/taxrail.md show, errors map to 404/400,
// and chain.registry.Query answers a plain grpc-js client that loads our .proto files itself.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import * as grpcJs from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { type DescService } from "@bufbuild/protobuf";
import { Query as RegistryQuery } from "../gen/chain/registry/query_pb.js";
import { Query as TaxrailQuery } from "../gen/chain/taxrail/query_pb.js";
import { NodeGrpcClient } from "../common/grpc/client.js";
import { REPO_ROOT } from "../common/node/paths.js";
import { moduleAddress, TAXRAIL_ACCOUNT } from "../common/moduleAccounts.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { withGenesisBalances } from "../app/genesis.js";
import { LocalNode } from "./support/localNode.js";
import { readMatchingGrpc } from "./support/restVsGrpc.js";
import { RestGatewayProcess } from "./support/restGateway.js";

const address = (byte: number) => formatAccountAddress(new Uint8Array(20).fill(byte));
const CA = address(0x11);
const ALICE = address(0x22);
const BOB = address(0x33);
const HASH = "0x" + "ab".repeat(32);
const TAX_ACCOUNT = formatAccountAddress(moduleAddress(TAXRAIL_ACCOUNT));

const ASSET = {
  id: "1",
  jurisdiction_code: "US-CA",
  asset_class: "real_estate",
  owner: BOB,
  metadata_hash: HASH,
  registered_by: CA,
  registered_at: "2026-01-02T03:04:05Z",
  declared_value: { denom: "uunit", amount: "1000000" },
};
const HISTORY = [
  {
    asset_id: "1",
    seq: "1",
    from: ALICE,
    to: BOB,
    price: { denom: "uunit", amount: "4000000" },
    tax_paid: { denom: "uunit", amount: "100000" },
    height: "42",
    time: "2026-01-03T00:00:00Z",
  },
];
const JURISDICTION = { jurisdiction_code: "US-CA", authority: CA, name: "California DRE", added_at: "2026-01-01T00:00:00Z" };
const RULE = { jurisdiction_code: "US-CA", rate_bps: 250, set_by: CA, updated_at: "2026-01-02T00:00:00Z" };
const BALANCE = { jurisdiction_code: "US-CA", collected: [{ denom: "uunit", amount: "100000" }], balance: [{ denom: "uunit", amount: "60000" }] };

let node: LocalNode;
let gateway: RestGatewayProcess;
let grpc: NodeGrpcClient;

before(async () => {
  node = await LocalNode.create({
    editAppState: (state) => ({
      // The taxrail module account holds exactly US-CA's unwithdrawn 60,000uunit.
      ...withGenesisBalances(state, [{ address: TAX_ACCOUNT, coins: [{ denom: "uunit", amount: "60000" }] }]),
      registry: {
        params: { require_attested_owner: true, max_asset_class_length: 32 },
        jurisdictions: [JURISDICTION],
        assets: [ASSET],
        history: HISTORY,
        next_asset_id: "2",
      },
      taxrail: { params: { max_rate_bps: 2000 }, rules: [RULE], balances: [BALANCE] },
    }),
  });
  await node.start();
  await node.waitForHeight(2);
  gateway = new RestGatewayProcess(node.ports.rest, ["--home", node.paths.root]);
  await gateway.waitFor("/vendor/chain/registry/params");
  grpc = new NodeGrpcClient(`127.0.0.1:${node.ports.grpc}`);
});

after(async () => {
  grpc?.close();
  await gateway?.stop();
  await node?.destroy();
});

const ROUTES: { url: string; service: DescService; method: string; request: Record<string, unknown> }[] = [
  { url: "/vendor/chain/registry/params", service: RegistryQuery, method: "Params", request: {} },
  { url: "/vendor/chain/registry/asset/1", service: RegistryQuery, method: "Asset", request: { id: 1n } },
  { url: "/vendor/chain/registry/asset/1/history", service: RegistryQuery, method: "AssetHistory", request: { assetId: 1n } },
  { url: "/vendor/chain/registry/jurisdiction/US-CA", service: RegistryQuery, method: "Jurisdiction", request: { jurisdictionCode: "US-CA" } },
  { url: "/vendor/chain/registry/jurisdictions", service: RegistryQuery, method: "Jurisdictions", request: {} },
  { url: `/vendor/chain/registry/assets/owner/${BOB}`, service: RegistryQuery, method: "AssetsByOwner", request: { owner: BOB } },
  {
    url: "/vendor/chain/registry/assets/jurisdiction/US-CA",
    service: RegistryQuery,
    method: "AssetsByJurisdiction",
    request: { jurisdictionCode: "US-CA" },
  },
  { url: "/vendor/chain/taxrail/params", service: TaxrailQuery, method: "Params", request: {} },
  { url: "/vendor/chain/taxrail/rule/US-CA", service: TaxrailQuery, method: "Rule", request: { jurisdictionCode: "US-CA" } },
  { url: "/vendor/chain/taxrail/rules", service: TaxrailQuery, method: "Rules", request: {} },
  { url: "/vendor/chain/taxrail/balance/US-CA", service: TaxrailQuery, method: "Balance", request: { jurisdictionCode: "US-CA" } },
  { url: "/vendor/chain/taxrail/balances", service: TaxrailQuery, method: "Balances", request: {} },
];

test("the gateway serves the spec's seven routes and the added lists", async () => {
  const paths = Object.keys((await gateway.get("/openapi.json")).body.paths).filter((p) => /^\/vendor\/chain\/(registry|taxrail)\//.test(p));
  assert.deepEqual(paths.sort(), [
    "/vendor/chain/registry/asset/{asset_id}/history",
    "/vendor/chain/registry/asset/{id}",
    "/vendor/chain/registry/assets/jurisdiction/{jurisdiction_code}",
    "/vendor/chain/registry/assets/owner/{owner}",
    "/vendor/chain/registry/jurisdiction/{jurisdiction_code}",
    "/vendor/chain/registry/jurisdictions",
    "/vendor/chain/registry/params",
    "/vendor/chain/taxrail/balance/{jurisdiction_code}",
    "/vendor/chain/taxrail/balances",
    "/vendor/chain/taxrail/params",
    "/vendor/chain/taxrail/rule/{jurisdiction_code}",
    "/vendor/chain/taxrail/rules",
  ]);
});

test("each route answers like its gRPC twin, field by field", async () => {
  const height = await gateway.committedHeight();
  for (const r of ROUTES) await readMatchingGrpc(gateway, grpc, r, height);
});

test("the shapes: the genesis records come back exactly", async () => {
  assert.deepEqual((await gateway.get("/vendor/chain/registry/params")).body, { params: { require_attested_owner: true, max_asset_class_length: 32 } });
  assert.deepEqual((await gateway.get("/vendor/chain/registry/asset/1")).body, { asset: ASSET });
  const history = (await gateway.get("/vendor/chain/registry/asset/1/history")).body;
  assert.deepEqual(history.history, HISTORY);
  assert.equal(history.pagination.total, "1");
  assert.deepEqual((await gateway.get("/vendor/chain/registry/jurisdiction/US-CA")).body, { jurisdiction: JURISDICTION });
  assert.deepEqual((await gateway.get(`/vendor/chain/registry/assets/owner/${BOB}`)).body.assets, [ASSET]);
  assert.deepEqual((await gateway.get(`/vendor/chain/registry/assets/owner/${ALICE}`)).body.assets, []);
  assert.deepEqual((await gateway.get("/vendor/chain/taxrail/params")).body, { params: { max_rate_bps: 2000 } });
  assert.deepEqual((await gateway.get("/vendor/chain/taxrail/rule/US-CA")).body, { rule: RULE });
  assert.deepEqual((await gateway.get("/vendor/chain/taxrail/balance/US-CA")).body, { balance: BALANCE });
  assert.deepEqual((await gateway.get("/vendor/chain/taxrail/balance/DE")).body, { balance: { jurisdiction_code: "DE", collected: [], balance: [] } });
  // The module account holds what the balances say.
  const held = (await gateway.get(`/cosmos/bank/v1beta1/balances/${TAX_ACCOUNT}`)).body.balances;
  assert.deepEqual(held, [{ denom: "uunit", amount: "60000" }]);
});

test("errors: unknown asset, jurisdiction or rule are 404; malformed ids and codes 400", async () => {
  assert.equal((await gateway.get("/vendor/chain/registry/asset/99")).status, 404);
  assert.equal((await gateway.get("/vendor/chain/registry/asset/99/history")).status, 404);
  assert.equal((await gateway.get("/vendor/chain/registry/jurisdiction/DE")).status, 404);
  assert.equal((await gateway.get("/vendor/chain/taxrail/rule/DE")).status, 404);
  assert.equal((await gateway.get("/vendor/chain/registry/asset/abc")).status, 400);
  assert.equal((await gateway.get("/vendor/chain/registry/jurisdiction/us-ca")).status, 400);
  assert.equal((await gateway.get("/vendor/chain/taxrail/balance/XX")).status, 400);
  assert.equal((await gateway.get("/vendor/chain/registry/assets/owner/unit1nope")).status, 400);
});

test("chain.registry.Query/Asset by a plain @grpc/grpc-js client that loads our protos", async () => {
  const definition = protoLoader.loadSync("chain/registry/query.proto", {
    includeDirs: [path.join(REPO_ROOT, "proto")],
    keepCase: true,
    longs: String,
    enums: String,
    defaults: true,
  });
  const loaded = grpcJs.loadPackageDefinition(definition) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- shape comes from the .proto at runtime
  const client = new loaded.chain.registry.Query(`127.0.0.1:${node.ports.grpc}`, grpcJs.credentials.createInsecure());
  try {
    const answer = await new Promise<any>((resolve, reject) =>
      client.Asset({ id: "1" }, (err: Error | null, res: unknown) => (err ? reject(err) : resolve(res))),
    ); // eslint-disable-line @typescript-eslint/no-explicit-any
    assert.equal(answer.asset.owner, BOB);
    assert.equal(answer.asset.metadata_hash, HASH);
    assert.deepEqual(answer.asset.declared_value, { denom: "uunit", amount: "1000000" });
    const missing = await new Promise<grpcJs.ServiceError>((resolve) => client.Asset({ id: "99" }, (err: grpcJs.ServiceError) => resolve(err)));
    assert.equal(missing.code, grpcJs.status.NOT_FOUND);
  } finally {
    client.close();
  }
});
