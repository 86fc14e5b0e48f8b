// A commitment to the whole state that a block updates at the cost of the keys it changes: a lattice
// hash (LtHash, Bellare-Micciancio), a multiset hash whose accumulator is the lane-wise sum of one
// hash per live entry. Adding an entry adds its element hash, removing one subtracts it, so the sum
// depends on the set of entries only, never on the order they were written in.
//
//   element(key, value) = shake256("unit/lthash/v1" || uvarint(len key) || key
//                                  || uvarint(len value) || value), 2048 bytes,
//                         read as 1024 unsigned 16-bit little-endian lanes
//   accumulator         = lane-wise sum mod 2^16 of element(entry) over every live entry
//   state hash          = sha256("unit/statehash/v1" || accumulator as 1024 little-endian lanes)
import { createHash } from "node:crypto";
import { Memo } from "../../common/memo.js";
import { keyToString, uvarintLength, writeUvarint } from "./bytes.js";

export const LTHASH_DOMAIN = "unit/lthash/v1";
export const STATE_HASH_DOMAIN = "unit/statehash/v1";
export const LANES = 1024;
export const ACCUMULATOR_BYTES = LANES * 2;

const ELEMENT_DOMAIN = Buffer.from(LTHASH_DOMAIN, "ascii");
const STATE_DOMAIN = Buffer.from(STATE_HASH_DOMAIN, "ascii");
/** Whether a Uint16Array over an element's bytes reads its little-endian lanes as they are. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The 2048-byte element hash of one entry. */
export function elementHash(key: Uint8Array, value: Uint8Array): Buffer {
  const prefix = Buffer.allocUnsafe(uvarintLength(key.byteLength) + uvarintLength(value.byteLength));
  const keyEnd = writeUvarint(prefix, 0, key.byteLength);
  writeUvarint(prefix, keyEnd, value.byteLength);
  return createHash("shake256", { outputLength: ACCUMULATOR_BYTES })
    .update(ELEMENT_DOMAIN)
    .update(prefix.subarray(0, keyEnd))
    .update(key)
    .update(prefix.subarray(keyEnd))
    .update(value)
    .digest();
}

/** The lane-wise sum of the element hashes of a set of entries. Immutable: folds return a new one. */
export class StateAccumulator {
  /** Takes `lanes` over: use `empty()`, `fromBytes()`, `of()` or a fold. */
  constructor(private readonly lanes: Uint16Array) {
    if (lanes.length !== LANES) throw new Error(`state accumulator must have ${LANES} lanes, got ${lanes.length}`);
  }

  /** The empty state's accumulator: all zeros. */
  static empty(): StateAccumulator {
    return new StateAccumulator(new Uint16Array(LANES));
  }

  /** An accumulator from its 2048-byte encoding (1024 little-endian lanes). */
  static fromBytes(bytes: Uint8Array): StateAccumulator {
    if (bytes.byteLength !== ACCUMULATOR_BYTES) throw new Error(`state accumulator must be ${ACCUMULATOR_BYTES} bytes, got ${bytes.byteLength}`);
    const lanes = new Uint16Array(LANES);
    for (let i = 0; i < LANES; i++) lanes[i] = bytes[2 * i]! | (bytes[2 * i + 1]! << 8);
    return new StateAccumulator(lanes);
  }

  /** A mutable copy to fold entries into; `done()` seals it. `elements` remembers what it adds. */
  fold(elements?: ElementMemo): AccumulatorFold {
    return new AccumulatorFold(new Uint16Array(this.lanes), elements);
  }

  /** The 2048-byte encoding: each lane little-endian, whatever the platform's byte order. */
  toBytes(): Buffer {
    const out = Buffer.allocUnsafe(ACCUMULATOR_BYTES);
    for (let i = 0; i < LANES; i++) {
      const lane = this.lanes[i]!;
      out[2 * i] = lane & 0xff;
      out[2 * i + 1] = lane >>> 8;
    }
    return out;
  }

  /** The 32-byte state hash the app hash commits to. */
  checksum(): Buffer {
    return createHash("sha256").update(STATE_DOMAIN).update(this.toBytes()).digest();
  }

