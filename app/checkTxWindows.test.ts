// The windows' timing against real sockets: a block starts in a socket's data callback (the event
// loop's poll phase), and a CheckTx request that arrives on another socket meanwhile must be read
// in the block's first window, not only in a later one.
import { test } from "node:test";
import assert from "node:assert/strict";
import net from "node:net";
import { once } from "node:events";
import { performance } from "node:perf_hooks";
import { CheckTxWindows } from "./checkTxWindows.js";

/** A tx's work: long enough that a window is due after each one. */
function work(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

test("a request that arrives while a block runs is answered in the block's first window", { timeout: 10_000 }, async () => {
  const windows = new CheckTxWindows({ minWorkMs: 0, budgetMs: 1_000 });
  const order: string[] = [];
  let blockDone!: Promise<void>;
  let mempoolClient!: net.Socket;
  let consensusClient!: net.Socket;
  let server!: net.Server;
  const checked = new Promise<void>((resolve) => {
    server = net.createServer((socket) => {
      socket.once("data", (data) => {
        if (data.toString() === "block") {
          // As the ABCI server starts FinalizeBlock: from a data callback, then the other request arrives.
          blockDone = windows.duringBlock(async (between) => {
            for (let i = 0; i < 3; i++) {
              work(2);
              order.push(`tx ${i}`);
              const window = between();
              if (window) await window;
            }
          });
          mempoolClient.write("check");
        } else {
          const answered = windows.admit(() => order.push("CheckTx"));
          // Outside a block the caller would queue it: recorded as such, and the order shows it.
          if (!answered) order.push("CheckTx after the block");
          void Promise.resolve(answered).then(() => resolve());
        }
      });
    });
    server.listen(0, "127.0.0.1", async () => {
      const port = (server.address() as net.AddressInfo).port;
      mempoolClient = net.connect(port, "127.0.0.1");
      consensusClient = net.connect(port, "127.0.0.1");
      await Promise.all([once(mempoolClient, "connect"), once(consensusClient, "connect")]);
      await new Promise((r) => setTimeout(r, 20)); // both accepted
      consensusClient.write("block");
    });
  });
  await checked;
  await blockDone;
  mempoolClient.destroy();
  consensusClient.destroy();
  await new Promise((resolve) => server.close(resolve));
  assert.deepEqual(order, ["tx 0", "CheckTx", "tx 1", "tx 2"]);
});
