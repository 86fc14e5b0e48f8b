// The tx service against a fake CometBFT RPC: the JSON it gets back is what CometBFT v0.38 writes
// (gogoproto omitempty for ABCI results, HexBytes hashes, base64 txs, int64 strings).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHash } from "node:crypto";
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import {
  BroadcastMode,
  BroadcastTxRequestSchema,
  BroadcastTxResponseSchema,
  GetTxRequestSchema,
  GetTxResponseSchema,
  GetTxsEventRequestSchema,
  GetTxsEventResponseSchema,
  OrderBy,
} from "../../../gen/cosmos/tx/v1beta1/service_pb.js";
import { AuthInfoSchema, TxBodySchema, TxRawSchema, TxSchema } from "../../../gen/cosmos/tx/v1beta1/tx_pb.js";
import { GrpcCode } from "../../../common/errors.js";
import { QueryError } from "../../../common/grpc/queryError.js";
import { CometRpcClient } from "../../../common/comet/rpcClient.js";
import { NodeServices } from "../nodeServices.js";
import { registerTxService } from "./txService.js";

const txRaw = toBinary(
  TxRawSchema,
  create(TxRawSchema, {
    bodyBytes: toBinary(TxBodySchema, create(TxBodySchema, { memo: "hi" })),
    authInfoBytes: toBinary(AuthInfoSchema, create(AuthInfoSchema, { fee: { gasLimit: 200000n } })),
    signatures: [new Uint8Array(64).fill(7)],
  }),
);
const txHash = createHash("sha256").update(txRaw).digest("hex").toUpperCase();
/** A raw Ethereum tx (type 2): not a TxRaw, so it has no Tx form. */
const ethTx = Buffer.from("02f86b820a33", "hex");

const resultTx = (tx: Uint8Array, height: string) => ({
  hash: createHash("sha256").update(tx).digest("hex").toUpperCase(),
  height,
  index: 0,
  tx_result: {
    data: Buffer.from([0x12, 0xab]).toString("base64"),
    log: "ok",
    gas_wanted: "200000",
    gas_used: "51234",
    events: [
      {
        type: "message",
        attributes: [
          { key: "action", value: "/cosmos.bank.v1beta1.MsgSend", index: true },
          { key: "module", value: "bank" },
        ],
      },
    ],
  },
  tx: Buffer.from(tx).toString("base64"),
});
const header = (height: string, time: string) => ({
  header: {
    version: { block: "11", app: "1" },
    chain_id: "unit_2611-1",
    height,
    time,
    last_block_id: { hash: "", parts: { total: 0, hash: "" } },
    last_commit_hash: "",
    data_hash: "",
    validators_hash: "",
    next_validators_hash: "",
    consensus_hash: "",
    app_hash: "",
    last_results_hash: "",
    evidence_hash: "",
    proposer_address: "18AC1A93A3B34938BC891FE8DA3CE61A648E2C1C",
  },
});
const rpcError = (data: string) => ({ error: { code: -32603, message: "Internal error", data } });
/** What CometBFT v0.38 answers /tx and /tx_search with when config.toml has `indexer = "null"`. */
const unindexed = () => rpcError("transaction indexing is disabled");
/** The hash and query the fake answers as a node without a tx index would. */
const UNINDEXED_HASH = "EE".repeat(32);
const UNINDEXED_QUERY = "tx.height=99";

type Handler = (params: Record<string, unknown>) => unknown;
const handlers: Record<string, Handler> = {
  tx: (p) => {
    const hash = Buffer.from(String(p.hash), "base64").toString("hex").toUpperCase();
    if (hash === UNINDEXED_HASH) return unindexed();
    return hash === txHash ? { result: resultTx(txRaw, "7") } : rpcError(`tx (${p.hash}) not found`);
  },
  header: (p) => ({ result: header(String(p.height), p.height === "7" ? "2026-11-20T22:59:04.181739313Z" : "2026-11-20T23:00:00Z") }),
  tx_search: (p) => {
    if (p.query === UNINDEXED_QUERY) return unindexed();
    return p.query === "bad query"
      ? rpcError("offset 4: got query, wanted operator")
      : { result: { txs: [resultTx(txRaw, "7"), resultTx(ethTx, "8")], total_count: "2" }, echo: p };
  },
  broadcast_tx_sync: (p) =>
    Buffer.from(String(p.tx), "base64")[0] === 0xff
      ? rpcError("tx already exists in cache")
      : { result: { code: 2, data: "", log: "tx parse error", codespace: "sdk", hash: "ABCD" } },
  broadcast_tx_async: () => ({ result: { code: 0, data: "", log: "", codespace: "", hash: "ABCD" } }),
};
const seen: { method: string; params: Record<string, unknown> }[] = [];

let rpc: http.Server;
let services: NodeServices;
let brokenServices: NodeServices;

