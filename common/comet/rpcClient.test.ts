// How the gRPC server's CometBFT client turns transport failures into gRPC statuses.
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { GrpcCode } from "../errors.js";
import { QueryError } from "../grpc/queryError.js";
import { CometRpcClient, CometRpcError, CometUnavailableError } from "./rpcClient.js";

async function serve(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test("a body that is not JSON is INTERNAL, not a SyntaxError", async () => {
  const rpc = await serve((_req, res) => res.end("<html>502</html>"));
  try {
    await assert.rejects(
      new CometRpcClient(rpc.url).status(),
      (err: QueryError) =>
        err instanceof QueryError &&
        err.grpcCode === GrpcCode.INTERNAL &&
        /unexpected CometBFT RPC response: status: expected JSON, got "<html>502/.test(err.message),
    );
  } finally {
    await rpc.close();
  }
});

test("a JSON-RPC error keeps CometBFT's reason; a refused connection is UNAVAILABLE", async () => {
  const rpc = await serve((_req, res) =>
    res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "Internal error", data: "tx (AB) not found" } })),
  );
  try {
    await assert.rejects(
      new CometRpcClient(rpc.url).tx(new Uint8Array(32)),
      (err: CometRpcError) => err instanceof CometRpcError && err.data === "tx (AB) not found" && err.rpcCode === -32603,
    );
  } finally {
    await rpc.close();
  }
  await assert.rejects(
    new CometRpcClient(rpc.url, 2000).status(),
    (err: QueryError) =>
      err instanceof CometUnavailableError && err.grpcCode === GrpcCode.UNAVAILABLE && /unreachable \(status\): connection refused/.test(err.message),
  );
});

test("a call the caller cancels is CANCELLED", async () => {
  const rpc = await serve(() => {}); // never answers
  try {
    const controller = new AbortController();
    const call = new CometRpcClient(rpc.url).status(controller.signal);
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(call, (err: QueryError) => err.grpcCode === GrpcCode.CANCELLED);
  } finally {
    await rpc.close();
  }
});
