// Voting genesis: the default, a full import whose derived state (queues, status index, counts)
// behaves like that of transactions, and malformed records refused with a message naming them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ElectionStatus } from "../../../gen/chain/voting/voting_pb.js";
import { defaultVotingGenesis, initVotingGenesis } from "./genesis.js";
import { votingErrors } from "./errors.js";
import { addr, Harness } from "./testHarness.js";

const [board, gone, alice, bob, carol] = [addr(2), addr(6), addr(3), addr(4), addr(5)];

function full(): Record<string, any> {
  const election = (id: string, status: string, start: string, end: string, authority = board.text) => ({
    id,
    title: `Election ${id}`,
    description: "",
    options: ["yes", "no"],
    eligibility_credential_type: "",
    authority,
    voting_start: start,
    voting_end: end,
    status: `ELECTION_STATUS_${status}`,
  });
  return {
    params: { min_voting_period: "30s", max_voting_period: "86400s", max_options: 4 },
    electoral_authorities: [
      { address: board.text, name: "Board", added_at: "2023-01-01T00:00:00Z" },
      { address: addr(8).text, name: "Undated" },
    ],
    elections: [
      election("1", "CLOSED", "2023-01-01T00:00:00Z", "2023-01-02T00:00:00Z"),
      election("3", "OPEN", "2023-11-14T00:00:00Z", "2023-11-16T00:00:00Z", gone.text),
      election("4", "SCHEDULED", "2023-11-15T00:00:00Z", "2023-11-17T00:00:00Z"),
    ],
    voter_records: [
      { election_id: "1", voter: alice.text, registered_at: "2023-01-01T00:00:00Z", voted: true, option: "no", voted_at: "2023-01-01T01:00:00Z" },
      { election_id: "1", voter: bob.text, voted: false },
      { election_id: "3", voter: alice.text, voted: true, option: "yes" },
      { election_id: "4", voter: carol.text },
    ],
    next_election_id: "9",
  };
}

function init(genesis: unknown): Harness {
  const h = new Harness();
  initVotingGenesis(h.ctx(), h.keeper, genesis);
  return h;
}

function initFails(genesis: unknown, message: RegExp): void {
  const h = new Harness();
  assert.throws(() => initVotingGenesis(h.ctx(), h.keeper, genesis), message);
  h.close();
}

test("the default genesis has the default params, nothing else, next id 1, and loads", () => {
  assert.deepEqual(defaultVotingGenesis(), {
    params: { min_voting_period: "3600s", max_voting_period: "2592000s", max_options: 10 },
    electoral_authorities: [],
    elections: [],
    voter_records: [],
    next_election_id: "1",
  });
  const h = init(defaultVotingGenesis());
  assert.equal(h.keeper.nextElectionId(h.branch), 1n);
  assert.equal(h.keeper.getParams(h.branch).maxOptions, 10);
  h.close();
});

test("a full genesis imports records and rebuilds counts, queues and the status index", () => {
  const h = init(full());
  assert.equal(h.keeper.getParams(h.branch).minVotingPeriod?.seconds, 30n);
  assert.equal(h.keeper.getElectoralAuthority(h.branch, addr(8).bytes)?.addedAt?.seconds, h.ctx().header.time.seconds, "undated: genesis time");
  assert.equal(h.keeper.nextElectionId(h.branch), 9n);
  const results = (id: bigint) => {
    const r = h.keeper.results(h.branch, h.keeper.getElection(h.branch, id)!);
    return [r.tallies.map((t) => t.votes), r.registeredVoters, r.votesCast, r.final];
  };
  assert.deepEqual(results(1n), [[0n, 1n], 2n, 1n, true]);
  assert.deepEqual(results(3n), [[1n, 0n], 1n, 1n, false]);
  assert.deepEqual(results(4n), [[0n, 0n], 1n, 0n, false]);
  assert.deepEqual(
    h.keeper.electionsPage(h.branch, ElectionStatus.OPEN, undefined).items.map((e) => e.id),
    [3n],
  );
  // The harness clock (2023-11-14T22:13:20Z) is past election 3's start and before election 4's.
  h.now = Date.parse("2023-11-16T00:00:00Z");
  const events = h.endBlock().map((e) => e.type);
  assert.deepEqual(events, ["chain.voting.EventElectionOpened", "chain.voting.EventElectionClosed"]);
  assert.equal(h.keeper.getElection(h.branch, 3n)?.status, ElectionStatus.CLOSED);
  assert.equal(h.keeper.getElection(h.branch, 4n)?.status, ElectionStatus.OPEN);
  // Imported registrations count as registrations.
  const err = h.fail(h.m.register, { voter: carol.text, electionId: 4n });
  assert.ok(votingErrors.alreadyRegistered.is(err));
  h.close();
});

