// Where a query method runs. The gRPC server and ABCI Query both hand each call to one
// QueryExecutor: in the app's own thread over its store (InProcessExecutor: module tests, tools,
// stores without a file), or in worker threads over read-only connections (pool.ts), so no
// query can hold the event loop that executes blocks.
import type { QueryMethod } from "./service.js";
import { committedView, type CommittedState } from "./committedView.js";
import { queryBusyFault } from "./faults.js";

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

  async execute(method: QueryMethod, request: Uint8Array, height: number, signal?: AbortSignal): Promise<QueryAnswer> {
    const { view, height: at } = committedView(this.state, height);
    queryBusyFault();
    return { response: await method.handleAsync(request, { state: view, height: at, ...(signal ? { signal } : {}) }), height: at };
  }
}

/** Runs what it can in the worker pool, the rest (methods that read the app's own state) here. */
export class PooledExecutor implements QueryExecutor {
  constructor(
    private readonly pool: { run(path: string, request: Uint8Array, height: number, signal?: AbortSignal): Promise<QueryAnswer> },
    private readonly inProcess: QueryExecutor,
  ) {}

  execute(method: QueryMethod, request: Uint8Array, height: number, signal?: AbortSignal): Promise<QueryAnswer> {
    if (method.readsAppState) return this.inProcess.execute(method, request, height, signal);
    return this.pool.run(method.path, request, height, signal);
  }
}
