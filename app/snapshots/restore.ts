// One state-sync restore: CometBFT offers a snapshot with the app hash its light client trusts for
// that height, then hands over the chunks in order. Each chunk is checked against the hash the
// metadata lists for it before it is kept (a mismatch is refetched from another peer and never
// applied); after the last one the whole snapshot is checked against the trusted app hash, which
// commits to every entry through the state hash, and only then is the state written to the store,
// in one SQLite transaction. A rejected snapshot leaves nothing behind: the chunks wait in a
// directory of their own until then.
import fs from "node:fs";
import path from "node:path";
import { appHash } from "../store/appHash.js";
import { compareBytes, keyToString } from "../store/bytes.js";
import { StateAccumulator } from "../store/stateHash.js";
import type { Change } from "../store/types.js";
import { chunkFile, RESTORE_DIR } from "./files.js";
import { chunkHashes, decodeChunk, SNAPSHOT_FORMAT, sha256, snapshotHash, type SnapshotRecord } from "./format.js";

/** ABCI's results, by meaning (values from tendermint.abci ResponseOfferSnapshot / ResponseApplySnapshotChunk). */
export type OfferVerdict = "accept" | "reject" | "rejectFormat" | "abort";
export type ApplyVerdict = "accept" | "retry" | "rejectSnapshot" | "abort";

export interface OfferedSnapshot {
  height: number;
  format: number;
  chunks: number;
  hash: Uint8Array;
  metadata: Uint8Array;
}

export interface ApplyOutcome {
  result: ApplyVerdict;
  refetchChunks?: number[];
  rejectSenders?: string[];
  /** Why, for the log. */
  reason?: string;
  /** Set once the state is in the store. */
  restored?: boolean;
}

/** Writes a verified snapshot's entries into the (empty) store as height `height`. */
export type RestoreSink = (height: number, appHash: Uint8Array, entries: Iterable<[Buffer, Buffer]>) => void;

export class SnapshotRestore {
  private readonly dir: string;
  private readonly hashes: Buffer[];
  private next = 0;

  private constructor(
    root: string,
    private readonly snapshot: OfferedSnapshot,
    hashes: Buffer[],
    private readonly trustedAppHash: Uint8Array,
    private readonly sink: RestoreSink,
  ) {
    this.dir = path.join(root, RESTORE_DIR);
    this.hashes = hashes;
    fs.rmSync(this.dir, { recursive: true, force: true });
    fs.mkdirSync(this.dir, { recursive: true });
  }

  /** A session for an acceptable offer, or the verdict refusing it. */
  static offer(
    root: string,
    snapshot: OfferedSnapshot,
    trustedAppHash: Uint8Array,
    sink: RestoreSink,
  ): SnapshotRestore | { verdict: OfferVerdict; reason: string } {
    if (snapshot.format !== SNAPSHOT_FORMAT) return { verdict: "rejectFormat", reason: `format ${snapshot.format} (this node reads ${SNAPSHOT_FORMAT})` };
    const hashes = chunkHashes(snapshot.metadata, snapshot.chunks);
    if (!hashes) return { verdict: "reject", reason: `metadata of ${snapshot.metadata.byteLength} bytes does not list ${snapshot.chunks} chunk hashes` };
    if (!snapshotHash(snapshot.metadata).equals(snapshot.hash)) return { verdict: "reject", reason: "snapshot hash is not the hash of its metadata" };
    if (snapshot.height < 1 || trustedAppHash.byteLength !== 32) return { verdict: "reject", reason: "no trusted app hash for the height" };
    return new SnapshotRestore(root, snapshot, hashes, trustedAppHash, sink);
  }

  get height(): number {
    return this.snapshot.height;
  }

