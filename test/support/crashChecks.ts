// What the crash tests look for in CometBFT's log, and how many rounds they must run: kept apart
// so a unit test can show each check fails on the lines it exists to catch.

/**
 * Lines CometBFT writes when the app diverged or failed consensus: a header whose app hash or
 * results hash is not the app's (state/validation.go), a replay that ends on another app hash
 * (consensus/replay.go), and the panic handler of the consensus state machine
 * ("CONSENSUS FAILURE!!!", consensus/state.go), which any of them can end in.
 */
export const CONSENSUS_FAILURE = /wrong Block\.Header\.(AppHash|LastResultsHash)|AppHash does not match|app hash mismatch|CONSENSUS FAILURE/i;

/**
 * The errors CometBFT's ABCI socket client stops with when the connection to the app breaks
 * (abci/client/socket_client.go); an exception the app answered with carries none of them.
 */
const APP_CONNECTION_LOST = /err="[^"]*\b(read message|write to buffer|flush buffer): /;

/**
 * The first line of `log` that reports a consensus failure, if any. One failure is expected where
 * the tests kill the app: an ABCI call under way (FinalizeBlock, Commit, ProcessProposal) fails
 * because the app's socket closed, and CometBFT halts with "CONSENSUS FAILURE!!!" and that error.
 * It is excused only when the error is the broken connection and nothing in the line says the
 * app diverged.
 */
export function consensusFailureLine(log: string): string | undefined {
  return log.split("\n").find((line) => {
    if (!CONSENSUS_FAILURE.test(line)) return false;
    const diverged = /wrong Block\.Header|AppHash does not match|app hash mismatch/i.test(line);
    return diverged || !APP_CONNECTION_LOST.test(line);
  });
}

/**
 * Fewer rounds than this cannot be relied on to kill the app inside a block (so replay would go
 * untested), and a test of zero rounds passes without testing anything.
 */
export const MIN_CRASH_ROUNDS = 3;

/** CRASH_ROUNDS: a whole number of at least MIN_CRASH_ROUNDS, default 5; anything else is refused. */
export function crashRounds(value: string | undefined): number {
  if (value === undefined || value === "") return 5;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < MIN_CRASH_ROUNDS) throw new Error(`CRASH_ROUNDS must be a whole number of at least ${MIN_CRASH_ROUNDS}, got "${value}"`);
  return n;
}
