// The life of a supervisor (`unitd start`, `unitd devnet start`): start the children, then run
// until the app or CometBFT dies or a stop signal comes, and stop them all. Exit code 0 only for a
// requested stop. API processes (REST, faucet, EVM JSON-RPC) are started with `restart: true`: the
// process group restarts them itself and never reports their exit here, so they cannot stop consensus.
import type { ProcessGroup } from "./processGroup.js";

/**
 * Runs `start` (given a promise that settles when starting should be abandoned), reports a failed
 * start, waits for a consensus child's failure or `stopRequested`, stops every child and returns the exit code.
 */
export async function supervise(
  group: ProcessGroup,
  stopRequested: Promise<string>,
  say: (line: string) => void,
  start: (interrupted: Promise<unknown>) => Promise<void>,
): Promise<number> {
  let stopSignal: string | undefined;
  void stopRequested.then((signal) => (stopSignal = signal));
  let started = true;
  try {
    await start(Promise.race([group.failed, stopRequested]));
  } catch (err) {
    started = false;
    if (!stopSignal) say(`start failed: ${(err as Error).message}`);
  }
  const outcome = stopSignal
    ? { signal: stopSignal }
    : started
      ? await Promise.race([group.failed.then((reason) => ({ reason })), stopRequested.then((signal) => ({ signal }))])
      : { reason: "start failed" };
  if ("signal" in outcome) say(`${outcome.signal}: stopping (send it again to kill)`);
  await group.stopAll();
  return "reason" in outcome ? 1 : 0;
}

/**
 * Resolves with the first of SIGINT, SIGTERM or SIGHUP; any later one calls `again`. The handlers
 * stay installed for the supervisor's life so no signal can kill it with children left behind.
 */
export function onStopSignals(again: () => void): Promise<string> {
  let first = true;
  return new Promise((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      process.on(signal, () => {
        if (first) {
          first = false;
          resolve(signal);
        } else again();
      });
    }
  });
}
