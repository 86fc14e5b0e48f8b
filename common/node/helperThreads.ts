// Worker threads that do work the app's thread could do itself, only sooner: sender recovery ahead
// of CheckTx, the state hash's element hashes. Every request answers the worker's answer or, when
// none can be had (no thread alive, too many waiting, a thread stuck past its deadline, the pool
// closed), undefined, and the caller then does the work itself. So a helper never holds the node
// back and never decides a result: determinism rests on the caller's own code path.
import { Worker, type Transferable } from "node:worker_threads";
import type { Logger } from "pino";

/** What a helper thread is posted: the request's fields and its id. */
export type HelperRequest<R> = R & { id: number };
/** What a helper thread answers: the answer's fields and the request's id. */
export type HelperAnswer<A> = A & { id: number };

export interface HelperThreadsOptions {
  /** Worker threads; at least 1. */
  size: number;
  /** The compiled worker module or its bundle. */
  workerUrl: URL;
  logger: Logger;
  /** What the threads do, for logs: "sender recovery", "state hash". */
  name: string;
  /** Who does the work while no thread is alive, for logs: "CheckTx recovers senders itself". */
  fallback: string;
  /** Requests waiting at once, across the threads; past it, a request answers undefined at once. */
  maxWaiting?: number;
  /**
   * A request its thread has worked on this long without answering (its time starts when the
   * thread starts it, after the requests before it) has the thread stopped and replaced; a request
   * may allow longer.
   */
  stallMs?: number;
}

const DEFAULT_MAX_WAITING = 4096;
const DEFAULT_STALL_MS = 2_000;
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;

interface Asked<A> {
  resolve: (answer: A | undefined) => void;
  /** How long the thread may take over it once it starts it. */
  allowMs: number;
  /**
   * performance.now() past which the thread counts as stuck; Infinity while requests asked before
   * it wait: a thread answers in order, so a request's time starts when the one before is answered.
   */
  deadline: number;
}

interface Thread<A> {
  worker: Worker;
  /** Answers awaited from this thread, by request id, oldest first. */
  waiting: Map<number, Asked<A>>;
}

export class HelperThreads<R extends object, A extends object> {
  private readonly threads: Thread<A>[] = [];
  private nextId = 1;
  private waitingCount = 0;
  private closed = false;
  private restartDelayMs = FIRST_RESTART_DELAY_MS;
  private readonly restartTimers = new Set<NodeJS.Timeout>();
  /**
   * Threads stopped as stuck, out of the pool until they exit. Their replacement starts only then,
   * so a thread that terminate() cannot stop (stuck in native code) is never joined by another.
   */
  private readonly stopping = new Set<Thread<A>>();
  /** Looks for stuck threads, so no caller waits on one for long. */
  private readonly watchdog: NodeJS.Timeout;
  private readonly watchEveryMs: number;
  /** When the watchdog last looked. */
  private lastWatch = performance.now();

