// JSON-RPC over WebSocket on a real socket (fake node behind it): requests and batches, the
// subscriptions (newHeads in order with the blocks' hashes, logs by filter, pending txs), their
// bounds and cleanup, the frame size bound and the origin check.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import net, { type AddressInfo } from "node:net";
import WebSocket from "ws";
import { keccak256 } from "../../sdk/crypto/hashes.js";
import { DEFAULT_WS_LIMITS } from "./wsServer.js";
import { CONTRACT, fakeServer, hex0x, RECIPIENT, signed1559, TOPIC_A, TOPIC_B } from "../testFixture.js";

const stops: Array<() => void> = [];
after(() => stops.forEach((s) => s()));

async function start(settings: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer(settings);
  server.node.addBlock();
  server.rpc.start();
  await new Promise<void>((resolve) => server.rpc.wsServer.listen(0, "127.0.0.1", resolve));
  const url = `ws://127.0.0.1:${(server.rpc.wsServer.address() as AddressInfo).port}`;
  stops.push(() => {
    server.rpc.stop();
    server.rpc.wsServer.close();
  });
  return { ...server, url };
}

/** A client that collects notifications and matches answers to requests by id. */
async function client(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  const notes: Array<{ subscription: string; result: any }> = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  const waiting = new Map<number, (v: any) => void>(); // eslint-disable-line @typescript-eslint/no-explicit-any
  let id = 0;
  ws.on("message", (raw) => {
    const msg = JSON.parse(raw.toString());
    if (Array.isArray(msg)) waiting.get(msg[0].id)?.(msg);
    else if (msg.method === "eth_subscription") notes.push(msg.params);
    else waiting.get(msg.id)?.(msg);
  });
  const call = (method: string, ...params: unknown[]) =>
    new Promise<any>((resolve) => {
      // eslint-disable-line @typescript-eslint/no-explicit-any
      const n = ++id;
      waiting.set(n, resolve);
      ws.send(JSON.stringify({ jsonrpc: "2.0", id: n, method, params }));
    });
  const batch = (...methods: string[]) =>
    new Promise<any[]>((resolve) => {
      // eslint-disable-line @typescript-eslint/no-explicit-any
      const first = id + 1;
      waiting.set(first, resolve);
      ws.send(JSON.stringify(methods.map((method) => ({ jsonrpc: "2.0", id: ++id, method, params: [] }))));
    });
  return { ws, notes, call, batch };
}

async function until(what: string, check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

test("requests and batches over WebSocket", async () => {
  const { url } = await start();
  const c = await client(url);
  assert.equal((await c.call("eth_chainId")).result, "0xa33");
  const answers = await c.batch("eth_chainId", "net_version");
  assert.deepEqual(
    answers.map((a: { result: string }) => a.result),
    ["0xa33", "2611"],
  );
  c.ws.send("{garbage");
  c.ws.send(Buffer.from('{"jsonrpc":"2.0","id":99,"method":"eth_blockNumber"}'), { binary: true });
  assert.equal((await c.call("eth_blockNumber")).result, "0x1", "still answering after garbage");
  c.ws.close();
});

test("newHeads: each new block once, in order, with the hash eth_getBlockByNumber gives", async () => {
  const { url, node } = await start();
  const c = await client(url);
  const sub = (await c.call("eth_subscribe", "newHeads")).result;
  assert.match(sub, /^0x[0-9a-f]{32}$/);
  await new Promise((r) => setTimeout(r, 60)); // the follower notes the current height first
  for (let i = 0; i < 4; i++) node.addBlock(i === 1 ? [{ raw: signed1559(0n) }] : []);
  await until("four heads", () => c.notes.length >= 4);
  const heads = c.notes.map((n) => n.result);
  assert.ok(c.notes.every((n) => n.subscription === sub));
  assert.deepEqual(
    heads.map((h) => h.number),
    ["0x2", "0x3", "0x4", "0x5"],
  );
  for (const h of heads) {
    const block = (await c.call("eth_getBlockByNumber", h.number, false)).result;
    assert.equal(h.hash, block.hash);
    assert.equal(h.parentHash, block.parentHash);
    assert.equal(h.transactionsRoot, block.transactionsRoot);
  }
  assert.equal(heads[1].parentHash, heads[0].hash);
  assert.equal((await c.call("eth_unsubscribe", sub)).result, true);
  assert.equal((await c.call("eth_unsubscribe", sub)).result, false);
  c.ws.close();
});

test("logs: only the logs the filter selects; newPendingTransactions: hashes or objects", async () => {
  const { url, node } = await start();
  const c = await client(url);
  const logs = (await c.call("eth_subscribe", "logs", { address: hex0x(CONTRACT), topics: [hex0x(TOPIC_B)] })).result;
  const hashes = (await c.call("eth_subscribe", "newPendingTransactions")).result;
  const full = (await c.call("eth_subscribe", "newPendingTransactions", true)).result;
  await new Promise((r) => setTimeout(r, 60));
  const raw = signed1559(0n);
  assert.equal((await c.call("eth_sendRawTransaction", hex0x(raw))).result, hex0x(keccak256(raw)));
  node.addBlock([
    {
      raw,
      logs: [
        { address: CONTRACT, topics: [TOPIC_A], data: new Uint8Array() },
        { address: CONTRACT, topics: [TOPIC_B], data: Uint8Array.of(1) },
        { address: RECIPIENT, topics: [TOPIC_B], data: new Uint8Array() },
      ],
    },
  ]);
  await until("the log", () => c.notes.some((n) => n.subscription === logs));
  await new Promise((r) => setTimeout(r, 60));
  const got = c.notes.filter((n) => n.subscription === logs).map((n) => n.result);
  assert.equal(got.length, 1);
  assert.deepEqual([got[0].address, got[0].data, got[0].logIndex, got[0].blockNumber], [hex0x(CONTRACT), "0x01", "0x1", "0x2"]);
  assert.deepEqual(
    c.notes.filter((n) => n.subscription === hashes).map((n) => n.result),
    [hex0x(keccak256(raw))],
  );
  const obj = c.notes.find((n) => n.subscription === full)!.result;
  assert.deepEqual([obj.hash, obj.blockNumber], [hex0x(keccak256(raw)), null]);
  c.ws.close();
});

test("subscriptions are bounded per connection and end with it; bad subscriptions are refused", async () => {
  const { url, rpc } = await start();
  const c = await client(url);
  for (let i = 0; i < 3; i++) assert.ok((await c.call("eth_subscribe", "newHeads")).result);
  const over = (await c.call("eth_subscribe", "newHeads")).error;
  assert.equal(over.code, -32005);
  assert.match(over.message, /too many subscriptions on this connection \(at most 3\)/);
  assert.equal((await c.call("eth_subscribe", "syncing")).error.code, -32602);
  assert.equal((await c.call("eth_subscribe", "logs", { address: "0x1" })).error.code, -32602);
  assert.equal(rpc.services.subscriptions.size, 3);
  c.ws.close();
  await until("the subscriptions to end", () => rpc.services.subscriptions.size === 0);
});

test("a frame past the size bound closes that connection only; browser origins need CORS", async () => {
  const { url } = await start({ ws: { ...DEFAULT_WS_LIMITS, maxMessageBytes: 1024, maxConnections: 10, maxInFlight: 8, maxBufferedBytes: 1 << 20 } });
  const c = await client(url);
  const closed = new Promise<number>((resolve) => c.ws.once("close", (code) => resolve(code)));
  c.ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "web3_sha3", params: [`0x${"ab".repeat(1024)}`] }));
  assert.equal(await closed, 1009);
  const d = await client(url);
  assert.equal((await d.call("eth_chainId")).result, "0xa33");
  d.ws.close();
  await assert.rejects(client(url, { origin: "http://dapp.test" }), /Unexpected server response: 403/);
});

