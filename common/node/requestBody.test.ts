import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { readRequestBody } from "./requestBody.js";

/** A loopback server that reads each body with readRequestBody and reports what it got. */
async function serve(limitBytes: number, onRead: (outcome: Buffer | Error) => void): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    readRequestBody(req, limitBytes, () => new Error("too large")).then(
      (body) => {
        onRead(body);
        res.end(`read ${body.length}`);
      },
      (err: Error) => {
        onRead(err);
        res.writeHead(413, { Connection: "close" }).end(err.message);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Runs `run` against a fresh server of `limitBytes`, with what its reads got so far; then closes it. */
async function withServer(limitBytes: number, run: (port: number, seen: (Buffer | Error)[]) => Promise<void>): Promise<void> {
  const seen: (Buffer | Error)[] = [];
  const s = await serve(limitBytes, (o) => seen.push(o));
  try {
    await run(s.port, seen);
  } finally {
    await s.close();
  }
}

/** Sends `chunks` as a chunked body; resolves with the status and body of the answer. */
function send(port: number, chunks: string[]): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ port, host: "127.0.0.1", method: "POST", headers: { "transfer-encoding": "chunked" } }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode!, text }));
    });
    req.on("error", reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

test("request body: the chunks of a body in order, and an empty body as no bytes", () =>
  withServer(100, async (port, seen) => {
    assert.deepEqual(await send(port, ["ab", "cd", "ef"]), { status: 200, text: "read 6" });
    assert.equal(String(seen[0]), "abcdef");
    assert.deepEqual(await send(port, []), { status: 200, text: "read 0" });
  }));

test("request body: past the limit it rejects with the caller's error instead of buffering the rest", () =>
  withServer(10, async (port, seen) => {
    assert.deepEqual(await send(port, ["x".repeat(6), "x".repeat(4)]), { status: 200, text: "read 10" });
    assert.deepEqual(await send(port, ["x".repeat(6), "x".repeat(5)]), { status: 413, text: "too large" });
    assert.deepEqual(await send(port, ["x".repeat(8), "x".repeat(8), "x".repeat(100_000)]), { status: 413, text: "too large" });
    assert.equal(seen.length, 3);
    assert.ok(seen[1] instanceof Error && seen[2] instanceof Error);
  }));

test("request body: a Content-Length past the limit is refused before the body is read", () =>
  withServer(10, async (port, seen) => {
    const answer = await new Promise<number>((resolve, reject) => {
      const req = http.request({ port, host: "127.0.0.1", method: "POST", headers: { "content-length": "11" } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on("error", reject);
      // Only the headers: an answer can come only from the declared length.
      req.flushHeaders();
    });
    assert.equal(answer, 413);
    assert.ok(seen[0] instanceof Error && seen[0].message === "too large");
  }));

test("request body: a client that goes away mid-body rejects the read instead of leaving it waiting", async () => {
  let settled!: (o: Buffer | Error) => void;
  const outcome = new Promise<Buffer | Error>((resolve) => (settled = resolve));
  const s = await serve(1000, (o) => settled(o));
  try {
    const req = http.request({ port: s.port, host: "127.0.0.1", method: "POST", headers: { "content-length": "500" } });
    req.on("error", () => {});
    req.write("only part of it");
    await new Promise((resolve) => setTimeout(resolve, 50));
    req.destroy();
    const got = await outcome;
    assert.ok(got instanceof Error, `expected a rejection, got ${String(got)}`);
  } finally {
    await s.close();
  }
});
