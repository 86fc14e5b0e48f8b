// The filter pool is shared, but no one client may fill it: over real HTTP and WebSocket sockets,
// a client (its remote address; two loopback addresses stand for two machines) that installs filters
// without end is refused at its own share, and another client can still install.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import WebSocket from "ws";
import { fakeServer } from "../testFixture.js";
import { DEFAULT_FILTER_LIMITS } from "./filterRegistry.js";
import { DEFAULT_CRITERIA_LIMITS } from "./criteriaBudget.js";

const closers: Array<() => void> = [];
after(() => closers.forEach((c) => c()));

type Answer = { id: number; result?: string; error?: { code: number; message: string } };

/** POSTs a JSON-RPC body from a chosen local address (127.0.0.x are all this machine on Linux). */
function postFrom(url: string, localAddress: string, body: unknown): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", localAddress, headers: { "content-type": "application/json" }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Answer[]));
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

const newFilters = (n: number, first = 0) => Array.from({ length: n }, (_, i) => ({ jsonrpc: "2.0", id: first + i, method: "eth_newBlockFilter", params: [] }));

test("one HTTP client cannot take every filter slot; another client still gets one", async () => {
  const { rpc, node } = fakeServer({ maxBatch: 100 });
  node.addBlock();
  const server = http.createServer(rpc.httpApp.callback());
  closers.push(() => server.close());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  // The greedy client asks for the whole pool, a batch of 100 at a time.
  const answers: Answer[] = [];
  for (let sent = 0; sent < DEFAULT_FILTER_LIMITS.maxFilters; sent += 100) answers.push(...(await postFrom(url, "127.0.0.1", newFilters(100, sent))));
  const granted = answers.filter((a) => a.result !== undefined).length;
  const refused = answers.filter((a) => a.error !== undefined);
  assert.ok(granted < DEFAULT_FILTER_LIMITS.maxFilters, `one client holds ${granted} of ${DEFAULT_FILTER_LIMITS.maxFilters} filters`);
  assert.equal(granted, DEFAULT_FILTER_LIMITS.maxFiltersPerClient, "it gets exactly its share");
  assert.equal(refused.length, DEFAULT_FILTER_LIMITS.maxFilters - granted);
  assert.deepEqual(refused[0]!.error, {
    code: -32005,
    message: `too many filters installed by this client (at most ${DEFAULT_FILTER_LIMITS.maxFiltersPerClient}); uninstall some with eth_uninstallFilter`,
  });

  // Another machine is not refused.
  const [other] = await postFrom(url, "127.0.0.2", newFilters(1));
  assert.match(other!.result ?? JSON.stringify(other), /^0x[0-9a-f]{32}$/);

  // Uninstalling frees the greedy client's own share again.
  const first = answers.find((a) => a.result !== undefined)!.result!;
  const [removed] = await postFrom(url, "127.0.0.1", [{ jsonrpc: "2.0", id: 1, method: "eth_uninstallFilter", params: [first] }]);
  assert.equal(removed!.result, true);
  const [again] = await postFrom(url, "127.0.0.1", newFilters(1));
  assert.match(again!.result ?? JSON.stringify(again), /^0x[0-9a-f]{32}$/);
  rpc.stop();
});

test("WebSocket connections from one address share that address's filter quota", async () => {
  const { rpc, node } = fakeServer({ filters: { ...DEFAULT_FILTER_LIMITS, maxFiltersPerClient: 3 } });
  node.addBlock();
  await new Promise<void>((resolve) => rpc.wsServer.listen(0, "127.0.0.1", resolve));
  closers.push(() => rpc.wsServer.close());
  const url = `ws://127.0.0.1:${(rpc.wsServer.address() as AddressInfo).port}`;
  const ask = async (localAddress: string, n: number): Promise<Answer[]> => {
    const ws = new WebSocket(url, { localAddress });
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    const answer = new Promise<Answer[]>((resolve) => ws.once("message", (raw) => resolve(JSON.parse(raw.toString()) as Answer[])));
    ws.send(JSON.stringify(newFilters(n)));
    const got = await answer;
    ws.close();
    return got;
  };
  // Two connections from one address: a new connection does not bring a new quota.
  assert.equal((await ask("127.0.0.1", 2)).filter((a) => a.result).length, 2);
  const second = await ask("127.0.0.1", 2);
  assert.equal(second.filter((a) => a.result).length, 1);
  assert.match(second[1]!.error?.message ?? "", /too many filters installed by this client \(at most 3\)/);
  assert.equal((await ask("127.0.0.2", 3)).filter((a) => a.result).length, 3);
  rpc.stop();
});