  equals(other: StateAccumulator): boolean {
    for (let i = 0; i < LANES; i++) if (this.lanes[i] !== other.lanes[i]) return false;
    return true;
  }

  /** @internal Adds this accumulator's lanes into `lanes` (AccumulatorFold.include). */
  addInto(lanes: Uint16Array): void {
    for (let i = 0; i < LANES; i++) lanes[i] = lanes[i]! + this.lanes[i]!;
  }

  /** The accumulator of `entries` from scratch. */
  static of(entries: Iterable<readonly [Uint8Array, Uint8Array]>): StateAccumulator {
    const f = StateAccumulator.empty().fold();
    for (const [key, value] of entries) f.add(key, value);
    return f.done();
  }
}

/**
 * The element hashes of the entries blocks added lately, by key: a key a block changes again (a
 * sender's balance and nonce, a token's balances, a module account) is removed by the element its
 * last write added, without hashing that value again. Each entry holds its value to tell the
 * value it was added with, so a hit is exactly elementHash(key, value), whatever is held.
 */
export class ElementMemo {
  private readonly entries: Memo<string, { value: Uint8Array; element: Buffer }>;

  /** About 2.1 KB per entry: the element and a small value. */
  constructor(capacity: number) {
    this.entries = new Memo(capacity);
  }

  element(key: Uint8Array, value: Uint8Array): Buffer {
    const held = this.entries.get(keyToString(key));
    return held !== undefined && Buffer.compare(held.value, value) === 0 ? held.element : elementHash(key, value);
  }

  added(key: Uint8Array, value: Uint8Array, element: Buffer): void {
    if (value.byteLength <= ElementMemo.MAX_VALUE_BYTES) this.entries.set(keyToString(key), { value: Uint8Array.from(value), element });
  }

  /** Larger values (code, receipts) are rarely changed again and would cost more to hold. */
  static readonly MAX_VALUE_BYTES = 128;
}

/** An accumulator being updated entry by entry. */
export class AccumulatorFold {
  private sealed = false;

  constructor(
    private readonly lanes: Uint16Array,
    private readonly elements?: ElementMemo,
  ) {}

  add(key: Uint8Array, value: Uint8Array): void {
    const element = elementHash(key, value);
    this.elements?.added(key, value, element);
    this.apply(element, 1);
  }

  remove(key: Uint8Array, value: Uint8Array): void {
    this.apply(this.elements ? this.elements.element(key, value) : elementHash(key, value), -1);
  }

  /** Replaces `key`'s value (`undefined`: absent) by `next`; nothing to do when they are equal. */
  change(key: Uint8Array, previous: Uint8Array | undefined, next: Uint8Array | undefined): void {
    if (previous !== undefined && next !== undefined && Buffer.compare(previous, next) === 0) return;
    if (previous !== undefined) this.remove(key, previous);
    if (next !== undefined) this.add(key, next);
  }

  /** Adds a sum of element hashes folded elsewhere (another thread's share of a change set). */
  include(sum: StateAccumulator): void {
    if (this.sealed) throw new Error("state accumulator fold is already done");
    sum.addInto(this.lanes);
  }

  done(): StateAccumulator {
    this.sealed = true;
    return new StateAccumulator(this.lanes);
  }

  private apply(element: Buffer, sign: 1 | -1): void {
    if (this.sealed) throw new Error("state accumulator fold is already done");
    const lanes = this.lanes;
    // Uint16Array stores wrap mod 2^16, which is the lattice's arithmetic.
    if (LITTLE_ENDIAN && element.byteOffset % 2 === 0) {
      // The element's bytes read in place as its lanes: a genesis folds millions of elements.
      const e = new Uint16Array(element.buffer, element.byteOffset, LANES);
      if (sign === 1) for (let i = 0; i < LANES; i++) lanes[i] = lanes[i]! + e[i]!;
      else for (let i = 0; i < LANES; i++) lanes[i] = lanes[i]! - e[i]!;
      return;
    }
    for (let i = 0; i < LANES; i++) lanes[i] = lanes[i]! + sign * (element[2 * i]! | (element[2 * i + 1]! << 8));
  }
}
