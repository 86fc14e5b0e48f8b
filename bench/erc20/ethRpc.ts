// Ethereum JSON-RPC over the load generator's keep-alive HTTP client (bench/load/rpc.ts): bodies
// built before timing starts, receipts polled until they exist, and timed eth_call requests.
import { RpcClient } from "../load/rpc.js";

export interface EthReceipt {
  transactionHash: string;
  blockNumber: string;
  blockHash: string;
  status: string;
  gasUsed: string;
  effectiveGasPrice: string;
  contractAddress: string | null;
}

export class EthRpc {
  readonly client: RpcClient;
  private nextId = 1;

  constructor(
    readonly url: string,
    maxSockets: number,
  ) {
    this.client = new RpcClient(url, maxSockets);
  }

  close(): void {
    this.client.close();
  }

  static body(method: string, params: unknown[], id: number): Buffer {
    return Buffer.from(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
  }

  /** An eth_sendRawTransaction body, in the shape bench/load/load.ts sends (its `error` is a refusal). */
  static sendRawBody(signed: string, id: number): Buffer {
    return EthRpc.body("eth_sendRawTransaction", [signed], id);
  }

  async call<T>(method: string, params: unknown[] = [], timeoutMs = 30_000): Promise<T> {
    const text = await this.client.post(EthRpc.body(method, params, this.nextId++), timeoutMs);
    const parsed = JSON.parse(text) as { result?: T; error?: { code: number; message: string; data?: unknown } };
    if (parsed.error)
      throw new Error(`${method}: ${parsed.error.code} ${parsed.error.message}${parsed.error.data ? ` ${JSON.stringify(parsed.error.data)}` : ""}`);
    return parsed.result as T;
  }

  receipt(hash: string): Promise<EthReceipt | null> {
    return this.call<EthReceipt | null>("eth_getTransactionReceipt", [hash]);
  }

  /** Receipts of `hashes` (`concurrency` requests in flight), in order; null where none exists yet. */
  async receipts(hashes: readonly string[], concurrency: number): Promise<(EthReceipt | null)[]> {
    const out: (EthReceipt | null)[] = new Array(hashes.length).fill(null);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, hashes.length) }, async () => {
        while (next < hashes.length) {
          const i = next++;
          out[i] = await this.receipt(hashes[i]!);
        }
      }),
    );
    return out;
  }

  /**
   * Polls until every hash has a receipt; resolves with the wall time (Date.now()) at which the
   * last one was seen. Throws after `idleMs` without a new receipt.
   */
  async waitForReceipts(hashes: readonly string[], idleMs: number, concurrency = 16): Promise<number> {
    let pending = [...hashes];
    let lastProgress = Date.now();
    for (;;) {
      const found = await this.receipts(pending, concurrency);
      const left = pending.filter((_, i) => found[i] === null);
      if (left.length < pending.length) lastProgress = Date.now();
      pending = left;
      if (pending.length === 0) return Date.now();
      if (Date.now() - lastProgress > idleMs)
        throw new Error(`${pending.length} of ${hashes.length} txs have no receipt after ${idleMs / 1000} s without progress (first: ${pending[0]})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * Sends `count` pre-built request bodies, `concurrency` in flight; per-request latency in ms
   * (send to full answer) and the wall time of the whole batch. Any error answer throws.
   */
  async timedRequests(bodies: readonly Buffer[], concurrency: number): Promise<{ latenciesMs: Float64Array; wallMs: number }> {
    const latencies = new Float64Array(bodies.length);
    let next = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: Math.min(concurrency, bodies.length) }, async () => {
        while (next < bodies.length) {
          const i = next++;
          const t0 = performance.now();
          const text = await this.client.post(bodies[i]!);
          latencies[i] = performance.now() - t0;
          if (text.includes('"error"')) throw new Error(`request ${i} failed: ${text.slice(0, 300)}`);
        }
      }),
    );
    return { latenciesMs: latencies, wallMs: performance.now() - start };
  }
}
