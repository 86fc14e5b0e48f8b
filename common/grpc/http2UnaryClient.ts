// Unary gRPC calls straight over node:http2, for the JSON-RPC server's hot path: one request, one
// answer, the height metadata. grpc-js runs every call through its channel stack (resolver, load
// balancer, retries, filters) for features these calls do not use, and costs about twice the CPU
// per call. The wire format is gRPC's (a 5-byte length prefix per message, the status in the
// trailers, or in the headers of a trailers-only answer); errors have grpc-js's ServiceError shape
// (code, details, metadata), so callers treat both clients alike. One HTTP/2 connection, opened on
// the first call and again after it closes; a call sent while no server listens fails UNAVAILABLE.
import http2 from "node:http2";
import { Metadata, status as GrpcStatus, type ServiceError } from "@grpc/grpc-js";
import { HEIGHT_METADATA_KEY, HEIGHT_TEXT } from "./height.js";
import { UnaryClient, type CallOptions, type CallResult } from "./unaryClient.js";

export interface Http2UnaryClientOptions {
  /** Largest answer accepted (grpc-js's grpc.max_receive_message_length); default 4 MiB. */
  maxReceiveBytes?: number;
}

const DEFAULT_MAX_RECEIVE_BYTES = 4 * 1024 * 1024;
/** gRPC's length-prefixed message: a compressed flag and a 4-byte big-endian length. */
const PREFIX_BYTES = 5;
/** grpc-timeout allows at most 8 digits. */
const MAX_TIMEOUT_MS = 99_999_999;

export class Http2UnaryClient extends UnaryClient {
  private session: http2.ClientHttp2Session | undefined;
  /** Calls in flight per connection: a connection keeps the process alive only while it has some. */
  private readonly inFlight = new WeakMap<http2.ClientHttp2Session, number>();
  private closed = false;
  private readonly maxReceiveBytes: number;

  constructor(
    /** `host:port`, e.g. `127.0.0.1:9090` (an IPv6 host in brackets). */
    private readonly address: string,
    options: Http2UnaryClientOptions = {},
  ) {
    super();
    this.maxReceiveBytes = options.maxReceiveBytes ?? DEFAULT_MAX_RECEIVE_BYTES;
  }

  unary(path: string, request: Uint8Array, options: CallOptions = {}): Promise<CallResult<Uint8Array>> {
    if (this.closed) return Promise.reject(serviceError(GrpcStatus.CANCELLED, "the client is closed"));
    const headers: http2.OutgoingHttpHeaders = {
      ":method": "POST",
      ":path": path,
      "content-type": "application/grpc",
      te: "trailers",
    };
    if (options.height !== undefined) headers[HEIGHT_METADATA_KEY] = String(options.height);
    if (options.timeoutMs !== undefined) headers["grpc-timeout"] = `${Math.min(MAX_TIMEOUT_MS, Math.max(1, Math.ceil(options.timeoutMs)))}m`;
    const frame = Buffer.allocUnsafe(PREFIX_BYTES + request.length);
    frame[0] = 0;
    frame.writeUInt32BE(request.length, 1);
    frame.set(request, PREFIX_BYTES);

    return new Promise((resolve, reject) => {
      let opened: { session: http2.ClientHttp2Session; stream: http2.ClientHttp2Stream };
      try {
        opened = this.open(headers);
      } catch (err) {
        return reject(serviceError(GrpcStatus.UNAVAILABLE, `cannot open a stream to ${this.address}: ${(err as Error).message}`));
      }
      const { session, stream } = opened;
      this.track(session, +1);
      const answer = new AnswerReader(this.maxReceiveBytes);
      let settled = false;
      const settle = (err: ServiceError | undefined, result?: CallResult<Uint8Array>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.track(session, -1);
        if (err) {
          if (!stream.closed) stream.close(http2.constants.NGHTTP2_CANCEL);
          reject(err);
        } else resolve(result!);
      };
      const timer =
        options.timeoutMs === undefined
          ? undefined
          : setTimeout(() => settle(serviceError(GrpcStatus.DEADLINE_EXCEEDED, `Deadline exceeded after ${options.timeoutMs} ms`)), options.timeoutMs);

      stream.on("response", (h) => {
        const refused = answer.readHeaders(h);
        if (refused) settle(refused);
      });
      stream.on("trailers", (t) => answer.readTrailers(t));
      stream.on("data", (chunk: Buffer) => {
        const refused = answer.readData(chunk);
        if (refused) settle(refused);
      });
      stream.on("error", (err: Error) => {
        // Before any answer, a failed stream is a server that cannot be reached (or went away).
        const code = answer.answered ? GrpcStatus.INTERNAL : GrpcStatus.UNAVAILABLE;
        settle(serviceError(code, answer.answered ? `stream failed: ${err.message}` : `No connection established. Last error: ${causeOf(err)}`));
      });
      stream.on("close", () => {
        const outcome = answer.finish(stream.rstCode);
        if (outcome instanceof Error) settle(outcome);
        else settle(undefined, outcome);
      });
      stream.end(frame);
    });
  }

