// The load generator shared by every app under test: pre-encoded broadcast_tx_sync bodies in
// lanes (one lane per sender), sent over keep-alive HTTP with bounded concurrency. Within a lane
// txs go strictly in order: a lane's next tx is sent only after CometBFT answered the previous
// one, i.e. after the app's CheckTx accepted it into the mempool. Each worker owns a fixed set of
// lanes and serves them round-robin, so no lane is ever in flight twice.
import { RpcClient } from "./rpc.js";

export interface LoadOptions {
  /** Requests in flight at once (= workers); at most the number of lanes. */
  concurrency: number;
  /** Stop sending new txs after this many ms (txs already sent still count). */
  maxMs: number;
  /** Called once per rejected tx (first few only are kept by the caller). */
  onReject?: (lane: number, index: number, why: string) => void;
}

export interface LoadResult {
  sent: number;
  accepted: number;
  rejected: number;
  /** Lanes that stopped early because one of their txs was rejected. */
  deadLanes: number;
  /** "mempool is full" answers, each retried after a short pause. */
  mempoolFullRetries: number;
  /** Wall time (Date.now() ms) of the first request and when the last answer arrived. */
  startMs: number;
  endMs: number;
  stoppedByTime: boolean;
  /** broadcast_tx_sync round trips of accepted txs, in ms. */
  latenciesMs: Float64Array;
  /** When each of those answers arrived (Date.now() ms), in the same order. */
  acceptedAtMs: Float64Array;
  /** Per lane, how many of its txs were accepted (they are a prefix of the lane). */
  acceptedPerLane: Int32Array;
}

const MEMPOOL_FULL = /mempool is full/i;

export async function runLoad(client: RpcClient, lanes: readonly Buffer[][], opts: LoadOptions): Promise<LoadResult> {
  const workers = Math.max(1, Math.min(opts.concurrency, lanes.length));
  const total = lanes.reduce((n, l) => n + l.length, 0);
  const latencies = new Float64Array(total);
  const acceptedAt = new Float64Array(total);
  let sent = 0;
  let accepted = 0;
  let rejected = 0;
  let deadLanes = 0;
  let retries = 0;
  let stoppedByTime = false;
  const acceptedPerLane = new Int32Array(lanes.length);
  const startMs = Date.now();
  const deadline = startMs + opts.maxMs;

  async function worker(w: number): Promise<void> {
    const mine: { lane: number; next: number }[] = [];
    for (let l = w; l < lanes.length; l += workers) if (lanes[l]!.length > 0) mine.push({ lane: l, next: 0 });
    let i = 0;
    while (mine.length > 0) {
      if (Date.now() >= deadline) {
        stoppedByTime = true;
        return;
      }
      i %= mine.length;
      const cursor = mine[i]!;
      const body = lanes[cursor.lane]![cursor.next]!;
      const t0 = performance.now();
      let answer: Awaited<ReturnType<RpcClient["broadcast"]>>;
      try {
        answer = await client.broadcast(body);
      } catch (err) {
        // A transport failure leaves the tx's fate unknown; the lane stops so its order holds.
        rejected++;
        deadLanes++;
        opts.onReject?.(cursor.lane, cursor.next, `transport: ${(err as Error).message}`);
        mine.splice(i, 1);
        continue;
      }
      const dt = performance.now() - t0;
      if (answer.error) {
        const why = `${answer.error.message}: ${answer.error.data ?? ""}`;
        if (MEMPOOL_FULL.test(why)) {
          retries++;
          await new Promise((r) => setTimeout(r, 20));
          continue; // same tx again, order kept
        }
        rejected++;
        deadLanes++;
        opts.onReject?.(cursor.lane, cursor.next, `rpc error ${why}`);
        mine.splice(i, 1);
        continue;
      }
      sent++;
      if ((answer.result?.code ?? 0) !== 0) {
        rejected++;
        deadLanes++;
        opts.onReject?.(cursor.lane, cursor.next, `code ${answer.result!.code} (${answer.result!.codespace}): ${answer.result!.log}`);
        mine.splice(i, 1);
        continue;
      }
      acceptedAt[accepted] = Date.now();
      latencies[accepted++] = dt;
      cursor.next++;
      acceptedPerLane[cursor.lane] = cursor.next;
      if (cursor.next >= lanes[cursor.lane]!.length) mine.splice(i, 1);
      else i++;
    }
  }

  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return {
    sent,
    accepted,
    rejected,
    deadLanes,
    mempoolFullRetries: retries,
    startMs,
    endMs: Date.now(),
    stoppedByTime,
    latenciesMs: latencies.subarray(0, accepted),
    acceptedAtMs: acceptedAt.subarray(0, accepted),
    acceptedPerLane,
  };
}

export interface CommitWatch {
  /** Heights after `fromHeight` that hold txs, with their metadata. */
  blocks: { height: number; timeMs: number; numTxs: number }[];
  committed: number;
  /** Wall time (Date.now() ms) at which the poller first saw all expected txs committed. */
  doneMs: number | undefined;
}

/**
 * Polls the chain until `expected` txs were committed in blocks above `fromHeight`, or until no
 * new tx was committed for `idleMs`. Returns every block above `fromHeight` seen so far.
 */
export async function waitForCommits(
  client: RpcClient,
  fromHeight: number,
  expected: () => number,
  isLoadDone: () => boolean,
  idleMs: number,
): Promise<CommitWatch & { all: { height: number; timeMs: number; numTxs: number }[] }> {
  const all: { height: number; timeMs: number; numTxs: number }[] = [];
  let scanned = fromHeight;
  let committed = 0;
  let lastProgress = Date.now();
  let doneMs: number | undefined;
  let loadDoneSeen = false;
  for (;;) {
    if (!loadDoneSeen && isLoadDone()) {
      loadDoneSeen = true;
      lastProgress = Math.max(lastProgress, Date.now());
    }
    let latest: number;
    try {
      latest = await client.latestHeight();
    } catch {
      latest = scanned; // RPC busy under load; try again
    }
    if (latest > scanned) {
      const metas = await client.blockMetas(scanned + 1, latest);
      for (const m of metas) {
        all.push(m);
        if (m.numTxs > 0) lastProgress = Date.now();
        committed += m.numTxs;
      }
      scanned = latest;
    }
    if (loadDoneSeen && committed >= expected()) {
      doneMs = Date.now();
      break;
    }
    if (loadDoneSeen && Date.now() - lastProgress > idleMs) break;
    await new Promise((r) => setTimeout(r, 150));
  }
  return { all, blocks: all.filter((b) => b.numTxs > 0), committed, doneMs };
}
