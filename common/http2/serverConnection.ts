// One HTTP/2 server connection over cleartext TCP (prior knowledge, RFC 9113 section 3.3), on a
// plain net.Socket: the client's streams, flow control both ways, SETTINGS, PINGs, RST_STREAMs and
// GOAWAY. What the app's gRPC server needs of node:http2's server, at a fraction of its CPU: no
// stream objects, events or header conversions, and every frame written in one turn of the event
// loop goes out in one write.
//
// A stream holds one of the connection's MAX_CONCURRENT_STREAMS slots until its handler has
// answered, even when the client reset it first: a client that opens and cancels streams in a loop
// cannot start more work than the slots allow. A client that breaks the protocol ends its
// connection (GOAWAY with the error, then the socket); its streams are cancelled, the process and
// the other connections go on. An answer that waits for flow-control credit the client does not
// give is reset (RST_STREAM ENHANCE_YOUR_CALM) once none of it has gone out for a while, or once it
// has waited too long in all; the connection's other calls go on.
import type net from "node:net";
import {
  CLIENT_PREFACE,
  DEFAULT_WINDOW_SIZE,
  ErrorCode,
  Flag,
  frame,
  FrameType,
  MAX_STREAM_ID,
  MAX_WINDOW_SIZE,
  ProtocolError,
  sendDataFrames,
  Setting,
  settingsPayload,
  uint32,
} from "./frames.js";
import { FrameReader, MAX_HEADER_LIST_BYTES, unpad } from "./frameReader.js";
import { PeerLimits, pingReply, readFailure, readGoaway, readRstStream, ReceiveCredit, streamWindowAfter } from "./peerControl.js";
import { encodeHeaders, type HeaderFields } from "./hpack.js";
import { Outbox } from "./outbox.js";

/** What a stream's handler hears from the client. */
export interface ServerStreamListener {
  onData(chunk: Buffer): void;
  /** The client ended its side (END_STREAM). */
  onEnd(): void;
  /** The client reset the stream or the connection ended before the answer did. Called at most once. */
  onCancel(): void;
}

/** How a handler answers on its stream. Each call after the stream has ended does nothing. */
export interface ServerStream {
  /** The response headers; `endStream` makes them the whole answer (e.g. gRPC's trailers-only). */
  respond(fields: ReadonlyArray<readonly [string, string]>, endStream?: boolean): void;
  /** Body octets, sent as the client's flow-control windows allow. */
  write(data: Buffer): void;
  /** Trailers ending the stream, once everything written before has gone. */
  end(trailers: ReadonlyArray<readonly [string, string]>): void;
  /** Resets the stream (RST_STREAM) and frees its slot. */
  reset(code: number): void;
}

/** Called for each stream the client opens, with its request headers. */
export type StreamOpener = (stream: ServerStream, headers: HeaderFields) => ServerStreamListener;

export const MAX_CONCURRENT_STREAMS = 100;
/** Each stream's receive window: a client may send this much before we return credit. */
const STREAM_WINDOW = 1024 * 1024;
/** Received octets after which credit goes back: the connection's, and each stream's. */
const CONNECTION_CREDIT = 2 ** 30;
const STREAM_CREDIT = STREAM_WINDOW / 2;

/**
 * How long an answer may wait for the client's flow-control credit: reset once none of its octets
 * has gone out for `stallMs`, or once it has waited `maxWaitMs` in all (a client granting an octet
 * now and then). A client that reads gives credit as it goes; one that does not would otherwise
 * hold up to MAX_CONCURRENT_STREAMS answers in memory per connection for as long as it stays.
 */
export interface WithheldLimits {
  stallMs: number;
  maxWaitMs: number;
}