  close(): void {
    this.closed = true;
    this.session?.close();
    this.session = undefined;
  }

  /** A stream on the open connection, or on a new one when there is none or it cannot take more. */
  private open(headers: http2.OutgoingHttpHeaders): { session: http2.ClientHttp2Session; stream: http2.ClientHttp2Stream } {
    const current = this.session;
    if (current && !current.closed && !current.destroyed) {
      try {
        return { session: current, stream: current.request(headers) };
      } catch {
        // Out of stream ids, or closing: the next connection takes the call.
        this.drop(current);
      }
    }
    const session = this.connect();
    return { session, stream: session.request(headers) };
  }

  private connect(): http2.ClientHttp2Session {
    const session = http2.connect(`http://${this.address}`, { settings: { enablePush: false } });
    // Its streams report what failed; a session error only means the next call needs a new one.
    session.on("error", () => this.drop(session));
    session.on("goaway", () => this.drop(session));
    session.on("close", () => this.drop(session));
    session.unref();
    this.session = session;
    return session;
  }

  private drop(session: http2.ClientHttp2Session): void {
    if (this.session === session) this.session = undefined;
    if (!session.closed) session.close();
  }

  /** Holds the process open while calls are in flight, and not while the connection idles. */
  private track(session: http2.ClientHttp2Session, delta: number): void {
    const calls = (this.inFlight.get(session) ?? 0) + delta;
    this.inFlight.set(session, calls);
    if (session.destroyed) return;
    if (calls === 1 && delta > 0) session.ref();
    else if (calls === 0) session.unref();
  }
}

/** Reads one unary answer: headers, the length-prefixed message, the status. */
class AnswerReader {
  answered = false;
  height = 0;
  private status: number | undefined;
  private message = "";
  private metadata: http2.IncomingHttpHeaders = {};
  private readonly chunks: Buffer[] = [];
  private received = 0;
  /** The message's length from its prefix, once the first 5 bytes are in. */
  private declared: number | undefined;

  constructor(private readonly maxReceiveBytes: number) {}

  /** The answer's headers; a refusal when they are not a gRPC answer. */
  readHeaders(headers: http2.IncomingHttpHeaders): ServiceError | undefined {
    this.answered = true;
    const httpStatus = Number(headers[":status"]);
    if (httpStatus !== 200) return serviceError(grpcCodeOfHttp(httpStatus), `Received HTTP status code ${httpStatus}`);
    const type = String(headers["content-type"] ?? "");
    if (!type.startsWith("application/grpc")) return serviceError(GrpcStatus.UNKNOWN, `not a gRPC answer (content-type "${type.slice(0, 60)}")`);
    const height = headers[HEIGHT_METADATA_KEY];
    if (typeof height === "string" && HEIGHT_TEXT.test(height)) this.height = Number(height);
    // A trailers-only answer (an error before any message) carries its status here.
    this.readTrailers(headers);
    return undefined;
  }

