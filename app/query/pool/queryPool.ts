// Worker threads that answer queries over read-only connections to the state database, so that
// however many queries arrive and however long they take, the thread that executes blocks only
// posts messages. Bounds:
//   - concurrency: one query per worker at a time, `size` workers;
//   - waiting: at most `maxWaiting` queries queue, in arrival order; past that a query is refused at
//     once (RESOURCE_EXHAUSTED) instead of piling up memory and answering after its caller left;
//   - time: a query still running after `timeoutMs` is stopped by terminating its worker (a
//     synchronous walk over every account cannot be interrupted any other way), the caller gets
//     DEADLINE_EXCEEDED and a fresh worker takes the dead one's place.
// A worker that dies on its own is replaced too, after a backoff, and its query fails with
// UNAVAILABLE; nothing a query does reaches the app's thread.
import { Worker } from "node:worker_threads";
import type { Logger } from "pino";
import { GrpcCode } from "../../../common/errors.js";
import { QueryError } from "../../../common/grpc/queryError.js";
import type { QueryAnswer } from "../executor.js";
import type { FromWorker, QueryWorkerData, ToWorker } from "./protocol.js";
import { ownedCopy } from "../../store/bytes.js";

export interface QueryPoolOptions {
  /** The worker's entry module (app/queryWorker.ts, compiled). */
  workerUrl: URL;
  workerData: QueryWorkerData;
  size: number;
  /** Longest a query may run before its worker is terminated. */
  timeoutMs: number;
  maxWaiting: number;
  logger: Logger;
}

interface Job {
  id: number;
  path: string;
  request: Uint8Array;
  height: number;
  signal: AbortSignal | undefined;
  resolve: (answer: QueryAnswer) => void;
  reject: (err: Error) => void;
  /** The caller has its answer (or its error): whatever the worker says later is dropped. */
  settled: boolean;
  /** The abort listener while the job waits or runs, removed once it is settled. */
  onAbort?: () => void;
}

const FIRST_RESTART_DELAY_MS = 100;
const MAX_RESTART_DELAY_MS = 5_000;

/** One worker thread and the query it runs. */
class Slot {
  worker: Worker | undefined;
  ready = false;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
  restartTimer: NodeJS.Timeout | undefined;
  restartDelayMs = FIRST_RESTART_DELAY_MS;
}

