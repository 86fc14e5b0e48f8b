// chain.voting.Query over a real store branch, through the same QueryServices dispatch gRPC and
// ABCI use, and the REST gateway's JSON rendering of the answers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRegistry, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import {
  QueryElectionRequestSchema,
  QueryElectionResponseSchema,
  QueryElectionResultsRequestSchema,
  QueryElectionResultsResponseSchema,
  QueryElectionsRequestSchema,
  QueryElectionsResponseSchema,
  QueryElectoralAuthoritiesRequestSchema,
  QueryElectoralAuthoritiesResponseSchema,
  QueryParamsRequestSchema,
  QueryParamsResponseSchema,
  QueryVoterRequestSchema,
  QueryVoterResponseSchema,
} from "../../../gen/chain/voting/query_pb.js";
import { ElectionStatus } from "../../../gen/chain/voting/voting_pb.js";
import { responseJson } from "../../../gateway/rest/responseJson.js";
import { GrpcCode } from "../../../common/errors.js";
import { addr, BLOCK_TIME_MS, Harness, HOUR_MS } from "./testHarness.js";
import { queryErrorCode } from "../../../common/grpc/testing/queryErrorCode.js";

const json = <D extends DescMessage>(schema: D, msg: MessageShape<D>) => responseJson(schema, msg, createRegistry());
const [issuer, board, alice, bob] = [addr(1), addr(2), addr(3), addr(4)];
const iso = (ms: number) => new Date(ms).toISOString().replace(".000", "");

function setup() {
  const h = new Harness();
  h.addIssuer(issuer.text);
  h.addAuthority(board.text, "Election Board");
  h.attest(issuer.text, alice.text);
  h.attest(issuer.text, bob.text);
  return h;
}

const q = {
  params: (h: Harness) => h.query("/chain.voting.Query/Params", QueryParamsRequestSchema, {}, QueryParamsResponseSchema),
  election: (h: Harness, id: bigint) => h.query("/chain.voting.Query/Election", QueryElectionRequestSchema, { id }, QueryElectionResponseSchema),
  results: (h: Harness, electionId: bigint) =>
    h.query("/chain.voting.Query/ElectionResults", QueryElectionResultsRequestSchema, { electionId }, QueryElectionResultsResponseSchema),
  voter: (h: Harness, electionId: bigint, address: string) =>
    h.query("/chain.voting.Query/Voter", QueryVoterRequestSchema, { electionId, address }, QueryVoterResponseSchema),
  elections: (h: Harness, status: ElectionStatus, pagination?: { limit?: bigint; key?: Uint8Array }) =>
    h.query("/chain.voting.Query/Elections", QueryElectionsRequestSchema, { status, ...(pagination ? { pagination } : {}) }, QueryElectionsResponseSchema),
};

test("Params answers the defaults: one hour to thirty days, ten options", () => {
  const h = setup();
  assert.deepEqual(json(QueryParamsResponseSchema, q.params(h)), { params: { min_voting_period: "3600s", max_voting_period: "2592000s", max_options: 10 } });
  h.close();
});

test("Election renders every field; an unknown id is NOT_FOUND", () => {
  const h = setup();
  const id = h.createElection(board.text, { title: "Budget 2027" });
  assert.deepEqual(json(QueryElectionResponseSchema, q.election(h, id)), {
    election: {
      id: "1",
      title: "Budget 2027",
      description: "Who sits on the board",
      options: ["yes", "no", "abstain"],
      eligibility_credential_type: "kyc",
      authority: board.text,
      voting_start: iso(BLOCK_TIME_MS + HOUR_MS),
      voting_end: iso(BLOCK_TIME_MS + 3 * HOUR_MS),
      status: "ELECTION_STATUS_SCHEDULED",
      created_at: iso(BLOCK_TIME_MS),
    },
  });
  assert.equal(
    queryErrorCode(() => q.election(h, 2n)),
    GrpcCode.NOT_FOUND,
  );
  assert.equal(
    queryErrorCode(() => q.results(h, 2n)),
    GrpcCode.NOT_FOUND,
  );
  h.close();
});

test("ElectionResults: running counts with final false, then final", () => {
  const h = setup();
  const id = h.createElection(board.text, { options: ["yes", "no"] });
  h.run(h.m.register, { voter: alice.text, electionId: id });
  h.run(h.m.register, { voter: bob.text, electionId: id });
  h.now = BLOCK_TIME_MS + HOUR_MS;
  h.endBlock();
  h.run(h.m.vote, { voter: alice.text, electionId: id, option: "no" });
  const running = {
    election_id: "1",
    tallies: [
      { option: "yes", votes: "0" },
      { option: "no", votes: "1" },
    ],
    registered_voters: "2",
    votes_cast: "1",
    final: false,
    status: "ELECTION_STATUS_OPEN",
  };
  assert.deepEqual(json(QueryElectionResultsResponseSchema, q.results(h, id)), { results: running });
  h.now = BLOCK_TIME_MS + 3 * HOUR_MS;
  h.endBlock();
  assert.deepEqual(json(QueryElectionResultsResponseSchema, q.results(h, id)), { results: { ...running, final: true, status: "ELECTION_STATUS_CLOSED" } });
  h.close();
});

