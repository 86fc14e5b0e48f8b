// The plain node:http helpers the gateway and the JSON-RPC server share: request targets in both
// forms, header values, JSON answers (HEAD included) and a failing handler, on a real socket.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { headerText, httpApp, requestTarget, writeJson, writeNoContent } from "./plainHttp.js";

test("requestTarget splits the origin form at the first ?", () => {
  assert.deepEqual(requestTarget("/a/b"), { path: "/a/b", query: "" });
  assert.deepEqual(requestTarget("/a/b?x=1&y=2"), { path: "/a/b", query: "x=1&y=2" });
  assert.deepEqual(requestTarget("/a?x=?"), { path: "/a", query: "x=?" });
  assert.deepEqual(requestTarget("/?"), { path: "/", query: "" });
});

test("requestTarget takes the path and query of the absolute form a proxy sends", () => {
  assert.deepEqual(requestTarget("http://node.example:1317/cosmos/x?limit=3"), { path: "/cosmos/x", query: "limit=3" });
  assert.deepEqual(requestTarget("http://node.example"), { path: "/", query: "" });
  // Not a URL at all (the asterisk form of OPTIONS): left as it is, so no route matches it.
  assert.deepEqual(requestTarget("*"), { path: "*", query: "" });
});

const server = http.createServer((req, res) => {
  if (req.url === "/empty") return writeNoContent(res);
  writeJson(res, req.url === "/missing" ? 404 : 200, JSON.stringify({ origin: headerText(req, "origin"), accept: headerText(req, "x-many") }));
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const port = (server.address() as AddressInfo).port;
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A request written by hand, so the headers and the target are exactly what the test says. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.end(request));
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
}

test("writeJson answers with the status, a JSON content type and the body's byte length", async () => {
  const answer = await raw("GET /missing HTTP/1.1\r\nHost: x\r\nOrigin: https://ü.example\r\nConnection: close\r\n\r\n");
  assert.match(answer, /^HTTP\/1\.1 404 /);
  assert.match(answer, /\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
  const body = answer.slice(answer.indexOf("\r\n\r\n") + 4);
  assert.equal(Number(/\r\ncontent-length: (\d+)\r\n/i.exec(answer)?.[1]), Buffer.byteLength(Buffer.from(body, "latin1").toString("utf8")));
});

test("a HEAD request gets the headers, the length of the body it would get, and no body", async () => {
  const answer = await raw("HEAD /x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  assert.match(answer, /^HTTP\/1\.1 200 /);
  assert.ok(Number(/\r\ncontent-length: (\d+)\r\n/i.exec(answer)?.[1]) > 0);
  assert.equal(answer.slice(answer.indexOf("\r\n\r\n") + 4), "");
});

test("headerText is empty for an absent header and joins a repeated one", async () => {
  const res = await fetch(`http://127.0.0.1:${port}/x`);
  assert.deepEqual(await res.json(), { origin: "", accept: "" });
  const answer = await raw("GET /x HTTP/1.1\r\nHost: x\r\nX-Many: a\r\nX-Many: b\r\nConnection: close\r\n\r\n");
  assert.deepEqual(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)), { origin: "", accept: "a, b" });
});

test("writeNoContent answers 204 without a body", async () => {
  const answer = await raw("GET /empty HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  assert.match(answer, /^HTTP\/1\.1 204 /);
  assert.equal(answer.slice(answer.indexOf("\r\n\r\n") + 4), "");
});

test("httpApp closes the connection of a request whose handler throws, and goes on serving", async () => {
  const failing = http.createServer(
    httpApp(async (req, res) => {
      if (req.url === "/throw") throw new Error("handler bug");
      writeJson(res, 200, "{}");
    }, undefined).callback(),
  );
  await new Promise<void>((resolve) => failing.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
  try {
    await assert.rejects(fetch(`${base}/throw`), "the connection is closed, not left hanging");
    assert.equal((await fetch(`${base}/ok`)).status, 200);
  } finally {
    failing.closeAllConnections();
    await new Promise<void>((resolve) => failing.close(() => resolve()));
  }
});
