// A state hash thread (started by pool.ts): the sum of the element hashes of the entries it is
// given, by the same elementHash the app's thread folds with. Pure work on the bytes: no store.
import { parentPort } from "node:worker_threads";
import type { HelperAnswer, HelperRequest } from "../../../common/node/helperThreads.js";
import { StateAccumulator } from "../stateHash.js";
import { unpackEntries, type FoldAnswer, type FoldRequest } from "./protocol.js";

const port = parentPort;
if (!port) throw new Error("app/store/elementFold/worker.ts runs as a worker thread of the app");

port.on("message", (req: HelperRequest<FoldRequest>) => {
  let sum: Uint8Array | undefined;
  try {
    sum = StateAccumulator.of(unpackEntries(req.entries, req.count)).toBytes();
  } catch {
    sum = undefined; // the app's thread folds these entries itself
  }
  const answer: HelperAnswer<FoldAnswer> = { id: req.id, sum };
  port.postMessage(answer);
});
