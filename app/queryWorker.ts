// A query worker thread (started by app/query/pool/queryPool.ts): the app's query services over a
// read-only connection to the state database. Each query runs in one SQLite read snapshot, so it
// sees one committed height throughout, while the app's thread goes on committing blocks.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { GrpcCode } from "../common/errors.js";
import { QueryError } from "../common/grpc/queryError.js";
import { committedView } from "./query/committedView.js";
import { queryBusyFault } from "./query/faults.js";
import type { FromWorker, QueryWorkerData, ToWorker } from "./query/pool/protocol.js";
import { grpcStatusOf } from "./query/service.js";
import { ReadOnlyStore } from "./store/readOnlyStore.js";
import { wireApp } from "./modules.js";
import { loadVm } from "./modules/evm/tx/vmLoader.js";

/**
 * The worker's scheduling priority (Linux nice value). Queries take what CPU the node has to spare:
 * when blocks need the cores, the kernel gives them to the app's thread and CometBFT first.
 */
const QUERY_WORKER_NICE = 10;

lowerThreadPriority();

const port = parentPort;
if (!port) throw new Error("app/queryWorker.ts runs as a worker thread of the app");
const send = (msg: FromWorker): void => port.postMessage(msg);

let store: ReadOnlyStore;
try {
  store = ReadOnlyStore.open((workerData as QueryWorkerData).dbPath);
} catch (err) {
  send({ kind: "unusable", message: (err as Error).message });
  process.exit(1);
}

const { queries } = wireApp();
const services = queries.services;
services.provideStateAccess({
  // The pool keeps methods that read the mempool on the app's thread (QueryMethod.readsAppState).
  pending: () => {
    throw new QueryError(GrpcCode.INTERNAL, "the mempool's view is not readable from a query worker");
  },
  latest: () => ({ state: store.view(), height: store.lastHeight }),
});

const running = new Map<number, AbortController>();

port.on("message", (msg: ToWorker) => {
  if (msg.kind === "cancel") running.get(msg.id)?.abort();
  else void answer(msg);
});

async function answer(msg: Extract<ToWorker, { kind: "query" }>): Promise<void> {
  const controller = new AbortController();
  running.set(msg.id, controller);
  try {
    const method = services.method(msg.path);
    if (!method) throw new QueryError(GrpcCode.UNIMPLEMENTED, `method ${msg.path} is not implemented by this node`);
    const result = await store.snapshot(async () => {
      const { view, height } = committedView(store, msg.height);
      queryBusyFault();
      return { response: await method.handleAsync(msg.request, { state: view, height, signal: controller.signal }), height };
    });
    send({ kind: "answer", id: msg.id, ...result });
  } catch (err) {
    send({ kind: "failed", id: msg.id, ...grpcStatusOf(err) });
  } finally {
    running.delete(msg.id);
  }
}

send({ kind: "ready" });
// The EVM's code, which the modules load only when first needed (vmLoader.ts), loads now, after
// the worker has said it is ready: other queries need not wait for it, and an eth_call that comes
// first waits only for the rest of the load.
loadVm().catch((err: unknown) => {
  send({ kind: "unusable", message: `cannot load the EVM: ${(err as Error).message}` });
  process.exit(1);
});

/** Lowers this thread's (not the process's) priority: on Linux a thread's id is a valid target. */
function lowerThreadPriority(): void {
  try {
    const threadId = Number(path.basename(fs.readlinkSync("/proc/thread-self")));
    if (Number.isSafeInteger(threadId) && threadId > 0) os.setPriority(threadId, QUERY_WORKER_NICE);
  } catch {
    // No /proc (not Linux) or not permitted: the worker runs at the normal priority.
  }
}
