// CometBFT's JSON-RPC over its /websocket endpoint, on a pool of open connections. A request here
// is one WebSocket frame each way; over HTTP/1.1 it is a request with headers, parsed on both
// sides, and CometBFT's HTTP server spends more than twice the CPU per broadcast. CometBFT runs a
// connection's requests one after another, so a connection carries one request at a time and the
// pool opens up to `size` of them; further requests wait for a free one, in order.
import WebSocket from "ws";

/**
 * The upgrade was answered with a client error (400, 404, 405, 426, ...): whatever serves this URL
 * speaks no WebSocket. Other statuses (a proxy's 502 while CometBFT restarts) are failures of the
 * moment instead.
 */
export class WebSocketRefusedError extends Error {
  constructor(readonly status: number) {
    super(`the WebSocket upgrade was answered with HTTP ${status}`);
    this.name = "WebSocketRefusedError";
  }
}

const timeoutError = () => Object.assign(new Error("timeout"), { name: "TimeoutError" });
const resetError = () => Object.assign(new Error("connection closed by the node"), { code: "ECONNRESET" });

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
      const link = this.idleLink();
      if (link) this.send(link, call);
      else if (this.closed) this.settle(call, new Error("the connection pool is closed"));
      else {
        this.queue.push(call);
        if (this.count < this.size) this.open();
      }
    });
  }

  /** Closes idle connections (busy ones once answered) and fails the waiting requests with `reason`. */
  close(reason: Error = new Error("the connection pool is closed")): void {
    this.closed = true;
    for (const link of this.idle.splice(0)) link.ws.terminate();
    for (const call of this.queue.splice(0)) this.settle(call, reason);
  }

  /**
   * The most recently used open connection (its peer is the most likely awake). One the node has
   * begun to close sits idle until its socket ends; it leaves the pool here instead.
   */
  private idleLink(): Link | undefined {
    for (let link = this.idle.pop(); link !== undefined; link = this.idle.pop()) {
      if (link.ws.readyState === WebSocket.OPEN) return link;
      this.fail(link, resetError(), false);
    }
    return undefined;
  }

  private open(): void {
    this.count++;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url, { perMessageDeflate: false, maxPayload: 16 * 1024 * 1024 });
    } catch (err) {
      this.count--;
      const call = this.queue.shift();
      if (call) this.settle(call, err as Error);
      return;
    }
    const link: Link = { ws, gone: false };
    let opened = false;
    // A peer that takes the connection but never answers the upgrade must not hold a place in the
    // pool; the requests waiting meanwhile keep their own deadlines.
    const handshake = setTimeout(() => this.fail(link, timeoutError(), false), this.timeoutMs);
    ws.on("open", () => {
      opened = true;
      clearTimeout(handshake);
      this.release(link);
    });
    ws.on("message", (data: Buffer) => {
      const call = link.call;
      if (!call) return; // CometBFT answers only what was asked; nothing else is expected here
      link.call = undefined;
      this.settle(call, undefined, data.toString("utf8"));
      this.release(link);
    });
    ws.on("unexpected-response", (_req, res) => {
      res.resume();
      const status = res.statusCode ?? 0;
      const err = status >= 400 && status < 500 ? new WebSocketRefusedError(status) : new Error(`the WebSocket upgrade was answered with HTTP ${status}`);
      this.fail(link, err, !opened);
    });
    ws.on("error", (err) => this.fail(link, err, !opened));
    ws.on("close", () => {
      clearTimeout(handshake);
      this.fail(link, resetError(), !opened);
    });
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
      if (err) this.fail(link, err, false);
    });
  }

  /**
   * A link that errs or closes leaves the pool, failing its request. One that could not be opened
   * (`failsWaiting`) fails the request waiting longest instead, as that request is what opened it:
   * without this, requests would wait for a connection that cannot be made until their timeouts. A
   * refused upgrade fails every waiting request, as no connection to this URL can carry them.
   */
  private fail(link: Link, err: Error, failsWaiting: boolean): void {
    if (link.gone) return;
    link.gone = true;
    if (link.ws.readyState !== WebSocket.CLOSED && link.ws.readyState !== WebSocket.CLOSING) link.ws.terminate();
    const idleAt = this.idle.indexOf(link);
    if (idleAt >= 0) this.idle.splice(idleAt, 1);
    this.count--;
    const call = link.call ?? (failsWaiting ? this.queue.shift() : undefined);
    link.call = undefined;
    if (call) this.settle(call, err);
    if (err instanceof WebSocketRefusedError) this.close(err);
    else if (this.queue.length > 0 && this.count < this.size && !this.closed) this.open();
  }

  private timeOut(call: Call): void {
    const waiting = this.queue.indexOf(call);
    if (waiting >= 0) this.queue.splice(waiting, 1);
    this.settle(call, timeoutError());
    // A late answer must not reach the next request: the connection carrying this one goes.
    if (call.link) this.fail(call.link, timeoutError(), false);
  }

  private settle(call: Call, err: Error | undefined, text?: string): void {
    if (call.settled) return;
    call.settled = true;
    clearTimeout(call.timer);
    if (err) call.reject(err);
    else call.resolve(text!);
  }
}