test("malformed genesis records are refused, naming the field", () => {
  const with_ = (edit: (g: Record<string, any>) => void) => {
    const g = full();
    edit(g);
    return g;
  };
  initFails(
    with_((g) => (g.params.max_options = 1)),
    /voting genesis params: max_options must be between 2 and 100/,
  );
  initFails(
    with_((g) => (g.electoral_authorities[1].name = "")),
    /electoral_authorities\[1\]\.name: name is empty/,
  );
  initFails(
    with_((g) => g.electoral_authorities.push({ address: board.text, name: "Again" })),
    /electoral_authorities\[2\]: .*already an electoral authority/,
  );
  initFails(
    with_((g) => (g.elections[0].id = "0")),
    /elections\[0\]\.id: ids start at 1/,
  );
  initFails(
    with_((g) => (g.elections[1].id = "1")),
    /elections\[1\]\.id: duplicate id 1/,
  );
  initFails(
    with_((g) => (g.elections[0].status = "ELECTION_STATUS_UNSPECIFIED")),
    /elections\[0\]\.status/,
  );
  initFails(
    with_((g) => (g.elections[0].options = ["yes", "yes"])),
    /elections\[0\]\.options: .*listed twice/,
  );
  initFails(
    with_((g) => (g.elections[0].voting_end = g.elections[0].voting_start)),
    /elections\[0\]: .*voting_end must be after voting_start/,
  );
  initFails(
    with_((g) => (g.elections[0].eligibility_credential_type = "K Y C")),
    /elections\[0\]\.eligibility_credential_type/,
  );
  initFails(
    with_((g) => (g.elections[0].authority = "unit1nope")),
    /elections\[0\]\.authority/,
  );
  initFails(
    with_((g) => (g.voter_records[0].election_id = "2")),
    /voter_records\[0\]\.election_id: no election 2/,
  );
  initFails(
    with_((g) => (g.voter_records[0].option = "maybe")),
    /voter_records\[0\]: .*"maybe" in election 1/,
  );
  initFails(
    with_((g) => g.voter_records.push({ election_id: "1", voter: alice.text })),
    /voter_records\[4\]: .*already registered/,
  );
  initFails(
    with_((g) => (g.voter_records[3] = { election_id: "4", voter: carol.text, voted: true, option: "yes" })),
    /voter_records\[3\]: a vote in election 4, which has not opened/,
  );
  initFails(
    with_((g) => (g.voter_records[1].option = "yes")),
    /voter_records\[1\]: option and voted_at belong to a cast vote only/,
  );
  initFails(
    with_((g) => (g.next_election_id = "4")),
    /next_election_id: 4 must be above every election id \(highest 4\)/,
  );
  initFails({ params: { max_options: "x" } }, /voting genesis: /);
});

test("next_election_id 0 means one above the highest id", () => {
  const g = full();
  g.next_election_id = "0";
  const h = init(g);
  assert.equal(h.keeper.nextElectionId(h.branch), 5n);
  h.close();
});
