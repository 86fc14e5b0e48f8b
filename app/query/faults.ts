// Fault injection for tests of query isolation: UNIT_FAULT_QUERY_BUSY_MS=N makes every query method
// compute (synchronously, without yielding) for N ms before it answers, wherever it runs: a stand-in
// for the most expensive queries. Never set on a real node; the app logs a warning when it is.
export const QUERY_BUSY_FAULT_MS = Number(process.env.UNIT_FAULT_QUERY_BUSY_MS ?? 0);

/** Spins for QUERY_BUSY_FAULT_MS (0: returns at once). */
export function queryBusyFault(): void {
  if (!(QUERY_BUSY_FAULT_MS > 0)) return;
  const until = performance.now() + QUERY_BUSY_FAULT_MS;
  while (performance.now() < until);
}
