// Unary gRPC calls over our own HTTP/2 connection (common/http2/clientConnection.ts), for the
// REST gateway's and the JSON-RPC server's hot paths: one request, one answer, the height
// metadata. grpc-js runs every call through its channel stack (resolver, load balancer, retries,
// filters), and node:http2 through stream objects, events and header conversions; a call here
// costs a fraction of either's CPU. The wire format is gRPC's (a 5-byte length prefix per
// message, the status in the trailers, or in the headers of a trailers-only answer); errors have
// grpc-js's ServiceError shape (code, details, metadata), so callers treat both clients alike.
// One connection, opened on the first call and again after it ends; a call sent while no server
// listens fails UNAVAILABLE.
import { Metadata, status as GrpcStatus, type ServiceError } from "@grpc/grpc-js";
import { ErrorCode } from "../http2/frames.js";
import { Http2ClientConnection, type StreamHandle, type StreamListener } from "../http2/clientConnection.js";
import { encodeHeaders, type HeaderFields } from "../http2/hpack.js";
import { HEIGHT_METADATA_KEY, HEIGHT_TEXT } from "./height.js";
import { frameMessage, MESSAGE_PREFIX_BYTES, MessageReader, MessageTooLargeError } from "./messageFrame.js";
import { UnaryClient, type CallOptions, type CallResult } from "./unaryClient.js";

export interface Http2UnaryClientOptions {
  /** Largest answer accepted (grpc-js's grpc.max_receive_message_length); default 4 MiB. */
  maxReceiveBytes?: number;
}

const DEFAULT_MAX_RECEIVE_BYTES = 4 * 1024 * 1024;
/** grpc-timeout allows at most 8 digits. */
const MAX_TIMEOUT_MS = 99_999_999;

export class Http2UnaryClient extends UnaryClient {
  private connection: Http2ClientConnection | undefined;
  private closed = false;
  private readonly maxReceiveBytes: number;
  private readonly host: string;
  private readonly port: number;
  /** The pseudo-headers every call sends, :path excepted, and the headers after them. */
  private readonly leadingHeaders: Buffer;
  private readonly trailingHeaders: Buffer;

  constructor(
    /** `host:port`, e.g. `127.0.0.1:9090` (an IPv6 host in brackets). */
    private readonly address: string,
    options: Http2UnaryClientOptions = {},
  ) {
    super();
    this.maxReceiveBytes = options.maxReceiveBytes ?? DEFAULT_MAX_RECEIVE_BYTES;
    ({ host: this.host, port: this.port } = hostAndPort(address));
    this.leadingHeaders = encodeHeaders([
      [":method", "POST"],
      [":scheme", "http"],
      [":authority", address],
    ]);
    this.trailingHeaders = encodeHeaders([
      ["content-type", "application/grpc"],
      ["te", "trailers"],
    ]);
  }

  unary(path: string, request: Uint8Array, options: CallOptions = {}): Promise<CallResult<Uint8Array>> {
    if (this.closed) return Promise.reject(serviceError(GrpcStatus.CANCELLED, "the client is closed"));
    const headerBlock = Buffer.concat([this.leadingHeaders, encodeHeaders([[":path", path]]), this.trailingHeaders, encodeHeaders(this.metadata(options))]);
    const body = frameMessage(request);

    return new Promise((resolve, reject) => {
      const answer = new AnswerReader(this.maxReceiveBytes);
      let handle: StreamHandle | undefined;
      let timer: NodeJS.Timeout | undefined;
      let settled = false;
      const settle = (outcome: CallResult<Uint8Array> | ServiceError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (outcome instanceof Error) {
          handle?.cancel();
          reject(outcome);
        } else resolve(outcome);
      };
      const listener: StreamListener = {
        onHeaders: (fields) => {
          if (answer.answered) return answer.readTrailers(fields);
          const refused = answer.readHeaders(fields);
          if (refused) settle(refused);
        },
        onData: (chunk) => {
          const refused = answer.readData(chunk);
          if (refused) settle(refused);
        },
        onEnd: () => settle(answer.finish(undefined)),
        onReset: (code) => settle(answer.finish(code)),
        // Before any answer, a failed connection is a server that cannot be reached (or went away).
        onFail: (message, started) => settle(serviceError(started ? GrpcStatus.INTERNAL : GrpcStatus.UNAVAILABLE, message)),
      };
      try {
        handle = this.openConnection().request(headerBlock, body, listener);
      } catch (err) {
        return settle(serviceError(GrpcStatus.UNAVAILABLE, `cannot open a stream to ${this.address}: ${(err as Error).message}`));
      }
      if (options.timeoutMs !== undefined && !settled) {
        timer = setTimeout(() => settle(serviceError(GrpcStatus.DEADLINE_EXCEEDED, `Deadline exceeded after ${options.timeoutMs} ms`)), options.timeoutMs);
      }
    });
  }

  close(): void {
    this.closed = true;
    this.connection?.close();
    this.connection = undefined;
  }

