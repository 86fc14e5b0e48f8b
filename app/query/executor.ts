// Where a query method runs. The gRPC server and ABCI Query both hand each call to one
// QueryExecutor: in the app's own thread over its store (InProcessExecutor: module tests, tools,
// stores without a file), or in worker threads over read-only connections (pool.ts), so no
// query can hold the event loop that executes blocks. A few methods bound their own runs and
// are answered on the app's thread while it is not busy (inlineGate.ts), the workers' hops saved.
import type { QueryMethod } from "./service.js";
import { committedView, type CommittedState } from "./committedView.js";
import { QUERY_BUSY_FAULT_MS, queryBusyFault } from "./faults.js";
import { InlineGate, InlineLimitError } from "./inlineGate.js";

export interface QueryAnswer {
  response: Uint8Array;
  /** The height the answer was read at (a request for 0 gets the latest). */
  height: number;
}

export interface QueryExecutor {
  /** Answers `method` at `height` (0 = latest); fails with a QueryError (or an error grpcStatusOf maps). */
  execute(method: QueryMethod, request: Uint8Array, height: number, signal?: AbortSignal): Promise<QueryAnswer>;
}

export class InProcessExecutor implements QueryExecutor {
  constructor(private readonly state: CommittedState) {}

  /** `inline`: the app's thread answers between its other work, within the method's inline limits (inlineGate.ts). */
  async execute(method: QueryMethod, request: Uint8Array, height: number, signal?: AbortSignal, inline = false): Promise<QueryAnswer> {
    const { view, height: at } = committedView(this.state, height);
    // The fault stands for the costliest queries: past any inline limit.
    if (inline && QUERY_BUSY_FAULT_MS > 0) throw new InlineLimitError("UNIT_FAULT_QUERY_BUSY_MS");
    queryBusyFault();
    const ctx = { state: view, height: at, ...(signal ? { signal } : {}), ...(inline ? { inline } : {}) };
    return { response: await method.handleAsync(request, ctx), height: at };
  }
}

/**
 * Runs what it can in the worker pool, the rest (methods that read the app's own state) here. With
 * a gate, a method that can answer inline is answered here while the gate admits it, and goes to
 * the pool when the gate does not or when its inline run goes over its limits.
 */
export class PooledExecutor implements QueryExecutor {
  constructor(
    private readonly pool: { run(path: string, request: Uint8Array, height: number, signal?: AbortSignal): Promise<QueryAnswer> },
    private readonly inProcess: InProcessExecutor,
    /** Undefined: every query that does not read the app's state goes to the pool. */
    readonly gate: InlineGate | undefined,
  ) {}

  execute(method: QueryMethod, request: Uint8Array, height: number, signal?: AbortSignal): Promise<QueryAnswer> {
    if (method.readsAppState) return this.inProcess.execute(method, request, height, signal);
    if (method.answersInline && this.gate?.admits()) return this.inline(this.gate, method, request, height, signal);
    return this.pool.run(method.path, request, height, signal);
  }

  private async inline(gate: InlineGate, method: QueryMethod, request: Uint8Array, height: number, signal?: AbortSignal): Promise<QueryAnswer> {
    try {
      return await gate.run(() => this.inProcess.execute(method, request, height, signal, true));
    } catch (err) {
      if (!(err instanceof InlineLimitError)) throw err;
      return this.pool.run(method.path, request, height, signal);
    }
  }
}
