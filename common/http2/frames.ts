// HTTP/2 framing (RFC 9113, section 4 and 6): frame types, flags, settings, error codes, and the
// writer of a frame's 9-byte header.

export const FrameType = {
  DATA: 0x0,
  HEADERS: 0x1,
  PRIORITY: 0x2,
  RST_STREAM: 0x3,
  SETTINGS: 0x4,
  PUSH_PROMISE: 0x5,
  PING: 0x6,
  GOAWAY: 0x7,
  WINDOW_UPDATE: 0x8,
  CONTINUATION: 0x9,
} as const;

export const Flag = { END_STREAM: 0x1, ACK: 0x1, END_HEADERS: 0x4, PADDED: 0x8, PRIORITY: 0x20 } as const;

export const Setting = {
  HEADER_TABLE_SIZE: 0x1,
  ENABLE_PUSH: 0x2,
  MAX_CONCURRENT_STREAMS: 0x3,
  INITIAL_WINDOW_SIZE: 0x4,
  MAX_FRAME_SIZE: 0x5,
  MAX_HEADER_LIST_SIZE: 0x6,
} as const;

export const ErrorCode = {
  NO_ERROR: 0x0,
  PROTOCOL_ERROR: 0x1,
  INTERNAL_ERROR: 0x2,
  FLOW_CONTROL_ERROR: 0x3,
  FRAME_SIZE_ERROR: 0x6,
  REFUSED_STREAM: 0x7,
  CANCEL: 0x8,
  COMPRESSION_ERROR: 0x9,
  ENHANCE_YOUR_CALM: 0xb,
  INADEQUATE_SECURITY: 0xc,
} as const;

export const FRAME_HEADER_BYTES = 9;
/** The largest frame payload either side may send before the peer's SETTINGS say otherwise. */
export const DEFAULT_MAX_FRAME_SIZE = 16_384;
export const DEFAULT_WINDOW_SIZE = 65_535;
export const MAX_WINDOW_SIZE = 2 ** 31 - 1;
export const MAX_STREAM_ID = 2 ** 31 - 1;
export const CLIENT_PREFACE = Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "latin1");

/** One frame: its header and payload in one buffer. */
export function frame(type: number, flags: number, streamId: number, payload: Uint8Array = EMPTY): Buffer {
  const out = Buffer.allocUnsafe(FRAME_HEADER_BYTES + payload.length);
  writeFrameHeader(out, 0, payload.length, type, flags, streamId);
  out.set(payload, FRAME_HEADER_BYTES);
  return out;
}

export function writeFrameHeader(out: Buffer, at: number, length: number, type: number, flags: number, streamId: number): void {
  out.writeUIntBE(length, at, 3);
  out[at + 3] = type;
  out[at + 4] = flags;
  out.writeUInt32BE(streamId & MAX_STREAM_ID, at + 5);
}

/** A SETTINGS payload from (identifier, value) pairs. */
export function settingsPayload(settings: ReadonlyArray<readonly [number, number]>): Buffer {
  const out = Buffer.allocUnsafe(settings.length * 6);
  settings.forEach(([id, value], i) => {
    out.writeUInt16BE(id, i * 6);
    out.writeUInt32BE(value, i * 6 + 2);
  });
  return out;
}

export function uint32(value: number): Buffer {
  const out = Buffer.allocUnsafe(4);
  out.writeUInt32BE(value);
  return out;
}

const EMPTY = new Uint8Array(0);

/**
 * DATA frames for as much of `body` as `room` octets of flow-control window allow (the smaller of
 * the connection's and the stream's), each at most `maxFrameSize`; END_STREAM on the last one when
 * `endStream` and the whole body goes. Returns the octets sent; an empty body with `endStream` is
 * one empty DATA frame.
 */
export function sendDataFrames(send: (bytes: Buffer) => void, streamId: number, body: Buffer, room: number, maxFrameSize: number, endStream: boolean): number {
  const total = Math.min(body.length, Math.max(0, room));
  const ends = endStream && total === body.length;
  if (total === 0 && !ends) return 0;
  let at = 0;
  do {
    const size = Math.min(total - at, maxFrameSize);
    const last = at + size === total;
    const header = Buffer.allocUnsafe(FRAME_HEADER_BYTES);
    writeFrameHeader(header, 0, size, FrameType.DATA, last && ends ? Flag.END_STREAM : 0, streamId);
    send(header);
    if (size > 0) send(body.subarray(at, at + size));
    at += size;
  } while (at < total);
  return total;
}

/** The (identifier, value) pairs of a SETTINGS payload, with the checks RFC 9113 (6.5.2) asks of every receiver. */
export function readSettings(payload: Buffer): Array<[number, number]> {
  if (payload.length % 6 !== 0) throw new ProtocolError(ErrorCode.FRAME_SIZE_ERROR, "a SETTINGS payload that is not whole settings");
  const settings: Array<[number, number]> = [];
  for (let at = 0; at < payload.length; at += 6) {
    const id = payload.readUInt16BE(at);
    const value = payload.readUInt32BE(at + 2);
    if (id === Setting.INITIAL_WINDOW_SIZE && value > MAX_WINDOW_SIZE) throw new ProtocolError(ErrorCode.FLOW_CONTROL_ERROR, "an initial window past 2^31-1");
    if (id === Setting.MAX_FRAME_SIZE && (value < DEFAULT_MAX_FRAME_SIZE || value > 16_777_215))
      throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, `a MAX_FRAME_SIZE of ${value}`);
    if (id === Setting.ENABLE_PUSH && value > 1) throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, `an ENABLE_PUSH of ${value}`);
    settings.push([id, value]);
  }
  return settings;
}

/** Something the peer sent that breaks the protocol, with the error code the connection ends with. */
export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
