// The node's snapshots: taken every `interval` heights after Commit, off the thread that executes
// blocks (a worker thread over a read-only connection, snapshotWorker.ts), the newest `keepRecent`
// kept, served to peers chunk by chunk, and the restore side of state sync (restore.ts).
import fs from "node:fs";
import { Worker } from "node:worker_threads";
import type { Logger } from "pino";
import type { StateReader } from "../store/types.js";
import { chunkFile, listSnapshots, pruneSnapshots, removeLeftovers, snapshotDir, type SnapshotInfo } from "./files.js";
import { writeSnapshot, type SnapshotLink } from "./writeSnapshot.js";
import type { SnapshotJob, SnapshotJobResult } from "./snapshotWorker.js";

export interface SnapshotSettings {
  /** Take a snapshot at every height divisible by this; 0 takes none. */
  interval: number;
  /** Snapshots kept, newest first; 0 keeps all. */
  keepRecent: number;
}

export interface SnapshotManagerOptions extends SnapshotSettings {
  /** <home>/data/snapshots */
  dir: string;
  logger: Logger;
  /** The state database, which the worker opens read-only. */
  dbPath?: string;
  /** Compiled snapshotWorker.js; without it (tests) snapshots are written inline from `stateAt`. */
  workerUrl?: URL;
  stateAt?: (height: number) => StateReader;
}

export class SnapshotManager {
  private running: Promise<void> | undefined;

  constructor(private readonly options: SnapshotManagerOptions) {
    if (!Number.isSafeInteger(options.interval) || options.interval < 0)
      throw new RangeError(`snapshotInterval must be a non-negative integer, got ${options.interval}`);
    if (!Number.isSafeInteger(options.keepRecent) || options.keepRecent < 0)
      throw new RangeError(`snapshotKeepRecent must be a non-negative integer, got ${options.keepRecent}`);
    fs.mkdirSync(options.dir, { recursive: true });
    removeLeftovers(options.dir);
  }

  get dir(): string {
    return this.options.dir;
  }

  /** Whether Commit of `height` should hand over its link for a snapshot. */
  due(height: number): boolean {
    return this.options.interval > 0 && height % this.options.interval === 0;
  }

  /**
   * Starts the snapshot of a just-committed height in the background. One at a time: a snapshot
   * still being written when the next is due makes the next one be skipped (with a warning).
   */
  take(link: SnapshotLink): void {
    if (this.running) {
      this.options.logger.warn({ height: link.height }, "snapshot skipped: the previous one is still being written");
      return;
    }
    const started = Date.now();
    this.running = this.write(link)
      .then((info) => {
        pruneSnapshots(this.options.dir, this.options.keepRecent);
        this.options.logger.info({ height: info.height, chunks: info.chunks, hash: info.hash, ms: Date.now() - started }, "snapshot taken");
      })
      .catch((err: unknown) => this.options.logger.error({ err, height: link.height }, "snapshot failed"))
      .finally(() => {
        this.running = undefined;
      });
  }

  /** Resolves once no snapshot is being written. */
  async idle(): Promise<void> {
    await this.running;
  }

  list(): SnapshotInfo[] {
    return listSnapshots(this.options.dir);
  }

  /** A chunk of a listed snapshot; empty when there is no such chunk (CometBFT treats that as missing). */
  loadChunk(height: number, format: number, index: number): Uint8Array {
    const info = this.list().find((s) => s.height === height && s.format === format);
    if (!info || !Number.isSafeInteger(index) || index < 0 || index >= info.chunks) return new Uint8Array();
    try {
      return fs.readFileSync(chunkFile(snapshotDir(this.options.dir, height), index));
    } catch {
      return new Uint8Array(); // pruned between the listing and the request
    }
  }

  private write(link: SnapshotLink): Promise<SnapshotInfo> {
    const { workerUrl, dbPath, stateAt, dir } = this.options;
    if (!workerUrl || !dbPath) {
      if (!stateAt) return Promise.reject(new Error("snapshots need a worker or a state reader"));
      return Promise.resolve().then(() => writeSnapshot(dir, link, stateAt(link.height)));
    }
    const job: SnapshotJob = { dir, dbPath, link };
    return new Promise((resolve, reject) => {
      const worker = new Worker(workerUrl, { workerData: job });
      worker.once("message", (result: SnapshotJobResult) => (result.ok ? resolve(result.info) : reject(new Error(result.message))));
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`snapshot worker exited with code ${code}`)));
    });
  }
}
