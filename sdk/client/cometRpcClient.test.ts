// The RPC client against a scripted HTTP server: request shapes, checked decoding of answers, and
// the readable errors for every way a node can fail to answer properly.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { CometRpcClient } from "./cometRpcClient.js";
import {
  AbciQueryError,
  ClientError,
  NodeUnreachableError,
  RpcResponseError,
  TxIndexDisabledError,
  TxTimeoutError,
  UnexpectedResponseError,
} from "./errors.js";
import { normalizeNodeUrl } from "./nodeUrl.js";
import { getAccount, getSigningInfo } from "./authQueries.js";

type Handler = (body: { method: string; params: Record<string, unknown> }) => { status?: number; text: string } | "hang";
let handler: Handler = () => ({ text: "{}" });
const requests: Array<{ method: string; params: Record<string, unknown> }> = [];

const server = http.createServer((req, res) => {
  let data = "";
  req.on("data", (c) => (data += c));
  req.on("end", () => {
    const body = JSON.parse(data);
    requests.push(body);
    const answer = handler(body);
    if (answer === "hang") return;
    res.writeHead(answer.status ?? 200, { "content-type": "application/json" });
    res.end(answer.text);
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
after(() => {
  server.closeAllConnections();
  server.close();
});

const ok = (result: unknown) => ({ text: JSON.stringify({ jsonrpc: "2.0", id: 1, result }) });

const STATUS = {
  node_info: { id: "abc", network: "unit_2611-1", version: "0.38.25", moniker: "m" },
  sync_info: {
    latest_block_hash: "AA",
    latest_app_hash: "BB",
    latest_block_height: "42",
    latest_block_time: "2026-01-01T00:00:00.123456789Z",
    catching_up: false,
  },
};

test("status is decoded into typed fields", async () => {
  handler = () => ok(STATUS);
  const status = await new CometRpcClient(url).status();
  assert.equal(status.network, "unit_2611-1");
  assert.equal(status.latestBlockHeight, 42n);
  assert.equal(status.catchingUp, false);
  assert.equal(requests.at(-1)!.method, "status");
});

test("a changed or broken answer fails at the boundary, naming the field", async () => {
  handler = () => ok({ ...STATUS, sync_info: { ...STATUS.sync_info, latest_block_height: 42 } });
  await assert.rejects(
    new CometRpcClient(url).status(),
    (err: unknown) =>
      err instanceof UnexpectedResponseError && /sync_info.latest_block_height should be an integer string, got 42/.test((err as Error).message),
  );
  handler = () => ({ status: 502, text: "<html>Bad gateway</html>" });
  await assert.rejects(
    new CometRpcClient(url).status(),
    (err: unknown) => err instanceof UnexpectedResponseError && /HTTP 502 .* not JSON/.test((err as Error).message),
  );
  handler = () => ({ text: JSON.stringify({ jsonrpc: "2.0", id: 1 }) });
  await assert.rejects(new CometRpcClient(url).status(), /without a JSON-RPC result/);
});

test("abci_query sends hex data, the height as a string, and decodes base64 values", async () => {
  handler = () =>
    ok({
      response: {
        code: 0,
        log: "",
        info: "",
        index: "0",
        key: null,
        value: Buffer.from([1, 2, 3]).toString("base64"),
        proofOps: null,
        height: "7",
        codespace: "",
      },
    });
  const res = await new CometRpcClient(url).abciQuery("/some/path", new Uint8Array([0xab, 0xcd]), { height: 7 });
  assert.deepEqual(requests.at(-1)!.params, { path: "/some/path", data: "abcd", prove: false, height: "7" });
  assert.deepEqual([...res.value], [1, 2, 3]);
  assert.equal(res.height, 7n);
  await new CometRpcClient(url).abciQuery("/p", new Uint8Array());
  assert.equal(requests.at(-1)!.params.height, undefined, "latest height: no height parameter");
});

test("a NotFound account answer is undefined; other query failures are AbciQueryErrors", async () => {
  handler = () => ok({ response: { code: 22, codespace: "sdk", log: "rpc error: code = NotFound desc = account unit1x not found", height: "3" } });
  assert.equal(await getAccount(new CometRpcClient(url), "unit1x"), undefined);
  await assert.rejects(getSigningInfo(new CometRpcClient(url), "unit1x"), /never received funds/);
  handler = () => ok({ response: { code: 18, codespace: "sdk", log: "rpc error: code = InvalidArgument desc = bad address", height: "3" } });
  await assert.rejects(
    getAccount(new CometRpcClient(url), "x"),
    (err: unknown) => err instanceof AbciQueryError && err.code === 18 && /bad address/.test((err as Error).message),
  );
});

test("JSON-RPC errors carry their data; a tx the node does not know is undefined", async () => {
  handler = () => ({ text: JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "Internal error", data: "tx (AB) not found" } }) });
  const rpc = new CometRpcClient(url);
  assert.equal(await rpc.getTx("ab".repeat(32)), undefined);
  assert.equal(requests.at(-1)!.params.hash, Buffer.from("ab".repeat(32), "hex").toString("base64"), "hash goes as base64 bytes");
  await assert.rejects(rpc.getTx("xyz"), (err: unknown) => err instanceof ClientError && /64 hex characters/.test((err as Error).message));
  handler = () => ({ text: JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } }) });
  await assert.rejects(
    rpc.status(),
    (err: unknown) => err instanceof RpcResponseError && err.code === -32601 && /Method not found/.test((err as Error).message),
  );
});

