// Runs a node's processes together: prefixes and files their output, and when one dies
// unexpectedly says which and why and stops the others.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";

export interface ChildSpec {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
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
}

export class ProcessGroup {
  private readonly running: Running[] = [];
  private stopping = false;
  private readonly out: (line: string) => void;
  private failure: ((reason: string) => void) | undefined;
  /** Resolves with a reason when a child exits while the group is not stopping. */
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
    const logFile = fs.createWriteStream(path.join(this.options.logDir, `${spec.name}.log`), { flags: "a" });
    // Own process group: a terminal's Ctrl-C reaches only the supervisor, which then stops the
    // children in order instead of all of them racing to exit at once.
    const child = spawn(spec.command, spec.args, { env: spec.env ?? process.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const tail: string[] = [];
    const pipe = (stream: NodeJS.ReadableStream) =>
      readline.createInterface({ input: stream }).on("line", (line) => {
        logFile.write(line + "\n");
        tail.push(line);
        if (tail.length > 5) tail.shift();
        this.out(`[${spec.name}] ${line}`);
      });
    pipe(child.stdout!);
    pipe(child.stderr!);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      child.on("error", (err) => {
        this.log(`${spec.name} could not start: ${err.message}`);
        resolve({ code: -1, signal: null });
      });
      child.on("exit", (code, signal) => resolve({ code, signal }));
    });
    void exited.then(({ code, signal }) => {
      logFile.end();
      if (this.stopping) return;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      const reason = `${spec.name} ${how}${tail.length ? `; its last output:\n  ${tail.join("\n  ")}` : ""}`;
      this.log(`${reason}\nstopping the other processes`);
      this.failure?.(reason);
    });
    this.running.push({ spec, child, exited });
    return child;
  }

  /** Stops every child, the most recently started first; SIGKILL after the grace period. */
  async stopAll(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    this.stopping = true;
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
    for (const r of this.running) if (isRunning(r.child)) signalGroup(r.child, "SIGKILL");
  }
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