  constructor(private readonly options: HelperThreadsOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) throw new RangeError(`${options.name} pool size must be a positive integer, got ${options.size}`);
    for (let i = 0; i < options.size; i++) this.spawn();
    this.watchEveryMs = Math.max(10, (options.stallMs ?? DEFAULT_STALL_MS) / 2);
    this.watchdog = setInterval(() => this.stopStuck(), this.watchEveryMs);
    this.watchdog.unref();
  }

  /** Threads alive now. */
  get size(): number {
    return this.threads.length;
  }

  /**
   * Posts `request` to the least busy thread (`transfer`: buffers it takes over). `allowMs`, longer
   * than the pool's stall time for a large request, is how long it may take before the thread is stuck.
   */
  ask(request: R, options: { transfer?: readonly Transferable[]; allowMs?: number } = {}): Promise<A | undefined> {
    const thread = this.leastBusy();
    if (thread === undefined || this.waitingCount >= (this.options.maxWaiting ?? DEFAULT_MAX_WAITING)) return Promise.resolve(undefined);
    const id = this.nextId++;
    const allowMs = Math.max(options.allowMs ?? 0, this.options.stallMs ?? DEFAULT_STALL_MS);
    const message: HelperRequest<R> = { ...request, id };
    return new Promise((resolve) => {
      try {
        thread.worker.postMessage(message, options.transfer);
      } catch (err) {
        // A request that cannot be posted (one the structured clone refuses) is the caller's to do.
        this.options.logger.error({ err }, `a ${this.options.name} request could not be posted`);
        resolve(undefined);
        return;
      }
      thread.waiting.set(id, { resolve, allowMs, deadline: thread.waiting.size === 0 ? performance.now() + allowMs : Infinity });
      this.waitingCount++;
    });
  }

  /** Stops the threads; requests still waiting answer undefined. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watchdog);
    for (const timer of this.restartTimers) clearTimeout(timer);
    this.restartTimers.clear();
    const threads = [...this.threads.splice(0), ...this.stopping];
    this.stopping.clear();
    for (const t of threads) this.abandon(t);
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private leastBusy(): Thread<A> | undefined {
    let best: Thread<A> | undefined;
    for (const t of this.threads) if (best === undefined || t.waiting.size < best.waiting.size) best = t;
    return best;
  }

  private spawn(): void {
    if (this.closed) return;
    const worker = new Worker(this.options.workerUrl);
    const thread: Thread<A> = { worker, waiting: new Map() };
    this.threads.push(thread);
    worker.on("message", (answer: HelperAnswer<A>) => {
      const asked = thread.waiting.get(answer.id);
      if (asked === undefined) return;
      thread.waiting.delete(answer.id);
      this.waitingCount--;
      this.restartDelayMs = FIRST_RESTART_DELAY_MS;
      startNext(thread.waiting.values(), performance.now());
      asked.resolve(answer);
    });
    worker.on("error", (err) => this.options.logger.error({ err }, `${this.options.name} thread failed`));
    worker.on("exit", (code) => this.onExit(thread, code));
  }

  private onExit(thread: Thread<A>, code: number): void {
    if (this.stopping.delete(thread)) return this.restartLater({ code }, "was stopped");
    const at = this.threads.indexOf(thread);
    if (at < 0) return; // closed on purpose
    this.threads.splice(at, 1);
    this.abandon(thread);
    this.restartLater({ code }, "exited");
  }

  /** Starts a thread in place of one that exited, after a delay that doubles while none answers. */
  private restartLater(details: object, what: string): void {
    if (this.closed) return;
    const delay = this.restartDelayMs;
    this.restartDelayMs = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
    this.options.logger.warn({ ...details, restartInMs: delay }, `${this.options.name} thread ${what}; ${this.options.fallback} until another starts`);
    const timer = setTimeout(() => {
      this.restartTimers.delete(timer);
      this.spawn();
    }, delay);
    this.restartTimers.add(timer);
  }

  /**
   * Stops a thread with a request past its deadline. After a long synchronous stretch of the app's
   * thread (a genesis's fold), answers that came meanwhile still wait unread, as timers run before
   * the loop reads messages: a thread that looks stuck is judged again once they have been read,
   * on the requests overdue now. The stretch is also added to every deadline, as the threads had
   * to share the machine with it. A stuck thread leaves the pool at once: new requests go elsewhere.
   */
  private stopStuck(): void {
    const now = performance.now();
    const late = now - this.lastWatch - this.watchEveryMs;
    this.lastWatch = now;
    if (late > 0) for (const thread of this.threads) for (const asked of thread.waiting.values()) asked.deadline += late;
    if (!this.threads.some((t) => pastDeadline(t.waiting.values(), now))) return;
    setImmediate(() => {
      for (const thread of [...this.threads]) {
        if (!pastDeadline(thread.waiting.values(), now)) continue;
        this.options.logger.error({ waiting: thread.waiting.size }, `a ${this.options.name} thread stopped answering; stopping it`);
        this.threads.splice(this.threads.indexOf(thread), 1);
        this.abandon(thread);
        this.stopping.add(thread);
        void thread.worker.terminate();
      }
    });
  }

  /** Its waiting requests answer undefined: their callers do the work themselves. */
  private abandon(thread: Thread<A>): void {
    for (const asked of thread.waiting.values()) asked.resolve(undefined);
    this.waitingCount -= thread.waiting.size;
    thread.waiting.clear();
  }
}

/** The oldest request still waiting starts its time now, if it has not started already. */
function startNext(waiting: Iterable<{ allowMs: number; deadline: number }>, now: number): void {
  for (const asked of waiting) {
    if (asked.deadline === Infinity) asked.deadline = now + asked.allowMs;
    return;
  }
}

function pastDeadline(waiting: Iterable<{ deadline: number }>, now: number): boolean {
  for (const asked of waiting) if (now >= asked.deadline) return true;
  return false;
}
