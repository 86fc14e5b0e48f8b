// Identical queries answered by one call to the app. At most one call per key (method, request
// bytes, requested height) is in flight; identical requests that arrive meanwhile wait for the
// next call, which is sent when the one in flight finishes and is shared by everyone who joined
// it. A request only ever joins a call that has not been sent yet, so each answer is computed by
// the app after the request arrived: the answer any request gets is one the app could have given
// it alone (nothing older, no cache). Many clients polling the same balance or params cost the app
// one query per round trip instead of one each.

interface Batch<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(err: unknown): void;
  run: () => Promise<T>;
}

function batch<T>(run: () => Promise<T>): Batch<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject, run };
}

export class Coalescer<T> {
  /** Per key: the call in flight, and the batch waiting to be sent after it. */
  private readonly keys = new Map<string, { next: Batch<T> | undefined }>();

  /** `run`'s answer for this request: a new call, or the next call for the same key. */
  call(key: string, run: () => Promise<T>): Promise<T> {
    const entry = this.keys.get(key);
    if (entry) {
      entry.next ??= batch(run);
      return entry.next.promise;
    }
    const first = batch(run);
    const state = { next: undefined as Batch<T> | undefined };
    this.keys.set(key, state);
    this.send(key, state, first);
    return first.promise;
  }

  /** Keys with a call in flight (for tests). */
  get size(): number {
    return this.keys.size;
  }

  private send(key: string, state: { next: Batch<T> | undefined }, b: Batch<T>): void {
    let started: Promise<T>;
    try {
      started = b.run();
    } catch (err) {
      started = Promise.reject(err);
    }
    started.then(b.resolve, b.reject).finally(() => {
      const next = state.next;
      state.next = undefined;
      if (next) this.send(key, state, next);
      else this.keys.delete(key);
    });
  }
}
