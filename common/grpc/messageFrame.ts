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
