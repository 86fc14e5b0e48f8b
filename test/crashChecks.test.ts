// The crash test's own checks (test/support/crashChecks.ts), on CometBFT's real log lines: each must
// catch what it exists to catch, or the crash test passes when it should fail.
import { test } from "node:test";
import assert from "node:assert/strict";
import { consensusFailureLine, crashRounds, MIN_CRASH_ROUNDS } from "./support/crashChecks.js";

// As CometBFT v0.38 writes them (plain log format), from consensus/state.go, state/validation.go and consensus/replay.go.
const FAILURES = [
  'E[2025-01-01|12:00:00.000] CONSENSUS FAILURE!!!                         module=consensus err="precommit step; +2/3 prevoted for an invalid block" stack="goroutine 1 [running]:"',
  'E[2025-01-01|12:00:00.000] prevote step: consensus deems this block invalid; prevoting nil module=consensus err="wrong Block.Header.AppHash.  Expected 6A1B, got 9C2D"',
  'E[2025-01-01|12:00:00.000] prevote step: consensus deems this block invalid; prevoting nil module=consensus err="wrong Block.Header.LastResultsHash.  Expected E3B0, got 1F2A"',
  "panic: state.AppHash does not match AppHash after replay. Got 6A1B, expected 9C2D.",
];
const HEALTHY = [
  "I[2025-01-01|12:00:00.000] finalized block                              module=state height=12 num_txs_res=0 num_val_updates=0 block_app_hash=6A1B",
  "I[2025-01-01|12:00:00.000] ABCI Replay Blocks                           module=consensus appHeight=11 storeHeight=12 stateHeight=11",
  "I[2025-01-01|12:00:00.000] committed state                              module=state height=12 num_txs=0 app_hash=6A1B",
];

test("every way CometBFT reports a diverged app is caught, CONSENSUS FAILURE included", () => {
  for (const line of FAILURES) assert.equal(consensusFailureLine([...HEALTHY, line, ...HEALTHY].join("\n")), line);
});

test("a healthy node's log is not a failure", () => {
  assert.equal(consensusFailureLine(HEALTHY.join("\n")), undefined);
});

test("the halt a killed app causes is excused; a halt for any other reason is not", () => {
  // The app killed inside FinalizeBlock or Commit: the call fails on the closed socket.
  const killed = [
    // Both seen in a real run of test/crash.test.ts: one per app kill.
    'E[2025-01-01|12:00:00.000] CONSENSUS FAILURE!!!                         module=consensus err="failed to apply block; error read message: EOF" stack="goroutine 1"',
    'E[2025-01-01|12:00:00.000] CONSENSUS FAILURE!!!                         module=consensus err="failed to apply block; error commit failed for application: read message: EOF" stack="goroutine 57 [running]:\\nruntime/debug.Stack()"',
    'E[2025-01-01|12:00:00.000] CONSENSUS FAILURE!!!                         module=consensus err="failed to apply block; error flush buffer: write unix @->/tmp/app.sock: write: broken pipe" stack="goroutine 1"',
    'E[2025-01-01|12:00:00.000] CONSENSUS FAILURE!!!                         module=consensus err="state machine returned an error (read message: read tcp 127.0.0.1:5->127.0.0.1:26658: read: connection reset by peer) when calling ProcessProposal" stack=""',
  ];
  assert.equal(consensusFailureLine([...HEALTHY, ...killed].join("\n")), undefined);
  const notKilled = [
    // The app answered with an exception: its bug, not the test's kill.
    'E[2025-01-01|12:00:00.000] CONSENSUS FAILURE!!!                         module=consensus err="failed to apply block; error unexpected nil block" stack="goroutine 1"',
    // A lost connection and a divergence in one line is still a divergence.
    'E[2025-01-01|12:00:00.000] CONSENSUS FAILURE!!!                         module=consensus err="+2/3 committed an invalid block: wrong Block.Header.AppHash.  Expected 6A, got read message: 9C" stack=""',
  ];
  for (const line of notKilled) assert.equal(consensusFailureLine([...killed, line].join("\n")), line);
});

test("CRASH_ROUNDS: default 5; too few rounds, or not a number, is refused rather than passing untested", () => {
  assert.equal(crashRounds(undefined), 5);
  assert.equal(crashRounds(""), 5);
  assert.equal(crashRounds(String(MIN_CRASH_ROUNDS)), MIN_CRASH_ROUNDS);
  assert.equal(crashRounds("100"), 100);
  for (const bad of ["0", "2", "-1", "3.5", "abc", "1e400"]) assert.throws(() => crashRounds(bad), /CRASH_ROUNDS must be a whole number of at least 3/, bad);
});
