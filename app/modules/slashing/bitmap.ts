// The missed-block bitmap of one validator, in chunks as the SDK v0.50 keeps it: bit i of the
// signed-blocks window is bit (i mod 1024) of chunk floor(i / 1024), so a block touches one small
// record however long the window is. A chunk is stored as bytes, bit j in byte j >> 3 under mask
// 1 << (j & 7), with trailing zero bytes dropped; a chunk with no bit set is not stored at all.
// The encoding is ours (the SDK stores a Go bitset's binary form); what matters is that it is
// deterministic, so every validator writes the same bytes.

/** Bits per chunk (the SDK's MissedBlockBitmapChunkSize). */
export const CHUNK_BITS = 1024n;

/** Where bit `index` of the window lives. */
export function bitPosition(index: bigint): { chunk: bigint; bit: number } {
  return { chunk: index / CHUNK_BITS, bit: Number(index % CHUNK_BITS) };
}

export function testBit(chunk: Uint8Array | undefined, bit: number): boolean {
  if (!chunk) return false;
  const byte = bit >> 3;
  return byte < chunk.length && (chunk[byte]! & (1 << (bit & 7))) !== 0;
}

/** The chunk with `bit` set or cleared; undefined when no bit is left set. */
export function withBit(chunk: Uint8Array | undefined, bit: number, set: boolean): Uint8Array | undefined {
  const bytes = new Uint8Array(Number(CHUNK_BITS / 8n));
  if (chunk) bytes.set(chunk.subarray(0, bytes.length));
  const mask = 1 << (bit & 7);
  bytes[bit >> 3] = set ? bytes[bit >> 3]! | mask : bytes[bit >> 3]! & ~mask;
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return end === 0 ? undefined : bytes.slice(0, end);
}

/** The positions of the set bits of one chunk, ascending, as window indexes. */
export function setBits(chunkIndex: bigint, chunk: Uint8Array): bigint[] {
  const out: bigint[] = [];
  for (let byte = 0; byte < chunk.length; byte++) {
    for (let j = 0; j < 8; j++) if ((chunk[byte]! & (1 << j)) !== 0) out.push(chunkIndex * CHUNK_BITS + BigInt(byte * 8 + j));
  }
  return out;
}
