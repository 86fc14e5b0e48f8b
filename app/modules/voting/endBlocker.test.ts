// The end block opens and closes elections by block time through the two queues, in
// deadline-then-id order, and the results it leaves are exact and final.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ElectionStatus } from "../../../gen/chain/voting/voting_pb.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { addr, BLOCK_TIME_MS, Harness, HOUR_MS } from "./testHarness.js";

const [issuer, board] = [addr(1), addr(2)];
const voters = [10, 11, 12, 13, 14, 15].map(addr);

const ev = (type: string, attrs: Record<string, string>) => ({
  type: `chain.voting.${type}`,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value, index: true })),
});
const status = (h: Harness, id: bigint) => ElectionStatus[h.keeper.getElection(h.branch, id)!.status];

function setup() {
  const h = new Harness();
  h.addIssuer(issuer.text);
  h.addAuthority(board.text);
  for (const v of voters) h.attest(issuer.text, v.text);
  return h;
}

test("elections open when block time reaches voting_start and close when it reaches voting_end, in time order", () => {
  const h = setup();
  // Created out of time order: 1 opens last, 2 first; 3 opens with 2 (same start) and ends first.
  const e1 = h.createElection(board.text, { startInMs: 3 * HOUR_MS, lengthMs: HOUR_MS });
  const e2 = h.createElection(board.text, { startInMs: HOUR_MS, lengthMs: 4 * HOUR_MS });
  const e3 = h.createElection(board.text, { startInMs: HOUR_MS, lengthMs: HOUR_MS });
  assert.deepEqual(h.keeper.due(h.branch, "start", BigInt(BLOCK_TIME_MS + 10 * HOUR_MS) * 1_000_000n), [e2, e3, e1]);
  assert.deepEqual(h.endBlock(), [], "nothing due yet");
  h.now = BLOCK_TIME_MS + HOUR_MS - 1;
  assert.deepEqual(h.endBlock(), [], "one millisecond early");
  h.now = BLOCK_TIME_MS + HOUR_MS;
  assert.deepEqual(h.endBlock(), [ev("EventElectionOpened", { election_id: '"2"' }), ev("EventElectionOpened", { election_id: '"3"' })]);
  assert.deepEqual([status(h, e1), status(h, e2), status(h, e3)], ["SCHEDULED", "OPEN", "OPEN"]);
  assert.deepEqual(h.endBlock(), [], "an opened election leaves the start queue");
  // A long gap: 3 ends, 1 both opens and ends in the same end block (opened first, then closed).
  h.now = BLOCK_TIME_MS + 4 * HOUR_MS;
  const closed = (id: string) => ev("EventElectionClosed", { election_id: `"${id}"`, registered_voters: '"0"', votes_cast: '"0"' });
  assert.deepEqual(h.endBlock(), [ev("EventElectionOpened", { election_id: '"1"' }), closed("3"), closed("1")]);
  assert.deepEqual([status(h, e1), status(h, e2), status(h, e3)], ["CLOSED", "OPEN", "CLOSED"]);
  h.now = BLOCK_TIME_MS + 5 * HOUR_MS;
  assert.deepEqual(h.endBlock(), [closed("2")]);
  assert.deepEqual(h.keeper.due(h.branch, "start", BigInt(BLOCK_TIME_MS + 100 * HOUR_MS) * 1_000_000n), []);
  assert.deepEqual(h.keeper.due(h.branch, "end", BigInt(BLOCK_TIME_MS + 100 * HOUR_MS) * 1_000_000n), []);
  h.close();
});

test("results are exact while voting (not final) and final once closed", () => {
  const h = setup();
  const id = h.createElection(board.text, { options: ["red", "green", "blue"] });
  for (const v of voters) h.run(h.m.register, { voter: v.text, electionId: id });
  const election = () => h.keeper.getElection(h.branch, id)!;
  const results = () => {
    const r = h.keeper.results(h.branch, election());
    return {
      tallies: r.tallies.map((t) => [t.option, t.votes]),
      registered: r.registeredVoters,
      cast: r.votesCast,
      final: r.final,
      status: ElectionStatus[r.status],
    };
  };
  assert.deepEqual(results(), {
    tallies: [
      ["red", 0n],
      ["green", 0n],
      ["blue", 0n],
    ],
    registered: 6n,
    cast: 0n,
    final: false,
    status: "SCHEDULED",
  });
  h.now = BLOCK_TIME_MS + HOUR_MS;
  h.endBlock();
  const ballots = ["green", "blue", "green", "green", "red"];
  for (const [i, option] of ballots.entries()) h.run(h.m.vote, { voter: voters[i]!.text, electionId: id, option });
  assert.deepEqual(results(), {
    tallies: [
      ["red", 1n],
      ["green", 3n],
      ["blue", 1n],
    ],
    registered: 6n,
    cast: 5n,
    final: false,
    status: "OPEN",
  });
  h.now = BLOCK_TIME_MS + 3 * HOUR_MS;
  assert.deepEqual(h.endBlock(), [ev("EventElectionClosed", { election_id: '"1"', registered_voters: '"6"', votes_cast: '"5"' })]);
  assert.deepEqual(results(), {
    tallies: [
      ["red", 1n],
      ["green", 3n],
      ["blue", 1n],
    ],
    registered: 6n,
    cast: 5n,
    final: true,
    status: "CLOSED",
  });
  h.close();
});

test("a cancelled election's results are never final and it leaves both queues", () => {
  const h = setup();
  const scheduled = h.createElection(board.text);
  const open = h.createElection(board.text, { startInMs: 0 });
  h.endBlock();
  assert.equal(status(h, open), "OPEN");
  h.run(h.m.cancel, { signer: board.text, electionId: scheduled });
  h.run(h.m.cancel, { signer: GOV_AUTHORITY, electionId: open });
  const far = BigInt(BLOCK_TIME_MS + 1000 * HOUR_MS) * 1_000_000n;
  assert.deepEqual([h.keeper.due(h.branch, "start", far), h.keeper.due(h.branch, "end", far)], [[], []]);
  h.now = BLOCK_TIME_MS + 1000 * HOUR_MS;
  assert.deepEqual(h.endBlock(), []);
  const r = h.keeper.results(h.branch, h.keeper.getElection(h.branch, open)!);
  assert.deepEqual([r.final, ElectionStatus[r.status]], [false, "CANCELLED"]);
  h.close();
});
