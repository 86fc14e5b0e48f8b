// The state-size report: one row per run of each workload and size, each compared with the
// reference size's run of the same workload in the same run, then the medians and the goal line.
import { median } from "../stats.js";
import type { SizeRow, Workload } from "./row.js";

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const seconds = (ms: number | undefined) => (ms === undefined ? "-" : fmt(ms / 1000, 1));
const mib = (bytes: number) => fmt(bytes / 2 ** 20);
/** Within 20 % of the reference: at least 80 % of its rate. */
const GOAL_RATIO = 0.8;

export function printSizeRows(rows: readonly SizeRow[], reference: number): void {
  console.log(
    "| workload | accounts added at genesis | run | committed / signed | blocks | **tx/s** | / reference | start-up to height 2, s | InitChain, s | CPU µs per tx: app / CometBFT | app RSS after load / peak, MiB | load avg (1 min) |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const r of rows) {
    const ref = rows.find((x) => x.workload === r.workload && x.run === r.run && x.accounts === reference);
    const ratio = ref ? `${fmt((100 * r.txPerSecond) / ref.txPerSecond, 1)} %` : "-";
    const memory = r.appMemory ? `${mib(r.appMemory.rssBytes)} / ${mib(r.appMemory.peakBytes)}` : "-";
    const us = (name: string) => (r.cpuPerTxUs[name] === undefined ? "-" : fmt(r.cpuPerTxUs[name]!));
    console.log(
      `| ${r.workload} | ${fmt(r.accounts)} | ${r.run} | ${fmt(r.committed)} / ${fmt(r.signed)} | ${r.blocks} | **${fmt(r.txPerSecond)}** | ${ratio} | ${seconds(r.startupMs)} | ${seconds(r.initChainMs)} | ${us("app")} / ${us("cometbft")} | ${memory} | ${fmt(r.loadAverage, 1)} |`,
    );
  }
  for (const r of rows) for (const p of r.problems) console.log(`\n${r.workload}, ${fmt(r.accounts)} accounts, run ${r.run}: ${p}`);
}

/** Prints the medians and the goal line; returns whether every workload met it. */
export function printSizeGoal(rows: readonly SizeRow[], sizes: readonly number[]): boolean {
  const [reference, ...others] = sizes;
  const workloads = [...new Set(rows.map((r) => r.workload))] as Workload[];
  const verdicts: string[] = [];
  let met = true;
  console.log();
  for (const w of workloads) {
    const rate = (n: number) => {
      const xs = rows.filter((r) => r.workload === w && r.accounts === n).map((r) => r.txPerSecond);
      return xs.length > 0 ? median(xs) : undefined;
    };
    const ref = rate(reference!);
    for (const n of others) {
      const big = rate(n);
      if (ref === undefined || big === undefined) continue;
      const ratio = big / ref;
      const ok = ratio >= GOAL_RATIO;
      met &&= ok;
      verdicts.push(`${w} ${fmt(100 * ratio, 1)} %: ${ok ? "met" : "not met"}`);
      console.log(`- ${w}: ${fmt(n)} accounts **${fmt(big)} tx/s**, ${fmt(reference!)} accounts ${fmt(ref)} tx/s (medians): **${fmt(100 * ratio, 1)} %**`);
    }
  }
  const failed = rows.some((r) => r.problems.length > 0);
  console.log(
    `\nGoal: with ${others.map((n) => fmt(n)).join(", ")} funded accounts in state, within 20 % of the same run with ${fmt(reference!)} accounts (>= ${100 * GOAL_RATIO} %): ${verdicts.join("; ")}; **${met && !failed ? "met" : "not met"}**${failed ? " (some runs had problems, listed above)" : ""}.`,
  );
  return met && !failed;
}
