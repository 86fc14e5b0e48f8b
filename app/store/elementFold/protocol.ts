// Messages between the app's thread and its state hash threads (pool.ts, worker.ts), each with the
// id common/node/helperThreads.ts adds. Entries travel packed in one buffer the thread takes over:
// per entry, the key's length (u32 little-endian), the key, the value's length, the value.

/** To a thread: the sum of the element hashes of `count` entries packed in `entries`. */
export interface FoldRequest {
  entries: ArrayBuffer;
  count: number;
}

/** From a thread: the sum as a state accumulator's 2048 bytes, or none when the entries did not unpack. */
export interface FoldAnswer {
  sum: Uint8Array | undefined;
}

export interface Entry {
  key: Uint8Array;
  value: Uint8Array;
}

/** The entries in one buffer, for a thread to take over. */
export function packEntries(entries: readonly Entry[]): ArrayBuffer {
  let size = 0;
  for (const e of entries) size += 8 + e.key.byteLength + e.value.byteLength;
  const buffer = new ArrayBuffer(size);
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);
  let at = 0;
  for (const e of entries) {
    for (const part of [e.key, e.value]) {
      view.setUint32(at, part.byteLength, true);
      bytes.set(part, at + 4);
      at += 4 + part.byteLength;
    }
  }
  return buffer;
}

/**
 * The `count` entries packed in `buffer`, one at a time as views into it (a thread given a genesis's
 * share never holds them all as objects); throws unless the buffer holds exactly them.
 */
export function* unpackEntries(buffer: ArrayBuffer, count: number): Generator<[Uint8Array, Uint8Array]> {
  const view = new DataView(buffer);
  let at = 0;
  const part = (): Uint8Array => {
    if (at + 4 > buffer.byteLength) throw new RangeError("packed entries end inside a length");
    const length = view.getUint32(at, true);
    if (at + 4 + length > buffer.byteLength) throw new RangeError("packed entries end inside a key or value");
    const bytes = new Uint8Array(buffer, at + 4, length);
    at += 4 + length;
    return bytes;
  };
  for (let i = 0; i < count; i++) yield [part(), part()];
  if (at !== buffer.byteLength) throw new RangeError(`packed entries hold ${buffer.byteLength - at} bytes past entry ${count}`);
}
