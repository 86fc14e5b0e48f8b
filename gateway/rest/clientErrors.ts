// Requests Node's HTTP parser refuses before Koa sees them: a header section (URL included) over
// 16 KiB, a malformed request line, a header timeout. Node's default answer is a bare status with no
// body; the gateway documents one error body for every failure, so these get it too.
import { STATUS_CODES, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { GrpcCode } from "../../common/errors.js";

interface ParserError extends Error {
  code?: string;
}

function answerFor(err: ParserError): [status: number, code: GrpcCode, message: string] {
  switch (err.code) {
    case "HPE_HEADER_OVERFLOW":
      return [431, GrpcCode.INVALID_ARGUMENT, "request URL and headers together exceed 16 KiB"];
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return [408, GrpcCode.DEADLINE_EXCEEDED, "request not received in time"];
    default:
      return [400, GrpcCode.INVALID_ARGUMENT, `malformed HTTP request (${err.code ?? err.message})`];
  }
}

/** Answers parser errors with `{code, message, details}` and closes the connection. */
export function answerClientErrors(server: Server): void {
  server.on("clientError", (err: ParserError, socket: Duplex) => {
    // As Node's default: nothing to answer on a reset socket, or once a response has begun.
    const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
    if (err.code === "ECONNRESET" || !socket.writable || started) {
      socket.destroy();
      return;
    }
    const [status, code, message] = answerFor(err);
    const body = JSON.stringify({ code, message, details: [] });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
