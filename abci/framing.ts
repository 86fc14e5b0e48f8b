// Length-delimited framing of the ABCI socket protocol: each message is preceded by its length as
// an unsigned LEB128 varint (CometBFT v0.38 `protoio` delimited writer). A stream may carry any
// number of frames per chunk and split a frame across chunks.

/** Default upper bound on one frame; above CometBFT's default max block size (~21 MiB) with room. */
export const DEFAULT_MAX_FRAME_BYTES = 128 * 1024 * 1024;

/** A varint length can describe at most 2^53-1 safely; ten bytes is the uint64 maximum. */
const MAX_VARINT_BYTES = 10;

export class FrameError extends Error {
  override name = "FrameError";
}

/** Prefixes `payload` with its uvarint length. */
export function encodeFrame(payload: Uint8Array): Buffer {
  const header: number[] = [];
  let n = payload.length;
  while (n >= 0x80) {
    header.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  header.push(n);
  const out = Buffer.allocUnsafe(header.length + payload.length);
  for (let i = 0; i < header.length; i++) out[i] = header[i]!;
  out.set(payload, header.length);
  return out;
}

/**
 * Incremental decoder: feed socket chunks with `push`, get back every frame they complete.
 * Throws FrameError on an over-long varint or a frame above `maxFrameBytes`; after that the
 * stream is unusable and the connection should be closed.
 */
export class FrameDecoder {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private expected = -1; // payload length of the frame being read, -1 while reading its header

  constructor(private readonly maxFrameBytes = DEFAULT_MAX_FRAME_BYTES) {}

  /** Bytes received but not yet returned as frames. */
  get pendingBytes(): number {
    return this.buffered;
  }

  push(chunk: Uint8Array): Buffer[] {
    if (chunk.length > 0) {
      this.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      this.buffered += chunk.length;
    }
    const frames: Buffer[] = [];
    for (;;) {
      if (this.expected < 0) {
        const header = this.readHeader();
        if (header === undefined) break;
        this.expected = header;
      }
      if (this.buffered < this.expected) break;
      frames.push(this.take(this.expected));
      this.expected = -1;
    }
    return frames;
  }

  /** Reads and consumes a varint header if it is complete; undefined when more bytes are needed. */
  private readHeader(): number | undefined {
    let value = 0;
    let scale = 1;
    let index = 0;
    for (const chunk of this.chunks) {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i]!;
        value += (byte & 0x7f) * scale;
        scale *= 128;
        index++;
        if (value > this.maxFrameBytes) {
          throw new FrameError(`frame length exceeds the limit of ${this.maxFrameBytes} bytes`);
        }
        if ((byte & 0x80) === 0) {
          this.take(index);
          return value;
        }
        if (index >= MAX_VARINT_BYTES) throw new FrameError("malformed frame length varint");
      }
    }
    return undefined;
  }

  /** Removes and returns the first `n` buffered bytes. */
  private take(n: number): Buffer {
    this.buffered -= n;
    const first = this.chunks[0];
    if (first !== undefined && first.length === n) {
      this.chunks.shift();
      return first;
    }
    if (first !== undefined && first.length > n) {
      this.chunks[0] = first.subarray(n);
      return first.subarray(0, n);
    }
    const out = Buffer.allocUnsafe(n);
    let offset = 0;
    while (offset < n) {
      const chunk = this.chunks[0]!;
      const want = n - offset;
      if (chunk.length <= want) {
        out.set(chunk, offset);
        offset += chunk.length;
        this.chunks.shift();
      } else {
        out.set(chunk.subarray(0, want), offset);
        this.chunks[0] = chunk.subarray(want);
        offset += want;
      }
    }
    return out;
  }
}
