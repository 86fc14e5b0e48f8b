// One HTTP/2 client connection over cleartext TCP (prior knowledge, RFC 9113 section 3.3), on a
// plain net.Socket: the streams a caller opens, flow control both ways, the server's SETTINGS,
// PINGs, RST_STREAMs and GOAWAY. It is what node:http2's client does for requests with small
// bodies and answers, at a fraction of its CPU: no stream objects, events or header conversions,
// and every frame written in one turn of the event loop goes out in one write.
//
// A server that breaks the protocol ends the connection (GOAWAY with the error, then the socket);
// the streams open on it fail, the process does not. Server push is refused in our SETTINGS.
import net from "node:net";
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
import type { HeaderFields } from "./hpack.js";
import { Outbox } from "./outbox.js";

/** What a stream hears from the server. Exactly one of onEnd, onReset, onFail ends it. */
export interface StreamListener {
  /** A header block: the response headers, then (if any) the trailers. */
  onHeaders(fields: HeaderFields): void;
  onData(chunk: Buffer): void;
  /** The server ended the stream (END_STREAM). */
  onEnd(): void;
  /** The server reset the stream (RST_STREAM), with its error code. */
  onReset(code: number): void;
  /** The connection failed; `started` says whether the server had sent this stream anything. */
  onFail(message: string, started: boolean): void;
}

export interface StreamHandle {
  /** Stops the stream: RST_STREAM(CANCEL) if it is open; its listener hears nothing more. */
  cancel(): void;
}

/** Received-data credit returned to the server in one connection WINDOW_UPDATE once it is used. */
const CONNECTION_CREDIT = 2 ** 30;

class Stream {
  id = 0;
  /** Set when the stream opens, from the server's initial window at that moment. */
  sendWindow = 0;
  /** The request body not sent yet; undefined once END_STREAM went out. */
  pending: Buffer | undefined;
  started = false;
  constructor(
    readonly headerBlock: Buffer,
    body: Buffer,
    readonly listener: StreamListener,
  ) {
    this.pending = body;
  }
}

export class Http2ClientConnection {
  private readonly socket: net.Socket;
  private readonly reader: FrameReader;
  private readonly outbox: Outbox;
  private readonly streams = new Map<number, Stream>();
  /** Calls waiting for a stream while the server's MAX_CONCURRENT_STREAMS are in use. */
  private readonly queued: Stream[] = [];
  private nextStreamId = 1;
  /** The server's SETTINGS and our connection send window; at most 100 streams (nghttp2's assumption) until its SETTINGS say. */
  private readonly server = new PeerLimits();
  /** Octets of DATA received since we last returned credit for them. */
  private readonly credit = new ReceiveCredit(CONNECTION_CREDIT);
  private connected = false;
  /** Our close(): no new calls, queued and open ones still run. */
  private draining = false;
  /** The server's GOAWAY: no stream may open on this connection any more. */
  private goingAway = false;
  private ended = false;