test("the addresses and topics one client's log filters and subscriptions list are bounded, and given back", async () => {
  const { rpc, node } = fakeServer({ maxBatch: 100, maxSubscriptionsPerConnection: 100 });
  node.addBlock();
  const server = http.createServer(rpc.httpApp.callback());
  closers.push(() => server.close());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  // Criteria of 1,000 addresses: a client's share holds DEFAULT_CRITERIA_LIMITS.maxPerHolder / 1,000 of them.
  const addresses = Array.from({ length: 1000 }, (_, i) => `0x${i.toString(16).padStart(40, "0")}`);
  const fits = DEFAULT_CRITERIA_LIMITS.maxPerHolder / 1000;
  const newLogFilters = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "eth_newFilter", params: [{ address: addresses }] }));
  const answers = await postFrom(url, "127.0.0.1", newLogFilters(fits + 1));
  assert.equal(answers.filter((a) => a.result).length, fits);
  assert.equal(answers[fits]!.error?.code, -32005);
  assert.match(answers[fits]!.error?.message ?? "", /log filters and subscriptions of this client would list more than 20000 addresses and topics/);
  // Another client still can; an uninstalled filter gives its share back.
  assert.ok((await postFrom(url, "127.0.0.2", newLogFilters(1)))[0]!.result);
  await postFrom(url, "127.0.0.1", [{ jsonrpc: "2.0", id: 1, method: "eth_uninstallFilter", params: [answers[0]!.result] }]);
  assert.ok((await postFrom(url, "127.0.0.1", newLogFilters(1)))[0]!.result);

  // Subscriptions: the client's share, whichever of its connections they are on, given back when a connection closes.
  await new Promise<void>((resolve) => rpc.wsServer.listen(0, "127.0.0.1", resolve));
  closers.push(() => rpc.wsServer.close());
  const wsUrl = `ws://127.0.0.1:${(rpc.wsServer.address() as AddressInfo).port}`;
  const sockets: WebSocket[] = [];
  const subscribeAll = async (n: number): Promise<{ answers: Answer[]; ws: WebSocket }> => {
    const ws = new WebSocket(wsUrl, { localAddress: "127.0.0.3" });
    sockets.push(ws);
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    const answer = new Promise<Answer[]>((resolve) => ws.once("message", (raw) => resolve(JSON.parse(raw.toString()) as Answer[])));
    ws.send(
      JSON.stringify(Array.from({ length: n }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "eth_subscribe", params: ["logs", { address: addresses }] }))),
    );
    return { answers: await answer, ws };
  };
  try {
    const first = await subscribeAll(fits + 1);
    assert.equal(first.answers.filter((a) => a.result).length, fits);
    assert.match(first.answers[fits]!.error?.message ?? "", /would list more than 20000 addresses and topics/);
    const other = await subscribeAll(1);
    assert.match(other.answers[0]!.error?.message ?? "", /of this client would list more than 20000/, "a second connection brings no new share");
    first.ws.close();
    for (let i = 0; i < 100 && rpc.services.subscriptions.size > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    const second = await subscribeAll(fits);
    assert.equal(second.answers.filter((a) => a.result).length, fits, "the closed connection's share is free again");
  } finally {
    for (const ws of sockets) ws.terminate();
    rpc.stop();
  }
});