before(async () => {
  rpc = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const { id, method, params } = JSON.parse(body) as { id: number; method: string; params: Record<string, unknown> };
      seen.push({ method, params });
      if (method === "status") return res.end("<html>bad gateway</html>");
      if (method === "block") return res.end(JSON.stringify({ jsonrpc: "2.0", id, result: { block_id: {} } }));
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id, ...(handlers[method]?.(params) as object) }));
    });
  });
  await new Promise<void>((resolve) => rpc.listen(0, "127.0.0.1", resolve));
  services = new NodeServices();
  registerTxService(services, new CometRpcClient(`http://127.0.0.1:${(rpc.address() as AddressInfo).port}`));
  // A port that was free a moment ago: connections to it are refused.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  brokenServices = new NodeServices();
  registerTxService(brokenServices, new CometRpcClient(`http://127.0.0.1:${closedPort}`, 2000));
});

after(() => new Promise<void>((resolve) => rpc.close(() => resolve())));

async function call<I extends DescMessage, O extends DescMessage>(
  path: string,
  input: I,
  req: MessageInitShape<I>,
  output: O,
  on = services,
): Promise<MessageShape<O>> {
  const method = on.method(`/cosmos.tx.v1beta1.Service/${path}`);
  assert.ok(method, path);
  const bytes = await method.handle(toBinary(input, create(input, req)), { signal: new AbortController().signal });
  return fromBinary(output, bytes);
}

async function failsWith(promise: Promise<unknown>, code: GrpcCode, message?: RegExp): Promise<void> {
  await assert.rejects(promise, (err: unknown) => {
    assert.ok(err instanceof QueryError, String(err));
    assert.equal(err.grpcCode, code, err.message);
    if (message) assert.match(err.message, message);
    return true;
  });
}

test("GetTx maps CometBFT's /tx result into the SDK's TxResponse", async () => {
  const res = await call("GetTx", GetTxRequestSchema, { hash: txHash.toLowerCase() }, GetTxResponseSchema);
  const r = res.txResponse!;
  assert.equal(r.height, 7n);
  assert.equal(r.txhash, txHash);
  assert.equal(r.code, 0);
  assert.equal(r.codespace, "");
  assert.equal(r.data, "12AB");
  assert.equal(r.rawLog, "ok");
  assert.deepEqual(r.logs, []);
  assert.equal(r.gasWanted, 200000n);
  assert.equal(r.gasUsed, 51234n);
  assert.equal(r.timestamp, "2026-11-20T22:59:04Z", "RFC3339 without fractional seconds, as the SDK writes it");
  assert.equal(r.events[0]!.attributes[0]!.value, "/cosmos.bank.v1beta1.MsgSend");
  assert.equal(r.events[0]!.attributes[0]!.index, true);
  assert.equal(r.tx?.typeUrl, "/cosmos.tx.v1beta1.Tx");
  const packed = fromBinary(TxSchema, r.tx!.value);
  assert.equal(packed.body?.memo, "hi");
  assert.equal(packed.authInfo?.fee?.gasLimit, 200000n);
  assert.equal(res.tx?.signatures[0]?.length, 64);
  const raw = fromBinary(TxRawSchema, txRaw);
  assert.deepEqual(toBinary(TxBodySchema, packed.body!), raw.bodyBytes, "the Tx embeds the signed body bytes");
});

test("GetTx and GetTxsEvent on a node that does not index txs are FAILED_PRECONDITION, not a missing tx", async () => {
  const notIndexed = /^this node does not index txs: transaction indexing is disabled$/;
  await failsWith(call("GetTx", GetTxRequestSchema, { hash: UNINDEXED_HASH }, GetTxResponseSchema), GrpcCode.FAILED_PRECONDITION, notIndexed);
  await failsWith(
    call("GetTxsEvent", GetTxsEventRequestSchema, { query: UNINDEXED_QUERY }, GetTxsEventResponseSchema),
    GrpcCode.FAILED_PRECONDITION,
    notIndexed,
  );
});

test("GetTx of an unknown hash is NOT_FOUND; a malformed hash INVALID_ARGUMENT", async () => {
  const unknown = "01".repeat(32);
  await failsWith(call("GetTx", GetTxRequestSchema, { hash: unknown }, GetTxResponseSchema), GrpcCode.NOT_FOUND, new RegExp(`^tx not found: ${unknown}$`));
  await failsWith(call("GetTx", GetTxRequestSchema, { hash: "xyz" }, GetTxResponseSchema), GrpcCode.INVALID_ARGUMENT, /64 hex digits/);
  await failsWith(call("GetTx", GetTxRequestSchema, { hash: "" }, GetTxResponseSchema), GrpcCode.INVALID_ARGUMENT, /empty/);
});

