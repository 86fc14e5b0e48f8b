// The gateway's /explorer routes on a real socket: files from a temporary explorer folder with
// their content types, cache headers and CSP, index.html for page URLs, traversal refused (raw
// request targets, as a hostile client sends them, not normalized by a URL parser), the redirect,
// and the read-only CometBFT proxy against a stand-in CometBFT RPC server.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { RestBackend } from "../backend.js";
import { createRestApp } from "../server.js";
import { CONTENT_SECURITY_POLICY, createExplorerHandler } from "./explorerRoutes.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-explorer-files-"));
const outside = fs.mkdtempSync(path.join(os.tmpdir(), "unit-explorer-outside-"));
const INDEX = "<!doctype html><title>explorer</title>";
let gateway: http.Server;
let comet: http.Server;
let base = "";
const cometCalls: unknown[] = [];

/** The app is down: the explorer must answer anyway. */
const downBackend = {
  snapshot: () => undefined,
  unavailableReason: () => "the app is down",
} as unknown as RestBackend;

const listen = (server: http.Server) => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));

before(async () => {
  fs.writeFileSync(path.join(dir, "index.html"), INDEX);
  fs.writeFileSync(path.join(dir, "app-ABCD2345.js"), "console.log(1)");
  fs.writeFileSync(path.join(dir, "style-ZZZZ7777.css"), "body{}");
  fs.writeFileSync(path.join(dir, "robots.txt"), "User-agent: *");
  fs.writeFileSync(path.join(dir, ".hidden"), "secret");
  fs.writeFileSync(path.join(outside, "secret.txt"), "outside the folder");
  fs.symlinkSync(path.join(outside, "secret.txt"), path.join(dir, "link.txt"));
  comet = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const request = JSON.parse(body) as { id: number; method: string };
      cometCalls.push(request);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id: request.id, result: { answered: request.method } }));
    });
  });
  const cometPort = await listen(comet);
  const explorer = createExplorerHandler({ dir, cometRpcUrl: `http://127.0.0.1:${cometPort}`, timeoutMs: 2000 });
  gateway = http.createServer(createRestApp({ backend: downBackend, cors: { mode: "off" }, info: { title: "t", version: "0" }, explorer }).callback());
  base = `http://127.0.0.1:${await listen(gateway)}`;
});

