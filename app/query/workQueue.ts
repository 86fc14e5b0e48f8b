// At most a few long queries of one kind at once, the rest waiting in arrival order, and a bounded
// wait list: beyond it a query is refused at once (RESOURCE_EXHAUSTED) instead of piling up
// memory and answering after its caller gave up. Running more at once would not answer sooner:
// they share one event loop, so each would only take longer (and hit its time budget).
import { GrpcCode } from "../../common/errors.js";
import { QueryError } from "../../common/grpc/queryError.js";

export interface WorkQueueOptions {
  /** What runs, for the refusal: "eth_call and eth_estimateGas executions". */
  what: string;
  maxRunning: number;
  maxWaiting: number;
}

export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: WorkQueueOptions) {
    if (!(options.maxRunning >= 1 && options.maxWaiting >= 0)) throw new RangeError("a work queue runs at least one task and waits for none or more");
  }

  /** Queries running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `work` when its turn comes; a caller that cancels while waiting leaves the line. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.admit(signal);
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private admit(signal: AbortSignal | undefined): Promise<void> | void {
    const { what, maxRunning, maxWaiting } = this.options;
    if (signal?.aborted) throw cancelled();
    if (this.running < maxRunning && this.waiting.length === 0) {
      this.running++;
      return;
    }
    if (this.waiting.length >= maxWaiting) {
      throw new QueryError(GrpcCode.RESOURCE_EXHAUSTED, `too many ${what} at once (${this.running} running, ${this.waiting.length} waiting): retry later`);
    }
    return new Promise((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener("abort", leave);
        this.running++;
        resolve();
      };
      const leave = () => {
        const at = this.waiting.indexOf(start);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(cancelled());
      };
      this.waiting.push(start);
      signal?.addEventListener("abort", leave, { once: true });
    });
  }
}

function cancelled(): QueryError {
  return new QueryError(GrpcCode.CANCELLED, "the query was cancelled by its caller");
}
