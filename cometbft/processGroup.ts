// Runs a node's processes together: prefixes and files their output. When a consensus process (the
// app, CometBFT) dies unexpectedly it says which and why and reports the group failed, so the
// supervisor stops the others; when an API process (`restart: true`) dies it is started again after
// a growing delay and nothing else is touched: a REST crash must not stop a validator.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { DEFAULT_RESTART_BACKOFF, RestartBackoff, type BackoffPolicy } from "./restartBackoff.js";

/** How long after a consensus process dies the others' exits count as part of the same failure. */
const DEATH_WINDOW_MS = 300;

export interface ChildSpec {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /**
   * An API process (REST gateway, faucet, EVM JSON-RPC): restarted with backoff when it exits on its
   * own, while the others keep running. Without it the child's exit fails the whole group.
   */
  restart?: boolean;
  /** Output goes to the child's log file only, not to the terminal (CometBFT's log under `unitd start` in a terminal). */
  quiet?: boolean;
}

interface Running {
  spec: ChildSpec;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ProcessGroupOptions {
  logDir: string;
  /** Where prefixed output goes; defaults to this process's stdout. */
  out?: (line: string) => void;
  /** Grace period before SIGKILL when stopping. */
  stopTimeoutMs?: number;
  /** Delays between restarts of an API process (default 1 s doubling to 30 s). */
  restartBackoff?: BackoffPolicy;
}

export class ProcessGroup {
  /** One slot per started spec, in start order; a restart replaces its slot's child. */
  private readonly running: Running[] = [];
  private readonly backoffs = new Map<ChildSpec, RestartBackoff>();
  private readonly pendingRestarts = new Set<NodeJS.Timeout>();
  private stopping = false;
  /** Consensus processes that died in the current report window (reportDeath). */
  private readonly deaths: Array<{ reason: string; killed: boolean }> = [];
  private readonly out: (line: string) => void;
  private failure: ((reason: string) => void) | undefined;
  /** Resolves with a reason when a consensus child exits while the group is not stopping. */
  readonly failed: Promise<string>;

  constructor(private readonly options: ProcessGroupOptions) {
    this.out = options.out ?? ((line) => process.stdout.write(line + "\n"));
    this.failed = new Promise((resolve) => (this.failure = resolve));
    fs.mkdirSync(options.logDir, { recursive: true });
    // If the supervisor itself goes away, take the children with it.
    process.once("exit", () => {
      for (const r of this.running) if (isRunning(r.child)) signalGroup(r.child, "SIGKILL");
    });
  }

  log(line: string): void {
    this.out(`[supervisor] ${line}`);
  }

  start(spec: ChildSpec): ChildProcess {
    if (spec.restart) this.backoffs.set(spec, new RestartBackoff(this.options.restartBackoff ?? DEFAULT_RESTART_BACKOFF));
    return this.spawnInto(this.running.length, spec);
  }

  /** Starts `spec` and puts it in slot `slot` (a new one, or the slot of the child it replaces). */
  private spawnInto(slot: number, spec: ChildSpec): ChildProcess {
    const logFile = fs.createWriteStream(path.join(this.options.logDir, `${spec.name}.log`), { flags: "a" });
    // Own process group: a terminal's Ctrl-C reaches only the supervisor, which then stops the
    // children in order instead of all of them racing to exit at once.
    const child = spawn(spec.command, spec.args, { env: spec.env ?? process.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const startedAt = performance.now();
    const tail: string[] = [];
    const pipe = (stream: NodeJS.ReadableStream) =>
      readline.createInterface({ input: stream }).on("line", (line) => {
        logFile.write(line + "\n");
        tail.push(line);
        if (tail.length > 5) tail.shift();
        if (!spec.quiet) this.out(`[${spec.name}] ${line}`);
      });
    pipe(child.stdout!);
    pipe(child.stderr!);
    // Ended once the child's output has closed, not at its exit: its last lines (or a process it
    // left holding the pipe) can arrive after the exit has been seen.
    child.on("close", () => logFile.end());
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      child.on("error", (err) => {
        this.log(`${spec.name} could not start: ${err.message}`);
        resolve({ code: -1, signal: null });
      });
      child.on("exit", (code, signal) => resolve({ code, signal }));
    });
    void exited.then(({ code, signal }) => {
      if (this.stopping) return;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      const lastOutput = tail.length ? `; its last output:\n  ${tail.join("\n  ")}` : "";
      const backoff = this.backoffs.get(spec);
      if (backoff) return this.scheduleRestart(slot, spec, backoff.onExit(performance.now() - startedAt), `${spec.name} ${how}`, lastOutput);
      this.reportDeath({ reason: `${spec.name} ${how}${lastOutput}`, killed: signal !== null });
    });
    this.running[slot] = { spec, child, exited };
    return child;
  }

  /**
   * One consensus process dying usually takes the other with it (CometBFT exits when its app
   * connection drops), and either exit may be seen first. Collect the deaths of a short window and
   * name the killed one first, so the report leads with the cause rather than its echo.
   */
  private reportDeath(death: { reason: string; killed: boolean }): void {
    this.deaths.push(death);
    if (this.deaths.length > 1) return;
    setTimeout(() => {
      const ordered = [...this.deaths.filter((d) => d.killed), ...this.deaths.filter((d) => !d.killed)];
      const reason = ordered.map((d) => d.reason).join("\nthen ");
      this.log(`${reason}\nstopping the other processes`);
      this.failure?.(reason);
    }, DEATH_WINDOW_MS);
  }

  private scheduleRestart(slot: number, spec: ChildSpec, next: { attempt: number; delayMs: number }, how: string, lastOutput: string): void {
    this.log(
      `${how}${lastOutput}\nrestarting ${spec.name} in ${formatDelay(next.delayMs)} (restart ${next.attempt} in a row); the other processes keep running`,
    );
    const timer = setTimeout(() => {
      this.pendingRestarts.delete(timer);
      if (this.stopping) return;
      this.log(`restarting ${spec.name}`);
      this.spawnInto(slot, spec);
    }, next.delayMs);
    this.pendingRestarts.add(timer);
  }

  /** Stops every child, the most recently started first; SIGKILL after the grace period. */
  async stopAll(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    this.stopping = true;
    this.cancelRestarts();
    for (const r of [...this.running].reverse()) {
      if (!isRunning(r.child)) continue;
      signalGroup(r.child, signal);
      const timer = setTimeout(() => {
        this.log(`${r.spec.name} did not stop in time; killing it`);
        signalGroup(r.child, "SIGKILL");
      }, this.options.stopTimeoutMs ?? 10_000);
      await r.exited;
      clearTimeout(timer);
    }
  }

  /** Kills every child at once, for a second Ctrl-C. */
  killAll(): void {
    this.stopping = true;
    this.cancelRestarts();
    for (const r of this.running) if (isRunning(r.child)) signalGroup(r.child, "SIGKILL");
  }

  private cancelRestarts(): void {
    for (const timer of this.pendingRestarts) clearTimeout(timer);
    this.pendingRestarts.clear();
  }
}

function formatDelay(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s`;
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Signals the child's whole process group (it leads one), so its own children go too. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}
