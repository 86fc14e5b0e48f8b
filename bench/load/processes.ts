// Child processes and temp dirs of a benchmark, all torn down on the way out, even on failure
// or Ctrl-C: every spawned process and created directory is registered here.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface Proc {
  name: string;
  child: ChildProcess;
  exited: Promise<void>;
  logFile: string;
}

const procs = new Set<Proc>();
const dirs = new Set<string>();
let keepDirs = false;

export function keepTempDirs(keep: boolean): void {
  keepDirs = keep;
}

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.add(dir);
  return dir;
}

/** Removes a temp dir now (unless --keep), instead of at the end of the whole benchmark. */
export function releaseTempDir(dir: string): void {
  if (keepDirs) return;
  fs.rmSync(dir, { recursive: true, force: true });
  dirs.delete(dir);
}

/** Node flags for our app's process from the environment (APP_NODE_ARGS, space-separated), e.g. "--trace-gc". */
export function appNodeArgsFromEnv(): string[] {
  return process.env.APP_NODE_ARGS?.split(" ").filter((a) => a !== "") ?? [];
}

export function startProcess(name: string, command: string, args: string[], logFile: string, env: NodeJS.ProcessEnv = {}): Proc {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, "a");
  const child = spawn(command, args, { stdio: ["ignore", out, out], env: { ...process.env, ...env } });
  fs.closeSync(out);
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const proc = { name, child, exited, logFile };
  procs.add(proc);
  void exited.then(() => procs.delete(proc));
  return proc;
}

export function isRunning(p: Proc): boolean {
  return p.child.exitCode === null && p.child.signalCode === null;
}

/** SIGTERM (or `signal`), then SIGKILL if the process is still there after `graceMs`. */
export async function stopProcess(p: Proc, signal: NodeJS.Signals = "SIGTERM", graceMs = 10_000): Promise<void> {
  if (!isRunning(p)) return;
  p.child.kill(signal);
  const timer = setTimeout(() => {
    if (isRunning(p)) p.child.kill("SIGKILL");
  }, graceMs);
  await p.exited;
  clearTimeout(timer);
}

/** CPU seconds (user + system) a live process has used so far, from /proc; undefined elsewhere. */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields after the command name start at index 3 (state); utime and stime are fields 14 and 15.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/** One thread's scheduler times so far, from /proc/<pid>/task/<tid>/schedstat. */
export interface ThreadSchedstat {
  tid: number;
  /** ns spent running on a CPU. */
  onCpuNs: number;
  /** ns spent runnable but waiting on a run queue. */
  waitNs: number;
}

/**
 * The scheduler times of every thread of a live process (or of its thread `tid` alone); threads
 * that end while they are read are left out. Undefined when the process (or that thread) cannot
 * be read, e.g. off Linux.
 */
export function threadSchedstats(pid: number, tid?: number): ThreadSchedstat[] | undefined {
  let tids: string[];
  try {
    tids = tid === undefined ? fs.readdirSync(`/proc/${pid}/task`) : [String(tid)];
  } catch {
    return undefined;
  }
  const out: ThreadSchedstat[] = [];
  for (const t of tids) {
    let fields: string[];
    try {
      fields = fs.readFileSync(`/proc/${pid}/task/${t}/schedstat`, "utf8").split(" ");
    } catch {
      if (tid !== undefined) return undefined;
      continue; // the thread ended meanwhile
    }
    out.push({ tid: Number(t), onCpuNs: Number(fields[0]), waitNs: Number(fields[1]) });
  }
  return out;
}

/** Resident memory of a live process now and at its peak, in bytes, from /proc; undefined elsewhere. */
export function processMemory(pid: number | undefined): { rssBytes: number; peakBytes: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status)?.[1]);
    const rss = kb("VmRSS");
    const peak = kb("VmHWM");
    return Number.isFinite(rss) && Number.isFinite(peak) ? { rssBytes: rss * 1024, peakBytes: peak * 1024 } : undefined;
  } catch {
    return undefined;
  }
}

/** Busy CPU seconds of the whole machine (all cores, all processes) so far, from /proc/stat. */
export function machineBusySeconds(): number | undefined {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    const [, ...fields] = line.trim().split(/\s+/);
    // user nice system idle iowait irq softirq, in USER_HZ (100 per second).
    const [user, nice, system, , , irq, softirq] = fields.map(Number);
    return (user! + nice! + system! + irq! + softirq!) / 100;
  } catch {
    return undefined;
  }
}

/** A main thread's scheduler times over a window, in seconds (mainThreadWindow). */
export interface MainThreadUse {
  /** Wall time of the window. */
  spanS: number;
  /** On a CPU. */
  runningS: number;
  /** Runnable, but waiting on a run queue for a CPU that other threads (of any process) held. */
  waitingS: number;
}

/**
 * The scheduler times of a process's main thread (its tid is its pid: a Node process's event
 * loop, where its JavaScript runs) from now until the returned function is called. What is
 * neither running nor waiting is idle, waiting for input. Undefined where /proc has no schedstat.
 */
export function mainThreadWindow(proc: Proc): () => MainThreadUse | undefined {
  const pid = proc.child.pid;
  const read = () => (pid === undefined ? undefined : threadSchedstats(pid, pid)?.[0]);
  const before = read();
  const t0 = process.hrtime.bigint();
  return () => {
    const after = read();
    if (before === undefined || after === undefined) return undefined;
    return {
      spanS: Number(process.hrtime.bigint() - t0) / 1e9,
      runningS: (after.onCpuNs - before.onCpuNs) / 1e9,
      waitingS: (after.waitNs - before.waitNs) / 1e9,
    };
  };
}

/** CPU seconds used over a window (cpuWindow). */
export interface CpuUse {
  processes: Record<string, number | undefined>;
  loadClient: number;
  restOfMachine: number | undefined;
}

/**
 * CPU seconds used from now until the returned function is called: by each named process, by
 * this process (the load client), and by everything else on the machine (a noisy-neighbour
 * check: other work on the cores shows up there; |x| < 0.5 s is /proc tick noise). A process
 * that exited meanwhile reads undefined.
 */
export function cpuWindow(procs: Record<string, Proc>): () => CpuUse {
  const before = Object.fromEntries(Object.entries(procs).map(([k, p]) => [k, processCpuSeconds(p.child.pid)]));
  const self0 = process.cpuUsage();
  const machine0 = machineBusySeconds();
  return () => {
    const processes: Record<string, number | undefined> = {};
    for (const [k, p] of Object.entries(procs)) {
      const now = processCpuSeconds(p.child.pid);
      processes[k] = now !== undefined && before[k] !== undefined ? now - before[k]! : undefined;
    }
    const self = process.cpuUsage(self0);
    const loadClient = (self.user + self.system) / 1e6;
    const machine1 = machineBusySeconds();
    const accounted = Object.values(processes).reduce<number>((a, b) => a + (b ?? 0), loadClient);
    return { processes, loadClient, restOfMachine: machine0 !== undefined && machine1 !== undefined ? machine1 - machine0 - accounted : undefined };
  };
}

export function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

export async function cleanupAll(): Promise<void> {
  await Promise.all([...procs].map((p) => stopProcess(p, "SIGKILL", 1_000)));
  for (const dir of dirs) {
    if (keepDirs) console.error(`kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
  dirs.clear();
}

let installed = false;
/** On Ctrl-C or SIGTERM: kill the children, remove the temp dirs, exit 130. */
export function cleanupOnSignals(): void {
  if (installed) return;
  installed = true;
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.on(sig, () => {
      void cleanupAll().finally(() => process.exit(130));
    });
  }
}
