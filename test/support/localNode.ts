// A one-validator node for integration tests: the real CometBFT binary and the real app process,
// started and killed separately so tests can crash either one.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureCometbft } from "../../cometbft/install.js";
import { initNodeHome } from "../../cometbft/home.js";
import { type NodeHomePaths } from "../../common/node/home.js";
import { DEFAULT_CHAIN_ID } from "../../cometbft/genesis.js";
import type { NodePorts } from "../../common/node/ports.js";
import { canConnect, waitUntil } from "../../cometbft/readiness.js";
import { getStatus, type CometStatus } from "../../cometbft/rpc.js";
import { localChainAppState } from "../../app/localGenesis.js";
import { freeNodePorts } from "./ports.js";
import { runnableModule } from "../../common/node/entryPoints.js";

export const APP_MAIN = runnableModule("app/main");

interface Proc {
  child: ChildProcess;
  exited: Promise<void>;
  output: string[];
}

function run(command: string, args: string[], logFile: string, env: NodeJS.ProcessEnv = {}): Proc {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, UNIT_LOG_PRETTY: "0", ...env } });
  const log = fs.createWriteStream(logFile, { flags: "a" });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    log.write(chunk);
    output.push(chunk.toString());
    if (output.length > 400) output.splice(0, 200);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  // On "close", not "exit": a killed process's last output may still arrive after "exit".
  child.on("close", () => log.end());
  return { child, exited, output };
}

function alive(p: Proc | undefined): p is Proc {
  return p !== undefined && p.child.exitCode === null && p.child.signalCode === null;
}

export class LocalNode {
  app: Proc | undefined;
  comet: Proc | undefined;

  private constructor(
    readonly paths: NodeHomePaths,
    readonly ports: NodePorts,
    readonly cometBinary: string,
  ) {}

  /** Extra environment for the app process (e.g. fault injection). */
  appEnv: NodeJS.ProcessEnv = {};

  /** A node whose genesis has one staking validator (its own consensus key) self-delegating from test key 0. */
  static async create(
    options: {
      timeoutCommit?: string;
      cometLogLevel?: string;
      votingPeriod?: string;
      editAppState?: (state: Record<string, unknown>) => Record<string, unknown>;
    } = {},
  ): Promise<LocalNode> {
    const edit = options.editAppState ?? ((state) => state);
    const cometBinary = ensureCometbft();
    const ports = await freeNodePorts();
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "unit-node-"));
    const { paths } = initNodeHome({
      home,
      cometBinary,
      chainId: DEFAULT_CHAIN_ID,
      ports,
      appState: ({ consensusPubKey }: { consensusPubKey: string }) =>
        edit(
          localChainAppState({
            validators: [{ consensusPubKey, moniker: "validator-0" }],
            ...(options.votingPeriod ? { votingPeriod: options.votingPeriod } : {}),
          }),
        ),
      comet: { timeoutCommit: options.timeoutCommit ?? "200ms", logLevel: options.cometLogLevel ?? "error" },
    });
    return new LocalNode(paths, ports, cometBinary);
  }

  get rpcUrl(): string {
    return `http://127.0.0.1:${this.ports.rpc}`;
  }

  async startApp(): Promise<void> {
    if (alive(this.app)) throw new Error("app already running");
    this.app = run(process.execPath, [APP_MAIN, "--home", this.paths.root], path.join(this.paths.logDir, "app.log"), this.appEnv);
    await waitUntil("app ABCI port", () => canConnect(this.ports.abci), 30_000, this.app.exited);
  }

  async startComet(): Promise<void> {
    if (alive(this.comet)) throw new Error("cometbft already running");
    this.comet = run(this.cometBinary, ["start", "--home", this.paths.cometHome], path.join(this.paths.logDir, "cometbft.log"));
    await waitUntil(
      "cometbft RPC",
      async () => {
        try {
          await getStatus(this.rpcUrl);
          return true;
        } catch {
          return false;
        }
      },
      30_000,
      this.comet.exited,
    );
  }

  async start(): Promise<void> {
    await this.startApp();
    await this.startComet();
  }

  status(): Promise<CometStatus> {
    return getStatus(this.rpcUrl);
  }

  async waitForHeight(height: number, timeoutMs = 60_000): Promise<CometStatus> {
    await waitUntil(
      `height ${height}`,
      async () => {
        try {
          return (await this.status()).latestBlockHeight >= height;
        } catch {
          return false;
        }
      },
      timeoutMs,
      Promise.race([this.app?.exited, this.comet?.exited].filter(Boolean)),
    );
    return this.status();
  }

  async kill(which: "app" | "comet", signal: NodeJS.Signals): Promise<void> {
    const proc = which === "app" ? this.app : this.comet;
    if (!alive(proc)) return;
    proc.child.kill(signal);
    await proc.exited;
  }

  /** Waits for a process to exit by itself (CometBFT exits when it loses the app). */
  async waitExit(which: "app" | "comet", timeoutMs = 20_000): Promise<void> {
    const proc = which === "app" ? this.app : this.comet;
    if (!alive(proc)) return;
    await Promise.race([proc.exited, new Promise((_, reject) => setTimeout(() => reject(new Error(`${which} did not exit`)), timeoutMs))]);
  }

  /** Everything a process wrote since the node was created, across restarts. */
  logFile(which: "app" | "comet"): string {
    return fs.readFileSync(path.join(this.paths.logDir, which === "app" ? "app.log" : "cometbft.log"), "utf8");
  }

  output(which: "app" | "comet"): string {
    return (which === "app" ? this.app : this.comet)?.output.join("") ?? "";
  }

  async rpc<T>(route: string): Promise<T> {
    const res = await fetch(`${this.rpcUrl}/${route}`, { signal: AbortSignal.timeout(5000) });
    const body = (await res.json()) as { result?: T; error?: unknown };
    if (body.error || !body.result) throw new Error(`${route}: ${JSON.stringify(body.error)}`);
    return body.result;
  }

  async stop(): Promise<void> {
    await this.kill("comet", "SIGTERM");
    await this.kill("app", "SIGTERM");
  }

  async destroy(): Promise<void> {
    await this.kill("comet", "SIGKILL");
    await this.kill("app", "SIGKILL");
    // KEEP_NODE_HOME=1 keeps logs and state for a post-mortem.
    if (process.env.KEEP_NODE_HOME) console.log(`node home kept at ${this.paths.root}`);
    else fs.rmSync(this.paths.root, { recursive: true, force: true });
  }
}
