// The process shell the gateway processes share: flags parsed or a usage error, an HTTP server
// with bounded timeouts and connections, a clear exit when the port is taken, no exit for a
// connection that cannot be accepted (serverErrors.ts), and a graceful stop on a signal.
import http from "node:http";
import type { Logger } from "pino";
import { handleServerErrors } from "./serverErrors.js";
import type { HttpApp } from "./plainHttp.js";

/** The parsed config; prints usage and exits on --help (0) or a bad flag (1). */
export function parseFlagsOrExit<T>(name: string, usage: string, parse: (argv: string[]) => T | "help"): T {
  try {
    const parsed = parse(process.argv.slice(2));
    if (parsed !== "help") return parsed;
    process.stdout.write(usage);
    process.exit(0);
  } catch (err) {
    process.stderr.write(`${name}: ${(err as Error).message}\n\n${usage}`);
    process.exit(1);
  }
}

export interface ServeOptions {
  /** What the logs call it: "REST gateway", "faucet". */
  name: string;
  /** A Koa app, or any other HttpApp. */
  app: HttpApp;
  host: string;
  port: number;
  logger: Logger;
  /** Longest a request may take end to end. */
  requestTimeoutMs: number;
  /** Most request headers read (Node's default when absent). */
  maxHeadersCount?: number;
  /** Most connections open at once (keep-alive sockets count); more are closed as they arrive. */
  maxConnections: number;
  /** Logged with the "listening" line. */
  details: Record<string, unknown>;
  /** How long requests in flight may finish after a stop signal. */
  drainMs: number;
  onStop?: () => void;
}

export function serveHttp(o: ServeOptions): http.Server {
  const server = http.createServer(o.app.callback());
  // Slow clients must not hold connections forever.
  server.requestTimeout = o.requestTimeoutMs;
  server.headersTimeout = 10_000;
  if (o.maxHeadersCount !== undefined) server.maxHeadersCount = o.maxHeadersCount;
  // Each connection is a file descriptor: without a bound, a flood of idle sockets exhausts them.
  server.maxConnections = o.maxConnections;
  handleServerErrors(server, o);
  server.listen(o.port, o.host, () => {
    const url = `http://${o.host.includes(":") ? `[${o.host}]` : o.host}:${o.port}`;
    o.logger.info({ url, ...o.details }, `${o.name} listening on ${url}`);
  });
  const stop = (reason: string) => {
    o.logger.info({ reason }, `stopping ${o.name}`);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    o.onStop?.();
    setTimeout(() => process.exit(0), o.drainMs).unref();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stop(signal));
  // Run by a supervisor: stop if it disappears (killed with SIGKILL) rather than hold the port as an orphan.
  const supervisor = Number(process.env.UNIT_SUPERVISOR_PID);
  if (supervisor > 0) {
    const watch = setInterval(() => {
      if (process.ppid !== supervisor) {
        clearInterval(watch);
        stop("supervisor gone");
      }
    }, 1000);
    watch.unref();
  }
  return server;
}
