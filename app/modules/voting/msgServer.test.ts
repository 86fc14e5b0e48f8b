// Every voting message over a real store branch: each bad input gets its registered error and
// leaves the store byte-for-byte as it was; the good paths write what they should and emit the
// typed events. Eligibility runs through the real identity keeper.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { sdkErrors, type RegisteredError } from "../../../common/errors.js";
import { MsgAddElectoralAuthoritySchema } from "../../../gen/chain/voting/tx_pb.js";
import { ElectionStatus } from "../../../gen/chain/voting/voting_pb.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { decodedMsg, executeMsg } from "../../tx/msgRouter.js";
import { votingErrors } from "./errors.js";
import { addr, BLOCK_TIME_MS, Harness, HOUR_MS } from "./testHarness.js";

const [issuer, board, alice, bob, carol, intruder] = [addr(1), addr(2), addr(3), addr(4), addr(5), addr(9)];

/** An issuer, an electoral authority, alice and bob attested (kyc), carol not; election 1 (kyc) scheduled an hour ahead. */
function setup() {
  const h = new Harness();
  h.addIssuer(issuer.text);
  h.addAuthority(board.text);
  const credentials = { alice: h.attest(issuer.text, alice.text), bob: h.attest(issuer.text, bob.text) };
  const election = h.createElection(board.text);
  return { h, credentials, election };
}

/** Moves block time to `ms` and runs the end block. */
function advanceTo(h: Harness, ms: number) {
  h.now = ms;
  return h.endBlock();
}

/** Runs `attempt`, which must fail with `kind`, and checks the store did not change. */
function rejects(h: Harness, kind: RegisteredError, attempt: () => Error, message?: RegExp): void {
  const before = h.dump();
  const err = attempt();
  assert.ok(kind.is(err), `expected ${kind.codespace}/${kind.code} "${kind.description}", got ${err.message}`);
  if (message) assert.match(err.message, message);
  assert.deepEqual(h.dump(), before, "state unchanged");
}

test("error codes are registered under the voting codespace from 2 up", () => {
  assert.deepEqual(
    Object.values(votingErrors).map((e) => [e.codespace, e.code]),
    Object.values(votingErrors).map((_e, i) => ["voting", i + 2]),
  );
});

test("governance-only messages refuse any authority but the gov module account, with the SDK's text", () => {
  const { h } = setup();
  const text = new RegExp(`^invalid authority; expected ${GOV_AUTHORITY}, got ${intruder.text}: `);
  const params = { minVotingPeriod: { seconds: 60n }, maxVotingPeriod: { seconds: 600n }, maxOptions: 5 };
  rejects(h, votingErrors.invalidAuthority, () => h.fail(h.m.addAuthority, { authority: intruder.text, address: carol.text, name: "X" }), text);
  rejects(h, votingErrors.invalidAuthority, () => h.fail(h.m.removeAuthority, { authority: intruder.text, address: board.text }), text);
  rejects(h, votingErrors.invalidAuthority, () => h.fail(h.m.params, { authority: intruder.text, params }), text);
  // An electoral authority is not governance either.
  rejects(h, votingErrors.invalidAuthority, () => h.fail(h.m.addAuthority, { authority: board.text, address: carol.text, name: "X" }));
  // executeMsg is the one path for txs and passed proposals alike: it checks too.
  const before = h.dump();
  const unchecked = decodedMsg(h.m.addAuthority, create(MsgAddElectoralAuthoritySchema, { authority: intruder.text, address: carol.text, name: "X" }));
  assert.throws(
    () => executeMsg(h.ctx(), unchecked),
    (e) => votingErrors.invalidAuthority.is(e),
  );
  assert.deepEqual(h.dump(), before);
  h.close();
});

