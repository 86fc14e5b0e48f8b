// Threads that hash a share of a large change set's entries (a full block's, a genesis's) while
// the app's thread hashes the rest (../sharedFold.ts). The accumulator is a sum, so the shares add
// up to what one thread would fold. A share that cannot be had answers undefined and the app's
// thread folds it itself, so the result never depends on the threads.
import type { Logger } from "pino";
import { HelperThreads } from "../../../common/node/helperThreads.js";
import { ACCUMULATOR_BYTES, StateAccumulator } from "../stateHash.js";
import { packEntries, type Entry, type FoldAnswer, type FoldRequest } from "./protocol.js";

/** What sharedFold.ts asks of the threads. */
export interface ElementFolder {
  /** Threads that take shares. */
  readonly size: number;
  /** The sum of the entries' element hashes, or undefined when it could not be had. */
  sum(entries: readonly Entry[]): Promise<StateAccumulator | undefined>;
}

export interface ElementFoldPoolOptions {
  /** Worker threads; at least 1. */
  size: number;
  /** The compiled worker module (worker.ts) or its bundle. */
  workerUrl: URL;
  logger: Logger;
}

/** An element hash takes ~7 µs here; a share may take ten times that per entry, after a start-up allowance, before its thread counts as stuck. */
const ALLOW_MS = 2_000;
const ALLOW_MS_PER_ENTRY = 0.07;

export class ElementFoldPool implements ElementFolder {
  private readonly threads: HelperThreads<FoldRequest, FoldAnswer>;

  private readonly logger: Logger;

  constructor(options: ElementFoldPoolOptions) {
    this.logger = options.logger;
    this.threads = new HelperThreads({ ...options, stallMs: ALLOW_MS, name: "state hash", fallback: "the app's thread hashes every entry" });
  }

  get size(): number {
    return this.threads.size;
  }

  /** Split into one part per thread; undefined unless every part came back. */
  async sum(entries: readonly Entry[]): Promise<StateAccumulator | undefined> {
    try {
      return await this.sumParts(entries);
    } catch (err) {
      this.logger.error({ err, entries: entries.length }, "a state hash share could not be sent; the app's thread hashes it");
      return undefined;
    }
  }

  private async sumParts(entries: readonly Entry[]): Promise<StateAccumulator | undefined> {
    const parts = Math.max(1, Math.min(this.threads.size, entries.length));
    const per = Math.ceil(entries.length / parts);
    const answers = await Promise.all(
      Array.from({ length: parts }, (_, i) => {
        const share = entries.slice(i * per, (i + 1) * per);
        const packed = packEntries(share);
        return this.threads.ask({ entries: packed, count: share.length }, { transfer: [packed], allowMs: ALLOW_MS + ALLOW_MS_PER_ENTRY * share.length });
      }),
    );
    const fold = StateAccumulator.empty().fold();
    for (const answer of answers) {
      if (answer?.sum?.byteLength !== ACCUMULATOR_BYTES) return undefined;
      fold.include(StateAccumulator.fromBytes(answer.sum));
    }
    return fold.done();
  }

  /** Stops the threads; shares still waiting answer undefined. */
  close(): Promise<void> {
    return this.threads.close();
  }
}