  /** Checks and keeps chunk `index`; after the last one, verifies and restores the whole snapshot. */
  apply(index: number, chunk: Uint8Array, sender: string): ApplyOutcome {
    if (index !== this.next) {
      // CometBFT applies chunks in order; another index means it re-sends one already kept.
      if (index < this.next) return { result: "accept" };
      return { result: "retry", refetchChunks: [this.next], reason: `chunk ${index} before chunk ${this.next}` };
    }
    if (!sha256(chunk).equals(this.hashes[index]!)) {
      return {
        result: "retry",
        refetchChunks: [index],
        rejectSenders: sender ? [sender] : [],
        reason: `chunk ${index} does not match its hash in the metadata`,
      };
    }
    fs.writeFileSync(chunkFile(this.dir, index), chunk);
    this.next++;
    if (this.next < this.hashes.length) return { result: "accept" };
    try {
      const problem = this.verify();
      if (problem) return { result: "rejectSnapshot", reason: problem };
      try {
        this.sink(this.snapshot.height, this.trustedAppHash, this.entries());
      } catch (err) {
        // A kept chunk changed on disk after the check: the store's transaction was rolled back.
        if (err instanceof ChunkChangedError) return { result: "rejectSnapshot", reason: err.message };
        throw err;
      }
      return { result: "accept", restored: true };
    } finally {
      this.discard();
    }
  }

  /** Removes the kept chunks (after a restore, a rejection or an abandoned session). */
  discard(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** Why the snapshot cannot be the state at its height under the trusted app hash; undefined if it can. */
  private verify(): string | undefined {
    let prevHash: Buffer | undefined;
    const changes: Change[] = [];
    const expected = new Map<string, Buffer | null>();
    let lastEntry: Buffer | undefined;
    const state = StateAccumulator.empty().fold();
    let phase = 0; // 0 link, 1 changes, 2 entries: the stream's order
    try {
      for (const r of this.records()) {
        const rank = r.kind === "link" ? 0 : r.kind === "change" ? 1 : 2;
        if (rank < phase || (rank === 0 && prevHash)) return `record ${r.kind} out of order`;
        phase = Math.max(phase, rank === 0 ? 1 : rank);
        if (r.kind === "link") prevHash = r.prevHash;
        else if (r.kind === "change") {
          if (changes.length > 0 && compareBytes(changes[changes.length - 1]!.key, r.key) >= 0) return "block changes are not in ascending key order";
          changes.push({ key: r.key, value: r.value });
          expected.set(keyToString(r.key), r.value);
        } else {
          if (lastEntry && compareBytes(lastEntry, r.key) >= 0) return "entries are not in ascending key order";
          lastEntry = r.key;
          state.add(r.key, r.value);
          const want = expected.get(keyToString(r.key));
          if (want === null) return "a key the block deleted is in the state";
          if (want !== undefined) {
            if (!want.equals(r.value)) return "a key's value differs from the one the block wrote";
            expected.delete(keyToString(r.key));
          }
        }
      }
    } catch (err) {
      return (err as Error).message;
    }
    if (!prevHash) return "no link record";
    for (const v of expected.values()) if (v !== null) return "a key the block wrote is missing from the state";
    // The state hash of the entries proves them all: the trusted app hash commits to it.
    const hash = appHash(prevHash, this.snapshot.height, state.done().checksum(), changes);
    if (!hash.equals(this.trustedAppHash)) return `app hash ${hash.toString("hex")} is not the trusted ${Buffer.from(this.trustedAppHash).toString("hex")}`;
    return undefined;
  }

  /** The kept chunks' records; each chunk is hashed again as it is read, so what is restored is what was checked. */
  private *records(): Generator<SnapshotRecord> {
    for (let i = 0; i < this.hashes.length; i++) {
      const chunk = fs.readFileSync(chunkFile(this.dir, i));
      if (!sha256(chunk).equals(this.hashes[i]!)) throw new ChunkChangedError(i);
      yield* decodeChunk(chunk);
    }
  }

  private *entries(): Generator<[Buffer, Buffer]> {
    for (const r of this.records()) if (r.kind === "entry") yield [r.key, r.value];
  }
}

class ChunkChangedError extends Error {
  constructor(index: number) {
    super(`kept chunk ${index} no longer matches its hash in the metadata`);
  }
}
