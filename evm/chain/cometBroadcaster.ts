// CometBFT's broadcast_tx_sync: the hot path of eth_sendRawTransaction. Requests go over
// CometBFT's /websocket endpoint (cometWsPool.ts), one frame each way on open connections; if
// whatever serves the URL refuses the upgrade with a client error (a proxy without WebSocket
// support), they go as HTTP POSTs on keep-alive connections from then on. Either way a request is one buffer
// written and one JSON.parse of the answer (fetch() costs several times more CPU per request).
// Failures are the CometBFT client's (common/comet/rpcClient.ts), so they map to JSON-RPC errors
// the same way.
import http from "node:http";
import { CometRpcError, CometUnavailableError } from "../../common/comet/rpcClient.js";
import { CometShapeError } from "../../common/comet/json.js";
import { describeNetworkError } from "../../sdk/client/cometRpcClient.js";
import { CometWsPool, WebSocketRefusedError } from "./cometWsPool.js";

/** What CheckTx answered through broadcast_tx_sync. */
export interface BroadcastAnswer {
  code: number;
  codespace: string;
  log: string;
}

export class CometBroadcaster {
  private readonly agent: http.Agent;
  private readonly target: URL;
  /** Until the upgrade is refused: then undefined, and requests go over HTTP. */
  private ws: CometWsPool | undefined;
  private nextId = 1;

  constructor(
    /** CometBFT's RPC, e.g. http://127.0.0.1:26657. */
    url: string,
    private readonly timeoutMs: number,
    /** Connections kept open to CometBFT: requests beyond this wait for a free one. */
    maxSockets = 64,
    /** "http" starts where a refused upgrade leads (bench/broadcast-hop.ts compares the two). */
    transport: "websocket" | "http" = "websocket",
  ) {
    this.target = new URL(url.replace(/^tcp:\/\//, "http://"));
    if (this.target.protocol !== "http:") throw new Error(`CometBFT RPC URL must be http:// or tcp://, got ${url}`);
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets, scheduling: "lifo" });
    if (transport === "http") return;
    const wsUrl = new URL(this.target);
    wsUrl.protocol = "ws:";
    wsUrl.pathname = `${wsUrl.pathname.replace(/\/+$/, "")}/websocket`;
    wsUrl.hash = "";
    this.ws = new CometWsPool(wsUrl.href, maxSockets, timeoutMs);
  }

  /** Hands `tx` to CometBFT's mempool and resolves with CheckTx's answer. */
  async broadcastTxSync(tx: Uint8Array): Promise<BroadcastAnswer> {
    const body = `{"jsonrpc":"2.0","id":${this.nextId++},"method":"broadcast_tx_sync","params":{"tx":"${Buffer.from(tx.buffer, tx.byteOffset, tx.byteLength).toString("base64")}"}}`;
    const text = await this.send(body);
    let envelope: { result?: { code?: unknown; codespace?: unknown; log?: unknown }; error?: { code?: unknown; message?: unknown; data?: unknown } };
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      throw new CometShapeError("broadcast_tx_sync", "JSON", text.slice(0, 80));
    }
    if (envelope?.error) {
      const e = envelope.error;
      throw new CometRpcError("broadcast_tx_sync", typeof e.code === "number" ? e.code : 0, String(e.data || e.message || "error without a message"));
    }
    const r = envelope?.result;
    if (!r || typeof r.code !== "number") throw new CometShapeError("broadcast_tx_sync.result.code", "a number", r?.code);
    return { code: r.code, codespace: typeof r.codespace === "string" ? r.codespace : "", log: typeof r.log === "string" ? r.log : "" };
  }

  private async send(body: string): Promise<string> {
    const ws = this.ws;
    if (ws === undefined) return this.post(Buffer.from(body));
    try {
      return await ws.call(body);
    } catch (err) {
      if (!(err instanceof WebSocketRefusedError)) throw this.unreachable(err as Error);
      // The pool has closed itself and failed every waiting request with this error: each comes
      // here and goes by HTTP, as does everything after.
      this.ws = undefined;
      return this.post(Buffer.from(body));
    }
  }

  private post(body: Buffer): Promise<string> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent: this.agent,
          host: this.target.hostname,
          port: this.target.port || 80,
          path: this.target.pathname || "/",
          method: "POST",
          headers: { "content-type": "application/json", "content-length": body.length },
          timeout: this.timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
          res.on("error", (err) => reject(this.unreachable(err)));
        },
      );
      req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { name: "TimeoutError" })));
      req.on("error", (err) => reject(this.unreachable(err)));
      req.end(body);
    });
  }

  private unreachable(err: Error): CometUnavailableError {
    // The same words as the CometBFT client's ("connection refused", "no answer within 10s").
    const why = describeNetworkError(err.name === "TimeoutError" ? err : { cause: err, message: err.message }, this.timeoutMs);
    return new CometUnavailableError(`CometBFT RPC at ${this.target.origin} is unreachable (broadcast_tx_sync): ${why}`);
  }

  close(): void {
    this.ws?.close();
    this.agent.destroy();
  }
}
