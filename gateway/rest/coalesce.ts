// Identical queries answered by one call to the app. At most one call per key (method, request
// bytes, requested height) is in flight; identical requests that arrive meanwhile wait for the
// next call, which is sent when the one in flight finishes and is shared by everyone who joined
// it. A request only ever joins a call that has not been sent yet, so each answer is computed by
// the app after the request arrived: the answer any request gets is one the app could have given
// it alone (nothing older, no cache). Many clients polling the same balance or params cost the app
// one query per round trip instead of one each.
//
// Clients that got their answers together send their next requests together. A key answered less
// than HOT_MS ago therefore sends its next call on the event loop's next turn (setImmediate)
// rather than at once, so that the requests read from other connections in the same turn join it:
// sent at once, the first of them would go alone while the rest waited a whole call behind it.
// Any other key sends at once, as a single request gains nothing from waiting.

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

/** How long after an answer a key counts as polled: its next call gathers for one turn. */
export const HOT_MS = 5;

interface KeyState<T> {
  inFlight: boolean;
  /** The batch gathering requests: sent when the call in flight finishes, or on the next turn. */
  next: Batch<T> | undefined;
  /** Drops the key once it has been idle for HOT_MS. */
  expiry: NodeJS.Timeout | undefined;
}

export class Coalescer<T> {
  private readonly keys = new Map<string, KeyState<T>>();

  /** `run`'s answer for this request: a new call, or the next call for the same key. */
  call(key: string, run: () => Promise<T>): Promise<T> {
    const state = this.keys.get(key);
    if (!state) {
      const first = batch(run);
      const fresh: KeyState<T> = { inFlight: false, next: first, expiry: undefined };
      this.keys.set(key, fresh);
      this.sendNext(key, fresh);
      return first.promise;
    }
    if (state.next) return state.next.promise;
    state.next = batch(run);
    if (!state.inFlight) {
      // Answered less than HOT_MS ago: gather this turn's requests first.
      clearTimeout(state.expiry);
      state.expiry = undefined;
      setImmediate(() => this.sendNext(key, state));
    }
    return state.next.promise;
  }

  /** Keys with a call in flight or answered less than HOT_MS ago (for tests). */
  get size(): number {
    return this.keys.size;
  }

  private sendNext(key: string, state: KeyState<T>): void {
    const b = state.next;
    if (!b) {
      // Nothing joined while the last call was out: the key stays hot for a moment, then goes.
      state.expiry = setTimeout(() => {
        if (!state.inFlight && !state.next) this.keys.delete(key);
      }, HOT_MS);
      state.expiry.unref();
      return;
    }
    state.next = undefined;
    state.inFlight = true;
    let started: Promise<T>;
    try {
      started = b.run();
    } catch (err) {
      started = Promise.reject(err);
    }
    started.then(b.resolve, b.reject).finally(() => {
      state.inFlight = false;
      this.sendNext(key, state);
    });
  }
}
