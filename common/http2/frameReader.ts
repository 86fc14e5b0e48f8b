// Reading HTTP/2 frames off a byte stream, for either end of a connection: whole frames out of the
// socket's chunks, header blocks joined from HEADERS and CONTINUATION frames and HPACK-decoded, with
// the limits both ends apply (frame size, header list size, frames per block). What breaks the
// protocol throws a ProtocolError with the error code its GOAWAY carries.
import { DEFAULT_MAX_FRAME_SIZE, ErrorCode, Flag, FRAME_HEADER_BYTES, FrameType, MAX_STREAM_ID, ProtocolError } from "./frames.js";
import { HpackDecoder, HpackError, type HeaderFields } from "./hpack.js";

/** The header block size we accept (SETTINGS_MAX_HEADER_LIST_SIZE), enforced while decoding. */
export const MAX_HEADER_LIST_BYTES = 64 * 1024;
/** The most frames one header block may span (HEADERS and its CONTINUATIONs). */
const MAX_HEADER_FRAMES = 64;

/** What a reader hands its connection. */
export interface FrameHandler {
  /** Any frame but HEADERS and CONTINUATION. */
  onFrame(type: number, flags: number, streamId: number, payload: Buffer): void;
  /** A complete, decoded header block; `endStream` if its HEADERS frame ended the stream. */
  onHeaderBlock(streamId: number, endStream: boolean, fields: HeaderFields): void;
  /** True once the connection has ended: the rest of the chunk is dropped. */
  stopped(): boolean;
}

export class FrameReader {
  private readonly decoder = new HpackDecoder(4096, MAX_HEADER_LIST_BYTES);
  private inbox: Buffer | undefined;
  /** A header block split over HEADERS and CONTINUATION frames, until END_HEADERS. */
  private partialBlock: { streamId: number; endStream: boolean; fragments: Buffer[]; size: number } | undefined;

  constructor(private readonly handler: FrameHandler) {}

  /** Reads every whole frame in what has arrived so far; keeps a partial one for the next chunk. */
  read(chunk: Buffer): void {
    const data = this.inbox ? Buffer.concat([this.inbox, chunk]) : chunk;
    this.inbox = undefined;
    let at = 0;
    while (!this.handler.stopped() && data.length - at >= FRAME_HEADER_BYTES) {
      const length = data.readUIntBE(at, 3);
      if (length > DEFAULT_MAX_FRAME_SIZE)
        throw new ProtocolError(ErrorCode.FRAME_SIZE_ERROR, `a frame of ${length} octets, past the ${DEFAULT_MAX_FRAME_SIZE} allowed`);
      if (data.length - at < FRAME_HEADER_BYTES + length) break;
      const type = data[at + 3]!;
      const flags = data[at + 4]!;
      const streamId = data.readUInt32BE(at + 5) & MAX_STREAM_ID;
      const payload = data.subarray(at + FRAME_HEADER_BYTES, at + FRAME_HEADER_BYTES + length);
      at += FRAME_HEADER_BYTES + length;
      this.dispatch(type, flags, streamId, payload);
    }
    if (at < data.length && !this.handler.stopped()) this.inbox = Buffer.from(data.subarray(at));
  }

  private dispatch(type: number, flags: number, streamId: number, payload: Buffer): void {
    if (this.partialBlock && type !== FrameType.CONTINUATION) throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, "a frame inside a header block");
    if (type === FrameType.HEADERS) {
      if (streamId === 0) throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, "HEADERS on stream 0");
      let fragment = unpad(flags, payload);
      if (flags & Flag.PRIORITY) {
        if (fragment.length < 5) throw new ProtocolError(ErrorCode.FRAME_SIZE_ERROR, "HEADERS too short for its priority");
        fragment = fragment.subarray(5);
      }
      this.partialBlock = { streamId, endStream: (flags & Flag.END_STREAM) !== 0, fragments: [], size: 0 };
      this.addFragment(flags, fragment);
    } else if (type === FrameType.CONTINUATION) {
      if (!this.partialBlock || this.partialBlock.streamId !== streamId)
        throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, "a CONTINUATION outside a header block");
      this.addFragment(flags, payload);
    } else this.handler.onFrame(type, flags, streamId, payload);
  }

  private addFragment(flags: number, fragment: Buffer): void {
    const block = this.partialBlock!;
    block.fragments.push(fragment);
    block.size += fragment.length;
    if (block.size > MAX_HEADER_LIST_BYTES) throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, `a header block larger than ${MAX_HEADER_LIST_BYTES} octets`);
    // Many tiny (or empty) CONTINUATIONs cost memory without adding octets (RFC 9113, 10.5).
    if (block.fragments.length > MAX_HEADER_FRAMES)
      throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, `a header block in more than ${MAX_HEADER_FRAMES} frames`);
    if (!(flags & Flag.END_HEADERS)) return;
    this.partialBlock = undefined;
    let fields: HeaderFields;
    try {
      // Decoded even for a stream already gone: the table must follow every block the peer sent.
      fields = this.decoder.decode(block.fragments.length === 1 ? block.fragments[0]! : Buffer.concat(block.fragments));
    } catch (err) {
      if (err instanceof HpackError) throw new ProtocolError(ErrorCode.COMPRESSION_ERROR, `a header block that does not decode: ${err.message}`);
      throw err;
    }
    this.handler.onHeaderBlock(block.streamId, block.endStream, fields);
  }
}

/** A DATA or HEADERS payload without its padding (the PADDED flag's length octet and pad). */
export function unpad(flags: number, payload: Buffer): Buffer {
  if (!(flags & Flag.PADDED)) return payload;
  if (payload.length < 1 || payload[0]! >= payload.length) throw new ProtocolError(ErrorCode.PROTOCOL_ERROR, "padding as long as the frame");
  return payload.subarray(1, payload.length - payload[0]!);
}