test("gov adds and removes electoral authorities; duplicates, unknowns and bad names are refused", () => {
  const { h } = setup();
  const { events } = h.run(h.m.addAuthority, { authority: GOV_AUTHORITY, address: carol.text, name: "City <Clerk>" });
  assert.deepEqual(events, [
    {
      type: "chain.voting.EventElectoralAuthorityAdded",
      attributes: [
        { key: "address", value: `"${carol.text}"`, index: true },
        { key: "name", value: '"City \\u003cClerk\\u003e"', index: true },
      ],
    },
  ]);
  const added = h.keeper.getElectoralAuthority(h.branch, carol.bytes)!;
  assert.equal(added.name, "City <Clerk>");
  assert.equal(added.addedAt?.seconds, BigInt(BLOCK_TIME_MS / 1000));
  rejects(h, votingErrors.electoralAuthorityAlreadyExists, () => h.fail(h.m.addAuthority, { authority: GOV_AUTHORITY, address: carol.text, name: "Again" }));
  rejects(h, votingErrors.invalidName, () => h.fail(h.m.addAuthority, { authority: GOV_AUTHORITY, address: intruder.text, name: "  " }));
  rejects(h, votingErrors.invalidName, () => h.fail(h.m.addAuthority, { authority: GOV_AUTHORITY, address: intruder.text, name: "x".repeat(141) }));
  rejects(h, votingErrors.invalidName, () => h.fail(h.m.addAuthority, { authority: GOV_AUTHORITY, address: intruder.text, name: "a\nb" }));
  rejects(h, sdkErrors.invalidAddress, () => h.fail(h.m.addAuthority, { authority: GOV_AUTHORITY, address: "unit1nope", name: "X" }));

  const removed = h.run(h.m.removeAuthority, { authority: GOV_AUTHORITY, address: carol.text });
  assert.deepEqual(removed.events, [
    { type: "chain.voting.EventElectoralAuthorityRemoved", attributes: [{ key: "address", value: `"${carol.text}"`, index: true }] },
  ]);
  assert.equal(h.keeper.isElectoralAuthority(h.branch, carol.bytes), false);
  rejects(h, votingErrors.electoralAuthorityNotFound, () => h.fail(h.m.removeAuthority, { authority: GOV_AUTHORITY, address: carol.text }));
  h.close();
});

test("creating an election: the record, its id sequence and the event", () => {
  const { h, election } = setup();
  assert.equal(election, 1n);
  const e = h.keeper.getElection(h.branch, 1n)!;
  assert.equal(e.status, ElectionStatus.SCHEDULED);
  assert.deepEqual(e.options, ["yes", "no", "abstain"]);
  assert.equal(e.authority, board.text);
  assert.equal(e.eligibilityCredentialType, "kyc");
  assert.equal(e.votingStart?.seconds, BigInt((BLOCK_TIME_MS + HOUR_MS) / 1000));
  assert.equal(e.votingEnd?.seconds, BigInt((BLOCK_TIME_MS + 3 * HOUR_MS) / 1000));
  assert.equal(e.createdAt?.seconds, BigInt(BLOCK_TIME_MS / 1000));
  const start = BLOCK_TIME_MS + HOUR_MS;
  const { response, events } = h.run(h.m.create, {
    authority: board.text,
    title: "Open poll",
    options: ["a", "b"],
    eligibilityCredentialType: "",
    votingStart: timestampFromMs(start),
    votingEnd: timestampFromMs(start + HOUR_MS),
  });
  assert.equal(response.electionId, 2n);
  assert.deepEqual(events, [
    {
      type: "chain.voting.EventElectionCreated",
      attributes: [
        { key: "authority", value: `"${board.text}"`, index: true },
        { key: "election_id", value: '"2"', index: true },
        { key: "eligibility_credential_type", value: '""', index: true },
        { key: "title", value: '"Open poll"', index: true },
        { key: "voting_end", value: `"${new Date(start + HOUR_MS).toISOString().replace(".000", "")}"`, index: true },
        { key: "voting_start", value: `"${new Date(start).toISOString().replace(".000", "")}"`, index: true },
      ],
    },
  ]);
  h.close();
});

test("a non-authority cannot create an election, nor can a removed one", () => {
  const { h } = setup();
  rejects(h, votingErrors.unauthorizedElectoralAuthority, () => h.fail(h.m.create, electionMsg(intruder.text)), /may not create elections/);
  h.run(h.m.removeAuthority, { authority: GOV_AUTHORITY, address: board.text });
  rejects(h, votingErrors.unauthorizedElectoralAuthority, () => h.fail(h.m.create, electionMsg(board.text)));
  h.close();
});

