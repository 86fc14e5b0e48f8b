/** Byte helpers shared by the store. Keys are ordered by unsigned byte order. */

/** Unsigned lexicographic comparison: negative, zero or positive. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(a, b);
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && Buffer.compare(a, b) === 0;
}

/** A Buffer sharing the memory of `bytes` (no copy). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A private copy, so later mutation by either side cannot affect the other. */
export function copyBytes(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes);
}

/**
 * A private copy in memory of its own, for values a cache keeps long: Buffer.from puts a small
 * copy in a shared 8 KiB pool slab, which one surviving copy keeps whole, so a cache bounded by its
 * values' lengths could hold far more than its bound.
 */
export function ownedCopy(bytes: Uint8Array): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.byteLength);
  copy.set(bytes);
  return copy;
}

/**
 * The smallest key greater than every key starting with `prefix`: the prefix with
 * its last non-0xff byte incremented and the trailing 0xff bytes dropped.
 * Undefined when there is no such key (empty or all-0xff prefix).
 */
export function prefixEnd(prefix: Uint8Array): Buffer | undefined {
  for (let i = prefix.byteLength - 1; i >= 0; i--) {
    const b = prefix[i]!;
    if (b !== 0xff) {
      const end = Buffer.from(prefix.subarray(0, i + 1));
      end[i] = b + 1;
      return end;
    }
  }
  return undefined;
}

/** The smallest key strictly greater than `key`. */
export function keySuccessor(key: Uint8Array): Buffer {
  const out = Buffer.alloc(key.byteLength + 1);
  out.set(key, 0);
  return out;
}

/**
 * Latin-1 string form of a key, used as a Map key. Each byte becomes one UTF-16
 * code unit below 256, so JS string order equals unsigned byte order.
 */
export function keyToString(key: Uint8Array): string {
  return asBuffer(key).toString("latin1");
}

export function stringToKey(s: string): Buffer {
  return Buffer.from(s, "latin1");
}

export function uvarintLength(n: number): number {
  let len = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 128);
    len++;
  }
  return len;
}

/** Writes `n` as an unsigned LEB128 varint at `offset`; returns the new offset. */
export function writeUvarint(out: Uint8Array, offset: number, n: number): number {
  while (n >= 0x80) {
    out[offset++] = (n & 0x7f) | 0x80;
    n = Math.floor(n / 128);
  }
  out[offset++] = n;
  return offset;
}

export function assertBytes(value: unknown, what: string): asserts value is Uint8Array {
  if (!(value instanceof Uint8Array)) {
    throw new TypeError(`${what} must be a Uint8Array`);
  }
}
