// Integer key parts that sort as numbers: fixed-width big-endian, so byte order is numeric order.

/** A u64 as 8 big-endian bytes; anything outside [0, 2^64) throws rather than wrapping. */
export function u64be(n: bigint): Uint8Array {
  if (n < 0n || n >= 1n << 64n) throw new RangeError(`${n} does not fit in a u64 key`);
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, n);
  return out;
}

/** The u64 in exactly 8 big-endian bytes. */
export function readU64be(bytes: Uint8Array): bigint {
  if (bytes.length !== 8) throw new RangeError(`expected 8 bytes, got ${bytes.length}`);
  return new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0);
}
