// gRPC calls on HTTP/2 streams, server side ("gRPC over HTTP2"): a request's headers checked, its
// length-prefixed messages read, the method run, and the answer written as headers, messages and
// trailers carrying grpc-status; a call that fails before any message answers trailers-only.
// Deadlines (grpc-timeout), cancellation by the client and the loss of the connection all abort
// the call's signal. Messages are not compressed: a compressed request is refused.
import { GrpcCode } from "../errors.js";
import { ErrorCode } from "../http2/frames.js";
import type { ServerStream, ServerStreamListener } from "../http2/serverConnection.js";
import type { HeaderFields } from "../http2/hpack.js";
import { frameMessage, MESSAGE_PREFIX_BYTES, MessageReader, MessageTooLargeError } from "./messageFrame.js";

export type HeaderList = ReadonlyArray<readonly [string, string]>;

/** What a method sees of its call. */
export interface CallContext {
  /** The request's headers (lower-case names; a repeated one as an array). */
  readonly metadata: HeaderFields;
  /** Aborted when the client cancels, the deadline passes or the connection goes. */
  readonly signal: AbortSignal;
}

/** A failure with its gRPC status; any other error a method throws answers INTERNAL with its message. */
export class GrpcStatusError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface UnaryAnswer {
  message: Uint8Array;
  /** Headers sent before the message (initial metadata). */
  metadata?: HeaderList;
}

export type UnaryMethod = (request: Buffer, ctx: CallContext) => Promise<UnaryAnswer>;

/** The answering side of a bidirectional stream. */
export interface BidiCall {
  write(message: Uint8Array): void;
  /** Ends the call: OK by default. */
  end(code?: number, message?: string): void;
}

export type BidiMethod = (call: BidiCall, ctx: CallContext) => { onMessage(message: Buffer): void; onEnd(): void };

type Method = { kind: "unary"; run: UnaryMethod } | { kind: "bidi"; run: BidiMethod };

/**
 * The request octets one connection's calls hold unfinished (messages not complete yet, a unary
 * request whose stream has not ended), against one cap: a client cannot park more than that on a
 * connection by starting requests it never finishes.
 */
export class RequestBudget {
  private held = 0;

  constructor(readonly maxBytes: number) {}

  /** Takes `octets`; false, taking nothing, when that would pass the cap. */
  take(octets: number): boolean {
    if (this.held + octets > this.maxBytes) return false;
    this.held += octets;
    return true;
  }

  give(octets: number): void {
    this.held -= octets;
  }
}

const RESPONSE_HEADERS: HeaderList = [
  [":status", "200"],
  ["content-type", "application/grpc"],
  ["grpc-accept-encoding", "identity"],
];
/** The longest deadline honoured: a longer grpc-timeout runs without a timer (as no deadline). */
const MAX_DEADLINE_MS = 2 ** 31 - 1;

export class GrpcCallRouter {
  private readonly methods = new Map<string, Method>();

  constructor(private readonly maxRequestBytes: number) {}

  unary(path: string, run: UnaryMethod): void {
    this.methods.set(path, { kind: "unary", run });
  }

  bidi(path: string, run: BidiMethod): void {
    this.methods.set(path, { kind: "bidi", run });
  }

  /** A new stream on a connection whose unfinished requests share `budget`: its call, or an HTTP- or gRPC-level refusal. */
  open(stream: ServerStream, headers: HeaderFields, budget: RequestBudget): ServerStreamListener {
    const ignore: ServerStreamListener = { onData() {}, onEnd() {}, onCancel() {} };
    if (headers[":method"] !== "POST") {
      stream.respond([[":status", "405"]], true);
      return ignore;
    }
    const type = headers["content-type"];
    if (typeof type !== "string" || !/^application\/grpc($|[+;])/.test(type)) {
      stream.respond([[":status", "415"]], true);
      return ignore;
    }
    const path = String(headers[":path"] ?? "");
    const method = this.methods.get(path);
    const call = new Call(stream, headers, this.maxRequestBytes, budget);
    if (!method) call.fail(GrpcCode.UNIMPLEMENTED, `The server does not implement the method ${path.slice(0, 200)}`);
    else if (method.kind === "unary") call.runUnary(method.run);
    else call.runBidi(method.run);
    return call;
  }
}

class Call implements ServerStreamListener {
  private readonly controller = new AbortController();
  private readonly reader: MessageReader;
  private deadline: NodeJS.Timeout | undefined;
  private done = false;
  private headersSent = false;
  /** A unary method has been called and has not settled: a cancelled stream waits for it. */
  private inFlight = false;
  /** Request octets this call holds of the connection's budget. */
  private held = 0;
  private onMessage: ((message: Buffer) => void) | undefined;
  private onClientEnd: (() => void) | undefined;

  constructor(
    private readonly stream: ServerStream,
    private readonly headers: HeaderFields,
    maxRequestBytes: number,
    private readonly budget: RequestBudget,
  ) {
    this.reader = new MessageReader(maxRequestBytes);
    const timeout = headers["grpc-timeout"];
    if (timeout !== undefined) {
      const ms = timeoutMs(timeout);
      if (ms === undefined) this.fail(GrpcCode.OUT_OF_RANGE, `Invalid grpc-timeout value "${String(timeout).slice(0, 20)}"`);
      else if (ms <= MAX_DEADLINE_MS) this.deadline = setTimeout(() => this.fail(GrpcCode.DEADLINE_EXCEEDED, "Deadline exceeded"), ms);
    }
  }

  get context(): CallContext {
    return { metadata: this.headers, signal: this.controller.signal };
  }

