// How much of the app's one event loop the EVM's queries may take. eth_call and eth_estimateGas
// run the VM in the process that serves CometBFT's ABCI connections: a call that burns 30M gas in
// a JUMP loop computes for about 1 s on a real node, an estimate repeats such runs. So each query
// computes in slices that take turns with consensus and with each other, on a compute budget
// (app/query/budget.ts), and only a few run at once (app/query/workQueue.ts). Logs scans too.
import { GrpcCode } from "../../../../common/errors.js";
import { QueryBudget } from "../../../query/budget.js";
import { InlineLimitError } from "../../../query/inlineGate.js";
import { INLINE_MEMORY_BYTES } from "../tx/inlineGuards.js";
import { QueryError } from "../../../../common/grpc/queryError.js";
import { WorkQueue } from "../../../query/workQueue.js";

/** Longest an eth_call, or all the runs of one eth_estimateGas, may compute: geth's RPCEVMTimeout. */
export const CALL_TIMEOUT_MS = 5_000;
/** Longest one logs query may compute. */
export const LOGS_TIMEOUT_MS = 5_000;
/** Executions (or logs scans) at once: enough that short calls are not stuck behind a long one. */
export const MAX_RUNNING_QUERIES = 4;
/** Queries waiting for a turn before new ones are refused (RESOURCE_EXHAUSTED). */
export const MAX_WAITING_QUERIES = 256;

/** geth's words for a call stopped at its timeout: "execution aborted (timeout = 5s)"; a query's failure, never a tx's, so no registered code. */
export function executionTimedOut(timeoutMs: number): QueryError {
  return new QueryError(GrpcCode.RESOURCE_EXHAUSTED, `execution aborted (timeout = ${seconds(timeoutMs)})`);
}

export function callBudget(signal?: AbortSignal, timeoutMs = CALL_TIMEOUT_MS): QueryBudget {
  return new QueryBudget({ timeoutMs, signal, timedOut: () => executionTimedOut(timeoutMs) });
}

/**
 * Longest an eth_call runs on the app's own thread (app/query/inlineGate.ts) before a query
 * worker answers it instead. A balanceOf takes 0.2-0.4 ms; the rest is room for a collector's
 * pause or the thread losing its core (2 ms handed one call in 300 on to the workers for those
 * alone, bench/RESULTS.md round 42). Not above the budget's slice (SLICE_MS), the most a budgeted
 * query holds the thread at once, so an inline call never pauses: it ends, or goes over and is
 * handed on.
 */
export const INLINE_CALL_MS = 5;
/** The most call data and access list an inline call takes: the memory an inline frame may use. */
export const INLINE_CALL_BYTES = INLINE_MEMORY_BYTES;

export function inlineCallBudget(signal?: AbortSignal, timeoutMs = INLINE_CALL_MS): QueryBudget {
  return new QueryBudget({ timeoutMs, signal, everyTick: true, timedOut: () => new InlineLimitError(`more than ${timeoutMs} ms of execution`) });
}

export function logsBudget(signal?: AbortSignal, timeoutMs = LOGS_TIMEOUT_MS): QueryBudget {
  return new QueryBudget({
    timeoutMs,
    signal,
    timedOut: () =>
      new QueryError(
        GrpcCode.RESOURCE_EXHAUSTED,
        `the logs query ran out of time (timeout = ${seconds(timeoutMs)}): narrow the block range, or the filter's addresses and topics`,
      ),
  });
}

/** The queues of one app: EVM executions (eth_call, eth_estimateGas) and logs scans apart. */
export interface EvmQueryQueues {
  executions: WorkQueue;
  logs: WorkQueue;
}

export function evmQueryQueues(): EvmQueryQueues {
  return {
    executions: new WorkQueue({ what: "eth_call and eth_estimateGas executions", maxRunning: MAX_RUNNING_QUERIES, maxWaiting: MAX_WAITING_QUERIES }),
    logs: new WorkQueue({ what: "logs queries", maxRunning: MAX_RUNNING_QUERIES, maxWaiting: MAX_WAITING_QUERIES }),
  };
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}