/** A valid create-election message from `authority`, starting in an hour, lasting two. */
function electionMsg(authority: string, over: Record<string, unknown> = {}) {
  const start = BLOCK_TIME_MS + HOUR_MS;
  return {
    authority,
    title: "T",
    description: "",
    options: ["yes", "no"],
    eligibilityCredentialType: "kyc",
    votingStart: timestampFromMs(start),
    votingEnd: timestampFromMs(start + 2 * HOUR_MS),
    ...over,
  };
}

test("create-election formats, options, eligibility type and window are checked", () => {
  const { h } = setup();
  const bad = (kind: RegisteredError, over: Record<string, unknown>, message?: RegExp) =>
    rejects(h, kind, () => h.fail(h.m.create, electionMsg(board.text, over)), message);
  bad(votingErrors.invalidElection, { title: " " }, /title is empty/);
  bad(votingErrors.invalidElection, { title: "t".repeat(141) });
  bad(votingErrors.invalidElection, { title: "a\tb" });
  bad(votingErrors.invalidElection, { description: "d".repeat(2001) });
  bad(votingErrors.invalidElection, { description: "bell\u0007" });
  bad(votingErrors.invalidOptions, { options: ["only"] }, /at least 2 options, got 1/);
  bad(votingErrors.invalidOptions, { options: ["yes", "yes"] }, /listed twice/);
  bad(votingErrors.invalidOptions, { options: ["yes", ""] }, /options\[1\] is empty/);
  bad(votingErrors.invalidOptions, { options: ["yes", " no"] }, /leading or trailing spaces/);
  bad(votingErrors.invalidOptions, { options: ["yes", "o".repeat(65)] });
  // The default max_options is 10; the absolute limit (100) is checked before any state is read.
  bad(votingErrors.invalidOptions, { options: Array.from({ length: 11 }, (_, i) => `o${i}`) }, /at most 10 options, got 11/);
  bad(votingErrors.invalidOptions, { options: Array.from({ length: 101 }, (_, i) => `o${i}`) }, /at most 100 options/);
  bad(votingErrors.invalidCredentialType, { eligibilityCredentialType: "KYC" });
  bad(votingErrors.invalidVotingPeriod, { votingStart: undefined }, /voting_start is missing/);
  bad(votingErrors.invalidVotingPeriod, { votingEnd: timestampFromMs(BLOCK_TIME_MS + HOUR_MS) }, /after voting_start/);
  bad(
    votingErrors.invalidVotingPeriod,
    { votingStart: timestampFromMs(BLOCK_TIME_MS - 1000), votingEnd: timestampFromMs(BLOCK_TIME_MS + HOUR_MS) },
    /before the block time/,
  );
  // Default window bounds: 1 hour to 30 days.
  const start = BLOCK_TIME_MS + HOUR_MS;
  bad(votingErrors.invalidVotingPeriod, { votingEnd: timestampFromMs(start + HOUR_MS - 1000) }, /lasts 3599s; it must last between 3600s and 2592000s/);
  bad(votingErrors.invalidVotingPeriod, { votingEnd: timestampFromMs(start + 30 * 24 * HOUR_MS + 1) }, /lasts 2592000.001s/);
  // The bounds themselves are allowed, and a start at the block time exactly.
  assert.equal(h.run(h.m.create, electionMsg(board.text, { votingEnd: timestampFromMs(start + HOUR_MS) })).response.electionId, 2n);
  assert.equal(h.run(h.m.create, electionMsg(board.text, { votingEnd: timestampFromMs(start + 30 * 24 * HOUR_MS) })).response.electionId, 3n);
  const now = { votingStart: timestampFromMs(BLOCK_TIME_MS), votingEnd: timestampFromMs(BLOCK_TIME_MS + HOUR_MS) };
  assert.equal(h.run(h.m.create, electionMsg(board.text, now)).response.electionId, 4n);
  h.close();
});

