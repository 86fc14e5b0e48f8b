// Where a load's block interval goes: each block's cycle, from CometBFT deciding it to deciding
// the next, cut into phases (FinalizeBlock, Commit with the mempool's recheck, then 250 ms steps
// after Commit), and per phase the rate at which CheckTx admitted the load's txs, their
// broadcast round trip, and how many cores each process kept busy. The cores come from
// /proc/<pid>/task/*/schedstat (on-CPU ns per thread) sampled every 20 ms; the phases from
// CometBFT's info log; the admissions from the load client's answer times.
import type { BlockSteps } from "./cometLog.js";
import { threadSchedstats, type Proc } from "./processes.js";

interface CpuSample {
  atMs: number;
  /** On-CPU ns so far per watched process: all its threads, and its main thread alone. */
  total: number[];
  main: number[];
}

export interface CpuSampler {
  names: string[];
  /** Stops sampling (once; later calls only return the samples) and returns what was taken. */
  stop(): CpuSample[];
}

function onCpuNs(pid: number): { total: number; main: number } {
  const threads = threadSchedstats(pid) ?? [];
  return {
    total: threads.reduce((ns, t) => ns + t.onCpuNs, 0),
    main: threads.find((t) => t.tid === pid)?.onCpuNs ?? 0,
  };
}

/**
 * Samples the on-CPU time of the named processes and of this one (the load client) every
 * `intervalMs` until stopped (Linux only).
 */
export function sampleCpu(procs: Record<string, Proc>, intervalMs = 20): CpuSampler {
  const pids: Record<string, number> = {};
  for (const [name, p] of Object.entries(procs)) if (p.child.pid !== undefined) pids[name] = p.child.pid;
  pids["load client"] = process.pid;
  const names = Object.keys(pids);
  const samples: CpuSample[] = [];
  const take = () => {
    const now = names.map((n) => onCpuNs(pids[n]!));
    samples.push({ atMs: Date.now(), total: now.map((x) => x.total), main: now.map((x) => x.main) });
  };
  take();
  const timer = setInterval(take, intervalMs);
  let stopped = false;
  return {
    names,
    stop() {
      if (!stopped) {
        clearInterval(timer);
        take();
        stopped = true;
      }
      return samples;
    },
  };
}

export interface CyclePhase {
  phase: string;
  /** Mean length per block cycle, ms. */
  msPerBlock: number;
  admittedPerSecond: number;
  meanRoundTripMs: number;
  /** Cores busy per process (all threads), and its main thread's share of that. */
  cores: Record<string, { all: number; main: number }>;
}

const AFTER_COMMIT_STEPS_MS = [250, 500, 750];

/**
 * The phases of the cycles of blocks that carried load txs (the last such block has no next
 * block decided in the log, and is left out). `acceptedAtMs[i]` and `roundTripMs[i]` are the
 * answer time and round trip of the i-th accepted tx.
 */
export function blockCycle(
  blocks: readonly BlockSteps[],
  samples: readonly CpuSample[],
  names: readonly string[],
  acceptedAtMs: Float64Array,
  roundTripMs: Float64Array,
): CyclePhase[] {
  const labels = ["FinalizeBlock", "Commit and recheck", "0-250 ms after Commit", "250-500 ms", "500-750 ms", "750 ms on, to the next block"];
  const acc = labels.map(() => ({ ms: 0, admitted: 0, roundTrips: 0, cpuNs: names.map(() => 0), mainNs: names.map(() => 0), sampledMs: 0 }));
  let cycles = 0;
  for (let i = 0; i + 1 < blocks.length; i++) {
    const b = blocks[i]!;
    const next = blocks[i + 1]!;
    if (b.txs === 0 || b.executedMs === undefined || b.committedMs === undefined || next.height !== b.height + 1) continue;
    cycles++;
    const cuts = [b.decidedMs, b.executedMs, b.committedMs, ...AFTER_COMMIT_STEPS_MS.map((d) => b.committedMs! + d), next.decidedMs].map((t) =>
      Math.min(t, next.decidedMs),
    );
    for (let p = 0; p < labels.length; p++) {
      const [from, to] = [cuts[p]!, cuts[p + 1]!];
      if (to <= from) continue;
      const a = acc[p]!;
      a.ms += to - from;
      for (let k = 0; k < acceptedAtMs.length; k++)
        if (acceptedAtMs[k]! >= from && acceptedAtMs[k]! < to) {
          a.admitted++;
          a.roundTrips += roundTripMs[k]!;
        }
      // A sample interval counts toward the phase its midpoint falls in.
      for (let s = 1; s < samples.length; s++) {
        const [s0, s1] = [samples[s - 1]!, samples[s]!];
        const mid = (s0.atMs + s1.atMs) / 2;
        if (mid < from || mid >= to) continue;
        a.sampledMs += s1.atMs - s0.atMs;
        names.forEach((_, n) => {
          a.cpuNs[n]! += s1.total[n]! - s0.total[n]!;
          a.mainNs[n]! += s1.main[n]! - s0.main[n]!;
        });
      }
    }
  }
  return labels.map((phase, p) => {
    const a = acc[p]!;
    const cores = (ns: number) => (a.sampledMs > 0 ? ns / 1e6 / a.sampledMs : 0);
    return {
      phase,
      msPerBlock: cycles > 0 ? a.ms / cycles : 0,
      admittedPerSecond: a.ms > 0 ? (1000 * a.admitted) / a.ms : 0,
      meanRoundTripMs: a.admitted > 0 ? a.roundTrips / a.admitted : 0,
      cores: Object.fromEntries(names.map((name, n) => [name, { all: cores(a.cpuNs[n]!), main: cores(a.mainNs[n]!) }])),
    };
  });
}

/** The phases as a markdown table. */
export function printBlockCycle(title: string, phases: readonly CyclePhase[]): void {
  const names = Object.keys(phases[0]?.cores ?? {});
  console.log(`\n${title}\n`);
  console.log(`| phase | ms per block | txs admitted/s | mean round trip ms | ${names.map((n) => `cores: ${n} (main thread)`).join(" | ")} | cores, sum |`);
  console.log(`| --- | ---: | ---: | ---: | ${names.map(() => "---:").join(" | ")} | ---: |`);
  for (const p of phases) {
    const cells = names.map((n) => `${p.cores[n]!.all.toFixed(2)} (${p.cores[n]!.main.toFixed(2)})`);
    const sum = names.reduce((x, n) => x + p.cores[n]!.all, 0);
    console.log(
      `| ${p.phase} | ${p.msPerBlock.toFixed(0)} | ${Math.round(p.admittedPerSecond).toLocaleString("en-US")} | ${p.meanRoundTripMs.toFixed(1)} | ${cells.join(" | ")} | ${sum.toFixed(2)} |`,
    );
  }
}