after(() => {
  gateway?.close();
  comet?.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

/** A GET with the request target sent exactly as written (no dot-segment removal). */
function rawGet(target: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const port = Number(new URL(base).port);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: target, method: "GET" }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("index.html at /explorer/ and for page URLs, with the CSP and no caching", async () => {
  for (const page of ["/explorer/", "/explorer/block/12", "/explorer/account/unit1abc/", "/explorer/tx/0xABCDEF"]) {
    const res = await fetch(base + page);
    assert.equal(res.status, 200, page);
    assert.equal(res.headers.get("content-type"), "text/html; charset=utf-8", page);
    assert.equal(res.headers.get("cache-control"), "no-cache", page);
    assert.equal(res.headers.get("content-security-policy"), CONTENT_SECURITY_POLICY, page);
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.equal(await res.text(), INDEX, page);
  }
  assert.match(CONTENT_SECURITY_POLICY, /default-src 'self'/);
  assert.match(CONTENT_SECURITY_POLICY, /connect-src 'self'/);
  assert.doesNotMatch(CONTENT_SECURITY_POLICY, /unsafe-inline|unsafe-eval|\*|https?:/, "nothing but this origin");
});

test("built files with their content type; names with a content hash are cached for a year", async () => {
  const js = await fetch(`${base}/explorer/app-ABCD2345.js`);
  assert.equal(js.headers.get("content-type"), "text/javascript; charset=utf-8");
  assert.equal(js.headers.get("cache-control"), "public, max-age=31536000, immutable");
  assert.equal(await js.text(), "console.log(1)");
  const css = await fetch(`${base}/explorer/style-ZZZZ7777.css`);
  assert.equal(css.headers.get("content-type"), "text/css; charset=utf-8");
  const txt = await fetch(`${base}/explorer/robots.txt`);
  assert.equal(txt.headers.get("content-type"), "text/plain; charset=utf-8");
  assert.equal(txt.headers.get("cache-control"), "no-cache", "an unhashed name may change");
  const head = await fetch(`${base}/explorer/app-ABCD2345.js`, { method: "HEAD" });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get("content-length"), "14");
});

test("a missing file with an extension is 404 in the gateway's error shape, not the page", async () => {
  const res = await fetch(`${base}/explorer/app-MISSING0.js`);
  assert.equal(res.status, 404);
  const body = (await res.json()) as { code: number; message: string };
  assert.equal(body.code, 5);
  assert.match(body.message, /no explorer file/);
});

test("paths that leave the folder, hidden files and symbolic links out of it are refused", async () => {
  for (const target of [
    "/explorer/../package.json",
    "/explorer/%2e%2e/%2e%2e/package.json",
    "/explorer/..%2F..%2Fpackage.json",
    "/explorer/a/..%5C..%5Cpackage.json",
    "/explorer/.hidden",
    "/explorer/%2ehidden",
    "/explorer/x%00.js",
    "/explorer/%E0%A4%A",
  ]) {
    const res = await rawGet(target);
    assert.equal(res.status, 400, `${target}: ${res.body}`);
    assert.match(res.body, /invalid explorer path/, target);
    assert.doesNotMatch(res.body, /secret|"name": "unit-node"/, target);
  }
  const link = await rawGet("/explorer/link.txt");
  assert.equal(link.status, 404, "a link to a file outside is as if absent");
  assert.doesNotMatch(link.body, /outside the folder/);
});

test("/explorer redirects to /explorer/, keeping the query", async () => {
  const res = await fetch(`${base}/explorer?q=5`, { redirect: "manual" });
  assert.equal(res.status, 301);
  assert.equal(res.headers.get("location"), "/explorer/?q=5");
});

test("the files answer GET and HEAD only", async () => {
  const res = await fetch(`${base}/explorer/`, { method: "POST", body: "x" });
  assert.equal(res.status, 405);
  assert.equal(res.headers.get("allow"), "GET, HEAD");
});

test("the proxy passes the reading methods on to CometBFT and refuses every other", async () => {
  const call = (body: unknown) =>
    fetch(`${base}/explorer/rpc`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const ok = await call({ jsonrpc: "2.0", id: 7, method: "block", params: { height: "3" } });
  assert.equal(ok.status, 200);
  assert.deepEqual(await ok.json(), { jsonrpc: "2.0", id: 7, result: { answered: "block" } });
  assert.deepEqual(cometCalls.at(-1), { jsonrpc: "2.0", id: 7, method: "block", params: { height: "3" } });
  const before = cometCalls.length;
  for (const method of ["broadcast_tx_sync", "broadcast_tx_commit", "unsafe_flush_mempool", "dial_peers", "abci_query", "__proto__"]) {
    const res = await call({ jsonrpc: "2.0", id: 1, method, params: {} });
    assert.equal(res.status, 403, method);
    const body = (await res.json()) as { error: { code: number; data: string } };
    assert.equal(body.error.code, -32601);
    assert.match(body.error.data, /read-only proxy passes on only status, block/);
  }
  const batch = await call([{ jsonrpc: "2.0", id: 1, method: "status" }]);
  assert.equal(batch.status, 400);
  const notJson = await fetch(`${base}/explorer/rpc`, { method: "POST", body: "{" });
  assert.equal(notJson.status, 400);
  const tooBig = await call({ jsonrpc: "2.0", id: 1, method: "status", params: { pad: "x".repeat(20_000) } });
  assert.equal(tooBig.status, 413);
  assert.equal(cometCalls.length, before, "nothing refused reached CometBFT");
  const get = await fetch(`${base}/explorer/rpc`);
  assert.equal(get.status, 405);
});

test("the proxy says CometBFT is unreachable in JSON-RPC's error shape", async () => {
  const closed = http.createServer();
  const port = await listen(closed);
  closed.close();
  const handler = createExplorerHandler({ dir, cometRpcUrl: `http://127.0.0.1:${port}`, timeoutMs: 2000 });
  const server = http.createServer(
    createRestApp({ backend: downBackend, cors: { mode: "off" }, info: { title: "t", version: "0" }, explorer: handler }).callback(),
  );
  const url = `http://127.0.0.1:${await listen(server)}`;
  try {
    const res = await fetch(`${url}/explorer/rpc`, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "status" }) });
    assert.equal(res.status, 502);
    const body = (await res.json()) as { id: number; error: { message: string; data: string } };
    assert.equal(body.id, 3);
    assert.equal(body.error.message, "CometBFT RPC unreachable");
    assert.match(body.error.data, new RegExp(`127\\.0\\.0\\.1:${port}`));
  } finally {
    server.close();
  }
});

test("without the explorer, /explorer is an unknown path like any other", async () => {
  const server = http.createServer(createRestApp({ backend: downBackend, cors: { mode: "off" }, info: { title: "t", version: "0" } }).callback());
  const url = `http://127.0.0.1:${await listen(server)}`;
  try {
    const res = await fetch(`${url}/explorer/`);
    assert.equal(res.status, 503, "falls through to the REST routes, which need the app");
  } finally {
    server.close();
  }
});
