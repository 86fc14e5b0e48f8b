// gRPC's length-prefixed message, as every message travels on an HTTP/2 stream: a compressed
// flag, a 4-byte big-endian length, then the message.
export const MESSAGE_PREFIX_BYTES = 5;

/** `message` framed uncompressed. */
export function frameMessage(message: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(MESSAGE_PREFIX_BYTES + message.length);
  out[0] = 0;
  out.writeUInt32BE(message.length, 1);
  out.set(message, MESSAGE_PREFIX_BYTES);
  return out;
}

/**
 * Splits a stream's body into its messages as chunks arrive. A message declared larger than
 * `maxBytes` is refused from its prefix, before its octets are buffered.
 */
export class MessageReader {
  private chunks: Buffer[] = [];
  private buffered = 0;

  constructor(private readonly maxBytes: number) {}

  /** The whole messages completed by `chunk`, in order, with their compressed flags. */
  read(chunk: Buffer): Array<{ compressed: boolean; message: Buffer }> {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const out: Array<{ compressed: boolean; message: Buffer }> = [];
    while (this.buffered >= MESSAGE_PREFIX_BYTES) {
      const head = this.chunks.length === 1 ? this.chunks[0]! : this.join();
      const length = head.readUInt32BE(1);
      if (length > this.maxBytes) throw new MessageTooLargeError(length, this.maxBytes);
      if (this.buffered < MESSAGE_PREFIX_BYTES + length) break;
      const all = this.join();
      out.push({ compressed: all[0] !== 0, message: all.subarray(MESSAGE_PREFIX_BYTES, MESSAGE_PREFIX_BYTES + length) });
      const rest = all.subarray(MESSAGE_PREFIX_BYTES + length);
      this.chunks = rest.length > 0 ? [rest] : [];
      this.buffered = rest.length;
    }
    return out;
  }

  /** Octets of a message begun and not finished. */
  get partial(): number {
    return this.buffered;
  }

  private join(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks, this.buffered)];
    return this.chunks[0]!;
  }
}

export class MessageTooLargeError extends Error {
  constructor(
    readonly length: number,
    readonly maxBytes: number,
  ) {
    // grpc-js's and grpc-go's wording.
    super(`Received message larger than max (${length} vs. ${maxBytes})`);
  }
}
