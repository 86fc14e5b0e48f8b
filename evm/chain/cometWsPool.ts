// CometBFT's JSON-RPC over its /websocket endpoint, on a pool of open connections. A request here
// is one WebSocket frame each way; over HTTP/1.1 it is a request with headers, parsed on both
// sides, and CometBFT's HTTP server spends more than twice the CPU per broadcast. CometBFT runs a
// connection's requests one after another, so a connection carries one request at a time and the
// pool opens up to `size` of them; further requests wait for a free one, in order.
import WebSocket from "ws";

/** The upgrade was answered with a plain HTTP response: whatever serves this URL speaks no WebSocket. */
export class WebSocketRefusedError extends Error {
  constructor(readonly status: number) {
    super(`the WebSocket upgrade was answered with HTTP ${status}`);
    this.name = "WebSocketRefusedError";
  }
}

interface Call {
  body: string;
  resolve: (text: string) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
  settled: boolean;
  /** The connection carrying it, once sent. */
  link?: Link;
}

/** One connection and the request it carries, if any. */
interface Link {
  ws: WebSocket;
  call?: Call;
  /** Out of the pool: it erred, closed or was dropped. */
  gone: boolean;
}

export class CometWsPool {
  private readonly idle: Link[] = [];
  private readonly queue: Call[] = [];
  /** Connections open or opening. */
  private count = 0;
  private closed = false;

  constructor(
    /** ws:// URL of CometBFT's /websocket endpoint. */
    private readonly url: string,
    private readonly size: number,
    private readonly timeoutMs: number,
  ) {}

  /** Sends `body` (a JSON-RPC request) and resolves with the text of its answer. */
  call(body: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const call: Call = { body, resolve, reject, settled: false, timer: setTimeout(() => this.timeOut(call), this.timeoutMs) };
      const link = this.idle.pop(); // the most recently used: its peer is the most likely awake
      if (link) this.send(link, call);
      else if (this.closed) this.settle(call, new Error("the connection pool is closed"));
      else {
        this.queue.push(call);
        if (this.count < this.size) this.open();
      }
    });
  }

  close(): void {
    this.closed = true;
    for (const link of this.idle.splice(0)) link.ws.terminate();
  }

  private open(): void {
    this.count++;
    const link: Link = { ws: new WebSocket(this.url, { perMessageDeflate: false, maxPayload: 16 * 1024 * 1024 }), gone: false };
    let opened = false;
    link.ws.on("open", () => {
      opened = true;
      this.release(link);
    });
    link.ws.on("message", (data: Buffer) => {
      const call = link.call;
      if (!call) return; // CometBFT answers only what was asked; nothing else is expected here
      link.call = undefined;
      this.settle(call, undefined, data.toString("utf8"));
      this.release(link);
    });
    link.ws.on("unexpected-response", (_req, res) => {
      res.resume();
      this.fail(link, new WebSocketRefusedError(res.statusCode ?? 0), opened);
    });
    link.ws.on("error", (err) => this.fail(link, err, opened));
    link.ws.on("close", () => this.fail(link, Object.assign(new Error("connection closed by the node"), { code: "ECONNRESET" }), opened));
  }

  /** A link that is ready takes the next waiting request, or waits idle for one. */
  private release(link: Link): void {
    if (this.closed) {
      link.ws.terminate();
      return;
    }
    const next = this.queue.shift();
    if (next) this.send(link, next);
    else this.idle.push(link);
  }

  private send(link: Link, call: Call): void {
    link.call = call;
    call.link = link;
    link.ws.send(call.body, (err) => {
      if (err) this.fail(link, err, true);
    });
  }

  /**
   * A link that errs or closes leaves the pool, failing its request. One that never opened fails
   * the request waiting longest instead, as that request is what opened it: without this, requests
   * would wait for a connection that cannot be made until their timeouts.
   */
  private fail(link: Link, err: Error, opened: boolean): void {
    if (link.gone) return;
    link.gone = true;
    if (link.ws.readyState !== WebSocket.CLOSED && link.ws.readyState !== WebSocket.CLOSING) link.ws.terminate();
    const idleAt = this.idle.indexOf(link);
    if (idleAt >= 0) this.idle.splice(idleAt, 1);
    this.count--;
    const call = link.call ?? (opened ? undefined : this.queue.shift());
    link.call = undefined;
    if (call) this.settle(call, err);
    if (this.queue.length > 0 && this.count < this.size && !this.closed) this.open();
  }

  private timeOut(call: Call): void {
    const waiting = this.queue.indexOf(call);
    if (waiting >= 0) this.queue.splice(waiting, 1);
    this.settle(call, Object.assign(new Error("timeout"), { name: "TimeoutError" }));
    // A late answer must not reach the next request: the connection carrying this one goes.
    if (call.link) this.fail(call.link, new Error("timeout"), true);
  }

  private settle(call: Call, err: Error | undefined, text?: string): void {
    if (call.settled) return;
    call.settled = true;
    clearTimeout(call.timer);
    if (err) call.reject(err);
    else call.resolve(text!);
  }
}
