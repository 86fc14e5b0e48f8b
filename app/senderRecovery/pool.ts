// Worker threads that recover the senders of Ethereum txs ahead of their CheckTx
// (common/ethereum/ethTx.ts, decodeAhead): while the app's thread checks one tx, the next ones'
// ECDSA recoveries (most of a new Ethereum tx's CheckTx) run on other cores. A recovery that
// cannot be had here (no thread alive, too many waiting, the pool closed) answers undefined at
// once, and CheckTx recovers the sender itself, so the pool never holds a CheckTx back.
import { Worker } from "node:worker_threads";
import type { Logger } from "pino";
import type { RecoveredSender, SenderKeySource } from "../../common/ethereum/ethTx.js";
import type { RecoveryAnswer, RecoveryRequest } from "./protocol.js";

export interface SenderRecoveryPoolOptions {
  /** Worker threads; at least 1. */
  size: number;
  /** The compiled worker module (worker.ts) or its bundle. */
  workerUrl: URL;
  logger: Logger;
  /** Recoveries waiting at once, across the threads; past it, CheckTx recovers on its own. */
  maxWaiting?: number;
  /** A thread whose oldest recovery waits longer is stopped and replaced (its CheckTx requests recover on their own). */
  stallMs?: number;
}

const DEFAULT_MAX_WAITING = 4096;
/** A recovery takes well under a millisecond; one still unanswered after this, the thread is stuck. */
const DEFAULT_STALL_MS = 2_000;
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;

interface Thread {
  worker: Worker;
  /** Answers awaited from this thread, by request id, oldest first, with when each was asked. */
  waiting: Map<number, { resolve: (recovered: RecoveredSender | undefined) => void; askedAt: number }>;
}

export class SenderRecoveryPool implements SenderKeySource {
  private readonly threads: Thread[] = [];
  private nextId = 1;
  private waitingCount = 0;
  private closed = false;
  private restartDelayMs = FIRST_RESTART_DELAY_MS;
  private readonly restartTimers = new Set<NodeJS.Timeout>();
  /** Looks for stuck threads, so a CheckTx never waits on one for long. */
  private readonly watchdog: NodeJS.Timeout;

  constructor(private readonly options: SenderRecoveryPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) throw new RangeError(`sender recovery pool size must be a positive integer, got ${options.size}`);
    for (let i = 0; i < options.size; i++) this.spawn();
    const stallMs = options.stallMs ?? DEFAULT_STALL_MS;
    this.watchdog = setInterval(() => this.stopStuck(stallMs), Math.max(10, stallMs / 2));
    this.watchdog.unref();
  }

  /** Threads alive now. */
  get size(): number {
    return this.threads.length;
  }

  recover(bytes: Uint8Array, chainId: bigint): Promise<RecoveredSender | undefined> {
    const thread = this.leastBusy();
    if (thread === undefined || this.waitingCount >= (this.options.maxWaiting ?? DEFAULT_MAX_WAITING)) return Promise.resolve(undefined);
    const id = this.nextId++;
    return new Promise((resolve) => {
      thread.waiting.set(id, { resolve, askedAt: performance.now() });
      this.waitingCount++;
      const req: RecoveryRequest = { id, bytes, chainId };
      thread.worker.postMessage(req);
    });
  }

  /** Stops the threads; recoveries still waiting answer undefined. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watchdog);
    for (const timer of this.restartTimers) clearTimeout(timer);
    this.restartTimers.clear();
    const threads = this.threads.splice(0);
    for (const t of threads) this.abandon(t);
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private leastBusy(): Thread | undefined {
    let best: Thread | undefined;
    for (const t of this.threads) if (best === undefined || t.waiting.size < best.waiting.size) best = t;
    return best;
  }

  private spawn(): void {
    if (this.closed) return;
    const worker = new Worker(this.options.workerUrl);
    const thread: Thread = { worker, waiting: new Map() };
    this.threads.push(thread);
    worker.on("message", (answer: RecoveryAnswer) => {
      const asked = thread.waiting.get(answer.id);
      if (asked === undefined) return;
      thread.waiting.delete(answer.id);
      this.waitingCount--;
      this.restartDelayMs = FIRST_RESTART_DELAY_MS;
      asked.resolve(answer.recovered);
    });
    worker.on("error", (err) => this.options.logger.error({ err }, "sender recovery thread failed"));
    worker.on("exit", (code) => this.onExit(thread, code));
  }

  private onExit(thread: Thread, code: number): void {
    const at = this.threads.indexOf(thread);
    if (at < 0) return; // closed on purpose
    this.threads.splice(at, 1);
    this.abandon(thread);
    const delay = this.restartDelayMs;
    this.restartDelayMs = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
    this.options.logger.warn({ code, restartInMs: delay }, "sender recovery thread exited; CheckTx recovers senders itself until another starts");
    const timer = setTimeout(() => {
      this.restartTimers.delete(timer);
      this.spawn();
    }, delay);
    this.restartTimers.add(timer);
  }

  /** Stops a thread whose oldest recovery has waited `stallMs`; its exit starts another. */
  private stopStuck(stallMs: number): void {
    const now = performance.now();
    for (const thread of this.threads) {
      const oldest = thread.waiting.values().next().value;
      if (oldest === undefined || now - oldest.askedAt < stallMs) continue;
      this.options.logger.error({ waiting: thread.waiting.size, stallMs }, "a sender recovery thread stopped answering; stopping it");
      this.abandon(thread);
      void thread.worker.terminate();
    }
  }

  /** Its waiting recoveries answer undefined: their CheckTx recovers the senders itself. */
  private abandon(thread: Thread): void {
    for (const asked of thread.waiting.values()) asked.resolve(undefined);
    this.waitingCount -= thread.waiting.size;
    thread.waiting.clear();
  }
}
