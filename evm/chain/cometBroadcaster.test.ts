// The broadcast_tx_sync client against a local HTTP server answering as CometBFT does: CheckTx's
// answer comes through, requests share kept-alive connections, and CometBFT's errors and an
// unreachable node become the CometBFT client's errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { CometRpcError, CometUnavailableError } from "../../common/comet/rpcClient.js";
import { CometBroadcaster } from "./cometBroadcaster.js";

async function fakeComet(answer: (request: { method: string; params: { tx: string } }) => unknown) {
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: number; method: string; params: { tx: string } };
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id: request.id, ...(answer(request) as object) }));
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, connections: () => connections, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test("CheckTx's answer comes back, and one after another the requests share a connection", async () => {
  const seen: string[] = [];
  const comet = await fakeComet((r) => {
    seen.push(`${r.method} ${r.params.tx}`);
    return {
      result: r.params.tx === "AQI=" ? { code: 0, data: "", log: "", codespace: "", hash: "AB" } : { code: 5, log: "insufficient funds", codespace: "evm" },
    };
  });
  const b = new CometBroadcaster(comet.url, 5000);
  try {
    assert.deepEqual(await b.broadcastTxSync(Uint8Array.of(1, 2)), { code: 0, codespace: "", log: "" });
    assert.deepEqual(await b.broadcastTxSync(Uint8Array.of(3)), { code: 5, codespace: "evm", log: "insufficient funds" });
    // A view into a larger buffer sends only its own bytes.
    await b.broadcastTxSync(new Uint8Array([9, 1, 2, 9]).subarray(1, 3));
    assert.deepEqual(seen, ["broadcast_tx_sync AQI=", "broadcast_tx_sync Aw==", "broadcast_tx_sync AQI="]);
    assert.equal(comet.connections(), 1, "kept alive");
  } finally {
    b.close();
    await comet.close();
  }
});

test("CometBFT's refusal is a CometRpcError with its reason; a missing result is an error too", async () => {
  const comet = await fakeComet((r) =>
    r.params.tx === "AQ==" ? { error: { code: -32603, message: "Internal error", data: "tx already exists in cache" } } : { result: { log: "no code" } },
  );
  const b = new CometBroadcaster(comet.url, 5000);
  try {
    await assert.rejects(b.broadcastTxSync(Uint8Array.of(1)), (err: unknown) => err instanceof CometRpcError && err.data === "tx already exists in cache");
    await assert.rejects(b.broadcastTxSync(Uint8Array.of(2)), /broadcast_tx_sync\.result\.code: expected a number/);
  } finally {
    b.close();
    await comet.close();
  }
});

test("an unreachable node is a CometUnavailableError that says why", async () => {
  const comet = await fakeComet(() => ({ result: { code: 0 } }));
  await comet.close(); // its port is now closed
  const b = new CometBroadcaster(comet.url, 5000);
  try {
    await assert.rejects(b.broadcastTxSync(Uint8Array.of(1)), (err: unknown) => err instanceof CometUnavailableError && /connection refused/.test(err.message));
  } finally {
    b.close();
  }
  assert.throws(() => new CometBroadcaster("https://127.0.0.1:1", 1000), /must be http/);
});
