// Which query's budget a query VM spends: the slot lives apart from the VM hooks
// (budgetedExecution.ts) so that holding one does not load the EVM's code (vmLoader.ts).
import type { QueryBudget } from "../../../query/budget.js";

/** What the VM's hooks call: a QueryBudget, or a BudgetSlot that hands on to the running query's. */
export type Ticker = Pick<QueryBudget, "tick" | "check">;

/**
 * The budget of whichever query runs on a VM now: a VM kept for several queries (queryRuntimes.ts)
 * is hooked once, to this slot, and each query puts its own budget in for its runs.
 */
export class BudgetSlot implements Ticker {
  private current: Ticker | undefined;

  use(budget: Ticker | undefined): void {
    this.current = budget;
  }

  tick(): Promise<void> | undefined {
    return this.running().tick();
  }

  check(): Promise<void> | undefined {
    return this.running().check();
  }

  private running(): Ticker {
    // A VM between queries runs nothing; if it did, it would be unbudgeted, so refuse instead.
    if (this.current === undefined) throw new Error("a query VM ran without a budget");
    return this.current;
  }
}
