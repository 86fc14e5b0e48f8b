// Writes the state at one committed height as a snapshot in the current format (format.ts). Runs in the snapshot
// worker thread over a read-only connection (snapshotWorker.ts), or inline in tests.
import fs from "node:fs";
import type { Change, StateReader } from "../store/types.js";
import { chunkFile, publishSnapshot, tempSnapshotDir, type SnapshotInfo } from "./files.js";
import { Chunker, CHUNK_TARGET_BYTES, SNAPSHOT_FORMAT, sha256, snapshotHash } from "./format.js";

/** What ties a snapshot to the chain's app hash at its height (see format.ts). */
export interface SnapshotLink {
  height: number;
  /** The app hash at height - 1 (genesis' hash for the first block). */
  prevHash: Uint8Array;
  /** Block `height`'s own change set, ascending by key. */
  changes: readonly Change[];
}

export function writeSnapshot(root: string, link: SnapshotLink, state: StateReader, chunkTarget = CHUNK_TARGET_BYTES): SnapshotInfo {
  const dir = tempSnapshotDir(root, link.height);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const hashes: Buffer[] = [];
  const chunker = new Chunker((chunk) => {
    fs.writeFileSync(chunkFile(dir, hashes.length), chunk);
    hashes.push(sha256(chunk));
  }, chunkTarget);
  chunker.add({ kind: "link", prevHash: Buffer.from(link.prevHash) });
  for (const c of link.changes) chunker.add({ kind: "change", key: Buffer.from(c.key), value: c.value === null ? null : Buffer.from(c.value) });
  for (const { key, value } of state.iterator()) chunker.add({ kind: "entry", key: Buffer.from(key), value: Buffer.from(value) });
  chunker.finish();
  const metadata = Buffer.concat(hashes);
  const info: SnapshotInfo = {
    height: link.height,
    format: SNAPSHOT_FORMAT,
    chunks: hashes.length,
    hash: snapshotHash(metadata).toString("hex"),
    metadata: metadata.toString("hex"),
  };
  publishSnapshot(root, info);
  return info;
}
