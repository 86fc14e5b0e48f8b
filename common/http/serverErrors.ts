// Which errors a listening server survives. Once it listens, a server's "error" events come from
// accepting a connection: out of file descriptors (EMFILE, ENFILE), a client that reset or gave up
// before we took it (ECONNRESET, ECONNABORTED), kernel buffers short (ENOBUFS, ENOMEM). They cost
// that one connection; exiting for them would turn a connection flood into an outage. Errors before
// listening (EADDRINUSE, EACCES on the port) mean the process cannot serve at all and must exit.
import type { Server } from "node:net";
import type { Logger } from "pino";

const TRANSIENT_CODES = new Set(["EMFILE", "ENFILE", "ECONNRESET", "ECONNABORTED", "ENOBUFS", "ENOMEM", "EAGAIN", "EPROTO"]);

/** True when `err`, raised by a server that is already listening, costs only one connection. */
export function isTransientServerError(err: NodeJS.ErrnoException, listening: boolean): boolean {
  return listening && (err.syscall === "accept" || (err.code !== undefined && TRANSIENT_CODES.has(err.code)));
}

/** Between two warnings about failed accepts: a flood would otherwise log one line per connection. */
const WARN_EVERY_MS = 5000;

/**
 * Handles a server's "error" events: a failure to listen is logged as fatal and exits 1 (with a hint
 * when the port is taken); a transient error once listening is logged (at most once per 5 s, with a
 * count of those not logged) and the server keeps serving. Any other error exits 1, and the
 * supervisor restarts the process.
 */
export function handleServerErrors(server: Server, o: { name: string; host: string; port: number; logger: Logger }): void {
  let lastWarn = -Infinity;
  let unlogged = 0;
  server.on("error", (err: NodeJS.ErrnoException) => {
    if (isTransientServerError(err, server.listening)) {
      const now = performance.now();
      if (now - lastWarn < WARN_EVERY_MS) {
        unlogged++;
        return;
      }
      o.logger.warn(
        { err: err.message, code: err.code, ...(unlogged ? { notLogged: unlogged } : {}) },
        `${o.name}: a connection could not be accepted (${err.code ?? err.message}); still serving`,
      );
      lastWarn = now;
      unlogged = 0;
      return;
    }
    if (server.listening) {
      o.logger.fatal({ err: err.message, code: err.code }, `${o.name}: server error`);
    } else {
      const hint = err.code === "EADDRINUSE" ? " (port in use: is another node running?)" : "";
      o.logger.fatal({ err: err.message, code: err.code }, `cannot listen on ${o.host}:${o.port}${hint}`);
    }
    process.exit(1);
  });
}