  constructor(
    host: string,
    port: number,
    /** Called once, when the connection can take no more streams and has none left, or failed. */
    private readonly onEnded: (connection: Http2ClientConnection) => void,
  ) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.unref();
    this.reader = new FrameReader({
      onFrame: (type, flags, streamId, payload) => this.onFrame(type, flags, streamId, payload),
      onHeaderBlock: (streamId, endStream, fields) => this.onHeaderBlock(streamId, endStream, fields),
      stopped: () => this.ended,
    });
    this.outbox = new Outbox(this.socket, (message) => this.fail(message), "server");
    this.socket.on("connect", () => (this.connected = true));
    this.socket.on("data", (chunk: Buffer) => this.receive(chunk));
    this.socket.on("error", (err) =>
      this.fail(this.connected ? `the connection failed: ${err.message}` : `No connection established. Last error: ${err.message}`),
    );
    this.socket.on("close", () => this.fail("the connection closed"));
    const settings = settingsPayload([
      [Setting.ENABLE_PUSH, 0],
      [Setting.INITIAL_WINDOW_SIZE, MAX_WINDOW_SIZE],
      [Setting.MAX_HEADER_LIST_SIZE, MAX_HEADER_LIST_BYTES],
    ]);
    this.send(CLIENT_PREFACE);
    this.send(frame(FrameType.SETTINGS, 0, 0, settings));
    this.send(frame(FrameType.WINDOW_UPDATE, 0, 0, uint32(MAX_WINDOW_SIZE - DEFAULT_WINDOW_SIZE)));
  }

  /** Whether a new stream can go on this connection. */
  get usable(): boolean {
    return !this.ended && !this.draining && !this.goingAway && this.nextStreamId <= MAX_STREAM_ID;
  }

  /** Opens a stream: the header block (HPACK-encoded, see encodeHeaders), then the body, then END_STREAM. */
  request(headerBlock: Buffer, body: Buffer, listener: StreamListener): StreamHandle {
    if (!this.usable) throw new Error("the connection takes no new streams");
    const stream = new Stream(headerBlock, body, listener);
    if (this.streams.size + this.queued.length === 0) this.socket.ref();
    if (this.streams.size < this.server.maxConcurrentStreams) this.start(stream);
    else this.queued.push(stream);
    return { cancel: () => this.cancel(stream) };
  }

  /** Takes no new streams; ends the connection once the open ones finish. */
  close(): void {
    this.draining = true;
    this.endIfIdle();
  }

  private start(stream: Stream): void {
    if (this.nextStreamId > MAX_STREAM_ID) {
      stream.listener.onFail("the connection ran out of stream ids", false);
      return;
    }
    stream.id = this.nextStreamId;
    stream.sendWindow = this.server.initialWindow;
    this.nextStreamId += 2;
    this.streams.set(stream.id, stream);
    this.server.sendHeaderBlock((bytes) => this.send(bytes), stream.id, stream.headerBlock, false);
    this.sendData(stream);
  }

  /** Sends as much of the stream's body as the windows allow; END_STREAM with its last octets. */
  private sendData(stream: Stream): void {
    const body = stream.pending;
    if (body === undefined) return;
    const room = Math.min(this.server.connectionWindow, stream.sendWindow);
    const sent = sendDataFrames((bytes) => this.send(bytes), stream.id, body, room, this.server.maxFrameSize, true);
    this.server.connectionWindow -= sent;
    stream.sendWindow -= sent;
    // Blocked by flow control: the rest goes when the server's WINDOW_UPDATE arrives.
    stream.pending = sent === body.length ? undefined : body.subarray(sent);
  }

  private cancel(stream: Stream): void {
    const queuedAt = this.queued.indexOf(stream);
    if (queuedAt >= 0) this.queued.splice(queuedAt, 1);
    if (stream.id !== 0 && this.streams.get(stream.id) === stream) {
      this.send(frame(FrameType.RST_STREAM, 0, stream.id, uint32(ErrorCode.CANCEL)));
      this.finish(stream);
    } else this.afterStreamEnded();
  }

  /** Forgets a stream, starts a queued one in its place, and ends the connection if it is done. */
  private finish(stream: Stream): void {
    this.streams.delete(stream.id);
    this.startQueued();
    this.afterStreamEnded();
  }

  private startQueued(): void {
    while (this.queued.length > 0 && this.streams.size < this.server.maxConcurrentStreams && !this.ended && !this.goingAway) this.start(this.queued.shift()!);
  }

  private afterStreamEnded(): void {
    if (this.streams.size + this.queued.length === 0) this.socket.unref();
    this.endIfIdle();
  }

  private endIfIdle(): void {
    if (this.ended || this.streams.size + this.queued.length > 0) return;
    if (this.draining || this.goingAway || this.nextStreamId > MAX_STREAM_ID) this.end();
  }

  // --- writing ---------------------------------------------------------------------------------

  /** Queues a frame; what one turn of the event loop queues goes out in one write. */
  private send(bytes: Buffer): void {
    this.outbox.send(bytes);
  }

  // --- reading ---------------------------------------------------------------------------------

  private receive(chunk: Buffer): void {
    if (this.ended) return;
    try {
      this.reader.read(chunk);
    } catch (err) {
      // A listener's own failure ends the connection too: its calls fail, the process goes on.
      const failure = readFailure(err);
      this.abort(failure.code, failure.code === ErrorCode.INTERNAL_ERROR ? failure.message : `the server broke HTTP/2: ${failure.message}`);
    }
  }

  private onFrame(type: number, flags: number, streamId: number, payload: Buffer): void {
    switch (type) {
      case FrameType.DATA:
        return this.onDataFrame(flags, streamId, payload);
      case FrameType.RST_STREAM:
        return this.onRstStream(streamId, payload);
      case FrameType.SETTINGS:
        return this.onSettings(flags, streamId, payload);
      case FrameType.PING: {
        const reply = pingReply(flags, streamId, payload);
        if (reply) this.send(reply);
        return;
      }
      case FrameType.GOAWAY:
        return this.onGoaway(streamId, payload);
      case FrameType.WINDOW_UPDATE:
        return this.onWindowUpdate(streamId, payload);
      case FrameType.PUSH_PROMISE:
        throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, "a PUSH_PROMISE, though push is disabled");
      default:
        // PRIORITY and frame types this side does not know are ignored (RFC 9113, 4.1 and 5.5).
        return;
    }
  }

  private onDataFrame(flags: number, streamId: number, payload: Buffer): void {
    if (streamId === 0) throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, "DATA on stream 0");
    const credit = this.credit.take(payload.length);
    if (credit > 0) this.send(frame(FrameType.WINDOW_UPDATE, 0, 0, uint32(credit)));
    const stream = this.openStream(streamId);
    if (!stream) return;
    const data = unpad(flags, payload);
    stream.started = true;
    if (data.length > 0) stream.listener.onData(data);
    // The listener may have cancelled the stream on what it read.
    if (flags & Flag.END_STREAM && this.streams.get(stream.id) === stream) this.endedByServer(stream);
  }

  private onHeaderBlock(streamId: number, endStream: boolean, fields: HeaderFields): void {
    const stream = this.openStream(streamId);
    if (!stream) return;
    stream.started = true;
    stream.listener.onHeaders(fields);
    if (endStream && this.streams.get(stream.id) === stream) this.endedByServer(stream);
  }

  private onRstStream(streamId: number, payload: Buffer): void {
    const code = readRstStream(streamId, payload);
    const stream = this.openStream(streamId);
    if (!stream) return;
    this.finish(stream);
    stream.listener.onReset(code);
  }

  private onSettings(flags: number, streamId: number, payload: Buffer): void {
    const ack = this.server.applySettings(flags, streamId, payload, this.streams.values());
    if (!ack) return;
    this.send(ack);
    this.resumeSends();
    this.startQueued();
  }

  private onGoaway(streamId: number, payload: Buffer): void {
    const { lastStreamId, code } = readGoaway(streamId, payload);
    this.goingAway = true;
    // Streams past the last one the server will process never ran, and queued ones cannot open:
    // they fail, and the next call goes to a new connection.
    const refused = [...this.queued.splice(0), ...[...this.streams.values()].filter((s) => s.id > lastStreamId)];
    for (const stream of refused) {
      this.streams.delete(stream.id);
      stream.listener.onFail(`the server is closing the connection (GOAWAY code ${code}) and did not take this call`, false);
    }
    this.afterStreamEnded();
  }

  private onWindowUpdate(streamId: number, payload: Buffer): void {
    const increment = this.server.windowUpdate(streamId, payload);
    if (streamId !== 0) {
      const stream = this.openStream(streamId);
      if (!stream) return;
      const after = streamWindowAfter(stream.sendWindow, increment);
      if ("error" in after) {
        this.send(frame(FrameType.RST_STREAM, 0, stream.id, uint32(after.error)));
        this.finish(stream);
        stream.listener.onReset(after.error);
        return;
      }
      stream.sendWindow = after.window;
    }
    this.resumeSends();
  }

  private resumeSends(): void {
    for (const stream of this.streams.values()) {
      if (this.server.connectionWindow <= 0) return;
      if (stream.pending !== undefined) this.sendData(stream);
    }
  }

  /** The server sent END_STREAM: the answer is complete, whether or not our body was. */
  private endedByServer(stream: Stream): void {
    if (stream.pending !== undefined) this.send(frame(FrameType.RST_STREAM, 0, stream.id, uint32(ErrorCode.NO_ERROR)));
    this.finish(stream);
    stream.listener.onEnd();
  }

  /** A stream we opened and have not forgotten; frames for older ones are dropped. */
  private openStream(streamId: number): Stream | undefined {
    if (streamId % 2 === 0 || streamId >= this.nextStreamId)
      throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, `a frame on stream ${streamId}, which this client never opened`);
    return this.streams.get(streamId);
  }

  // --- ending ----------------------------------------------------------------------------------

  /** Ends the connection for a protocol error: GOAWAY with its code, then the socket. */
  private abort(code: number, message: string): void {
    if (this.ended) return;
    this.outbox.flush();
    this.fail(message, goaway(code, message));
  }

  /** Closes a connection that has no streams left, saying so with GOAWAY(NO_ERROR). */
  private end(): void {
    if (this.ended) return;
    this.outbox.flush();
    this.ended = true;
    this.outbox.close();
    this.socket.end(goaway(ErrorCode.NO_ERROR));
    this.socket.unref();
    this.onEnded(this);
  }

  /** The connection is gone: every stream on it fails. A farewell frame (GOAWAY) goes out first. */
  private fail(message: string, farewell?: Buffer): void {
    // Once ended, no stream is left to fail: end() runs only when none is, and fail() clears them.
    if (this.ended) return;
    this.ended = true;
    this.outbox.closeConnection(farewell);
    const streams = [...this.streams.values(), ...this.queued];
    this.streams.clear();
    this.queued.length = 0;
    for (const stream of streams) stream.listener.onFail(message, stream.started);
    this.onEnded(this);
  }
}

/** GOAWAY from a client: no server stream was ever processed (last stream id 0). */
function goaway(code: number, debug = ""): Buffer {
  return frame(FrameType.GOAWAY, 0, 0, Buffer.concat([uint32(0), uint32(code), Buffer.from(debug.slice(0, 200))]));
}
