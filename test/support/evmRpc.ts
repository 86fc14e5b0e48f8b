// The EVM JSON-RPC server as its own process for integration tests, started from dist/ the way
// `unitd start` runs it (--home: ports from the node's config), with a JSON-RPC client for it and
// its output kept for failure messages.
import { spawn, type ChildProcess } from "node:child_process";
import { waitUntil } from "../../cometbft/readiness.js";
import type { LocalNode } from "./localNode.js";
import { runnableModule } from "../../common/node/entryPoints.js";

export const EVM_RPC_MAIN = runnableModule("evm/main");

export interface RpcAnswer {
  result?: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON under test
  error?: { code: number; message: string; data?: unknown };
}

export class EvmRpcProcess {
  private readonly output: string[] = [];
  readonly exited: Promise<void>;
  private readonly child: ChildProcess;
  private nextId = 1;

  private constructor(
    readonly httpUrl: string,
    readonly wsUrl: string,
    args: string[],
  ) {
    this.child = spawn(process.execPath, [EVM_RPC_MAIN, ...args], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, UNIT_LOG_PRETTY: "0" } });
    for (const stream of [this.child.stdout!, this.child.stderr!]) stream.on("data", (chunk: Buffer) => this.output.push(chunk.toString()));
    this.exited = new Promise((resolve) => this.child.on("exit", () => resolve()));
  }

  /** Starts the server for `node` and waits until it answers eth_chainId. */
  static async start(node: LocalNode, extraArgs: string[] = []): Promise<EvmRpcProcess> {
    const server = new EvmRpcProcess(`http://127.0.0.1:${node.ports.evmHttp}`, `ws://127.0.0.1:${node.ports.evmWs}`, ["--home", node.paths.root, ...extraArgs]);
    try {
      await waitUntil(
        "the EVM JSON-RPC server",
        async () => (await server.call("eth_chainId").catch((): RpcAnswer => ({}))).result !== undefined,
        30_000,
        server.exited,
      );
    } catch (err) {
      await server.stop();
      throw new Error(`${(err as Error).message}; its output:\n${server.logs().slice(-4000)}`);
    }
    return server;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  logs(): string {
    return this.output.join("");
  }

  /** One JSON-RPC request; the answer's result or error as sent. */
  async call(method: string, ...params: unknown[]): Promise<RpcAnswer> {
    const res = await this.post(JSON.stringify({ jsonrpc: "2.0", id: this.nextId++, method, params }));
    return JSON.parse(res.text) as RpcAnswer;
  }

  /** The result, or a thrown error naming the method and the JSON-RPC error. */
  async result<T = any>(method: string, ...params: unknown[]): Promise<T> {
    // eslint-disable-line @typescript-eslint/no-explicit-any
    const answer = await this.call(method, ...params);
    if (answer.error) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
    return answer.result as T;
  }

  async post(body: string, headers: Record<string, string> = { "content-type": "application/json" }): Promise<{ status: number; text: string }> {
    const res = await fetch(this.httpUrl, { method: "POST", headers, body, signal: AbortSignal.timeout(30_000) });
    return { status: res.status, text: await res.text() };
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.child.kill("SIGTERM");
    await this.exited;
  }
}

/** A one-validator chain whose genesis funds `addresses` (0x) with `uunit` each, and its JSON-RPC server. */
export async function startEvmRpcChain(
  addresses: readonly string[],
  options: { uunit?: bigint; timeoutCommit?: string } = {},
): Promise<{ node: LocalNode; rpc: EvmRpcProcess; stop(): Promise<void> }> {
  const { LocalNode } = await import("./localNode.js");
  const { withGenesisBalances } = await import("../../app/genesis.js");
  const { formatAccountAddress } = await import("../../sdk/crypto/accountAddress.js");
  const { parseHexAddress } = await import("../../sdk/crypto/hexAddress.js");
  const amount = (options.uunit ?? 1_000_000_000_000n).toString();
  const balances = addresses.map((a) => ({ address: formatAccountAddress(parseHexAddress(a.toLowerCase())), coins: [{ denom: "uunit", amount }] }));
  const node = await LocalNode.create({ timeoutCommit: options.timeoutCommit ?? "300ms", editAppState: (state) => withGenesisBalances(state, balances) });
  try {
    await node.start();
    await node.waitForHeight(2);
    const rpc = await EvmRpcProcess.start(node);
    return {
      node,
      rpc,
      /** Stops both; with KEEP_NODE_HOME set, prints the server's log first (for debugging a failure). */
      async stop() {
        if (process.env.KEEP_NODE_HOME) console.log(rpc.logs());
        await rpc.stop();
        await node.destroy();
      },
    };
  } catch (err) {
    await node.destroy();
    throw err;
  }
}
