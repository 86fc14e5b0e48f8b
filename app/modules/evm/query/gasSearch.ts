// eth_estimateGas's search for the smallest gas limit with which a call succeeds, given that it
// succeeds at `cap` (the caller ran that first). The lower bound and the first guess above it are
// geth's estimator's; unlike geth's it does not stop within a tolerance, so the answer is exact:
//   1. No limit below the gas the run at the cap consumed (before refunds) lets the same execution
//      finish, so the search starts there; most calls need exactly that, and one run confirms it.
//   2. Otherwise (refunds, or callees held to 63/64 of the gas left) the need is usually just
//      above: (consumed + refund + the 2300 call stipend) x 64/63 is tried next.
//   3. If that is still short, steps above it double until one succeeds (needs are near the
//      consumption far more often than near the cap), then a binary search closes the bracket.
// About log2(consumed / 63) + 3 runs: 15 for a 100k-gas call, 21 near the 30M cap; a call that
// checks gasleft() against a far larger figure takes more (two logarithms of the distance).

export interface GasProbe {
  ok: boolean;
  /** Gas consumed before refunds. */
  gasConsumed: bigint;
  refund: bigint;
}

/** Runs the call with a gas limit; resolves whether it succeeded. */
export type RunWithGas = (gasLimit: bigint) => Promise<boolean>;

/** The lowest gas limit in minimumGas..cap with which `run` succeeds; `atCap` is the successful run at `cap`. */
export async function lowestSufficientGas(run: RunWithGas, minimumGas: bigint, cap: bigint, atCap: GasProbe): Promise<bigint> {
  // Invariant: lo fails (or is below the minimum), hi succeeds.
  let lo = (atCap.gasConsumed > minimumGas ? atCap.gasConsumed : minimumGas) - 1n;
  let hi = cap;
  if (lo + 1n >= hi) return hi;
  if (await run(lo + 1n)) return lo + 1n;
  lo += 1n;
  const optimistic = ((atCap.gasConsumed + atCap.refund + 2300n) * 64n) / 63n;
  let step = optimistic > lo ? optimistic - lo : 1n;
  while (lo + step < hi) {
    if (await run(lo + step)) {
      hi = lo + step;
      break;
    }
    lo += step;
    step *= 2n;
  }
  while (lo + 1n < hi) {
    const mid = (lo + hi) / 2n;
    if (await run(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