test("Voter: registered and voted flags with the record; a bad address is INVALID_ARGUMENT", () => {
  const h = setup();
  const id = h.createElection(board.text);
  assert.deepEqual(json(QueryVoterResponseSchema, q.voter(h, id, alice.text)), { registered: false, voted: false, record: null });
  h.run(h.m.register, { voter: alice.text, electionId: id });
  const registered = { election_id: "1", voter: alice.text, registered_at: iso(BLOCK_TIME_MS), voted: false, option: "", voted_at: null };
  assert.deepEqual(json(QueryVoterResponseSchema, q.voter(h, id, alice.text)), { registered: true, voted: false, record: registered });
  h.now = BLOCK_TIME_MS + HOUR_MS;
  h.endBlock();
  h.run(h.m.vote, { voter: alice.text, electionId: id, option: "abstain" });
  assert.deepEqual(json(QueryVoterResponseSchema, q.voter(h, id, alice.text)), {
    registered: true,
    voted: true,
    record: { ...registered, voted: true, option: "abstain", voted_at: iso(BLOCK_TIME_MS + HOUR_MS) },
  });
  assert.equal(
    queryErrorCode(() => q.voter(h, id, "unit1bad")),
    GrpcCode.INVALID_ARGUMENT,
  );
  assert.equal(
    queryErrorCode(() => q.voter(h, 9n, alice.text)),
    GrpcCode.NOT_FOUND,
  );
  h.close();
});

test("Elections lists by id, filters by status, and pages", () => {
  const h = setup();
  const ids = [h.createElection(board.text), h.createElection(board.text, { startInMs: 0 }), h.createElection(board.text), h.createElection(board.text)];
  h.endBlock(); // opens election 2
  h.run(h.m.cancel, { signer: board.text, electionId: ids[2]! });
  const listed = (status: ElectionStatus, pagination?: { limit?: bigint; key?: Uint8Array }) => q.elections(h, status, pagination).elections.map((e) => e.id);
  assert.deepEqual(listed(ElectionStatus.UNSPECIFIED), [1n, 2n, 3n, 4n]);
  assert.deepEqual(listed(ElectionStatus.SCHEDULED), [1n, 4n]);
  assert.deepEqual(listed(ElectionStatus.OPEN), [2n]);
  assert.deepEqual(listed(ElectionStatus.CANCELLED), [3n]);
  assert.deepEqual(listed(ElectionStatus.CLOSED), []);
  const first = q.elections(h, ElectionStatus.UNSPECIFIED, { limit: 3n });
  assert.deepEqual(
    first.elections.map((e) => e.id),
    [1n, 2n, 3n],
  );
  assert.deepEqual(listed(ElectionStatus.UNSPECIFIED, { limit: 3n, key: first.pagination!.nextKey }), [4n]);
  const scheduled = q.elections(h, ElectionStatus.SCHEDULED, { limit: 1n });
  assert.deepEqual(listed(ElectionStatus.SCHEDULED, { limit: 1n, key: scheduled.pagination!.nextKey }), [4n]);
  assert.equal(
    queryErrorCode(() => q.elections(h, 9 as ElectionStatus)),
    GrpcCode.INVALID_ARGUMENT,
  );
  h.close();
});

test("ElectoralAuthorities: {electoral_authorities, pagination}, in address order, paged", () => {
  const h = setup();
  h.addAuthority(addr(7).text, "Seven");
  h.addAuthority(addr(5).text, "Five");
  const list = (pagination?: { limit?: bigint; key?: Uint8Array }) =>
    h.query(
      "/chain.voting.Query/ElectoralAuthorities",
      QueryElectoralAuthoritiesRequestSchema,
      pagination ? { pagination } : {},
      QueryElectoralAuthoritiesResponseSchema,
    );
  assert.deepEqual(json(QueryElectoralAuthoritiesResponseSchema, list()), {
    electoral_authorities: [
      { address: board.text, name: "Election Board", added_at: iso(BLOCK_TIME_MS) },
      { address: addr(5).text, name: "Five", added_at: iso(BLOCK_TIME_MS) },
      { address: addr(7).text, name: "Seven", added_at: iso(BLOCK_TIME_MS) },
    ],
    pagination: { next_key: null, total: "3" },
  });
  const first = list({ limit: 2n });
  assert.deepEqual(
    first.electoralAuthorities.map((a) => a.name),
    ["Election Board", "Five"],
  );
  assert.deepEqual(
    list({ limit: 2n, key: first.pagination!.nextKey }).electoralAuthorities.map((a) => a.name),
    ["Seven"],
  );
  h.close();
});
