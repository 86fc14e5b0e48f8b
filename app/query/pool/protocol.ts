// Messages between the query pool (app thread) and its workers (app/queryWorker.ts).

/** What a worker is started with. */
export interface QueryWorkerData {
  /** The node's state database, opened read-only. */
  dbPath: string;
}

export type ToWorker =
  /** Answer `path` at `height` (0 = latest). One at a time per worker. */
  | { kind: "query"; id: number; path: string; request: Uint8Array; height: number }
  /** The caller gave up: stop at the next chance (long queries check their signal). */
  | { kind: "cancel"; id: number };

export type FromWorker =
  | { kind: "ready" }
  /** The worker cannot serve (its database would not open): the pool reports it and does not retry at once. */
  | { kind: "unusable"; message: string }
  | { kind: "answer"; id: number; response: Uint8Array; height: number }
  | { kind: "failed"; id: number; code: number; message: string };