/** What one connection may cost the server while its client does not do its part. */
export interface ConnectionLimits {
  withheld: WithheldLimits;
  /** A connection that has not sent HTTP/2's preface by then is closed: it holds a slot and says nothing. */
  prefaceTimeoutMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { withheld: { stallMs: 30_000, maxWaitMs: 300_000 }, prefaceTimeoutMs: 10_000 };

class Stream implements ServerStream {
  /** Octets of body waiting for window, in order. */
  private pending: Buffer[] = [];
  /** The trailers' header block, sent once `pending` has drained. */
  private trailers: Buffer | undefined;
  private responded = false;
  /** Our side has sent END_STREAM or RST_STREAM. */
  answered = false;
  /** The client sent END_STREAM. */
  remoteEnded = false;
  /** The client reset the stream or the connection failed: nothing more reaches the client. */
  cancelled = false;
  /** Received octets, never past the window we granted; a WINDOW_UPDATE gives them back once half the window is in. */
  readonly credit = new ReceiveCredit(STREAM_CREDIT);
  listener: ServerStreamListener | undefined;

  constructor(
    readonly id: number,
    public sendWindow: number,
    private readonly connection: Http2ServerConnection,
  ) {}

  respond(fields: ReadonlyArray<readonly [string, string]>, endStream = false): void {
    if (this.answered || this.responded) return;
    if (this.cancelled) return endStream ? this.connection.answered(this) : undefined;
    this.responded = true;
    this.connection.sendHeaderBlock(this.id, encodeHeaders(fields), endStream);
    if (endStream) this.connection.answered(this);
  }

  write(data: Buffer): void {
    if (this.answered || this.cancelled || data.length === 0) return;
    this.pending.push(data);
    this.drain();
  }

  /** Since when its answer has waited for window, and when an octet of it last went out; undefined while nothing waits. */
  waiting: { since: number; progressAt: number } | undefined;

  /** Forgets the body octets not sent (the stream is over). */
  dropPending(): void {
    this.pending = [];
    this.waiting = undefined;
  }

  end(trailers: ReadonlyArray<readonly [string, string]>): void {
    if (this.answered || this.trailers) return;
    if (this.cancelled) return this.connection.answered(this);
    this.trailers = encodeHeaders(trailers);
    this.drain();
  }

  reset(code: number): void {
    if (this.answered) return;
    if (!this.cancelled) this.connection.sendReset(this.id, code);
    this.connection.answered(this);
  }