test("update-params changes the window bounds and max_options; bad params are refused", () => {
  const { h } = setup();
  const good = { minVotingPeriod: { seconds: 30n }, maxVotingPeriod: { seconds: 600n }, maxOptions: 3 };
  const bad = (params: unknown, message: RegExp) =>
    rejects(h, votingErrors.invalidParams, () => h.fail(h.m.params, { authority: GOV_AUTHORITY, params: params as never }), message);
  bad(undefined, /params missing/);
  bad({ ...good, minVotingPeriod: { seconds: 0n } }, /min_voting_period must be a positive duration/);
  bad({ ...good, maxVotingPeriod: { seconds: 29n } }, /max_voting_period must be at least min_voting_period/);
  bad({ ...good, maxOptions: 1 }, /max_options must be between 2 and 100, got 1/);
  bad({ ...good, maxOptions: 101 }, /got 101/);
  const { events } = h.run(h.m.params, { authority: GOV_AUTHORITY, params: good });
  assert.deepEqual(events, [
    {
      type: "chain.voting.EventParamsUpdated",
      attributes: [{ key: "params", value: '{"min_voting_period":"30s","max_voting_period":"600s","max_options":3}', index: true }],
    },
  ]);
  const start = BLOCK_TIME_MS + 1000;
  rejects(h, votingErrors.invalidOptions, () => h.fail(h.m.create, electionMsg(board.text, { options: ["a", "b", "c", "d"] })), /at most 3 options/);
  rejects(h, votingErrors.invalidVotingPeriod, () =>
    h.fail(h.m.create, electionMsg(board.text, { votingStart: timestampFromMs(start), votingEnd: timestampFromMs(start + 29_999) })),
  );
  const id = h.run(
    h.m.create,
    electionMsg(board.text, { options: ["a", "b", "c"], votingStart: timestampFromMs(start), votingEnd: timestampFromMs(start + 30_000) }),
  );
  assert.equal(id.response.electionId, 2n);
  h.close();
});

test("an unattested account cannot register; attested accounts register once, before the election closes", () => {
  const { h, election } = setup();
  rejects(h, votingErrors.notEligible, () => h.fail(h.m.register, { voter: carol.text, electionId: election }), /holds no valid "kyc" credential/);
  // A credential of another type does not count.
  h.attest(issuer.text, carol.text, "residency");
  rejects(h, votingErrors.notEligible, () => h.fail(h.m.register, { voter: carol.text, electionId: election }));
  const { events } = h.run(h.m.register, { voter: alice.text, electionId: election });
  assert.deepEqual(events, [
    {
      type: "chain.voting.EventVoterRegistered",
      attributes: [
        { key: "election_id", value: '"1"', index: true },
        { key: "voter", value: `"${alice.text}"`, index: true },
      ],
    },
  ]);
  rejects(h, votingErrors.alreadyRegistered, () => h.fail(h.m.register, { voter: alice.text, electionId: election }));
  // Registration stays open while the election is OPEN.
  advanceTo(h, BLOCK_TIME_MS + HOUR_MS);
  assert.equal(h.keeper.getElection(h.branch, election)?.status, ElectionStatus.OPEN);
  h.run(h.m.register, { voter: bob.text, electionId: election });
  rejects(h, votingErrors.electionNotFound, () => h.fail(h.m.register, { voter: bob.text, electionId: 99n }));
  rejects(h, votingErrors.electionNotFound, () => h.fail(h.m.register, { voter: bob.text, electionId: 0n }), /ids start at 1/);
  const record = h.keeper.getVoterRecord(h.branch, election, bob.bytes)!;
  assert.equal(record.voted, false);
  assert.equal(record.registeredAt?.seconds, BigInt((BLOCK_TIME_MS + HOUR_MS) / 1000));
  h.close();
});

test("a credential from an issuer that is no longer authorized does not count", () => {
  const { h, election } = setup();
  h.run(h.id.removeIssuer, { authority: GOV_AUTHORITY, issuerAddress: issuer.text });
  rejects(h, votingErrors.notEligible, () => h.fail(h.m.register, { voter: alice.text, electionId: election }));
  h.close();
});

