// Where CometBFT's ABCI socket clients' writer goroutines are while a load runs, from goroutine
// dumps of its pprof server (rpc.pprof_laddr). The stock socket client's flush timer re-arms every
// 20 ns while a writer is not waiting in its select (RESULTS.md, rounds 31 and 34): this tells
// whether the writers are then writing or waiting for a thread. Each dump costs CometBFT CPU, so
// a sampled run is a diagnosis, not a throughput figure.

/** What the dumps held: each writer goroutine by where it was, and the timer's own goroutines. */
export interface GoroutineTally {
  dumps: number;
  /** Writer goroutines (`sendRequestsRoutine`) seen, by place: "waiting in its select", ... */
  writers: Map<string, number>;
  /** Goroutines running the flush timer's `fireRoutine`, summed over the dumps. */
  timerGoroutines: number;
}

const WRITER_FRAME = "(*socketClient).sendRequestsRoutine";
const TIMER_FRAME = "(*ThrottleTimer).fireRoutine";

export function emptyTally(): GoroutineTally {
  return { dumps: 0, writers: new Map(), timerGoroutines: 0 };
}

/** Adds one `/debug/pprof/goroutine?debug=2` dump to `tally`. */
export function tallyGoroutineDump(text: string, tally: GoroutineTally): void {
  tally.dumps++;
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.trim().split("\n");
    const header = /^goroutine \d+ \[([^\],]+)/.exec(lines[0] ?? "");
    if (!header) continue;
    if (block.includes(TIMER_FRAME)) tally.timerGoroutines++;
    if (!block.includes(WRITER_FRAME)) continue;
    const place = writerPlace(header[1]!, lines[1] ?? "");
    tally.writers.set(place, (tally.writers.get(place) ?? 0) + 1);
  }
}

/** A writer's place from its state and top frame. */
function writerPlace(state: string, topFrame: string): string {
  if (state === "select") return "waiting in its select";
  if (state === "syscall" || topFrame.startsWith("syscall.") || topFrame.startsWith("internal/runtime/syscall")) return "in a system call";
  if (state === "runnable") return "runnable: woken, not yet on a thread";
  if (state === "running") return "running";
  return `blocked: ${state}`;
}

/** Dumps CometBFT's goroutines every `intervalMs` for `seconds` and tallies them. */
export async function sampleCometGoroutines(pprofUrl: string, seconds: number, intervalMs = 10): Promise<GoroutineTally> {
  const tally = emptyTally();
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const res = await fetch(`${pprofUrl}/debug/pprof/goroutine?debug=2`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`CometBFT's pprof server answered ${res.status} for a goroutine dump`);
    tallyGoroutineDump(await res.text(), tally);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return tally;
}

/** The tally as a Markdown table, the commonest place first. */
export function formatGoroutineTally(tally: GoroutineTally): string {
  const total = [...tally.writers.values()].reduce((a, b) => a + b, 0);
  const rows = [...tally.writers].sort((a, b) => b[1] - a[1]);
  const pct = (n: number) => (total === 0 ? "-" : `${((100 * n) / total).toFixed(1)} %`);
  return [
    `${tally.dumps} goroutine dumps; writer goroutines seen ${total} times; the flush timer's goroutines ${tally.timerGoroutines} times`,
    "",
    "| the ABCI socket clients' writer goroutine | seen | share |",
    "| --- | ---: | ---: |",
    ...rows.map(([place, n]) => `| ${place} | ${n} | ${pct(n)} |`),
  ].join("\n");
}
