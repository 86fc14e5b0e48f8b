// Summarises a V8 .cpuprofile (what `node --cpu-prof` writes): self time per function and
// inclusive time per function, restricted to a time window when given.
import fs from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileRow {
  name: string;
  ms: number;
  pct: number;
}

export interface ProfileSummary {
  /** Sampled time in the window, idle excluded. */
  busyMs: number;
  windowMs: number;
  self: ProfileRow[];
  inclusive: ProfileRow[];
  byFile: ProfileRow[];
}

function label(node: ProfileNode, root: string): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? shortUrl(url, root) : "";
  return `${functionName || "(anonymous)"}${file ? ` ${file}:${lineNumber + 1}` : ""}`;
}

function shortUrl(url: string, root: string): string {
  const p = url.startsWith("file://") ? url.slice(7) : url;
  if (p.startsWith(root)) return path.relative(root, p);
  const nm = p.lastIndexOf("node_modules/");
  return nm >= 0 ? p.slice(nm) : p;
}

/**
 * `fromUs`/`toUs`: the window in CLOCK_MONOTONIC µs, the clock V8 stamps profiles with and
 * `process.hrtime` reads (the same across processes on Linux); default the whole profile.
 * `top`: rows per table.
 */
export function summariseCpuProfile(file: string, root: string, opts: { fromUs?: number; toUs?: number; top?: number } = {}): ProfileSummary {
  const prof = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  let t = prof.startTime;
  const from = opts.fromUs ?? prof.startTime;
  const to = opts.toUs ?? Infinity;
  for (let i = 0; i < prof.samples.length; i++) {
    t += prof.timeDeltas[i] ?? 0;
    // Each sample stands for the interval up to the next one.
    const dt = prof.timeDeltas[i + 1] ?? 0;
    if (t < from || t > to) continue;
    selfUs.set(prof.samples[i]!, (selfUs.get(prof.samples[i]!) ?? 0) + dt);
  }
  const rootDir = root.endsWith("/") ? root : root + "/";
  let busyUs = 0;
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  const files = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    const name = label(node, rootDir);
    if (node.callFrame.functionName === "(idle)") continue;
    busyUs += us;
    self.set(name, (self.get(name) ?? 0) + us);
    const file = node.callFrame.url ? shortUrl(node.callFrame.url, rootDir) : node.callFrame.functionName;
    files.set(file, (files.get(file) ?? 0) + us);
    // Inclusive: each distinct function on the stack once.
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur)!;
      if (n.callFrame.functionName === "(root)") continue;
      const l = label(n, rootDir);
      if (seen.has(l)) continue;
      seen.add(l);
      incl.set(l, (incl.get(l) ?? 0) + us);
    }
  }
  const top = opts.top ?? 20;
  const rows = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, pct: (100 * us) / Math.max(1, busyUs) }));
  const windowMs = (Math.min(to, prof.endTime) - Math.max(from, prof.startTime)) / 1000;
  return { busyMs: busyUs / 1000, windowMs, self: rows(self), inclusive: rows(incl), byFile: rows(files) };
}

export function printProfile(title: string, s: ProfileSummary): void {
  console.log(`\n### ${title}\n`);
  console.log(
    `busy ${s.busyMs.toFixed(0)} ms of ${s.windowMs.toFixed(0)} ms sampled (${((100 * s.busyMs) / Math.max(1, s.windowMs)).toFixed(0)} % of one core)\n`,
  );
  for (const [what, rows] of [
    ["self time", s.self],
    ["inclusive time", s.inclusive],
    ["self time by file", s.byFile],
  ] as const) {
    console.log(`| ${what} | ms | % of busy |`);
    console.log(`| --- | ---: | ---: |`);
    for (const r of rows) console.log(`| \`${r.name.replace(/\|/g, "\\|")}\` | ${r.ms.toFixed(0)} | ${r.pct.toFixed(1)} |`);
    console.log();
  }
}
