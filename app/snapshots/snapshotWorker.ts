// A snapshot worker thread (started by manager.ts for one snapshot): reads the state at the
// snapshot's height through its own read-only connection inside one SQLite read transaction, so
// the app's thread goes on executing and committing blocks meanwhile.
import { parentPort, workerData } from "node:worker_threads";
import { ReadOnlyStore } from "../store/readOnlyStore.js";
import type { SnapshotInfo } from "./files.js";
import { writeSnapshot, type SnapshotLink } from "./writeSnapshot.js";

export interface SnapshotJob {
  dir: string;
  dbPath: string;
  link: SnapshotLink;
}

export type SnapshotJobResult = { ok: true; info: SnapshotInfo } | { ok: false; message: string };

if (parentPort) {
  const port = parentPort;
  const job = workerData as SnapshotJob;
  const store = ReadOnlyStore.open(job.dbPath);
  try {
    const info = await store.snapshot(() => writeSnapshot(job.dir, job.link, store.view(job.link.height)));
    port.postMessage({ ok: true, info } satisfies SnapshotJobResult);
  } catch (err) {
    port.postMessage({ ok: false, message: (err as Error).message } satisfies SnapshotJobResult);
  } finally {
    store.close();
  }
}
