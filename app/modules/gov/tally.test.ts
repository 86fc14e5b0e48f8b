// The tally against hand-computed numbers: validator power, delegator override, weighted votes,
// LegacyDec rounding, and each boundary of quorum, veto and threshold (strict vs non-strict).
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { ProposalSchema, VoteOption, VoteSchema, type Vote } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import { DEC_ONE, formatDec, parseDec } from "../../../sdk/math/dec.js";
import { defaultParams, parseParams, type ParsedParams } from "./params.js";
import { computeTally } from "./tally.js";
import { FakeStaking, testAddress } from "./testHarness.js";

const E18 = DEC_ONE;
const V = testAddress(10);
const W = testAddress(11);
const D = testAddress(20);
const E = testAddress(21);
const emptyState = {
  wholeState: true as const,
  get: () => undefined,
  has: () => false,
  iterator: () => [][Symbol.iterator](),
  prefixIterator: () => [][Symbol.iterator](),
};

function v(voter: Uint8Array, ...options: [VoteOption, string][]): { voter: Uint8Array; vote: Vote } {
  return { voter, vote: create(VoteSchema, { proposalId: 1n, options: options.map(([option, weight]) => ({ option, weight: formatDec(parseDec(weight)) })) }) };
}

function tally(staking: FakeStaking, votes: ReturnType<typeof v>[], params: ParsedParams = parseParams(defaultParams()), expedited = false) {
  const r = computeTally(staking, emptyState, votes, create(ProposalSchema, { id: 1n, expedited }), params);
  return { passes: r.passes, burn: r.burnDeposits, yes: r.tally.yesCount, abstain: r.tally.abstainCount, no: r.tally.noCount, veto: r.tally.noWithVetoCount };
}

test("a delegator's vote overrides its validator's for its own shares", () => {
  const s = new FakeStaking();
  s.addValidator(V, 1000n); // 1000 shares
  s.delegate(D, V, 300n * E18);
  // V votes yes with 1000 - 300 = 700; D votes no with 300 x 1000 / 1000 = 300.
  assert.deepEqual(tally(s, [v(V, [VoteOption.YES, "1"]), v(D, [VoteOption.NO, "1"])]), {
    passes: true,
    burn: false,
    yes: "700",
    abstain: "0",
    no: "300",
    veto: "0",
  });
  // The validator silent: only the delegator's 300 of 1000 vote, below quorum 0.334.
  assert.deepEqual(tally(s, [v(D, [VoteOption.YES, "1"])]), { passes: false, burn: false, yes: "300", abstain: "0", no: "0", veto: "0" });
});

test("weighted votes split power per option; slashed validators count tokens, not shares", () => {
  const s = new FakeStaking();
  s.addValidator(V, 999n, 1000n * E18); // 0.999 tokens per share
  s.delegate(D, V, 333n * E18);
  // D: 333 x 999 / 1000 = 332.667 -> yes 166.3335, no 99.8001, abstain 66.5334.
  // V: 667 x 999 / 1000 = 666.333, all NoWithVeto: 666.333 / 999 = 0.667 > 0.334, vetoed and burned.
  const r = tally(s, [v(D, [VoteOption.YES, "0.5"], [VoteOption.NO, "0.3"], [VoteOption.ABSTAIN, "0.2"]), v(V, [VoteOption.NO_WITH_VETO, "1"])]);
  assert.deepEqual(r, { passes: false, burn: true, yes: "166", abstain: "66", no: "99", veto: "666" });
  // With burn_vote_veto off the veto still rejects, without burning.
  assert.equal(tally(s, [v(V, [VoteOption.NO_WITH_VETO, "1"])], { ...parseParams(defaultParams()), burnVoteVeto: false }).burn, false);
});

test("LegacyDec rounding: thirds of one token add back up to one whole token", () => {
  const s = new FakeStaking();
  s.addValidator(V, 1n, 3n * E18);
  s.delegate(D, V, E18);
  // D: 1 x 1 / 3 = 0.333333333333333333 (rounded down); V keeps 2/3 = 0.666666666666666667 (rounded up).
  // Truncating division would leave 0.999999999999999999 and a yes count of 0.
  assert.equal(tally(s, [v(D, [VoteOption.YES, "1"]), v(V, [VoteOption.YES, "1"])]).yes, "1");
});

test("quorum is met at exactly the quorum; below it the proposal fails (burning only with burn_vote_quorum)", () => {
  const s = new FakeStaking();
  s.addValidator(V, 334n);
  s.addValidator(W, 666n);
  assert.equal(tally(s, [v(V, [VoteOption.YES, "1"])]).passes, true, "334 / 1000 = 0.334 is not below 0.334");
  const low = new FakeStaking();
  low.addValidator(V, 333n);
  low.addValidator(W, 667n);
  assert.deepEqual(tally(low, [v(V, [VoteOption.YES, "1"])]), { passes: false, burn: false, yes: "333", abstain: "0", no: "0", veto: "0" });
  assert.equal(tally(low, [v(V, [VoteOption.YES, "1"])], { ...parseParams(defaultParams()), burnVoteQuorum: true }).burn, true);
});

