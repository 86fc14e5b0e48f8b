// A minimal CometBFT JSON-RPC client for load generation: HTTP/1.1 keep-alive sockets (one per
// request in flight), bodies pre-encoded by the caller, and the block metadata queries the
// throughput figures are computed from.
import http from "node:http";

export interface RpcError {
  code: number;
  message: string;
  data?: string;
}

export interface BroadcastResult {
  code: number;
  log: string;
  codespace: string;
  hash: string;
}

export interface BlockMeta {
  height: number;
  /** Header time in ms since the epoch, with the sub-millisecond part kept. */
  timeMs: number;
  numTxs: number;
}

const IDLE_SOCKET_MS = 5_000;

export class RpcClient {
  private readonly agent: http.Agent;
  private readonly host: string;
  private readonly port: number;
  private nextId = 1;

  constructor(rpcUrl: string, maxSockets = 64) {
    const url = new URL(rpcUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
    // Idle sockets are closed after 5 s, before CometBFT's RPC server closes them (its read
    // timeout, 10 s): a request sent on a socket the server is closing fails with "socket hang up".
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets, timeout: IDLE_SOCKET_MS });
  }

  close(): void {
    this.agent.destroy();
  }

  /** POSTs a complete JSON-RPC body; resolves with the raw response text. */
  post(body: string | Buffer, timeoutMs = 30_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.host,
          port: this.port,
          method: "POST",
          path: "/",
          agent: this.agent,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
          timeout: timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
          res.on("error", reject);
        },
      );
      req.on("timeout", () => req.destroy(new Error(`RPC request timed out after ${timeoutMs} ms`)));
      req.on("error", reject);
      req.end(body);
    });
  }

  /** A JSON-RPC body for `broadcast_tx_sync`, built once before timing starts. */
  static broadcastBody(tx: Uint8Array, id: number, method = "broadcast_tx_sync"): Buffer {
    return Buffer.from(`{"jsonrpc":"2.0","id":${id},"method":"${method}","params":{"tx":"${Buffer.from(tx).toString("base64")}"}}`);
  }

  async broadcast(body: Buffer): Promise<{ result?: BroadcastResult; error?: RpcError }> {
    return JSON.parse(await this.post(body)) as { result?: BroadcastResult; error?: RpcError };
  }

  async call<T>(method: string, params: Record<string, unknown> = {}, timeoutMs = 30_000): Promise<T> {
    const body = JSON.stringify({ jsonrpc: "2.0", id: this.nextId++, method, params });
    const parsed = JSON.parse(await this.post(body, timeoutMs)) as { result?: T; error?: RpcError };
    if (parsed.error || parsed.result === undefined) throw new Error(`${method}: ${JSON.stringify(parsed.error)}`);
    return parsed.result;
  }

  async latestHeight(): Promise<number> {
    const status = await this.call<{ sync_info: { latest_block_height: string } }>("status", {}, 5_000);
    return Number(status.sync_info.latest_block_height);
  }

  /** Block metadata for heights [min, max], fetched 20 at a time (the RPC's page limit). */
  async blockMetas(min: number, max: number): Promise<BlockMeta[]> {
    const out: BlockMeta[] = [];
    for (let lo = min; lo <= max; lo += 20) {
      const hi = Math.min(max, lo + 19);
      const res = await this.call<{ block_metas: Array<{ num_txs: string; header: { height: string; time: string } }> }>("blockchain", {
        minHeight: String(lo),
        maxHeight: String(hi),
      });
      for (const m of res.block_metas) out.push({ height: Number(m.header.height), timeMs: parseRfc3339Ms(m.header.time), numTxs: Number(m.num_txs) });
    }
    return out.sort((a, b) => a.height - b.height);
  }

  /**
   * The result codes of every tx of a block. CometBFT announces a block (NewBlock, /blockchain)
   * before it has saved the block's results, so "could not find results" is retried for a while.
   */
  async txCodes(height: number): Promise<number[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await this.call<{ txs_results: Array<{ code?: number; log?: string }> | null }>("block_results", { height: String(height) }, 120_000);
        return (res.txs_results ?? []).map((r) => r.code ?? 0);
      } catch (err) {
        if (attempt >= 50 || !/could not find results/.test((err as Error).message)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
}

/** Parses CometBFT's RFC 3339 times, which carry nanoseconds (Date.parse keeps only ms). */
export function parseRfc3339Ms(s: string): number {
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/.exec(s);
  if (!m) throw new Error(`unparsable time ${s}`);
  const whole = Date.parse(`${m[1]}${m[3]}`);
  const frac = m[2] ? Number(`0.${m[2]}`) * 1000 : 0;
  return whole + frac;
}
