// Where snapshots live on disk: <home>/data/snapshots/<height>/ holds snapshot.json and one file
// per chunk. A snapshot is written under a temporary name and renamed when complete, so a listed
// snapshot is always whole; leftovers of an interrupted write are removed at start.
import fs from "node:fs";
import path from "node:path";

export interface SnapshotInfo {
  height: number;
  format: number;
  chunks: number;
  /** sha256 of the metadata (hex). */
  hash: string;
  /** The chunk hashes, concatenated (hex). */
  metadata: string;
}

const INFO_FILE = "snapshot.json";
const TEMP_SUFFIX = ".partial";

export function chunkFile(dir: string, index: number): string {
  return path.join(dir, `chunk-${index}`);
}

export function tempSnapshotDir(root: string, height: number): string {
  return path.join(root, `${height}${TEMP_SUFFIX}`);
}

export function snapshotDir(root: string, height: number): string {
  return path.join(root, String(height));
}

/** Makes a fully written temporary snapshot visible under its final name. */
export function publishSnapshot(root: string, info: SnapshotInfo): void {
  const temp = tempSnapshotDir(root, info.height);
  fs.writeFileSync(path.join(temp, INFO_FILE), JSON.stringify(info));
  fs.rmSync(snapshotDir(root, info.height), { recursive: true, force: true });
  fs.renameSync(temp, snapshotDir(root, info.height));
}

/** Every complete snapshot, newest first. */
export function listSnapshots(root: string): SnapshotInfo[] {
  if (!fs.existsSync(root)) return [];
  const out: SnapshotInfo[] = [];
  for (const name of fs.readdirSync(root)) {
    if (!/^\d+$/.test(name)) continue;
    try {
      out.push(JSON.parse(fs.readFileSync(path.join(root, name, INFO_FILE), "utf8")) as SnapshotInfo);
    } catch {
      // A directory without its info file is not a snapshot.
    }
  }
  return out.sort((a, b) => b.height - a.height);
}

/** Removes unfinished snapshot writes (a crash mid-write) and an abandoned restore. */
export function removeLeftovers(root: string): void {
  if (!fs.existsSync(root)) return;
  for (const name of fs.readdirSync(root)) {
    if (name.endsWith(TEMP_SUFFIX) || name === RESTORE_DIR) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  }
}

/** Keeps the newest `keepRecent` snapshots (0 keeps all). */
export function pruneSnapshots(root: string, keepRecent: number): void {
  if (keepRecent <= 0) return;
  for (const old of listSnapshots(root).slice(keepRecent)) fs.rmSync(snapshotDir(root, old.height), { recursive: true, force: true });
}

export const RESTORE_DIR = "restoring";
