// A query worker for the pool's tests: the method path says what it does.
//   /echo   answers the request bytes, at height 7
//   /slow   answers after 200 ms
//   /spin   computes forever (a query that never yields)
//   /crash  exits the thread
//   /fail   fails with NOT_FOUND
// Started with dbPath "unusable" it reports that it cannot serve, as a worker whose database
// does not open does.
import { parentPort, workerData } from "node:worker_threads";
import type { FromWorker, QueryWorkerData, ToWorker } from "../protocol.js";

const port = parentPort!;
const send = (msg: FromWorker): void => port.postMessage(msg);

if ((workerData as QueryWorkerData).dbPath === "unusable") {
  send({ kind: "unusable", message: "no database here" });
  process.exit(1);
}

port.on("message", (msg: ToWorker) => {
  if (msg.kind !== "query") return;
  switch (msg.path) {
    case "/echo":
      return send({ kind: "answer", id: msg.id, response: msg.request, height: 7 });
    case "/slow":
      return void setTimeout(() => send({ kind: "answer", id: msg.id, response: msg.request, height: 7 }), 200);
    case "/spin":
      for (;;);
    case "/crash":
      process.exit(3);
    default:
      return send({ kind: "failed", id: msg.id, code: 5, message: `no ${msg.path}` });
  }
});
send({ kind: "ready" });