  readTrailers(trailers: http2.IncomingHttpHeaders): void {
    const status = trailers["grpc-status"];
    if (status === undefined) return;
    const code = Number(status);
    this.status = Number.isInteger(code) && code >= 0 && code <= 16 ? code : GrpcStatus.UNKNOWN;
    this.message = decodeGrpcMessage(String(trailers["grpc-message"] ?? ""));
    this.metadata = trailers;
  }

  /** A chunk of the body; a refusal once the message is larger than allowed. */
  readData(chunk: Buffer): ServiceError | undefined {
    this.chunks.push(chunk);
    this.received += chunk.length;
    if (this.received < PREFIX_BYTES) return undefined;
    if (this.declared === undefined) {
      const first = this.chunks[0]!;
      this.declared = (first.length >= PREFIX_BYTES ? first : Buffer.concat(this.chunks, this.received)).readUInt32BE(1);
      if (this.declared > this.maxReceiveBytes) {
        return serviceError(GrpcStatus.RESOURCE_EXHAUSTED, `Received message larger than max (${this.declared} vs ${this.maxReceiveBytes})`);
      }
    }
    if (this.received > PREFIX_BYTES + this.declared) return serviceError(GrpcStatus.INTERNAL, "a unary call answered with more than one message");
    return undefined;
  }

  /** The call's outcome once the stream has closed. */
  finish(rstCode: number | undefined): CallResult<Uint8Array> | ServiceError {
    if (this.status === undefined) {
      if (rstCode !== undefined && rstCode !== http2.constants.NGHTTP2_NO_ERROR) {
        const code =
          rstCode === http2.constants.NGHTTP2_REFUSED_STREAM
            ? GrpcStatus.UNAVAILABLE
            : rstCode === http2.constants.NGHTTP2_CANCEL
              ? GrpcStatus.CANCELLED
              : GrpcStatus.INTERNAL;
        return serviceError(code, `Received RST_STREAM with code ${rstCode}`);
      }
      return serviceError(this.answered ? GrpcStatus.INTERNAL : GrpcStatus.UNAVAILABLE, "the stream closed without a gRPC status");
    }
    if (this.status !== GrpcStatus.OK) return serviceError(this.status, this.message, this.metadata);
    const body = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.received);
    if (body.length < PREFIX_BYTES) return serviceError(GrpcStatus.INTERNAL, "No message received");
    if (body[0] !== 0) return serviceError(GrpcStatus.INTERNAL, "a compressed answer, though no compression was offered");
    const length = body.readUInt32BE(1);
    if (body.length !== PREFIX_BYTES + length) return serviceError(GrpcStatus.INTERNAL, "the answer ended inside its message");
    return { response: body.subarray(PREFIX_BYTES), height: this.height };
  }
}

/** An error as grpc-js reports a failed call: "<code> <NAME>: <details>", with code, details, metadata. */
function serviceError(code: number, details: string, trailers: http2.IncomingHttpHeaders = {}): ServiceError {
  const metadata = new Metadata();
  for (const [key, value] of Object.entries(trailers)) {
    if (key.startsWith(":") || key === "grpc-status" || key === "grpc-message" || key.endsWith("-bin") || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) metadata.add(key, v);
  }
  return Object.assign(new Error(`${code} ${GrpcStatus[code] ?? "UNKNOWN"}: ${details}`), { code, details, metadata });
}

/** grpc-message is percent-encoded UTF-8; a malformed one is shown as sent. */
function decodeGrpcMessage(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The gRPC code for an HTTP status that is not 200 (gRPC's "HTTP to gRPC status code mapping"). */
function grpcCodeOfHttp(httpStatus: number): number {
  switch (httpStatus) {
    case 400:
      return GrpcStatus.INTERNAL;
    case 401:
      return GrpcStatus.UNAUTHENTICATED;
    case 403:
      return GrpcStatus.PERMISSION_DENIED;
    case 404:
      return GrpcStatus.UNIMPLEMENTED;
    case 429:
    case 502:
    case 503:
    case 504:
      return GrpcStatus.UNAVAILABLE;
    default:
      return GrpcStatus.UNKNOWN;
  }
}

/** The underlying reason of a stream error ("connect ECONNREFUSED 127.0.0.1:9090"). */
function causeOf(err: Error): string {
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : err.message;
}
