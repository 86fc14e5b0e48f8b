// Snapshot format 2: the whole state at height H as a stream of records, cut into chunks at record
// boundaries (so each chunk decodes on its own), every chunk named by its sha256 in the metadata.
//
//   record  = 0x01 link   uvarint(len) prevHash            the app hash at H-1
//           | 0x02 change uvarint(len) key (0x00 | 0x01 uvarint(len) value)   block H's change set
//           | 0x03 entry  uvarint(len) key uvarint(len) value                  a live key at H
//   stream  = link, every change (ascending key), every entry (ascending key)
//   metadata = chunk hash 0 || chunk hash 1 || ...       (32 bytes each)
//   snapshot hash = sha256(metadata)
//
// The app hash of block H (app/store/appHash.ts) commits to the link, block H's change set and the
// state hash of every live entry at H (app/store/stateHash.ts). A restore folds every entry into the
// state accumulator as it reads them and recomputes the app hash from the link, that state hash and
// the changes: equal to the hash CometBFT's light client trusts, it proves every entry, so a snapshot
// with any entry added, dropped or altered is refused. The records are those of format 1, whose
// restore could prove block H's changes only (the app hash then held no state hash); a node refuses
// format 1 snapshots.
import { createHash } from "node:crypto";
import { uvarintLength, writeUvarint } from "../store/bytes.js";

export const SNAPSHOT_FORMAT = 2;
/** Chunks are cut at the first record boundary past this size (CometBFT accepts chunks up to 16 MB). */
export const CHUNK_TARGET_BYTES = 10 * 1024 * 1024;
export const HASH_BYTES = 32;

const LINK = 1;
const CHANGE = 2;
const ENTRY = 3;

export type SnapshotRecord =
  { kind: "link"; prevHash: Buffer } | { kind: "change"; key: Buffer; value: Buffer | null } | { kind: "entry"; key: Buffer; value: Buffer };

export function sha256(data: Uint8Array): Buffer {
  return createHash("sha256").update(data).digest();
}

/** The snapshot hash CometBFT compares across peers: sha256 of the chunk hashes in order. */
export function snapshotHash(metadata: Uint8Array): Buffer {
  return sha256(metadata);
}

/** The chunk hashes a metadata blob lists; undefined if it is not a whole number of them. */
export function chunkHashes(metadata: Uint8Array, chunks: number): Buffer[] | undefined {
  if (chunks < 1 || metadata.byteLength !== chunks * HASH_BYTES) return undefined;
  const out: Buffer[] = [];
  for (let i = 0; i < chunks; i++) out.push(Buffer.from(metadata.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES)));
  return out;
}

export function encodeRecord(record: SnapshotRecord): Buffer {
  const parts: Uint8Array[] = [];
  if (record.kind === "link") parts.push(Buffer.of(LINK), lengthPrefixed(record.prevHash));
  else if (record.kind === "entry") parts.push(Buffer.of(ENTRY), lengthPrefixed(record.key), lengthPrefixed(record.value));
  else
    parts.push(
      Buffer.of(CHANGE),
      lengthPrefixed(record.key),
      record.value === null ? Buffer.of(0) : Buffer.concat([Buffer.of(1), lengthPrefixed(record.value)]),
    );
  return Buffer.concat(parts);
}

/** Collects records into chunks of about `target` bytes; `finish` returns the last one. */
export class Chunker {
  private parts: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly emit: (chunk: Buffer) => void,
    private readonly target = CHUNK_TARGET_BYTES,
  ) {}

  add(record: SnapshotRecord): void {
    const bytes = encodeRecord(record);
    this.parts.push(bytes);
    this.size += bytes.byteLength;
    if (this.size >= this.target) this.flush();
  }

  finish(): void {
    if (this.size > 0) this.flush();
  }

  private flush(): void {
    this.emit(Buffer.concat(this.parts));
    this.parts = [];
    this.size = 0;
  }
}

/** The records of one chunk; throws on anything malformed or truncated. */
export function decodeChunk(chunk: Uint8Array): SnapshotRecord[] {
  const r = new Reader(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  const out: SnapshotRecord[] = [];
  while (!r.done()) {
    const tag = r.byte();
    if (tag === LINK) out.push({ kind: "link", prevHash: r.prefixed() });
    else if (tag === ENTRY) out.push({ kind: "entry", key: r.prefixed(), value: r.prefixed() });
    else if (tag === CHANGE) {
      const key = r.prefixed();
      const flag = r.byte();
      if (flag > 1) throw new Error(`snapshot chunk: bad change flag ${flag}`);
      out.push({ kind: "change", key, value: flag === 0 ? null : r.prefixed() });
    } else throw new Error(`snapshot chunk: unknown record tag ${tag}`);
  }
  return out;
}

function lengthPrefixed(data: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(uvarintLength(data.byteLength) + data.byteLength);
  const at = writeUvarint(out, 0, data.byteLength);
  out.set(data, at);
  return out;
}

class Reader {
  private pos = 0;
  constructor(private readonly buf: Buffer) {}

  done(): boolean {
    return this.pos >= this.buf.byteLength;
  }

  byte(): number {
    if (this.pos >= this.buf.byteLength) throw new Error("snapshot chunk: truncated");
    return this.buf[this.pos++]!;
  }

  prefixed(): Buffer {
    let n = 0;
    let shift = 1;
    for (let i = 0; ; i++) {
      if (i > 7) throw new Error("snapshot chunk: length too long");
      const b = this.byte();
      n += (b & 0x7f) * shift;
      shift *= 128;
      if (b < 0x80) break;
    }
    if (this.pos + n > this.buf.byteLength) throw new Error("snapshot chunk: truncated");
    const out = Buffer.from(this.buf.subarray(this.pos, this.pos + n));
    this.pos += n;
    return out;
  }
}
