// What either end of a connection does with the peer's control frames (RFC 9113, section 6):
// PING answered, SETTINGS applied to the send side, WINDOW_UPDATE, RST_STREAM and GOAWAY read with
// the checks every receiver makes; and header blocks written in HEADERS and CONTINUATION frames of
// the size the peer accepts.
import {
  DEFAULT_MAX_FRAME_SIZE,
  DEFAULT_WINDOW_SIZE,
  ErrorCode,
  Flag,
  frame,
  FrameType,
  MAX_STREAM_ID,
  MAX_WINDOW_SIZE,
  ProtocolError,
  readSettings,
  Setting,
} from "./frames.js";

/** A stream as far as sending goes: the octets the peer lets it send now. */
export interface SendWindow {
  sendWindow: number;
}

/** The peer's SETTINGS that shape what this end sends, and the connection's send window. */
export class PeerLimits {
  initialWindow = DEFAULT_WINDOW_SIZE;
  maxFrameSize = DEFAULT_MAX_FRAME_SIZE;
  /** What the peer allows at once; nghttp2's assumption until its SETTINGS say. */
  maxConcurrentStreams = 100;
  connectionWindow = DEFAULT_WINDOW_SIZE;

  /**
   * Applies a SETTINGS frame; returns the acknowledgement to send, or undefined for the peer's own
   * acknowledgement. A changed initial window moves every open stream's window by the difference
   * (RFC 9113, 6.9.2).
   */
  applySettings(flags: number, streamId: number, payload: Buffer, streams: Iterable<SendWindow>): Buffer | undefined {
    if (streamId !== 0) throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, "SETTINGS on a stream");
    if (flags & Flag.ACK) {
      if (payload.length !== 0) throw new ProtocolError(ErrorCode.FRAME_SIZE_ERROR, "a SETTINGS acknowledgement with a payload");
      return undefined;
    }
    for (const [id, value] of readSettings(payload)) {
      if (id === Setting.INITIAL_WINDOW_SIZE) {
        const delta = value - this.initialWindow;
        this.initialWindow = value;
        for (const stream of streams) stream.sendWindow = grown(stream.sendWindow, delta, "a stream's window");
      } else if (id === Setting.MAX_FRAME_SIZE) this.maxFrameSize = value;
      else if (id === Setting.MAX_CONCURRENT_STREAMS) this.maxConcurrentStreams = value;
    }
    return frame(FrameType.SETTINGS, Flag.ACK, 0);
  }

  /**
   * A WINDOW_UPDATE: the connection's window grows here; for a stream, returns its increment
   * (0 is the stream's error, for the caller to reset it with PROTOCOL_ERROR).
   */
  windowUpdate(streamId: number, payload: Buffer): number {
    if (payload.length !== 4) throw new ProtocolError(ErrorCode.FRAME_SIZE_ERROR, "a WINDOW_UPDATE that is not 4 octets");
    const increment = payload.readUInt32BE(0) & MAX_WINDOW_SIZE;
    if (streamId !== 0) return increment;
    if (increment === 0) throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, "a connection WINDOW_UPDATE of 0");
    this.connectionWindow = grown(this.connectionWindow, increment, "the connection's window");
    return increment;
  }

  /** Header block octets in HEADERS then CONTINUATION frames; END_STREAM on the HEADERS when `endStream`. */
  sendHeaderBlock(send: (bytes: Buffer) => void, streamId: number, block: Buffer, endStream: boolean): void {
    let at = 0;
    let type: number = FrameType.HEADERS;
    do {
      const size = Math.min(block.length - at, this.maxFrameSize);
      const last = at + size === block.length;
      const flags = (last ? Flag.END_HEADERS : 0) | (type === FrameType.HEADERS && endStream ? Flag.END_STREAM : 0);
      send(frame(type, flags, streamId, block.subarray(at, at + size)));
      at += size;
      type = FrameType.CONTINUATION;
    } while (at < block.length);
  }
}

/** Octets received against a window, and the credit (WINDOW_UPDATE increment) to return once `threshold` of them are in. */
export class ReceiveCredit {
  private received = 0;

  constructor(private readonly threshold: number) {}

  /** Counts `octets`; the increment to grant now, or 0 while below the threshold or when `grant` is false. */
  take(octets: number, grant = true): number {
    this.received += octets;
    if (!grant || this.received < this.threshold) return 0;
    const credit = this.received;
    this.received = 0;
    return credit;
  }

  /** Octets received and not granted back yet. */
  get outstanding(): number {
    return this.received;
  }
}

/** The connection error a failure while reading frames ends the connection with. */
export function readFailure(err: unknown): ProtocolError {
  return err instanceof ProtocolError ? err : new ProtocolError(ErrorCode.INTERNAL_ERROR, `a frame could not be handled: ${(err as Error).message}`);
}

/** A stream's window after `increment`, or the stream's flow-control error: the caller resets it. */
export function streamWindowAfter(window: number, increment: number): { window: number } | { error: number } {
  if (increment === 0) return { error: ErrorCode.PROTOCOL_ERROR };
  const window2 = window + increment;
  return window2 > MAX_WINDOW_SIZE ? { error: ErrorCode.FLOW_CONTROL_ERROR } : { window: window2 };
}

/** The ACK a PING asks for, or undefined when it is an ACK itself. */
export function pingReply(flags: number, streamId: number, payload: Buffer): Buffer | undefined {
  if (streamId !== 0 || payload.length !== 8)
    throw new ProtocolError(streamId !== 0 ? ErrorCode.PROTOCOL_ERROR : ErrorCode.FRAME_SIZE_ERROR, "a malformed PING");
  return flags & Flag.ACK ? undefined : frame(FrameType.PING, Flag.ACK, 0, payload);
}

/** An RST_STREAM's error code. */
export function readRstStream(streamId: number, payload: Buffer): number {
  if (streamId === 0 || payload.length !== 4)
    throw new ProtocolError(streamId === 0 ? ErrorCode.PROTOCOL_ERROR : ErrorCode.FRAME_SIZE_ERROR, "a malformed RST_STREAM");
  return payload.readUInt32BE(0);
}

/** A GOAWAY's last stream id and error code. */
export function readGoaway(streamId: number, payload: Buffer): { lastStreamId: number; code: number } {
  if (streamId !== 0 || payload.length < 8) throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, "a malformed GOAWAY");
  return { lastStreamId: payload.readUInt32BE(0) & MAX_STREAM_ID, code: payload.readUInt32BE(4) };
}

function grown(window: number, delta: number, what: string): number {
  const next = window + delta;
  if (next > MAX_WINDOW_SIZE) throw new ProtocolError(ErrorCode.FLOW_CONTROL_ERROR, `${what} past 2^31-1`);
  return next;
}
