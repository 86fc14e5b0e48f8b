// JSON-RPC over HTTP on a real socket (fake node behind it): POST / with JSON, the HTTP statuses
// for what is not, the body bound, notifications, and CORS by policy.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fakeServer } from "../testFixture.js";

const servers: http.Server[] = [];
after(() => servers.forEach((s) => s.close()));

async function listen(settings: Parameters<typeof fakeServer>[0] = {}): Promise<string> {
  const { rpc, node } = fakeServer({ maxBodyBytes: 64 * 1024, ...settings });
  node.addBlock();
  const server = http.createServer(rpc.httpApp.callback());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const post = (url: string, body: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
  fetch(url, { method: "POST", headers, body });

test("POST / with a JSON-RPC request answers 200 with the response", async () => {
  const url = await listen();
  const res = await post(url, '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}');
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  assert.deepEqual(await res.json(), { jsonrpc: "2.0", id: 1, result: "0xa33" });
  const charset = await post(url, '[{"jsonrpc":"2.0","id":1,"method":"net_version"}]', { "content-type": "application/json; charset=utf-8" });
  assert.deepEqual(await charset.json(), [{ jsonrpc: "2.0", id: 1, result: "2611" }]);
});

test("malformed JSON is a JSON-RPC parse error; notifications get 204", async () => {
  const url = await listen();
  const bad = await post(url, "{oops");
  assert.equal(bad.status, 200);
  assert.equal(((await bad.json()) as { error: { code: number } }).error.code, -32700);
  const note = await post(url, '{"jsonrpc":"2.0","method":"eth_chainId"}');
  assert.equal(note.status, 204);
});

test("other content types, methods and paths get 415, 405, 404 with a JSON-RPC error body", async () => {
  const url = await listen();
  const text = await post(url, "{}", { "content-type": "text/plain" });
  assert.equal(text.status, 415);
  assert.match(((await text.json()) as { error: { message: string } }).error.message, /only application\/json is supported/);
  const get = await fetch(url);
  assert.equal(get.status, 405);
  assert.equal(get.headers.get("allow"), "POST, OPTIONS");
  assert.equal((await fetch(`${url}/rpc`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status, 404);
});

test("a body past the limit is 413, and the server answers the next request", async () => {
  const url = await listen();
  const huge = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "web3_sha3", params: [`0x${"ab".repeat(40 * 1024)}`] });
  const res = await post(url, huge);
  assert.equal(res.status, 413);
  assert.equal(((await res.json()) as { error: { code: number } }).error.code, -32600);
  assert.equal((await post(url, '{"jsonrpc":"2.0","id":2,"method":"eth_chainId"}')).status, 200);
});

test("CORS: none by default; a preflight and the origin header when allowed", async () => {
  const closed = await listen();
  const off = await post(closed, '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}', { "content-type": "application/json", origin: "http://dapp.test" });
  assert.equal(off.headers.get("access-control-allow-origin"), null);
  const open = await listen({ cors: { mode: "any" } });
  const preflight = await fetch(open, {
    method: "OPTIONS",
    headers: { origin: "http://dapp.test", "access-control-request-method": "POST", "access-control-request-headers": "content-type, x-bad header" },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
  assert.equal(preflight.headers.get("access-control-allow-methods"), "POST, OPTIONS");
  assert.equal(preflight.headers.get("access-control-allow-headers"), "content-type");
  const listed = await listen({ cors: { mode: "list", origins: ["http://dapp.test"] } });
  const ok = await post(listed, '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}', { "content-type": "application/json", origin: "http://dapp.test" });
  assert.equal(ok.headers.get("access-control-allow-origin"), "http://dapp.test");
  const other = await post(listed, '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}', { "content-type": "application/json", origin: "http://evil.test" });
  assert.equal(other.headers.get("access-control-allow-origin"), null);
});
