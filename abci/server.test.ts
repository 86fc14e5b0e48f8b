import { test, after } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import * as pb from "../gen/tendermint/abci/types_pb.js";
import { AbciServer } from "./server.js";
import { BaseApplication } from "./baseApplication.js";
import { encodeFrame } from "./framing.js";
import { protoBytesFieldSize } from "../common/protobufSize.js";
import { RawAbciClient, requestFrame } from "../test/support/abciClient.js";
import { testLogger } from "../test/support/logger.js";

/** Answers Info slowly and CheckTx quickly, to prove responses still leave in request order. */
class ProbeApp extends BaseApplication {
  calls: string[] = [];
  override async info() {
    this.calls.push("info");
    await new Promise((r) => setTimeout(r, 30));
    return { data: "probe", lastBlockHeight: 7n };
  }
  override checkTx(req: pb.RequestCheckTx) {
    this.calls.push("checkTx");
    if (req.tx.length === 0) throw new Error("empty tx");
    return { code: req.tx[0]!, gasWanted: BigInt(req.tx.length) };
  }
}

const app = new ProbeApp();
const server = new AbciServer(app, { address: "tcp://127.0.0.1:0", logger: testLogger, maxFrameBytes: 4 * 1024 * 1024 });
const port = Number((await server.listen()).split(":").pop());
after(() => server.close());

test("responses keep request order across slow and fast handlers, with Flush", async () => {
  const c = await RawAbciClient.connect(port);
  c.send(
    { value: { case: "info", value: {} } },
    { value: { case: "checkTx", value: { tx: Uint8Array.of(3, 1) } } },
    { value: { case: "echo", value: { message: "hi" } } },
    { value: { case: "flush", value: {} } },
  );
  const res = await c.waitFor(4);
  assert.deepEqual(
    res.map((r) => r.value.case),
    ["info", "checkTx", "echo", "flush"],
  );
  assert.equal((res[0]!.value.value as pb.ResponseInfo).lastBlockHeight, 7n);
  assert.equal((res[1]!.value.value as pb.ResponseCheckTx).code, 3);
  assert.equal((res[2]!.value.value as pb.ResponseEcho).message, "hi");
  c.close();
});

test("a request split into single bytes is decoded", async () => {
  const c = await RawAbciClient.connect(port);
  const bytes = Buffer.concat([requestFrame({ value: { case: "echo", value: { message: "split" } } }), requestFrame({ value: { case: "flush", value: {} } })]);
  for (const b of bytes) {
    c.write(Uint8Array.of(b));
    await new Promise((r) => setImmediate(r));
  }
  const res = await c.waitFor(2);
  assert.equal((res[0]!.value.value as pb.ResponseEcho).message, "split");
  c.close();
});

test("a 1.5 MB CheckTx round-trips", async () => {
  const c = await RawAbciClient.connect(port);
  const tx = randomBytes(1_500_000);
  tx[0] = 9;
  c.send({ value: { case: "checkTx", value: { tx } } });
  const [res] = await c.waitFor(1);
  const r = res!.value.value as pb.ResponseCheckTx;
  assert.equal(r.code, 9);
  assert.equal(r.gasWanted, 1_500_000n);
  c.close();
});

test("a handler error becomes an Exception response and the connection stays usable", async () => {
  const c = await RawAbciClient.connect(port);
  c.send({ value: { case: "checkTx", value: { tx: new Uint8Array() } } }, { value: { case: "echo", value: { message: "after" } } });
  const res = await c.waitFor(2);
  assert.equal(res[0]!.value.case, "exception");
  assert.match((res[0]!.value.value as pb.ResponseException).error, /empty tx/);
  assert.equal(res[1]!.value.case, "echo");
  c.close();
});

test("an unknown request (unknown oneof field) gets an Exception response", async () => {
  const c = await RawAbciClient.connect(port);
  // field 30, wire type 2, empty: a request kind this ABCI version does not know
  c.write(encodeFrame(Uint8Array.of(0xf2, 0x01, 0)));
  const [res] = await c.waitFor(1);
  assert.equal(res!.value.case, "exception");
  assert.match((res!.value.value as pb.ResponseException).error, /unknown/);
  c.close();
});

test("an oversized frame closes only that connection; the server keeps serving", async () => {
  const bad = await RawAbciClient.connect(port);
  bad.write(encodeFrame(Buffer.alloc(5 * 1024 * 1024)).subarray(0, 8));
  await bad.waitClosed();
  const good = await RawAbciClient.connect(port);
  good.send({ value: { case: "echo", value: { message: "still here" } } });
  const [res] = await good.waitFor(1);
  assert.equal((res!.value.value as pb.ResponseEcho).message, "still here");
  good.close();
});