test("an election without an eligibility type lets anyone register", () => {
  const { h } = setup();
  const open = h.createElection(board.text, { eligibilityCredentialType: "" });
  h.run(h.m.register, { voter: carol.text, electionId: open });
  assert.equal(h.keeper.getVoterRecord(h.branch, open, carol.bytes)?.voter, carol.text);
  h.close();
});

test("registration is refused once the voting window has ended, even before the end block closes it", () => {
  const { h, election } = setup();
  h.now = BLOCK_TIME_MS + 3 * HOUR_MS; // = voting_end; the end block has not run yet
  rejects(h, votingErrors.electionEnded, () => h.fail(h.m.register, { voter: alice.text, electionId: election }));
  h.endBlock();
  assert.equal(h.keeper.getElection(h.branch, election)?.status, ElectionStatus.CLOSED);
  rejects(h, votingErrors.electionEnded, () => h.fail(h.m.register, { voter: alice.text, electionId: election }), /no longer registers voters/);
  h.close();
});

test("only registered voters vote, once, for one of the options, only while OPEN", () => {
  const { h, election } = setup();
  h.run(h.m.register, { voter: alice.text, electionId: election });
  h.run(h.m.register, { voter: bob.text, electionId: election });
  // Before the window: SCHEDULED.
  rejects(h, votingErrors.electionNotOpen, () => h.fail(h.m.vote, { voter: alice.text, electionId: election, option: "yes" }), /is SCHEDULED/);
  // The block whose time reaches voting_start: still SCHEDULED until its end block opens it.
  h.now = BLOCK_TIME_MS + HOUR_MS;
  rejects(h, votingErrors.electionNotOpen, () => h.fail(h.m.vote, { voter: alice.text, electionId: election, option: "yes" }));
  h.endBlock();
  h.now += 5000;
  rejects(h, votingErrors.invalidOption, () => h.fail(h.m.vote, { voter: alice.text, electionId: election, option: "maybe" }));
  rejects(h, votingErrors.invalidOption, () => h.fail(h.m.vote, { voter: alice.text, electionId: election, option: "" }), /option is empty/);
  rejects(
    h,
    votingErrors.invalidOption,
    () => h.fail(h.m.vote, { voter: alice.text, electionId: election, option: "y".repeat(65) }),
    /more than 64 characters/,
  );
  rejects(h, votingErrors.notRegistered, () => h.fail(h.m.vote, { voter: carol.text, electionId: election, option: "yes" }));
  rejects(h, votingErrors.electionNotFound, () => h.fail(h.m.vote, { voter: alice.text, electionId: 42n, option: "yes" }));
  const { events } = h.run(h.m.vote, { voter: alice.text, electionId: election, option: "yes" });
  assert.deepEqual(events, [
    {
      type: "chain.voting.EventVoteCast",
      attributes: [
        { key: "election_id", value: '"1"', index: true },
        { key: "option", value: '"yes"', index: true },
        { key: "voter", value: `"${alice.text}"`, index: true },
      ],
    },
  ]);
  rejects(h, votingErrors.alreadyVoted, () => h.fail(h.m.vote, { voter: alice.text, electionId: election, option: "no" }));
  const record = h.keeper.getVoterRecord(h.branch, election, alice.bytes)!;
  assert.deepEqual([record.voted, record.option, record.votedAt?.seconds], [true, "yes", BigInt((BLOCK_TIME_MS + HOUR_MS + 5000) / 1000)]);
  // At voting_end, before the end block: refused already; after it: CLOSED.
  h.now = BLOCK_TIME_MS + 3 * HOUR_MS;
  rejects(h, votingErrors.electionNotOpen, () => h.fail(h.m.vote, { voter: bob.text, electionId: election, option: "no" }), /voting_end has passed/);
  h.endBlock();
  rejects(h, votingErrors.electionNotOpen, () => h.fail(h.m.vote, { voter: bob.text, electionId: election, option: "no" }), /is CLOSED/);
  h.close();
});

