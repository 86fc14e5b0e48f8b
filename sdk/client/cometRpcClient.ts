// A CometBFT RPC client over HTTP JSON-RPC (POST, named params): the calls a wallet needs, every
// answer decoded by a checked function, every failure a ClientError with a readable message.
import { ClientError, NodeUnreachableError, RpcResponseError, TxIndexDisabledError, TxTimeoutError, UnexpectedResponseError } from "./errors.js";
import { normalizeNodeUrl } from "./nodeUrl.js";
import { fromHex, toBase64, toHex } from "../crypto/encoding.js";
import {
  decodeAbciQuery,
  decodeBroadcastTxSync,
  decodeHeader,
  decodeStatus,
  decodeTxResponse,
  type AbciQueryResponse,
  type BlockHeader,
  type BroadcastTxSyncResponse,
  type NodeStatus,
  type TxResponse,
} from "./rpcResponses.js";

export interface CometRpcClientOptions {
  /** Per request; default 10 s. */
  timeoutMs?: number;
}

export interface WaitForTxOptions {
  /** Default 30 s: several blocks at the default 1 s block time. */
  timeoutMs?: number;
  pollIntervalMs?: number;
}

export class CometRpcClient {
  readonly url: string;
  private readonly timeoutMs: number;
  private nextId = 1;

  /** @example new CometRpcClient("tcp://127.0.0.1:26657") */
  constructor(url: string, options: CometRpcClientOptions = {}) {
    this.url = normalizeNodeUrl(url);
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /**
   * One JSON-RPC call; returns the raw `result` for a decoder. `signal` lets the caller cancel
   * (its own reason is rethrown as is); the per-request timeout applies either way.
   */
  async call(method: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<unknown> {
    const body = JSON.stringify({ jsonrpc: "2.0", id: this.nextId++, method, params });
    const timeout = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      text = await response.text();
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      throw new NodeUnreachableError(`cannot reach the node at ${this.url}: ${describeNetworkError(err, this.timeoutMs)}`, { cause: err });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new UnexpectedResponseError(
        `the node at ${this.url} answered ${method} with HTTP ${response.status} and a body that is not JSON: ${JSON.stringify(text.slice(0, 120))}; is this a CometBFT RPC address?`,
        text.slice(0, 120),
      );
    }
    const envelope = json as { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };
    if (envelope && typeof envelope === "object" && envelope.error) {
      const e = envelope.error;
      throw new RpcResponseError(method, typeof e.code === "number" ? e.code : 0, String(e.message ?? ""), typeof e.data === "string" ? e.data : "");
    }
    if (!envelope || typeof envelope !== "object" || !("result" in envelope)) {
      throw new UnexpectedResponseError(`the node at ${this.url} answered ${method} (HTTP ${response.status}) without a JSON-RPC result`);
    }
    return envelope.result;
  }

  /** CometBFT `status`: chain id, latest block, sync state. */
  async status(): Promise<NodeStatus> {
    return decodeStatus(await this.call("status", {}));
  }

  /** CometBFT `header` of the block at `height` (its time, chain id, app hash). */
  async header(height: bigint | number): Promise<BlockHeader> {
    return decodeHeader(await this.call("header", { height: String(height) }));
  }

  /** CometBFT `abci_query`; `height` 0 or absent reads the latest committed state. */
  async abciQuery(path: string, data: Uint8Array, options: { height?: bigint | number } = {}): Promise<AbciQueryResponse> {
    const params: Record<string, unknown> = { path, data: toHex(data), prove: false };
    if (options.height !== undefined && BigInt(options.height) !== 0n) params.height = String(options.height);
    return decodeAbciQuery(await this.call("abci_query", params));
  }

  /** CometBFT `broadcast_tx_sync`: returns once CheckTx answered (code 0 = in the mempool). */
  async broadcastTxSync(txBytes: Uint8Array): Promise<BroadcastTxSyncResponse> {
    try {
      return decodeBroadcastTxSync(await this.call("broadcast_tx_sync", { tx: toBase64(txBytes) }));
    } catch (err) {
      if (err instanceof RpcResponseError && /tx already exists in cache/.test(err.data)) {
        throw new ClientError("the node already has this exact tx in its mempool cache (it was broadcast before)", { cause: err });
      }
      throw err;
    }
  }

  /** CometBFT `tx` by hash (hex, either case, optional 0x); undefined when the node does not know it. */
  async getTx(hash: string): Promise<TxResponse | undefined> {
    const hex = hash.replace(/^0x/i, "");
    if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new ClientError(`invalid tx hash "${hash}": expected 64 hex characters`);
    try {
      return decodeTxResponse(await this.call("tx", { hash: toBase64(fromHex(hex)), prove: false }));
    } catch (err) {
      if (err instanceof RpcResponseError && /not found/.test(err.data)) return undefined;
      // A node with tx_index.indexer = "null" can never answer: say so rather than what /tx said.
      if (err instanceof RpcResponseError && /indexing is disabled/.test(err.data)) throw new TxIndexDisabledError(this.url, { cause: err });
      throw err;
    }
  }

  /** Polls `tx` until the tx is in a block; throws TxTimeoutError after the timeout. */
  async waitForTx(hash: string, options: WaitForTxOptions = {}): Promise<TxResponse> {
    const timeoutMs = options.timeoutMs ?? 30_000;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let tx;
      try {
        tx = await this.getTx(hash);
      } catch (err) {
        if (!(err instanceof TxIndexDisabledError)) throw err;
        throw new TxIndexDisabledError(this.url, {
          message: `tx ${hash.replace(/^0x/i, "").toUpperCase()} was broadcast, but ${err.message}, so its inclusion cannot be awaited there; look it up on a node that indexes txs`,
          cause: err,
        });
      }
      if (tx) return tx;
      if (Date.now() >= deadline) throw new TxTimeoutError(hash.toUpperCase(), timeoutMs);
      await new Promise((resolve) => setTimeout(resolve, Math.min(options.pollIntervalMs ?? 250, Math.max(0, deadline - Date.now()))));
    }
  }
}

/** "connection refused" rather than "fetch failed": the cause's system error code, in words. */
export function describeNetworkError(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; errors?: Array<{ code?: string }>; message?: string } };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return `no answer within ${timeoutMs / 1000}s`;
  const code = e?.cause?.code ?? e?.cause?.errors?.[0]?.code;
  const words: Record<string, string> = {
    ECONNREFUSED: "connection refused",
    ENOTFOUND: "host not found",
    EAI_AGAIN: "host name lookup failed",
    ECONNRESET: "connection reset",
    EHOSTUNREACH: "host unreachable",
    ENETUNREACH: "network unreachable",
    ETIMEDOUT: "connection timed out",
    UND_ERR_SOCKET: "connection closed by the node",
    UND_ERR_HEADERS_TIMEOUT: `no answer within ${timeoutMs / 1000}s`,
  };
  if (code && words[code]) return words[code]!;
  return code ?? e?.cause?.message ?? e?.message ?? String(err);
}
