// Protobuf written by hand for the few records every tx stores (receipts, EvmBlock records; the
// account codec writes with its varints): one buffer of the size measured first, filled front to
// back, the same bytes protobuf-es's toBinary writes (fields in number order, proto3 defaults left
// out, each repeated element written) without its reflection. Each user measures its message with
// the *Size helpers, then writes the same fields in the same order; done() throws if the two
// disagree.

const WIRE_VARINT = 0;
const WIRE_LEN = 2;

const MAX_UINT32 = 0xffffffff;
const MAX_UINT32_BIG = 0xffffffffn;
const MAX_UINT64 = 0xffffffffffffffffn;

/**
 * Bytes of an unsigned varint; numbers must be uint32, bigints uint64 (else a RangeError). Values
 * below 2^32, bigints included, take number arithmetic, several times cheaper than BigInt's.
 */
export function varintLength(value: bigint | number): number {
  if (typeof value === "bigint") {
    if (value < 0n || value > MAX_UINT64) throw new RangeError(`not a uint64: ${value}`);
    if (value > MAX_UINT32_BIG) {
      let n = 1;
      for (let v = value; v >= 0x80n; v >>= 7n) n++;
      return n;
    }
    value = Number(value);
  } else if (!Number.isInteger(value) || value < 0 || value > MAX_UINT32) {
    throw new RangeError(`not a uint32: ${value}`);
  }
  return value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : value < 0x10000000 ? 4 : 5;
}

/** Writes `value` as an unsigned varint at `at`; returns the offset after it. Ranges as varintLength. */
export function writeVarint(out: Uint8Array, at: number, value: bigint | number): number {
  if (typeof value === "bigint" && value > MAX_UINT32_BIG) {
    if (value > MAX_UINT64) throw new RangeError(`not a uint64: ${value}`);
    let v = value;
    for (; v >= 0x80n; v >>= 7n) out[at++] = Number(v & 0x7fn) | 0x80;
    out[at++] = Number(v);
    return at;
  }
  let v = Number(value);
  if (!Number.isInteger(v) || v < 0 || v > MAX_UINT32) throw new RangeError(`not a uint32: ${value}`);
  for (; v >= 0x80; v = Math.floor(v / 128)) out[at++] = (v & 0x7f) | 0x80;
  out[at++] = v;
  return at;
}

/**
 * `size` bytes from Node's buffer pool (contents arbitrary, to be overwritten), as a plain
 * Uint8Array view. For bytes used at once and let go (hashed, or handed to the store, which keeps
 * a copy): a fresh ArrayBuffer for each small record cost more than writing it (1.7 of 2.9 µs
 * for an account). Not for bytes kept: the view holds the pool's 8 KiB slab alive.
 */
export function transientBytes(size: number): Uint8Array {
  const pooled = Buffer.allocUnsafe(size);
  return new Uint8Array(pooled.buffer, pooled.byteOffset, size);
}

/** One buffer of a size measured beforehand, filled front to back. */
export class ProtoWriter {
  private at = 0;
  readonly out: Uint8Array;

  /** `transient`: the bytes are used at once and let go, so they may come from the pool (transientBytes). */
  constructor(size: number, options: { transient?: boolean } = {}) {
    this.out = options.transient ? transientBytes(size) : new Uint8Array(size);
  }

  varint(value: bigint | number): void {
    this.at = writeVarint(this.out, this.at, value);
  }

  /** A scalar field, left out at its default. */
  uint(field: number, value: bigint | number): void {
    if (value === 0 || value === 0n) return;
    this.varint((field << 3) | WIRE_VARINT);
    this.varint(value);
  }

  /** A length-delimited field; `always` writes it even when empty (a repeated element). */
  bytes(field: number, value: Uint8Array, always = false): void {
    if (value.length === 0 && !always) return;
    this.header(field, value.length);
    this.out.set(value, this.at);
    this.at += value.length;
  }

  header(field: number, length: number): void {
    this.varint((field << 3) | WIRE_LEN);
    this.varint(length);
  }

  /** Throws unless the measured size was filled exactly. */
  done(): Uint8Array {
    if (this.at !== this.out.length) throw new Error(`protobuf encoding wrote ${this.at} of ${this.out.length} bytes`);
    return this.out;
  }
}

export const uintSize = (field: number, value: bigint | number) => (value === 0 || value === 0n ? 0 : varintLength(field << 3) + varintLength(value));
export const lenSize = (field: number, length: number) => varintLength(field << 3) + varintLength(length) + length;
export const bytesSize = (field: number, value: Uint8Array) => (value.length === 0 ? 0 : lenSize(field, value.length));