  runUnary(run: UnaryMethod): void {
    let request: Buffer | undefined;
    this.onMessage = (message) => {
      if (request !== undefined) return this.fail(GrpcCode.INTERNAL, "more than one request message for a unary method");
      request = message;
    };
    this.onClientEnd = () => {
      if (request === undefined) return this.fail(GrpcCode.INTERNAL, "the call ended without its request message");
      this.release(); // the request is the method's now
      let answer: Promise<UnaryAnswer>;
      try {
        answer = run(request, this.context);
      } catch (err) {
        answer = Promise.reject(err);
      }
      this.inFlight = true;
      answer
        .then(
          (answer) => this.answer(answer),
          (err: unknown) =>
            err instanceof GrpcStatusError ? this.fail(err.code, err.message) : this.fail(GrpcCode.INTERNAL, (err as Error)?.message ?? String(err)),
        )
        .finally(() => (this.inFlight = false));
    };
  }

  runBidi(run: BidiMethod): void {
    if (this.done) return;
    const handler = run(
      {
        write: (message) => {
          if (this.done) return;
          this.sendHeaders(RESPONSE_HEADERS);
          this.stream.write(frameMessage(message));
        },
        end: (code = GrpcCode.OK, message = "") => this.finish(code, message),
      },
      this.context,
    );
    this.onMessage = (message) => {
      this.release(MESSAGE_PREFIX_BYTES + message.length);
      handler.onMessage(message);
    };
    this.onClientEnd = () => handler.onEnd();
  }

  /** Ends the call with a status; trailers-only when nothing was sent before. */
  fail(code: number, message: string): void {
    this.finish(code, message);
    this.controller.abort();
  }

  // --- ServerStreamListener ----------------------------------------------------------------------

  onData(chunk: Buffer): void {
    if (this.done) return;
    if (!this.budget.take(chunk.length))
      return this.fail(GrpcCode.RESOURCE_EXHAUSTED, `this connection's unfinished requests would pass ${this.budget.maxBytes} bytes`);
    this.held += chunk.length;
    let messages;
    try {
      messages = this.reader.read(chunk);
    } catch (err) {
      if (err instanceof MessageTooLargeError) return this.fail(GrpcCode.RESOURCE_EXHAUSTED, err.message);
      throw err;
    }
    for (const { compressed, message } of messages) {
      if (this.done) return;
      if (compressed) {
        const encoding = this.headers["grpc-encoding"];
        if (encoding === undefined || encoding === "identity") return this.fail(GrpcCode.INTERNAL, "a compressed message without grpc-encoding");
        return this.fail(GrpcCode.UNIMPLEMENTED, `Compression "${String(encoding).slice(0, 40)}" is not supported (grpc-accept-encoding: identity)`);
      }
      this.onMessage?.(message);
    }
  }

  onEnd(): void {
    if (this.done) return;
    if (this.reader.partial > 0) return this.fail(GrpcCode.INTERNAL, "the request ended inside a message");
    this.onClientEnd?.();
  }

  onCancel(): void {
    if (this.done) return;
    this.done = true;
    this.release();
    clearTimeout(this.deadline);
    this.controller.abort();
    // The stream's slot frees once no method runs for it: now, or when the running one settles
    // (whatever it answers then goes nowhere).
    if (this.inFlight) this.settled = () => this.stream.reset(ErrorCode.CANCEL);
    else this.stream.reset(ErrorCode.CANCEL);
  }

  // --- answering ---------------------------------------------------------------------------------

  /** What a method's late result does after the call ended early (cancelled: frees the stream). */
  private settled: () => void = () => {};

  private answer(answer: UnaryAnswer): void {
    if (this.done) return this.settled();
    this.sendHeaders(answer.metadata ? [...RESPONSE_HEADERS, ...answer.metadata] : RESPONSE_HEADERS);
    this.stream.write(frameMessage(answer.message));
    this.finish(GrpcCode.OK, "");
  }

  /** Gives `octets` (all it holds by default) back to the connection's budget. */
  private release(octets = this.held): void {
    this.held -= octets;
    this.budget.give(octets);
  }

  private sendHeaders(fields: HeaderList): void {
    if (this.headersSent) return;
    this.headersSent = true;
    this.stream.respond(fields);
  }

  private finish(code: number, message: string): void {
    if (this.done) return this.settled();
    this.done = true;
    this.release();
    clearTimeout(this.deadline);
    const status: HeaderList =
      message === ""
        ? [["grpc-status", String(code)]]
        : [
            ["grpc-status", String(code)],
            ["grpc-message", encodeGrpcMessage(message)],
          ];
    if (this.headersSent) this.stream.end(status);
    else this.stream.respond([...RESPONSE_HEADERS, ...status], true);
  }
}

/** grpc-timeout ("100m", "5S": at most 8 digits and a unit) in milliseconds; undefined when malformed. */
export function timeoutMs(value: string | string[]): number | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(\d{1,8})([HMSmun])$/.exec(value);
  if (!match) return undefined;
  return Math.ceil(Number(match[1]) * MS_PER_TIMEOUT_UNIT[match[2]!]!);
}

const MS_PER_TIMEOUT_UNIT: Readonly<Record<string, number>> = { H: 3_600_000, M: 60_000, S: 1000, m: 1, u: 1e-3, n: 1e-6 };

/** grpc-message's percent-encoding: UTF-8, with every octet outside printable ASCII (and %) escaped. */
export function encodeGrpcMessage(text: string): string {
  const bytes = Buffer.from(text.slice(0, 4096), "utf8");
  let out = "";
  for (const b of bytes) out += b >= 0x20 && b <= 0x7e && b !== 0x25 ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  return out;
}
