// The voting routes on a real node: each REST answer equals its gRPC twin field by field (read
// with @grpc/grpc-js), the list routes page and filter, errors map to HTTP statuses, and
// chain.voting.Query/Params answers a plain grpc-js client that loads our .proto files itself.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import * as grpcJs from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { Query as VotingQuery } from "../gen/chain/voting/query_pb.js";
import { NodeGrpcClient } from "../common/grpc/client.js";
import { REPO_ROOT } from "../common/node/paths.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { LocalNode } from "./support/localNode.js";
import { readMatchingGrpc } from "./support/restVsGrpc.js";
import { RestGatewayProcess } from "./support/restGateway.js";

const address = (byte: number) => formatAccountAddress(new Uint8Array(20).fill(byte));
const BOARD = address(0x11);
const CLERK = address(0x12);
const ALICE = address(0x21);
const BOB = address(0x22);

const election = (id: string, status: string, start: string, end: string) => ({
  id,
  title: `Election ${id}`,
  description: "Line one\nline two",
  options: ["yes", "no", "abstain"],
  eligibility_credential_type: id === "2" ? "" : "kyc",
  authority: BOARD,
  voting_start: start,
  voting_end: end,
  status: `ELECTION_STATUS_${status}`,
  created_at: "2025-12-01T00:00:00Z",
});

let node: LocalNode;
let gateway: RestGatewayProcess;
let grpc: NodeGrpcClient;

before(async () => {
  node = await LocalNode.create({
    editAppState: (state) => ({
      ...state,
      voting: {
        params: { min_voting_period: "30s", max_voting_period: "86400s", max_options: 5 },
        electoral_authorities: [
          { address: BOARD, name: "Election Board", added_at: "2025-11-30T00:00:00Z" },
          { address: CLERK, name: "City Clerk", added_at: "2025-11-30T00:00:00Z" },
        ],
        elections: [
          election("1", "CLOSED", "2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z"),
          election("2", "OPEN", "2026-01-01T00:00:00Z", "2099-01-01T00:00:00Z"),
          election("3", "SCHEDULED", "2098-01-01T00:00:00Z", "2098-01-02T00:00:00Z"),
        ],
        voter_records: [
          { election_id: "1", voter: ALICE, registered_at: "2025-12-31T00:00:00Z", voted: true, option: "no", voted_at: "2026-01-01T10:00:00Z" },
          { election_id: "1", voter: BOB, registered_at: "2025-12-31T00:00:00Z", voted: true, option: "no", voted_at: "2026-01-01T11:00:00Z" },
          { election_id: "2", voter: ALICE, registered_at: "2025-12-31T00:00:00Z" },
        ],
        next_election_id: "4",
      },
    }),
  });
  await node.start();
  await node.waitForHeight(2);
  gateway = new RestGatewayProcess(node.ports.rest, ["--home", node.paths.root]);
  await gateway.waitFor("/vendor/chain/voting/params");
  grpc = new NodeGrpcClient(`127.0.0.1:${node.ports.grpc}`);
});

after(async () => {
  grpc?.close();
  await gateway?.stop();
  await node?.destroy();
});

const ROUTES: { url: string; method: string; request: Record<string, unknown> }[] = [
  { url: "/vendor/chain/voting/params", method: "Params", request: {} },
  { url: "/vendor/chain/voting/election/1", method: "Election", request: { id: 1n } },
  { url: "/vendor/chain/voting/election/1/results", method: "ElectionResults", request: { electionId: 1n } },
  { url: "/vendor/chain/voting/election/2/results", method: "ElectionResults", request: { electionId: 2n } },
  { url: "/vendor/chain/voting/electoral-authorities", method: "ElectoralAuthorities", request: {} },
  { url: "/vendor/chain/voting/elections", method: "Elections", request: {} },
  { url: "/vendor/chain/voting/elections?status=ELECTION_STATUS_OPEN", method: "Elections", request: { status: 2 } },
  { url: `/vendor/chain/voting/election/1/voter/${ALICE}`, method: "Voter", request: { electionId: 1n, address: ALICE } },
  { url: `/vendor/chain/voting/election/2/voter/${BOB}`, method: "Voter", request: { electionId: 2n, address: BOB } },
];

test("the gateway serves the four voting routes of the spec, the election list and the voter lookup", async () => {
  const paths = Object.keys((await gateway.get("/openapi.json")).body.paths).filter((p) => p.startsWith("/vendor/chain/voting/"));
  assert.deepEqual(paths.sort(), [
    "/vendor/chain/voting/election/{election_id}/results",
    "/vendor/chain/voting/election/{election_id}/voter/{address}",
    "/vendor/chain/voting/election/{id}",
    "/vendor/chain/voting/elections",
    "/vendor/chain/voting/electoral-authorities",
    "/vendor/chain/voting/params",
  ]);
});

test("each voting route answers like its gRPC twin, field by field", async () => {
  const height = await gateway.committedHeight();
  for (const r of ROUTES) await readMatchingGrpc(gateway, grpc, { ...r, service: VotingQuery }, height);
});

