// A sender recovery thread (started by pool.ts): recovers the public keys that signed raw Ethereum
// txs exactly as CheckTx would (recoverSender), for CheckTx requests still queued behind others.
// Pure work on the bytes it is given: no state, no store.
import { parentPort } from "node:worker_threads";
import { recoverSender, type RecoveredSender } from "../../common/ethereum/ethTx.js";
import type { HelperAnswer, HelperRequest } from "../../common/node/helperThreads.js";
import type { RecoveryAnswer, RecoveryRequest } from "./protocol.js";

const port = parentPort;
if (!port) throw new Error("app/senderRecovery/worker.ts runs as a worker thread of the app");

port.on("message", (req: HelperRequest<RecoveryRequest>) => {
  let recovered: RecoveredSender | undefined;
  try {
    recovered = recoverSender(req.bytes, req.chainId);
  } catch {
    recovered = undefined; // CheckTx decodes the tx itself and says what is wrong with it
  }
  const answer: HelperAnswer<RecoveryAnswer> = { id: req.id, recovered };
  port.postMessage(answer);
});