export class QueryPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;
  private firstReady: { resolve: () => void; reject: (err: Error) => void } | undefined;

  constructor(private readonly options: QueryPoolOptions) {
    if (!(Number.isSafeInteger(options.size) && options.size >= 1)) throw new RangeError(`query workers must be a positive integer, got ${options.size}`);
    if (!(options.timeoutMs > 0)) throw new RangeError(`query timeout must be positive, got ${options.timeoutMs}`);
    if (!(options.maxWaiting >= 0)) throw new RangeError(`waiting queries must be zero or more, got ${options.maxWaiting}`);
  }

  /** Starts the workers; resolves once one is ready, rejects if one finds it cannot serve at all. */
  start(): Promise<void> {
    const ready = new Promise<void>((resolve, reject) => (this.firstReady = { resolve, reject }));
    for (let i = 0; i < this.options.size; i++) {
      const slot = new Slot();
      this.slots.push(slot);
      this.spawn(slot);
    }
    return ready;
  }

  /** Queries running and waiting now. */
  get load(): { running: number; waiting: number; ready: number } {
    return {
      running: this.slots.filter((s) => s.job !== undefined).length,
      waiting: this.waiting.length,
      ready: this.slots.filter((s) => s.ready).length,
    };
  }

  /** Answers the query method at `path` at `height` (0 = latest) in a worker. */
  run(path: string, request: Uint8Array, height: number, signal?: AbortSignal): Promise<QueryAnswer> {
    if (this.closed) return Promise.reject(new QueryError(GrpcCode.UNAVAILABLE, "the node is shutting down"));
    if (signal?.aborted) return Promise.reject(cancelled());
    return new Promise((resolve, reject) => {
      const job: Job = { id: this.nextId++, path, request: exactBytes(request), height, signal, resolve, reject, settled: false };
      const idle = this.slots.find((s) => s.ready && s.job === undefined);
      if (idle) return this.assign(idle, job);
      if (this.waiting.length >= this.options.maxWaiting) {
        const { running, waiting } = this.load;
        return reject(new QueryError(GrpcCode.RESOURCE_EXHAUSTED, `too many queries at once (${running} running, ${waiting} waiting): retry later`));
      }
      this.waiting.push(job);
      this.listen(job, () => {
        const at = this.waiting.indexOf(job);
        if (at >= 0) this.waiting.splice(at, 1);
        this.settle(job, undefined, cancelled());
      });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) this.settle(job, undefined, new QueryError(GrpcCode.UNAVAILABLE, "the node is shutting down"));
    await Promise.all(
      this.slots.map(async (slot) => {
        clearTimeout(slot.timer);
        clearTimeout(slot.restartTimer);
        if (slot.job) this.settle(slot.job, undefined, new QueryError(GrpcCode.UNAVAILABLE, "the node is shutting down"));
        const worker = slot.worker;
        slot.worker = undefined;
        await worker?.terminate();
      }),
    );
  }

  private spawn(slot: Slot): void {
    if (this.closed) return;
    const worker = new Worker(this.options.workerUrl, { workerData: this.options.workerData });
    slot.worker = worker;
    slot.ready = false;
    worker.on("message", (msg: FromWorker) => this.onMessage(slot, worker, msg));
    worker.on("error", (err) => {
      if (slot.worker === worker) this.options.logger.error({ err }, "query worker failed");
    });
    worker.on("exit", (code) => this.onExit(slot, worker, code));
  }

  private onMessage(slot: Slot, worker: Worker, msg: FromWorker): void {
    if (slot.worker !== worker) return;
    switch (msg.kind) {
      case "ready":
        slot.ready = true;
        slot.restartDelayMs = FIRST_RESTART_DELAY_MS;
        this.firstReady?.resolve();
        this.firstReady = undefined;
        this.dispatch(slot);
        return;
      case "unusable": {
        const err = new Error(`query worker cannot serve: ${msg.message}`);
        if (this.firstReady) {
          this.firstReady.reject(err);
          this.firstReady = undefined;
        } else this.options.logger.error({ err }, "query worker cannot serve");
        return;
      }
      case "answer":
      case "failed": {
        const job = slot.job;
        if (job === undefined || job.id !== msg.id) return;
        clearTimeout(slot.timer);
        slot.job = undefined;
        if (msg.kind === "answer") this.settle(job, { response: msg.response, height: msg.height });
        else this.settle(job, undefined, new QueryError(msg.code as GrpcCode, msg.message));
        this.dispatch(slot);
        return;
      }
    }
  }

  private onExit(slot: Slot, worker: Worker, code: number): void {
    if (slot.worker !== worker) return; // terminated on purpose and already replaced
    if (this.firstReady && !slot.ready) {
      // At start a worker that cannot even load is a broken install, not bad luck: fail the start.
      this.firstReady.reject(new Error(`a query worker exited (code ${code}) before it was ready`));
      this.firstReady = undefined;
    }
    slot.worker = undefined;
    slot.ready = false;
    clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = undefined;
    if (job)
      this.settle(job, undefined, new QueryError(GrpcCode.UNAVAILABLE, `the query worker stopped (exit code ${code}) while answering ${job.path}: retry`));
    if (this.closed) return;
    const delay = slot.restartDelayMs;
    slot.restartDelayMs = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
    this.options.logger.warn({ code, restartInMs: delay }, "query worker exited; starting another");
    slot.restartTimer = setTimeout(() => this.spawn(slot), delay);
  }

  /** Gives the slot the next waiting query, if it is free. */
  private dispatch(slot: Slot): void {
    if (!slot.ready || slot.job !== undefined) return;
    const job = this.waiting.shift();
    if (job) this.assign(slot, job);
  }

  private assign(slot: Slot, job: Job): void {
    slot.job = job;
    const message: ToWorker = { kind: "query", id: job.id, path: job.path, request: job.request, height: job.height };
    slot.worker!.postMessage(message);
    this.listen(job, () => {
      if (slot.job !== job) return;
      // The worker stays busy until the query notices (or its time runs out); the caller is told now.
      slot.worker?.postMessage({ kind: "cancel", id: job.id } satisfies ToWorker);
      this.settle(job, undefined, cancelled());
    });
    slot.timer = setTimeout(() => this.timeOut(slot, job), this.options.timeoutMs);
    slot.timer.unref();
  }

  private timeOut(slot: Slot, job: Job): void {
    if (slot.job !== job) return;
    const seconds = this.options.timeoutMs / 1000;
    this.settle(
      job,
      undefined,
      new QueryError(
        GrpcCode.DEADLINE_EXCEEDED,
        `query ${job.path} ran longer than ${seconds}s and was stopped: ask for less (a smaller pagination.limit, pagination.key instead of offset, count_total off)`,
      ),
    );
    this.options.logger.warn({ path: job.path, timeoutMs: this.options.timeoutMs }, "query ran out of time; replacing its worker");
    const worker = slot.worker;
    slot.worker = undefined;
    slot.ready = false;
    slot.job = undefined;
    void worker?.terminate();
    // Not a fault of the worker: no backoff.
    this.spawn(slot);
  }

  /**
   * Cancels the job when its caller aborts. One listener at a time, removed when the job settles:
   * gRPC signals abort on many calls after they were answered, and a listener left behind would
   * build a cancellation error (with its stack) for every one of them.
   */
  private listen(job: Job, onAbort: () => void): void {
    if (!job.signal) return;
    if (job.onAbort) job.signal.removeEventListener("abort", job.onAbort);
    job.onAbort = onAbort;
    job.signal.addEventListener("abort", onAbort, { once: true });
  }

  private settle(job: Job, answer: QueryAnswer | undefined, err?: Error): void {
    if (job.settled) return;
    job.settled = true;
    if (job.onAbort) job.signal?.removeEventListener("abort", job.onAbort);
    job.onAbort = undefined;
    if (err) job.reject(err);
    else job.resolve(answer!);
  }
}

function cancelled(): QueryError {
  return new QueryError(GrpcCode.CANCELLED, "the query was cancelled by its caller");
}

/**
 * `bytes` over a buffer of its own size: posting a view to a worker copies the view's whole
 * buffer (a socket read's chunk, say), and a waiting job would keep that chunk alive.
 */
export function exactBytes(bytes: Uint8Array): Uint8Array {
  // ownedCopy, not slice(): a Buffer's slice is another view of the same memory.
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : ownedCopy(bytes);
}