test("connections past the limit are refused at the upgrade (503); a place freed is taken again", async () => {
  const { url } = await start({ ws: { ...DEFAULT_WS_LIMITS, maxConnections: 2 } });
  const a = await client(url);
  const b = await client(url);
  await assert.rejects(client(url), /Unexpected server response: 503/);
  assert.equal((await b.call("eth_chainId")).result, "0xa33", "the connections within the limit are served");
  a.ws.close();
  let c: Awaited<ReturnType<typeof client>> | undefined;
  for (let i = 0; i < 50 && !c; i++) c = await client(url).catch(() => new Promise<undefined>((r) => setTimeout(() => r(undefined), 20)));
  assert.ok(c, "the freed place is taken");
  assert.equal((await c.call("net_version")).result, "2611");
  b.ws.close();
  c.ws.close();
});

test("a subscription asked for while the connection closes leaves nothing behind", async () => {
  const { rpc } = await start();
  const closed = { id: 99, notify: () => assert.fail("a closed connection is never notified"), onClose: (cleanup: () => void) => cleanup() };
  const answer = (await rpc.dispatcher.handleValue({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newHeads"] }, { connection: closed })) as {
    error?: { message: string };
  };
  assert.match(answer.error?.message ?? "", /the connection is closed/);
  assert.equal(rpc.services.subscriptions.size, 0);
  assert.equal(rpc.follower.listening, false, "no block listener was left registered");
});

test("a subscription hears of the first block committed after it, though no poll ran in between", async () => {
  const { url, node, rpc } = await start({ pollIntervalMs: 60_000 });
  const c = await client(url);
  const heads = (await c.call("eth_subscribe", "newHeads")).result;
  node.addBlock(); // block 2, committed before the server's first poll
  await rpc.follower.tick();
  await until("the head of block 2", () => c.notes.length === 1);
  assert.deepEqual([c.notes[0]!.subscription, c.notes[0]!.result.number], [heads, "0x2"]);
  c.ws.close();
});

// Regression: a connection past the limit was closed without an 'error' listener, and a bad frame on it ended the process.
test("a client past the connection limit that sends a bad frame does not take the server down", async () => {
  const { url } = await start({ ws: { ...DEFAULT_WS_LIMITS, maxConnections: 1 } });
  const first = await client(url);
  const socket = net.connect(Number(new URL(url).port), "127.0.0.1");
  socket.on("error", () => undefined);
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(
    `GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${Buffer.alloc(16, 1).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  const head = await new Promise<string>((resolve) => socket.once("data", (d) => resolve(d.toString())));
  assert.match(head, /^HTTP\/1.1 503/);
  socket.write(Buffer.from([0x81, 0x05, ...Buffer.from("hello")])); // unmasked: a protocol error
  await new Promise((r) => setTimeout(r, 50));
  socket.destroy();
  assert.equal((await first.call("eth_chainId")).result, "0xa33");
  first.ws.close();
});