  /** Sends what the windows allow; the trailers once nothing is left. */
  drain(): void {
    if (this.answered || this.cancelled) return;
    while (this.pending.length > 0) {
      const body = this.pending[0]!;
      const sent = this.connection.sendData(this, body);
      if (sent < body.length) {
        this.pending[0] = body.subarray(sent);
        const now = performance.now();
        if (this.waiting === undefined) this.waiting = { since: now, progressAt: now };
        else if (sent > 0) this.waiting.progressAt = now;
        return this.connection.watchWithheld();
      }
      this.pending.shift();
    }
    this.waiting = undefined;
    if (this.trailers) {
      this.connection.sendHeaderBlock(this.id, this.trailers, true);
      this.connection.answered(this);
    }
  }
}

export class Http2ServerConnection {
  private readonly reader: FrameReader;
  private readonly outbox: Outbox;
  private readonly streams = new Map<number, Stream>();
  private prefaceSeen = 0;
  private lastStreamId = 0;
  /** The client's SETTINGS and our connection send window. */
  private readonly client = new PeerLimits();
  private readonly credit = new ReceiveCredit(CONNECTION_CREDIT);
  /** close(): GOAWAY sent, no new streams, the socket ends once the open ones have answered. */
  private draining = false;
  private ended = false;
  /** Runs while answers wait for window (watchWithheld). */
  private stallTimer: NodeJS.Timeout | undefined;
  /** Runs until the client's preface has arrived. */
  private prefaceTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly socket: net.Socket,
    private readonly openStream: StreamOpener,
    /** Called once, when the connection has ended. */
    private readonly onEnded: (connection: Http2ServerConnection) => void,
    private readonly limits: ConnectionLimits = DEFAULT_CONNECTION_LIMITS,
  ) {
    this.reader = new FrameReader({
      onFrame: (type, flags, streamId, payload) => this.onFrame(type, flags, streamId, payload),
      onHeaderBlock: (streamId, endStream, fields) => this.onHeaderBlock(streamId, endStream, fields),
      stopped: () => this.ended,
    });
    this.outbox = new Outbox(socket, () => this.fail(), "client");
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => this.receive(chunk));
    this.prefaceTimer = setTimeout(() => this.fail(), limits.prefaceTimeoutMs);
    this.prefaceTimer.unref();
    socket.on("error", () => this.fail());
    socket.on("close", () => this.fail());
    const settings = settingsPayload([
      [Setting.MAX_CONCURRENT_STREAMS, MAX_CONCURRENT_STREAMS],
      [Setting.INITIAL_WINDOW_SIZE, STREAM_WINDOW],
      [Setting.MAX_HEADER_LIST_SIZE, MAX_HEADER_LIST_BYTES],
    ]);
    this.outbox.send(frame(FrameType.SETTINGS, 0, 0, settings));
    this.outbox.send(frame(FrameType.WINDOW_UPDATE, 0, 0, uint32(MAX_WINDOW_SIZE - DEFAULT_WINDOW_SIZE)));
  }

  /** Streams whose handlers have not answered yet. */
  get openStreams(): number {
    return this.streams.size;
  }

  /** Graceful: GOAWAY, no new streams; the socket ends once the open ones have answered. */
  close(): void {
    if (this.ended || this.draining) return;
    this.draining = true;
    this.outbox.send(goaway(this.lastStreamId, ErrorCode.NO_ERROR));
    this.endIfDrained();
  }

  /** Ends the connection now; open streams are cancelled. */
  destroy(): void {
    this.fail();
  }

  // --- used by Stream ----------------------------------------------------------------------------

  sendHeaderBlock(streamId: number, block: Buffer, endStream: boolean): void {
    this.client.sendHeaderBlock((bytes) => this.outbox.send(bytes), streamId, block, endStream);
  }

  /** Sends what the windows allow of `body` (octets its stream withheld); returns the octets sent. */
  sendData(stream: Stream, body: Buffer): number {
    const room = Math.min(this.client.connectionWindow, stream.sendWindow);
    const sent = sendDataFrames((bytes) => this.outbox.send(bytes), stream.id, body, room, this.client.maxFrameSize, false);
    this.client.connectionWindow -= sent;
    stream.sendWindow -= sent;
    return sent;
  }

  sendReset(streamId: number, code: number): void {
    this.outbox.send(frame(FrameType.RST_STREAM, 0, streamId, uint32(code)));
  }

  /** Our side of `stream` is done: its slot frees, and a client still sending is told to stop. */
  answered(stream: Stream): void {
    if (stream.answered) return;
    stream.answered = true;
    stream.dropPending();
    if (!stream.remoteEnded && !stream.cancelled) this.sendReset(stream.id, ErrorCode.NO_ERROR);
    this.streams.delete(stream.id);
    this.endIfDrained();
  }

  // --- reading -----------------------------------------------------------------------------------

  private receive(chunk: Buffer): void {
    if (this.ended) return;
    try {
      if (this.prefaceSeen < CLIENT_PREFACE.length) {
        const take = Math.min(CLIENT_PREFACE.length - this.prefaceSeen, chunk.length);
        if (!chunk.subarray(0, take).equals(CLIENT_PREFACE.subarray(this.prefaceSeen, this.prefaceSeen + take)))
          throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, "not an HTTP/2 connection preface (this port speaks gRPC: HTTP/2 without TLS)");
        this.prefaceSeen += take;
        if (this.prefaceSeen === CLIENT_PREFACE.length) clearTimeout(this.prefaceTimer);
        chunk = chunk.subarray(take);
        if (chunk.length === 0) return;
      }
      this.reader.read(chunk);
    } catch (err) {
      const failure = readFailure(err);
      this.abort(failure.code, failure.message);
    }
  }

  private onFrame(type: number, flags: number, streamId: number, payload: Buffer): void {
    switch (type) {
      case FrameType.DATA:
        return this.onData(flags, streamId, payload);
      case FrameType.RST_STREAM:
        readRstStream(streamId, payload);
        return this.cancel(this.streams.get(streamId));
      case FrameType.SETTINGS: {
        const ack = this.client.applySettings(flags, streamId, payload, this.streams.values());
        if (ack) this.outbox.send(ack);
        return this.resumeSends();
      }
      case FrameType.PING: {
        const reply = pingReply(flags, streamId, payload);
        if (reply) this.outbox.send(reply);
        return;
      }
      case FrameType.GOAWAY:
        readGoaway(streamId, payload);
        // The client opens no more streams; the open ones are still answered.
        this.draining = true;
        return this.endIfDrained();
      case FrameType.WINDOW_UPDATE:
        return this.onWindowUpdate(streamId, payload);
      case FrameType.PUSH_PROMISE:
        throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, "a PUSH_PROMISE from a client");
      default:
        // PRIORITY and frame types this side does not know are ignored (RFC 9113, 4.1 and 5.5).
        return;
    }
  }

  private onHeaderBlock(streamId: number, endStream: boolean, fields: HeaderFields): void {
    if (streamId % 2 === 0) throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, `HEADERS on stream ${streamId}, which a client cannot open`);
    const open = this.streams.get(streamId);
    if (open) {
      // Trailers from the client: gRPC sends none, but they end its side like END_STREAM.
      if (!endStream) throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, "a second header block that does not end the stream");
      return this.remoteEnd(open);
    }
    if (streamId <= this.lastStreamId) return; // a stream already answered or reset: nothing to do
    this.lastStreamId = streamId;
    if (this.draining) return this.sendReset(streamId, ErrorCode.REFUSED_STREAM);
    if (this.streams.size >= MAX_CONCURRENT_STREAMS) return this.sendReset(streamId, ErrorCode.REFUSED_STREAM);
    const stream = new Stream(streamId, this.client.initialWindow, this);
    // Known before the handler can answer: a stream the client has closed gets no RST_STREAM after the answer.
    stream.remoteEnded = endStream;
    this.streams.set(streamId, stream);
    try {
      stream.listener = this.openStream(stream, fields);
    } catch {
      return stream.reset(ErrorCode.INTERNAL_ERROR);
    }
    if (endStream) this.deliver(stream, (l) => l.onEnd());
  }

  private onData(flags: number, streamId: number, payload: Buffer): void {
    if (streamId === 0) throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, "DATA on stream 0");
    if (streamId % 2 === 0 || streamId > this.lastStreamId) throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, `DATA on stream ${streamId}, which is not open`);
    const credit = this.credit.take(payload.length);
    if (credit > 0) this.outbox.send(frame(FrameType.WINDOW_UPDATE, 0, 0, uint32(credit)));
    const stream = this.streams.get(streamId);
    // Data for a stream already answered or reset may still be on its way: dropped.
    if (!stream || stream.cancelled || stream.remoteEnded) return;
    const data = unpad(flags, payload);
    if (stream.credit.outstanding + payload.length > STREAM_WINDOW)
      throw new ProtocolError(ErrorCode.FLOW_CONTROL_ERROR, `stream ${streamId} sent past its window`);
    // No credit for a stream this frame ends.
    const streamCredit = stream.credit.take(payload.length, !(flags & Flag.END_STREAM));
    if (streamCredit > 0) this.outbox.send(frame(FrameType.WINDOW_UPDATE, 0, streamId, uint32(streamCredit)));
    if (data.length > 0) this.deliver(stream, (l) => l.onData(data));
    if (flags & Flag.END_STREAM) this.remoteEnd(stream);
  }

  private remoteEnd(stream: Stream): void {
    if (stream.remoteEnded || stream.cancelled) return;
    stream.remoteEnded = true;
    this.deliver(stream, (l) => l.onEnd());
  }

  /** Calls the stream's listener; one that throws has its stream reset, the connection goes on. */
  private deliver(stream: Stream, call: (listener: ServerStreamListener) => void): void {
    if (!stream.listener || stream.answered) return;
    try {
      call(stream.listener);
    } catch {
      stream.reset(ErrorCode.INTERNAL_ERROR);
    }
  }

  private cancel(stream: Stream | undefined): void {
    if (!stream || stream.cancelled) return;
    stream.cancelled = true;
    stream.dropPending();
    // The slot stays taken until the handler answers (see the file comment).
    const listener = stream.listener;
    if (listener && !stream.answered) {
      try {
        listener.onCancel();
      } catch {
        // Nothing is left to tell: the stream is gone.
      }
    }
  }

  private onWindowUpdate(streamId: number, payload: Buffer): void {
    const increment = this.client.windowUpdate(streamId, payload);
    if (streamId === 0) return this.resumeSends();
    const stream = this.streams.get(streamId);
    if (!stream) return;
    const after = streamWindowAfter(stream.sendWindow, increment);
    if ("error" in after) {
      this.cancel(stream);
      this.sendReset(stream.id, after.error);
      return;
    }
    stream.sendWindow = after.window;
    stream.drain();
  }

  private resumeSends(): void {
    for (const stream of [...this.streams.values()]) {
      if (this.client.connectionWindow <= 0) return;
      stream.drain();
    }
  }

  /**
   * While answers wait for window, a check every quarter of the shorter limit: an answer none of
   * which went out for the stall time, or that has waited the longest time allowed, is reset.
   */
  watchWithheld(): void {
    if (this.stallTimer !== undefined || this.ended) return;
    const { stallMs, maxWaitMs } = this.limits.withheld;
    this.stallTimer = setTimeout(
      () => {
        this.stallTimer = undefined;
        if (this.ended) return;
        const now = performance.now();
        let stillWaiting = false;
        for (const stream of [...this.streams.values()]) {
          const waiting = stream.waiting;
          if (waiting === undefined) continue;
          if (now - waiting.progressAt >= stallMs || now - waiting.since >= maxWaitMs) stream.reset(ErrorCode.ENHANCE_YOUR_CALM);
          else stillWaiting = true;
        }
        if (stillWaiting) this.watchWithheld();
      },
      Math.min(stallMs, maxWaitMs) / 4,
    );
    this.stallTimer.unref();
  }

  // --- ending ------------------------------------------------------------------------------------

  private endIfDrained(): void {
    if (this.ended || !this.draining || this.streams.size > 0) return;
    this.outbox.flush();
    this.ended = true;
    clearTimeout(this.stallTimer);
    clearTimeout(this.prefaceTimer);
    this.outbox.close();
    this.socket.end();
    this.onEnded(this);
  }

  /** Ends the connection for a protocol error: GOAWAY with its code, then the socket. */
  private abort(code: number, message: string): void {
    if (this.ended) return;
    this.outbox.flush();
    this.fail(goaway(this.lastStreamId, code, message));
  }

  /** The connection is gone: every open stream is cancelled. A farewell frame (GOAWAY) goes out first. */
  private fail(farewell?: Buffer): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.stallTimer);
    clearTimeout(this.prefaceTimer);
    this.outbox.closeConnection(farewell);
    for (const stream of [...this.streams.values()]) this.cancel(stream);
    this.streams.clear();
    this.onEnded(this);
  }
}

function goaway(lastStreamId: number, code: number, debug = ""): Buffer {
  return frame(FrameType.GOAWAY, 0, 0, Buffer.concat([uint32(lastStreamId & MAX_STREAM_ID), uint32(code), Buffer.from(debug.slice(0, 200))]));
}