test("all abstaining fails without burning; no bonded tokens fails", () => {
  const s = new FakeStaking();
  s.addValidator(V, 1000n);
  assert.deepEqual(tally(s, [v(V, [VoteOption.ABSTAIN, "1"])]), { passes: false, burn: false, yes: "0", abstain: "1000", no: "0", veto: "0" });
  const none = new FakeStaking();
  assert.deepEqual(tally(none, [v(V, [VoteOption.YES, "1"])]), { passes: false, burn: false, yes: "0", abstain: "0", no: "0", veto: "0" });
});

test("yes must exceed the threshold of non-abstaining power; veto must exceed its threshold", () => {
  const s = new FakeStaking();
  s.addValidator(V, 500n);
  s.addValidator(W, 500n);
  s.addValidator(D, 200n);
  // 500 yes, 500 no: exactly 0.5 is not above 0.5. D's abstain does not count against.
  assert.equal(tally(s, [v(V, [VoteOption.YES, "1"]), v(W, [VoteOption.NO, "1"]), v(D, [VoteOption.ABSTAIN, "1"])]).passes, false);
  // 500 yes, 300 no + 200 abstain (W split): 500 / 800 = 0.625 passes.
  assert.equal(tally(s, [v(V, [VoteOption.YES, "1"]), v(W, [VoteOption.NO, "0.6"], [VoteOption.ABSTAIN, "0.4"])]).passes, true);
  // Veto exactly at 0.334 of all power is not above it; the yes side then wins.
  const veto = new FakeStaking();
  veto.addValidator(V, 334n);
  veto.addValidator(W, 666n);
  assert.deepEqual(tally(veto, [v(V, [VoteOption.NO_WITH_VETO, "1"]), v(W, [VoteOption.YES, "1"])]), {
    passes: true,
    burn: false,
    yes: "666",
    abstain: "0",
    no: "0",
    veto: "334",
  });
});

test("expedited proposals need the expedited threshold; the comparison uses the rounded quotient", () => {
  const s = new FakeStaking();
  s.addValidator(V, 200n);
  s.addValidator(W, 100n);
  const votes = [v(V, [VoteOption.YES, "1"]), v(W, [VoteOption.NO, "1"])];
  assert.equal(tally(s, votes).passes, true, "2/3 > 0.5");
  assert.equal(tally(s, votes, undefined, true).passes, false, "2/3 < 0.667");
  // 2/3 rounds half-even to 0.666666666666666667, above a threshold of 0.666666666666666666.
  const params = { ...parseParams(defaultParams()), threshold: parseDec("0.666666666666666666") };
  assert.equal(tally(s, votes, params).passes, true);
});

test("votes of accounts with no bonded stake count zero", () => {
  const s = new FakeStaking();
  s.addValidator(V, 1000n);
  s.delegate(E, testAddress(99), 5n * E18); // a delegation to a validator that is not bonded
  assert.deepEqual(tally(s, [v(V, [VoteOption.YES, "1"]), v(E, [VoteOption.NO, "1"]), v(testAddress(98), [VoteOption.NO, "1"])]), {
    passes: true,
    burn: false,
    yes: "1000",
    abstain: "0",
    no: "0",
    veto: "0",
  });
});

test("an operator voting counts its self-delegation once, through its delegation, and its delegators' remainder", () => {
  const s = new FakeStaking();
  s.addValidator(V, 600n);
  s.delegate(V, V, 100n * E18); // the operator's self-delegation
  s.delegate(D, V, 200n * E18);
  s.addValidator(W, 400n);
  s.delegate(W, W, 400n * E18);
  // V yes: its self-delegation 100 (delegation loop) + the 300 of delegators who did not vote (validator
  // loop); D no: 200. W silent. Power voting 600 of 1000 meets quorum; yes 400 / 600 passes.
  assert.deepEqual(tally(s, [v(V, [VoteOption.YES, "1"]), v(D, [VoteOption.NO, "1"])]), {
    passes: true,
    burn: false,
    yes: "400",
    abstain: "0",
    no: "200",
    veto: "0",
  });
  // W's operator votes no with all of its 400; V's delegator-less remainder stays with V.
  assert.deepEqual(tally(s, [v(V, [VoteOption.YES, "1"]), v(W, [VoteOption.NO, "1"])]), {
    passes: true,
    burn: false,
    yes: "600",
    abstain: "0",
    no: "400",
    veto: "0",
  });
});
