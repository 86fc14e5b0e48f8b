// A gRPC server on the node's own HTTP/2 server connections (common/http2/serverConnection.ts):
// plaintext HTTP/2 with prior knowledge, as gRPC clients speak it without TLS. Methods are added by
// path (serverCalls.ts); every other path answers UNIMPLEMENTED.
import net from "node:net";
import { DEFAULT_CONNECTION_LIMITS, Http2ServerConnection, type ConnectionLimits } from "../http2/serverConnection.js";
import { clientKey } from "../http/clientKey.js";
import { CountsByKey } from "../countsByKey.js";
import { GrpcCallRouter, RequestBudget, type BidiMethod, type UnaryMethod } from "./serverCalls.js";

/** Unfinished request octets one connection may hold, all its calls together (16 requests of the 4 MiB maximum). */
export const DEFAULT_CONNECTION_REQUEST_BYTES = 64 * 1024 * 1024;
/** Connections open at once; more are closed as they arrive (each may hold up to 100 answers in memory). */
export const DEFAULT_MAX_CONNECTIONS = 1024;
/**
 * Connections open at once from one remote address, so one host cannot take them all; loopback
 * peers (this machine's REST gateway, JSON-RPC server, faucet) are not limited.
 */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 128;

export class GrpcHttp2Server {
  private readonly router: GrpcCallRouter;
  private readonly server: net.Server;
  private readonly connections = new Set<Http2ServerConnection>();
  private closing: Promise<void> | undefined;
  /** Set by close(): resolves it once the last connection has ended. */
  private whenDrained: (() => void) | undefined;

  constructor(options: {
    maxRequestBytes: number;
    maxConnectionRequestBytes?: number;
    /** How long an answer may wait for a client's flow-control credit, and its preface (serverConnection.ts). */
    connectionLimits?: ConnectionLimits;
    maxConnections?: number;
    maxConnectionsPerAddress?: number;
  }) {
    this.router = new GrpcCallRouter(options.maxRequestBytes);
    const connectionBytes = options.maxConnectionRequestBytes ?? DEFAULT_CONNECTION_REQUEST_BYTES;
    const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
    const perAddress = new ConnectionsPerAddress(options.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS);
    this.server = net.createServer((socket) => {
      if (this.closing || this.connections.size >= maxConnections) return socket.destroy();
      const leave = perAddress.enter(socket.remoteAddress);
      if (leave === undefined) return socket.destroy();
      const budget = new RequestBudget(connectionBytes);
      const connection = new Http2ServerConnection(
        socket,
        (stream, headers) => this.router.open(stream, headers, budget),
        (ended) => {
          this.connections.delete(ended);
          leave();
          this.checkDrained();
        },
        options.connectionLimits ?? DEFAULT_CONNECTION_LIMITS,
      );
      this.connections.add(connection);
    });
  }

  unary(path: string, run: UnaryMethod): void {
    this.router.unary(path, run);
  }

  bidi(path: string, run: BidiMethod): void {
    this.router.bidi(path, run);
  }

  /** Binds `host:port` (0 = any free port); resolves to the bound port. */
  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      this.server.once("error", onError);
      this.server.listen({ host, port }, () => {
        this.server.off("error", onError);
        // Once listening, a failed accept (EMFILE under a flood of connections) is that
        // connection's loss, not the app's: without a listener the 'error' event would end the process.
        this.server.on("error", () => {});
        resolve((this.server.address() as net.AddressInfo).port);
      });
    });
  }

  /** Stops taking connections and streams; open calls have up to `graceMs` to answer, then are cut off. */
  close(graceMs: number): Promise<void> {
    this.closing ??= new Promise((resolve) => {
      this.server.close();
      const force = setTimeout(() => {
        for (const connection of [...this.connections]) connection.destroy();
      }, graceMs);
      force.unref();
      this.whenDrained = () => {
        clearTimeout(force);
        resolve();
      };
      for (const connection of [...this.connections]) connection.close();
      this.checkDrained();
    });
    return this.closing;
  }

  private checkDrained(): void {
    if (!this.whenDrained || this.connections.size > 0) return;
    const resolve = this.whenDrained;
    this.whenDrained = undefined;
    resolve();
  }
}

/** Open connections per client (its remote address as common/http/clientKey.ts keys it); loopback peers are not counted. */
export class ConnectionsPerAddress {
  private readonly open = new CountsByKey();

  constructor(private readonly max: number) {}

  /** Counts a connection from `address`; its release, or undefined when the address is at its limit. */
  enter(address: string | undefined): (() => void) | undefined {
    const key = clientKey(address);
    if (address === "::1" || key.startsWith("127.")) return () => {};
    return this.open.get(key) >= this.max ? undefined : this.open.hold(key);
  }
}