test("garbage bytes get a closed connection or exception responses, never a crash", async () => {
  let seed = 12345;
  const nextByte = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) >>> 16) & 0xff;
  let closed = 0;
  for (let i = 0; i < 50; i++) {
    const c = await RawAbciClient.connect(port);
    const junk = Buffer.from(Array.from({ length: 200 }, nextByte));
    junk[0] = 0x40; // a plausible length, so the payload itself is parsed as a Request
    c.write(junk);
    c.write(requestFrame({ value: { case: "echo", value: { message: "probe" } } }));
    // Either the server closes the connection, or it keeps framing and answers the probe last.
    await c.waitFor(Number.MAX_SAFE_INTEGER, 300).catch(() => undefined);
    if (c.closed) closed++;
    else assert.equal(c.responses.at(-1)?.value.case, "echo", "the stream is still in sync");
    c.close();
  }
  assert.ok(closed > 0, "malformed protobuf closed at least one connection");
  const c = await RawAbciClient.connect(port);
  c.send({ value: { case: "echo", value: { message: "alive" } } });
  const [res] = await c.waitFor(1);
  assert.equal((res!.value.value as pb.ResponseEcho).message, "alive");
  c.close();
});

test("PrepareProposal keeps the summed proto size within max_tx_bytes", async () => {
  const c = await RawAbciClient.connect(port);
  const txs = [Buffer.alloc(100, 1), Buffer.alloc(200, 2), Buffer.alloc(50, 3)];
  const limit = protoBytesFieldSize(100) + protoBytesFieldSize(50);
  c.send({ value: { case: "prepareProposal", value: { txs, maxTxBytes: BigInt(limit) } } });
  const [res] = await c.waitFor(1);
  const got = (res!.value.value as pb.ResponsePrepareProposal).txs;
  assert.deepEqual(
    got.map((t) => t.length),
    [100, 50],
  );
  c.close();
});

test("four concurrent connections each get their own ordered stream", async () => {
  const clients = await Promise.all([0, 1, 2, 3].map(() => RawAbciClient.connect(port)));
  clients.forEach((c, i) => c.send(...Array.from({ length: 20 }, (_, j) => ({ value: { case: "echo" as const, value: { message: `${i}:${j}` } } }))));
  for (const [i, c] of clients.entries()) {
    const res = await c.waitFor(20);
    assert.deepEqual(
      res.map((r) => (r.value.value as pb.ResponseEcho).message),
      Array.from({ length: 20 }, (_, j) => `${i}:${j}`),
    );
    c.close();
  }
});

test("CheckTx requests queued behind others are announced to the app before their turn, the first of a batch not", async () => {
  class LookaheadApp extends BaseApplication {
    events: string[] = [];
    checkTxQueued(req: pb.RequestCheckTx): void {
      this.events.push(`queued ${req.tx[0]}`);
      if (req.tx[0] === 9) throw new Error("a broken lookahead must not stop the connection");
    }
    override async checkTx(req: pb.RequestCheckTx) {
      this.events.push(`check ${req.tx[0]}`);
      await new Promise((r) => setTimeout(r, 5));
      return { code: 0, gasWanted: BigInt(req.tx[0]!) };
    }
  }
  const lookahead = new LookaheadApp();
  const s = new AbciServer(lookahead, { address: "tcp://127.0.0.1:0", logger: testLogger });
  const c = await RawAbciClient.connect(Number((await s.listen()).split(":").pop()));
  try {
    const checkTx = (n: number) => ({ value: { case: "checkTx" as const, value: { tx: Uint8Array.of(n), type: pb.CheckTxType.NEW } } });
    c.send(checkTx(1), checkTx(2), { value: { case: "echo", value: { message: "x" } } }, checkTx(3), { value: { case: "flush", value: {} } });
    const res = await c.waitFor(5);
    assert.deepEqual(
      res.map((r) => (r.value.case === "checkTx" ? `checkTx ${(r.value.value as pb.ResponseCheckTx).gasWanted}` : r.value.case)),
      ["checkTx 1", "checkTx 2", "echo", "checkTx 3", "flush"],
      "answers in request order",
    );
    // 2 and 3 were announced as they arrived, before 1's check began; 1 was next in line.
    assert.deepEqual(lookahead.events, ["queued 2", "queued 3", "check 1", "check 2", "check 3"]);
    c.send(checkTx(4), checkTx(9), { value: { case: "flush", value: {} } });
    assert.equal((await c.waitFor(8)).length, 8, "a throwing lookahead costs its head start only; the server still answers");
  } finally {
    c.close();
    await s.close();
  }
});