test("GetTxsEvent pages through tx_search, one timestamp per block, txs aligned with responses", async () => {
  seen.length = 0;
  const res = await call(
    "GetTxsEvent",
    GetTxsEventRequestSchema,
    { query: "tx.height>0", orderBy: OrderBy.DESC, page: 1n, limit: 500n },
    GetTxsEventResponseSchema,
  );
  const search = seen.find((s) => s.method === "tx_search")!;
  assert.deepEqual(search.params, { query: "tx.height>0", prove: false, page: "1", per_page: "100", order_by: "desc" });
  assert.equal(res.total, 2n);
  assert.equal(res.txResponses.length, 2);
  assert.equal(res.txs.length, 2);
  assert.equal(res.txs[0]!.body?.memo, "hi");
  assert.equal(res.txs[1]!.body, undefined, "an Ethereum tx has no Tx form: an empty Tx keeps the lists aligned");
  assert.equal(res.txResponses[1]!.tx, undefined);
  assert.equal(res.txResponses[1]!.timestamp, "2026-11-20T23:00:00Z");
  assert.deepEqual(
    seen
      .filter((s) => s.method === "header")
      .map((s) => s.params.height)
      .sort(),
    ["7", "8"],
  );
});

test("GetTxsEvent refuses an empty or malformed query with INVALID_ARGUMENT", async () => {
  await failsWith(call("GetTxsEvent", GetTxsEventRequestSchema, {}, GetTxsEventResponseSchema), GrpcCode.INVALID_ARGUMENT, /query cannot be empty/);
  await failsWith(
    call("GetTxsEvent", GetTxsEventRequestSchema, { query: "bad query" }, GetTxsEventResponseSchema),
    GrpcCode.INVALID_ARGUMENT,
    /wanted operator/,
  );
});

test("BroadcastTx returns CheckTx's verdict as a TxResponse", async () => {
  const res = await call("BroadcastTx", BroadcastTxRequestSchema, { txBytes: txRaw, mode: BroadcastMode.SYNC }, BroadcastTxResponseSchema);
  assert.equal(res.txResponse?.code, 2);
  assert.equal(res.txResponse?.codespace, "sdk");
  assert.equal(res.txResponse?.rawLog, "tx parse error");
  assert.equal(res.txResponse?.txhash, "ABCD");
  assert.equal(res.txResponse?.height, 0n);
  const async = await call("BroadcastTx", BroadcastTxRequestSchema, { txBytes: txRaw, mode: BroadcastMode.ASYNC }, BroadcastTxResponseSchema);
  assert.equal(async.txResponse?.code, 0);
});

test("BroadcastTx: a tx already in the mempool cache is the SDK's code 19, not an error", async () => {
  const tx = Buffer.from([0xff, 1, 2]);
  const res = await call("BroadcastTx", BroadcastTxRequestSchema, { txBytes: tx, mode: BroadcastMode.SYNC }, BroadcastTxResponseSchema);
  assert.equal(res.txResponse?.code, 19);
  assert.equal(res.txResponse?.codespace, "sdk");
  assert.equal(res.txResponse?.txhash, createHash("sha256").update(tx).digest("hex").toUpperCase());
});

test("BroadcastTx refuses BLOCK mode, no mode and no tx with INVALID_ARGUMENT", async () => {
  await failsWith(
    call("BroadcastTx", BroadcastTxRequestSchema, { txBytes: txRaw, mode: BroadcastMode.BLOCK }, BroadcastTxResponseSchema),
    GrpcCode.INVALID_ARGUMENT,
    /deprecated/,
  );
  await failsWith(
    call("BroadcastTx", BroadcastTxRequestSchema, { txBytes: txRaw }, BroadcastTxResponseSchema),
    GrpcCode.INVALID_ARGUMENT,
    /BROADCAST_MODE_UNSPECIFIED/,
  );
  await failsWith(
    call("BroadcastTx", BroadcastTxRequestSchema, { mode: BroadcastMode.SYNC }, BroadcastTxResponseSchema),
    GrpcCode.INVALID_ARGUMENT,
    /empty tx/,
  );
});

test("an unreachable CometBFT is UNAVAILABLE", async () => {
  await failsWith(call("GetTx", GetTxRequestSchema, { hash: txHash }, GetTxResponseSchema, brokenServices), GrpcCode.UNAVAILABLE, /unreachable/);
  await failsWith(
    call("BroadcastTx", BroadcastTxRequestSchema, { txBytes: txRaw, mode: BroadcastMode.SYNC }, BroadcastTxResponseSchema, brokenServices),
    GrpcCode.UNAVAILABLE,
  );
});

test("a CometBFT answer of the wrong shape is INTERNAL with the path that was wrong", async () => {
  const client = new CometRpcClient(`http://127.0.0.1:${(rpc.address() as AddressInfo).port}`);
  await failsWith(client.status(), GrpcCode.INTERNAL, /status: expected JSON/);
  const block = await client.block(undefined);
  await failsWith(
    Promise.resolve().then(() => block.get("block_id").get("hash").hex()),
    GrpcCode.INTERNAL,
    /block\.result\.block_id\.hash: expected a value/,
  );
});