test("the answers' shapes: params, results, authorities with pagination, elections by status, voter records", async () => {
  assert.deepEqual((await gateway.get("/vendor/chain/voting/params")).body, {
    params: { min_voting_period: "30s", max_voting_period: "86400s", max_options: 5 },
  });
  assert.deepEqual((await gateway.get("/vendor/chain/voting/election/1/results")).body, {
    results: {
      election_id: "1",
      tallies: [
        { option: "yes", votes: "0" },
        { option: "no", votes: "2" },
        { option: "abstain", votes: "0" },
      ],
      registered_voters: "2",
      votes_cast: "2",
      final: true,
      status: "ELECTION_STATUS_CLOSED",
    },
  });
  const running = (await gateway.get("/vendor/chain/voting/election/2/results")).body.results;
  assert.deepEqual([running.final, running.registered_voters, running.votes_cast], [false, "1", "0"]);
  assert.deepEqual((await gateway.get("/vendor/chain/voting/electoral-authorities")).body, {
    electoral_authorities: [
      { address: BOARD, name: "Election Board", added_at: "2025-11-30T00:00:00Z" },
      { address: CLERK, name: "City Clerk", added_at: "2025-11-30T00:00:00Z" },
    ],
    pagination: { next_key: null, total: "2" },
  });
  const paged = (await gateway.get("/vendor/chain/voting/electoral-authorities?pagination.limit=1")).body;
  assert.deepEqual(
    paged.electoral_authorities.map((a: { name: string }) => a.name),
    ["Election Board"],
  );
  const rest = (
    await gateway.get(`/vendor/chain/voting/electoral-authorities?pagination.limit=1&pagination.key=${encodeURIComponent(paged.pagination.next_key)}`)
  ).body;
  assert.deepEqual(
    rest.electoral_authorities.map((a: { name: string }) => a.name),
    ["City Clerk"],
  );
  const ids = async (query: string) => (await gateway.get(`/vendor/chain/voting/elections${query}`)).body.elections.map((e: { id: string }) => e.id);
  assert.deepEqual(await ids(""), ["1", "2", "3"]);
  assert.deepEqual(await ids("?status=ELECTION_STATUS_SCHEDULED"), ["3"]);
  assert.deepEqual(await ids("?status=ELECTION_STATUS_CLOSED"), ["1"]);
  assert.deepEqual(await ids("?status=ELECTION_STATUS_CANCELLED"), []);
  assert.deepEqual(await ids("?pagination.limit=2&pagination.offset=1"), ["2", "3"]);
  const e1 = (await gateway.get("/vendor/chain/voting/election/1")).body.election;
  assert.deepEqual(
    [e1.status, e1.eligibility_credential_type, e1.options, e1.description],
    ["ELECTION_STATUS_CLOSED", "kyc", ["yes", "no", "abstain"], "Line one\nline two"],
  );
  assert.deepEqual((await gateway.get(`/vendor/chain/voting/election/1/voter/${BOB}`)).body, {
    registered: true,
    voted: true,
    record: { election_id: "1", voter: BOB, registered_at: "2025-12-31T00:00:00Z", voted: true, option: "no", voted_at: "2026-01-01T11:00:00Z" },
  });
  assert.deepEqual((await gateway.get(`/vendor/chain/voting/election/2/voter/${BOB}`)).body, { registered: false, voted: false, record: null });
});

test("errors: an unknown election is 404, a bad address or id 400, an unknown status 400", async () => {
  assert.equal((await gateway.get("/vendor/chain/voting/election/99")).status, 404);
  assert.equal((await gateway.get("/vendor/chain/voting/election/99/results")).status, 404);
  assert.equal((await gateway.get(`/vendor/chain/voting/election/99/voter/${ALICE}`)).status, 404);
  assert.equal((await gateway.get("/vendor/chain/voting/election/1/voter/unit1notanaddress")).status, 400);
  assert.equal((await gateway.get("/vendor/chain/voting/election/abc")).status, 400);
  assert.equal((await gateway.get("/vendor/chain/voting/elections?status=ELECTION_STATUS_BOGUS")).status, 400);
});

test("chain.voting.Query by a plain @grpc/grpc-js client that loads our protos", async () => {
  const definition = protoLoader.loadSync("chain/voting/query.proto", {
    includeDirs: [path.join(REPO_ROOT, "proto")],
    keepCase: true,
    longs: String,
    enums: String,
    defaults: true,
  });
  const loaded = grpcJs.loadPackageDefinition(definition) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- shape comes from the .proto at runtime
  const client = new loaded.chain.voting.Query(`127.0.0.1:${node.ports.grpc}`, grpcJs.credentials.createInsecure());
  const call = (method: string, req: unknown) =>
    new Promise<any>((resolve, reject) => client[method](req, (err: Error | null, res: unknown) => (err ? reject(err) : resolve(res)))); // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    assert.deepEqual(await call("Params", {}), {
      params: { min_voting_period: { seconds: "30", nanos: 0 }, max_voting_period: { seconds: "86400", nanos: 0 }, max_options: 5 },
    });
    const results = await call("ElectionResults", { election_id: "1" });
    assert.deepEqual([results.results.final, results.results.votes_cast, results.results.status], [true, "2", "ELECTION_STATUS_CLOSED"]);
    const missing = await new Promise<grpcJs.ServiceError>((resolve) => client.Election({ id: "99" }, (err: grpcJs.ServiceError) => resolve(err)));
    assert.equal(missing.code, grpcJs.status.NOT_FOUND);
  } finally {
    client.close();
  }
});
