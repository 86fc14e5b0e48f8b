// The broadcast_tx_sync client against a local server answering as CometBFT does, over its
// /websocket endpoint and over HTTP: CheckTx's answer comes through, requests share open
// connections, a server without WebSocket support gets HTTP, and CometBFT's errors, an unreachable
// node, a node that stops answering and a dropped connection become the CometBFT client's errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";
import { CometRpcError, CometUnavailableError } from "../../common/comet/rpcClient.js";
import { CometBroadcaster } from "./cometBroadcaster.js";

type Request = { id: number; method: string; params: { tx: string } };
/** An answer's fields besides jsonrpc and id, or undefined to leave the request unanswered. */
type Answer = (request: Request, socket?: WebSocket) => object | undefined;

/** `upgrade`: a status to answer WebSocket upgrades with instead of taking them. */
async function fakeComet(answer: Answer, options: { upgrade?: number } = {}) {
  const seen = { http: 0, websocketConnections: 0, upgradesRefused: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.http++;
      const request = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Request;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id: request.id, ...answer(request) }));
    });
  });
  if (options.upgrade === undefined) {
    const wss = new WebSocketServer({ server, path: "/websocket" });
    wss.on("connection", (socket) => {
      seen.websocketConnections++;
      socket.on("message", (data: Buffer) => {
        const request = JSON.parse(data.toString("utf8")) as Request;
        const fields = answer(request, socket);
        if (fields) socket.send(JSON.stringify({ jsonrpc: "2.0", id: request.id, ...fields }));
      });
    });
  } else {
    // What a proxy without WebSocket support (404), or with its backend down (502), answers.
    server.on("upgrade", (_req, socket) => {
      seen.upgradesRefused++;
      socket.end(`HTTP/1.1 ${options.upgrade} Refused\r\ncontent-length: 0\r\n\r\n`);
    });
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const ok = (r: Request) => ({ result: { code: 0, data: "", log: "", codespace: "", hash: r.params.tx } });

test("CheckTx's answer comes back, and one after another the requests share a WebSocket connection", async () => {
  const seen: string[] = [];
  const comet = await fakeComet((r) => {
    seen.push(`${r.method} ${r.params.tx}`);
    return r.params.tx === "AQI=" ? ok(r) : { result: { code: 5, log: "insufficient funds", codespace: "evm" } };
  });
  const b = new CometBroadcaster(comet.url, 5000);
  try {
    assert.deepEqual(await b.broadcastTxSync(Uint8Array.of(1, 2)), { code: 0, codespace: "", log: "" });
    assert.deepEqual(await b.broadcastTxSync(Uint8Array.of(3)), { code: 5, codespace: "evm", log: "insufficient funds" });
    // A view into a larger buffer sends only its own bytes.
    await b.broadcastTxSync(new Uint8Array([9, 1, 2, 9]).subarray(1, 3));
    assert.deepEqual(seen, ["broadcast_tx_sync AQI=", "broadcast_tx_sync Aw==", "broadcast_tx_sync AQI="]);
    assert.deepEqual(comet.seen, { http: 0, websocketConnections: 1, upgradesRefused: 0 });
  } finally {
    b.close();
    await comet.close();
  }
});

test("requests in flight together each get their own answer, on at most the pool's connections", async () => {
  const held: Array<() => void> = [];
  const comet = await fakeComet((r, socket) => {
    held.push(() => socket!.send(JSON.stringify({ jsonrpc: "2.0", id: r.id, result: { code: 0, log: `tx ${r.params.tx}` } })));
    return undefined;
  });
  const heldReach = async (n: number) => {
    for (let i = 0; i < 200 && held.length < n; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(held.length, n);
  };
  const b = new CometBroadcaster(comet.url, 5000, 4);
  try {
    const answers = [1, 2, 3, 4, 5, 6].map((n) => b.broadcastTxSync(Uint8Array.of(n)));
    await heldReach(4); // two wait for a free connection
    assert.equal(comet.seen.websocketConnections, 4);
    for (const send of held.splice(0).reverse()) send(); // answered in the reverse order
    await heldReach(2);
    for (const send of held.splice(0).reverse()) send();
    assert.deepEqual(
      (await Promise.all(answers)).map((a) => a.log),
      ["AQ==", "Ag==", "Aw==", "BA==", "BQ==", "Bg=="].map((tx) => `tx ${tx}`),
    );
    assert.equal(comet.seen.websocketConnections, 4, "no more than the pool's size");
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

test("a server that refuses the WebSocket upgrade gets the requests as HTTP POSTs, those waiting for a connection too", async () => {
  const comet = await fakeComet(ok, { upgrade: 404 });
  const b = new CometBroadcaster(comet.url, 5000, 2);
  try {
    // Five at once on a pool of two: three wait for a connection when the refusals come.
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => b.broadcastTxSync(Uint8Array.of(n))));
    assert.deepEqual(answers, Array(5).fill({ code: 0, codespace: "", log: "" }));
    assert.deepEqual(await b.broadcastTxSync(Uint8Array.of(6)), { code: 0, codespace: "", log: "" });
    assert.equal(comet.seen.http, 6);
    assert.ok(comet.seen.upgradesRefused <= 2, "no upgrade tried once one was refused");
  } finally {
    b.close();
    await comet.close();
  }
});

test("an upgrade answered with a server error fails that request but does not give up on the WebSocket", async () => {
  const comet = await fakeComet(ok, { upgrade: 502 });
  const b = new CometBroadcaster(comet.url, 5000, 1);
  try {
    for (const n of [1, 2])
      await assert.rejects(b.broadcastTxSync(Uint8Array.of(n)), (err: unknown) => err instanceof CometUnavailableError && /HTTP 502/.test(err.message));
    assert.deepEqual(comet.seen, { http: 0, websocketConnections: 0, upgradesRefused: 2 });
  } finally {
    b.close();
    await comet.close();
  }
});

test("a peer that takes the connection but never answers the upgrade does not hold the pool's place", async () => {
  const sockets: net.Socket[] = [];
  const silent = net.createServer((socket) => {
    sockets.push(socket);
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const b = new CometBroadcaster(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`, 150, 1);
  try {
    for (const n of [1, 2, 3])
      await assert.rejects(
        b.broadcastTxSync(Uint8Array.of(n)),
        (err: unknown) => err instanceof CometUnavailableError && /no answer within 0.15s/.test(err.message),
      );
    assert.equal(sockets.length, 3, "each request tried a connection of its own");
  } finally {
    b.close();
    await new Promise<void>((resolve) => {
      silent.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  }
});

test("an unreachable node is a CometUnavailableError that says why", async () => {
  const comet = await fakeComet(ok);
  await comet.close(); // its port is now closed
  const b = new CometBroadcaster(comet.url, 5000);
  try {
    await assert.rejects(b.broadcastTxSync(Uint8Array.of(1)), (err: unknown) => err instanceof CometUnavailableError && /connection refused/.test(err.message));
  } finally {
    b.close();
  }
  assert.throws(() => new CometBroadcaster("https://127.0.0.1:1", 1000), /must be http/);
});

test("a request with no answer times out, and its late answer never reaches the next request", async () => {
  let late: (() => void) | undefined;
  const comet = await fakeComet((r, socket) => {
    if (r.params.tx !== "AQ==") return ok(r);
    late = () => socket!.send(JSON.stringify({ jsonrpc: "2.0", id: r.id, result: { code: 7, log: "late" } }));
    return undefined;
  });
  const b = new CometBroadcaster(comet.url, 200, 1);
  try {
    await assert.rejects(
      b.broadcastTxSync(Uint8Array.of(1)),
      (err: unknown) => err instanceof CometUnavailableError && /no answer within 0.2s/.test(err.message),
    );
    late?.(); // on a connection the client has dropped
    assert.deepEqual(await b.broadcastTxSync(Uint8Array.of(2)), { code: 0, codespace: "", log: "" });
    assert.equal(comet.seen.websocketConnections, 2, "the timed-out request's connection was replaced");
  } finally {
    b.close();
    await comet.close();
  }
});

test("a connection the node drops mid-request fails that request; the next one gets a new connection", async () => {
  const comet = await fakeComet((r, socket) => {
    if (r.params.tx !== "AQ==") return ok(r);
    socket!.terminate();
    return undefined;
  });
  const b = new CometBroadcaster(comet.url, 5000, 1);
  try {
    await assert.rejects(b.broadcastTxSync(Uint8Array.of(1)), (err: unknown) => err instanceof CometUnavailableError && /connection reset/.test(err.message));
    assert.deepEqual(await b.broadcastTxSync(Uint8Array.of(2)), { code: 0, codespace: "", log: "" });
    assert.equal(comet.seen.websocketConnections, 2);
  } finally {
    b.close();
    await comet.close();
  }
});