  private metadata(options: CallOptions): Array<[string, string]> {
    const fields: Array<[string, string]> = [];
    if (options.height !== undefined) fields.push([HEIGHT_METADATA_KEY, String(options.height)]);
    if (options.timeoutMs !== undefined) fields.push(["grpc-timeout", `${Math.min(MAX_TIMEOUT_MS, Math.max(1, Math.ceil(options.timeoutMs)))}m`]);
    return fields;
  }

  /** The open connection, or a new one when there is none or it takes no more streams. */
  private openConnection(): Http2ClientConnection {
    if (this.connection?.usable) return this.connection;
    const connection = new Http2ClientConnection(this.host, this.port, (ended) => {
      if (this.connection === ended) this.connection = undefined;
    });
    this.connection = connection;
    return connection;
  }
}

/** `host:port` or `[v6]:port`. */
function hostAndPort(address: string): { host: string; port: number } {
  const colon = address.lastIndexOf(":");
  const port = Number(address.slice(colon + 1));
  let host = address.slice(0, Math.max(colon, 0));
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  if (colon < 1 || !Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`invalid gRPC address "${address}" (expected host:port)`);
  return { host, port };
}

/** gRPC's codes for the HTTP/2 errors a server resets a stream with ("HTTP2 Transport Mapping"). */
const GRPC_CODE_OF_RST: Record<number, number> = {
  [ErrorCode.REFUSED_STREAM]: GrpcStatus.UNAVAILABLE,
  [ErrorCode.CANCEL]: GrpcStatus.CANCELLED,
  [ErrorCode.ENHANCE_YOUR_CALM]: GrpcStatus.RESOURCE_EXHAUSTED,
  [ErrorCode.INADEQUATE_SECURITY]: GrpcStatus.PERMISSION_DENIED,
};

/** Reads one unary answer: headers, the length-prefixed message, the status. */
class AnswerReader {
  answered = false;
  height = 0;
  private status: number | undefined;
  private message = "";
  private metadata: HeaderFields = {};
  private readonly reader: MessageReader;
  /** The answer's message, once whole. */
  private answer: { compressed: boolean; message: Buffer } | undefined;

  constructor(maxReceiveBytes: number) {
    this.reader = new MessageReader(maxReceiveBytes);
  }

  /** The answer's headers; a refusal when they are not a gRPC answer. */
  readHeaders(headers: HeaderFields): ServiceError | undefined {
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

  readTrailers(trailers: HeaderFields): void {
    const status = trailers["grpc-status"];
    if (status === undefined) return;
    const code = Number(status);
    this.status = Number.isInteger(code) && code >= 0 && code <= 16 ? code : GrpcStatus.UNKNOWN;
    this.message = decodeGrpcMessage(String(trailers["grpc-message"] ?? ""));
    this.metadata = trailers;
  }

  /** A chunk of the body; a refusal once the message is larger than allowed. */
  readData(chunk: Buffer): ServiceError | undefined {
    let messages;
    try {
      messages = this.reader.read(chunk);
    } catch (err) {
      if (!(err instanceof MessageTooLargeError)) throw err;
      return serviceError(GrpcStatus.RESOURCE_EXHAUSTED, `Received message larger than max (${err.length} vs ${err.maxBytes})`);
    }
    this.answer ??= messages.shift();
    // Any octet past the first message is a second one.
    if (this.answer && (messages.length > 0 || this.reader.partial > 0))
      return serviceError(GrpcStatus.INTERNAL, "a unary call answered with more than one message");
    return undefined;
  }

  /** The call's outcome once the stream has closed. */
  finish(rstCode: number | undefined): CallResult<Uint8Array> | ServiceError {
    if (this.status === undefined) {
      if (rstCode !== undefined && rstCode !== ErrorCode.NO_ERROR) {
        const code = GRPC_CODE_OF_RST[rstCode] ?? GrpcStatus.INTERNAL;
        return serviceError(code, `Received RST_STREAM with code ${rstCode}`);
      }
      return serviceError(this.answered ? GrpcStatus.INTERNAL : GrpcStatus.UNAVAILABLE, "the stream closed without a gRPC status");
    }
    if (this.status !== GrpcStatus.OK) return serviceError(this.status, this.message, this.metadata);
    if (!this.answer)
      return serviceError(GrpcStatus.INTERNAL, this.reader.partial < MESSAGE_PREFIX_BYTES ? "No message received" : "the answer ended inside its message");
    if (this.answer.compressed) return serviceError(GrpcStatus.INTERNAL, "a compressed answer, though no compression was offered");
    return { response: this.answer.message, height: this.height };
  }
}

/** An error as grpc-js reports a failed call: "<code> <NAME>: <details>", with code, details, metadata. */
function serviceError(code: number, details: string, trailers: HeaderFields = {}): ServiceError {
  const metadata = new Metadata();
  for (const [key, value] of Object.entries(trailers)) {
    if (key.startsWith(":") || key === "grpc-status" || key === "grpc-message" || key.endsWith("-bin") || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      // A value grpc-js refuses (octets past printable ASCII) is dropped, as grpc-js's own client does.
      try {
        metadata.add(key, v);
      } catch {
        continue;
      }
    }
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