test("a voter whose credential was revoked after registering cannot vote", () => {
  const { h, credentials, election } = setup();
  h.run(h.m.register, { voter: alice.text, electionId: election });
  h.run(h.m.register, { voter: bob.text, electionId: election });
  advanceTo(h, BLOCK_TIME_MS + HOUR_MS);
  h.revoke(issuer.text, credentials.bob);
  rejects(
    h,
    votingErrors.notEligible,
    () => h.fail(h.m.vote, { voter: bob.text, electionId: election, option: "no" }),
    /no longer holds a valid "kyc" credential/,
  );
  h.run(h.m.vote, { voter: alice.text, electionId: election, option: "no" });
  // A fresh credential restores the right to vote (the rule is "holds a valid credential now").
  h.attest(issuer.text, bob.text);
  h.run(h.m.vote, { voter: bob.text, electionId: election, option: "no" });
  assert.equal(h.keeper.results(h.branch, h.keeper.getElection(h.branch, election)!).votesCast, 2n);
  h.close();
});

test("cancel: the election's authority or gov, before it closes; nobody else", () => {
  const { h, election } = setup();
  const other = h.createElection(board.text);
  h.addAuthority(carol.text, "Other board");
  rejects(h, votingErrors.notElectionAuthority, () => h.fail(h.m.cancel, { signer: intruder.text, electionId: election }));
  // Another electoral authority may not cancel someone else's election.
  rejects(h, votingErrors.notElectionAuthority, () => h.fail(h.m.cancel, { signer: carol.text, electionId: election }), /may not cancel election 1/);
  rejects(h, votingErrors.electionNotFound, () => h.fail(h.m.cancel, { signer: board.text, electionId: 77n }));
  h.run(h.m.register, { voter: alice.text, electionId: election });
  advanceTo(h, BLOCK_TIME_MS + HOUR_MS);
  const { events } = h.run(h.m.cancel, { signer: board.text, electionId: election });
  assert.deepEqual(events, [
    {
      type: "chain.voting.EventElectionCancelled",
      attributes: [
        { key: "cancelled_by", value: `"${board.text}"`, index: true },
        { key: "election_id", value: '"1"', index: true },
      ],
    },
  ]);
  assert.equal(h.keeper.getElection(h.branch, election)?.status, ElectionStatus.CANCELLED);
  rejects(h, votingErrors.electionEnded, () => h.fail(h.m.cancel, { signer: board.text, electionId: election }));
  rejects(h, votingErrors.electionNotOpen, () => h.fail(h.m.vote, { voter: alice.text, electionId: election, option: "yes" }), /is CANCELLED/);
  rejects(h, votingErrors.electionEnded, () => h.fail(h.m.register, { voter: bob.text, electionId: election }));
  // A cancelled election leaves the end queue: the end block never closes it.
  assert.deepEqual(advanceTo(h, BLOCK_TIME_MS + 10 * HOUR_MS), [
    {
      type: "chain.voting.EventElectionClosed",
      attributes: [
        { key: "election_id", value: '"2"', index: true },
        { key: "registered_voters", value: '"0"', index: true },
        { key: "votes_cast", value: '"0"', index: true },
      ],
    },
  ]);
  assert.equal(h.keeper.getElection(h.branch, election)?.status, ElectionStatus.CANCELLED);
  assert.equal(h.keeper.getElection(h.branch, other)?.status, ElectionStatus.CLOSED);
  rejects(h, votingErrors.electionEnded, () => h.fail(h.m.cancel, { signer: board.text, electionId: other }), /can no longer be cancelled/);
  h.close();
});

test("a removed authority cannot cancel its election; governance still can", () => {
  const { h, election } = setup();
  h.run(h.m.removeAuthority, { authority: GOV_AUTHORITY, address: board.text });
  rejects(
    h,
    votingErrors.unauthorizedElectoralAuthority,
    () => h.fail(h.m.cancel, { signer: board.text, electionId: election }),
    /no longer an electoral authority/,
  );
  const { events } = h.run(h.m.cancel, { signer: GOV_AUTHORITY, electionId: election });
  assert.equal(events[0]?.attributes?.find((a) => a.key === "cancelled_by")?.value, `"${GOV_AUTHORITY}"`);
  assert.equal(h.keeper.getElection(h.branch, election)?.status, ElectionStatus.CANCELLED);
  h.close();
});
