// Found by test/restFuzz.test.ts: a URL over 16 KiB got Node's bare 431 with no body.
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { answerClientErrors } from "./clientErrors.js";

async function withServer(run: (port: number) => Promise<void>): Promise<void> {
  const server = http.createServer((_req, res) => res.end("ok"));
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    await run((server.address() as AddressInfo).port);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Sends raw bytes, returns everything the server wrote before it closed. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString()));
  });
}

function parse(answer: string): { status: number; body: unknown } {
  const [head, body] = answer.split("\r\n\r\n");
  return { status: Number(head!.split(" ")[1]), body: JSON.parse(body!) };
}

test("a header section over 16 KiB gets 431 with the documented error body", async () => {
  await withServer(async (port) => {
    const res = await fetch(`http://127.0.0.1:${port}/x?a=${"a".repeat(20_000)}`);
    assert.equal(res.status, 431);
    assert.equal(res.headers.get("content-type"), "application/json");
    assert.deepEqual(await res.json(), { code: 3, message: "request URL and headers together exceed 16 KiB", details: [] });
    // The server still serves.
    assert.equal(await (await fetch(`http://127.0.0.1:${port}/`)).text(), "ok");
  });
});

test("a malformed request line gets 400 with the documented error body", async () => {
  await withServer(async (port) => {
    const { status, body } = parse(await raw(port, "GARBAGE\r\n\r\n"));
    assert.equal(status, 400);
    assert.deepEqual(Object.keys(body as object), ["code", "message", "details"]);
    assert.equal((body as { code: number }).code, 3);
  });
});
