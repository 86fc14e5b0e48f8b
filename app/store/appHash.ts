import { createHash, type Hash } from "node:crypto";
import { compareBytes, uvarintLength, writeUvarint } from "./bytes.js";
import type { Change } from "./types.js";

export const APP_HASH_DOMAIN = "unit/apphash/v2";
export const STATE_HASH_BYTES = 32;

const DOMAIN_BYTES = Buffer.from(APP_HASH_DOMAIN, "ascii");
const CHUNK = 64 * 1024;

/**
 * App hash of a block:
 *
 *   sha256( "unit/apphash/v2"
 *         || height as uint64 big-endian
 *         || uvarint(len(prevHash)) || prevHash
 *         || stateHash (32 bytes: the whole state after the block, stateHash.ts)
 *         || for each change in ascending key order:
 *              uvarint(len(key)) || key || (0x00 | 0x01 || uvarint(len(value)) || value) )
 *
 * `prevHash` is empty for genesis. Changes may be passed in any order; they are hashed
 * sorted by key, and duplicate keys are rejected. `Store.appHashOf` computes the state
 * hash of a block's branch and calls this.
 */
export function appHash(prevHash: Uint8Array, height: number, stateHash: Uint8Array, changes: readonly Change[]): Buffer {
  if (!Number.isSafeInteger(height) || height < 0) {
    throw new RangeError(`appHash: height must be a non-negative safe integer, got ${height}`);
  }
  if (stateHash.byteLength !== STATE_HASH_BYTES) throw new RangeError(`appHash: state hash must be ${STATE_HASH_BYTES} bytes, got ${stateHash.byteLength}`);
  const sorted = sortedChanges(changes);
  const w = new ChunkedHasher(createHash("sha256"));
  w.bytes(DOMAIN_BYTES);
  w.uint64(height);
  w.lengthPrefixed(prevHash);
  w.bytes(stateHash);
  for (const c of sorted) {
    w.lengthPrefixed(c.key);
    if (c.value === null) {
      w.byte(0);
    } else {
      w.byte(1);
      w.lengthPrefixed(c.value);
    }
  }
  return w.digest();
}

function sortedChanges(changes: readonly Change[]): readonly Change[] {
  let ordered = true;
  for (let i = 1; i < changes.length; i++) {
    const cmp = compareBytes(changes[i - 1]!.key, changes[i]!.key);
    if (cmp === 0) throw new Error("appHash: duplicate key in change set");
    if (cmp > 0) {
      ordered = false;
      break;
    }
  }
  if (ordered) return changes;
  const copy = [...changes].sort((a, b) => compareBytes(a.key, b.key));
  for (let i = 1; i < copy.length; i++) {
    if (compareBytes(copy[i - 1]!.key, copy[i]!.key) === 0) {
      throw new Error("appHash: duplicate key in change set");
    }
  }
  return copy;
}

/** Batches small writes into one buffer so the hash sees few large updates. */
class ChunkedHasher {
  private readonly buf = Buffer.allocUnsafe(CHUNK);
  private pos = 0;

  constructor(private readonly hash: Hash) {}

  byte(b: number): void {
    if (this.pos + 1 > CHUNK) this.flush();
    this.buf[this.pos++] = b;
  }

  uint64(n: number): void {
    if (this.pos + 8 > CHUNK) this.flush();
    this.buf.writeBigUInt64BE(BigInt(n), this.pos);
    this.pos += 8;
  }

  lengthPrefixed(data: Uint8Array): void {
    const n = data.byteLength;
    if (this.pos + uvarintLength(n) > CHUNK) this.flush();
    this.pos = writeUvarint(this.buf, this.pos, n);
    this.bytes(data);
  }

  bytes(data: Uint8Array): void {
    const n = data.byteLength;
    if (n > CHUNK / 4) {
      this.flush();
      this.hash.update(data);
      return;
    }
    if (this.pos + n > CHUNK) this.flush();
    this.buf.set(data, this.pos);
    this.pos += n;
  }

  digest(): Buffer {
    this.flush();
    return this.hash.digest();
  }

  private flush(): void {
    if (this.pos > 0) {
      this.hash.update(this.buf.subarray(0, this.pos));
      this.pos = 0;
    }
  }
}