test("broadcast_tx_sync sends base64 and decodes code, log and hash", async () => {
  handler = () => ok({ code: 5, data: "", log: "insufficient funds", codespace: "sdk", hash: "ABCD" });
  const res = await new CometRpcClient(url).broadcastTxSync(new Uint8Array([1, 2]));
  assert.equal(requests.at(-1)!.params.tx, "AQI=");
  assert.deepEqual(res, { code: 5, codespace: "sdk", log: "insufficient funds", hash: "ABCD" });
  handler = () => ({ text: JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "Internal error", data: "tx already exists in cache" } }) });
  await assert.rejects(new CometRpcClient(url).broadcastTxSync(new Uint8Array([1])), /already has this exact tx/);
});

test("waitForTx polls until the tx is in a block, or times out with a hint", async () => {
  let calls = 0;
  handler = () =>
    ++calls < 3
      ? { text: JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "Internal error", data: "tx (X) not found" } }) }
      : ok({
          hash: "AB",
          height: "9",
          index: 0,
          tx_result: {
            code: 0,
            data: null,
            log: "",
            info: "",
            gas_wanted: "200000",
            gas_used: "51000",
            events: [{ type: "transfer", attributes: [{ key: "amount", value: "1uunit", index: true }] }],
            codespace: "",
          },
          tx: "CgA=",
        });
  const tx = await new CometRpcClient(url).waitForTx("ab".repeat(32), { pollIntervalMs: 10 });
  assert.equal(tx.height, 9n);
  assert.equal(tx.result.gasUsed, 51000n);
  assert.equal(tx.result.events[0]!.attributes[0]!.value, "1uunit");
  handler = () => ({ text: JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "Internal error", data: "tx (X) not found" } }) });
  await assert.rejects(
    new CometRpcClient(url).waitForTx("ab".repeat(32), { timeoutMs: 100, pollIntervalMs: 20 }),
    (err: unknown) => err instanceof TxTimeoutError && /unitd query tx/.test((err as Error).message),
  );
});

test("getTx and waitForTx on a node that does not index txs stop at once and say why", async () => {
  // CometBFT v0.38's answer to /tx when config.toml has tx_index.indexer = "null".
  handler = () => ({
    text: JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "Internal error", data: "transaction indexing is disabled" } }),
  });
  const before = requests.length;
  await assert.rejects(
    new CometRpcClient(url).waitForTx("ab".repeat(32), { timeoutMs: 5_000, pollIntervalMs: 10 }),
    (err: unknown) =>
      err instanceof ClientError &&
      !(err instanceof TxTimeoutError) &&
      /^tx (AB){32} was broadcast, but http:\/\/127\.0\.0\.1:\d+ does not index txs/.test((err as Error).message),
  );
  assert.equal(requests.length - before, 1, "no polling: the answer cannot change");
  await assert.rejects(
    new CometRpcClient(url).getTx("ab".repeat(32)),
    (err: unknown) =>
      err instanceof TxIndexDisabledError &&
      /^http:\/\/127\.0\.0\.1:\d+ does not index txs \(its CometBFT has tx_index\.indexer = "null"\)$/.test((err as Error).message),
  );
});

test("an unreachable node or a silent one gives a readable NodeUnreachableError", async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  await assert.rejects(
    new CometRpcClient(`http://127.0.0.1:${port}`).status(),
    (err: unknown) => err instanceof NodeUnreachableError && (err as Error).message === `cannot reach the node at http://127.0.0.1:${port}: connection refused`,
  );
  handler = () => "hang";
  await assert.rejects(
    new CometRpcClient(url, { timeoutMs: 200 }).status(),
    (err: unknown) => err instanceof NodeUnreachableError && /no answer within 0.2s/.test((err as Error).message),
  );
  await assert.rejects(
    new CometRpcClient("http://no-such-host.invalid:26657", { timeoutMs: 5000 }).status(),
    (err: unknown) => err instanceof NodeUnreachableError && /host (not found|name lookup failed)/.test((err as Error).message),
  );
});

test("node URLs: tcp:// is http://, a bare host:port gets http://, junk is refused", () => {
  assert.equal(normalizeNodeUrl("tcp://127.0.0.1:26657"), "http://127.0.0.1:26657");
  assert.equal(normalizeNodeUrl("127.0.0.1:26657"), "http://127.0.0.1:26657");
  assert.equal(normalizeNodeUrl("https://rpc.example.com/"), "https://rpc.example.com");
  assert.equal(normalizeNodeUrl("http://h:1/prefix/"), "http://h:1/prefix");
  assert.throws(() => normalizeNodeUrl("ws://h:1"), /only http/);
  assert.throws(() => normalizeNodeUrl("http://h:1/?a=b"), /no query string/);
  assert.throws(() => normalizeNodeUrl("http://exa mple"), /invalid node URL/);
});
