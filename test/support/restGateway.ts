// The REST gateway as its own process, for integration tests: started from dist/ like `unitd
// start` runs it, with its output kept for failure messages.
import { spawn, type ChildProcess } from "node:child_process";
import { waitUntil } from "../../cometbft/readiness.js";
import { runnableModule } from "../../common/node/entryPoints.js";

export const REST_MAIN = runnableModule("gateway/rest/main");

export interface RestAnswer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON under test
}

export class RestGatewayProcess {
  private readonly output: string[] = [];
  readonly exited: Promise<void>;
  private readonly child: ChildProcess;

  constructor(
    readonly port: number,
    args: string[],
  ) {
    this.child = spawn(process.execPath, [REST_MAIN, "--port", String(port), ...args], { stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [this.child.stdout!, this.child.stderr!]) stream.on("data", (chunk: Buffer) => this.output.push(chunk.toString()));
    this.exited = new Promise((resolve) => this.child.on("exit", () => resolve()));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  logs(): string {
    return this.output.join("");
  }

  /** Waits until the gateway answers `path` with `status` (routes loaded, app reachable...). */
  async waitFor(route: string, status = 200, timeoutMs = 30_000): Promise<void> {
    try {
      await waitUntil(
        `the REST gateway to answer ${route} with ${status}`,
        async () => {
          try {
            return (await this.get(route)).status === status;
          } catch {
            return false;
          }
        },
        timeoutMs,
        this.exited,
      );
    } catch (err) {
      throw new Error(`${(err as Error).message}${this.running ? "" : ": the gateway exited"}; its output:\n${this.logs()}`);
    }
  }

  async get(route: string, init: RequestInit = {}): Promise<RestAnswer> {
    const res = await fetch(this.url + route, { ...init, signal: AbortSignal.timeout(15_000) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text === "" ? undefined : JSON.parse(text);
    } catch {
      // not JSON: left as text for the assertion to show
    }
    return { status: res.status, headers: res.headers, body };
  }

  /**
   * The app's latest committed height, as the gateway reports it. Pin queries to this, not to
   * CometBFT's /status height: CometBFT counts a block before the app's Commit has finished.
   */
  async committedHeight(): Promise<number> {
    const res = await this.get("/cosmos/auth/v1beta1/params");
    const height = Number(res.headers.get("x-cosmos-block-height"));
    if (res.status !== 200 || !(height > 0)) throw new Error(`no committed height from the gateway: ${res.status} ${JSON.stringify(res.body)}`);
    return height;
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.child.kill("SIGTERM");
    await this.exited;
  }
}
