// The gRPC server on our own HTTP/2 server connection, against clients nobody here wrote: node:http2's
// client (nghttp2) for flow control past the default windows both ways, the stream limit and
// HTTP-level refusals; grpc-js for statuses, deadlines and percent-encoded messages. Then raw
// sockets that break the protocol: the connection ends with GOAWAY, the server goes on.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import http2 from "node:http2";
import net from "node:net";
import { Client, credentials, Metadata, status, type ServiceError } from "@grpc/grpc-js";
import { GrpcCode } from "../errors.js";
import { CLIENT_PREFACE, ErrorCode, Flag, frame, FrameType, settingsPayload, uint32 } from "../http2/frames.js";
import { encodeHeaders, HpackDecoder } from "../http2/hpack.js";
import { DEFAULT_CONNECTION_LIMITS, MAX_CONCURRENT_STREAMS } from "../http2/serverConnection.js";
import { ConnectionsPerAddress, GrpcHttp2Server } from "./grpcServer.js";
import { frameMessage } from "./messageFrame.js";
import { encodeGrpcMessage, GrpcStatusError, timeoutMs } from "./serverCalls.js";

const MAX_REQUEST = 4 * 1024 * 1024;
let server: GrpcHttp2Server;
let port: number;
/** Calls of /t/Hold wait here until the test releases them, whatever their signal says. */
let held: Array<{ release: () => void; signal: AbortSignal }> = [];

before(async () => {
  server = new GrpcHttp2Server({ maxRequestBytes: MAX_REQUEST });
  // Answers the request's length as text, or as many 0xab octets as a "big:N" request asks for.
  server.unary("/t/Echo", async (request) => {
    const text = request.toString();
    return { message: text.startsWith("big:") ? Buffer.alloc(Number(text.slice(4)), 0xab) : Buffer.from(String(request.length)), metadata: [["x-seen", "1"]] };
  });
  server.unary("/t/Fail", async (request) => {
    throw new GrpcStatusError(GrpcCode.NOT_FOUND, request.toString());
  });
  server.unary("/t/Bug", async () => {
    throw new Error("handler bug");
  });
  server.unary(
    "/t/Hold",
    (_request, ctx) => new Promise((resolve) => held.push({ release: () => resolve({ message: Buffer.from("held") }), signal: ctx.signal })),
  );
  server.bidi("/t/Chat", (call) => ({
    onMessage: (m) => (m.toString() === "bye" ? call.end(GrpcCode.ABORTED, "bye") : call.write(Buffer.from(m.toString().toUpperCase()))),
    onEnd: () => call.end(),
  }));
  port = await server.listen("127.0.0.1", 0);
});

after(() => server.close(1000));

/** A raw call through node:http2's client: the answer's headers, body and trailers. */
function h2call(
  session: http2.ClientHttp2Session,
  path: string,
  body: Buffer,
  headers: http2.OutgoingHttpHeaders = {},
): Promise<{ headers: http2.IncomingHttpHeaders; body: Buffer; trailers: http2.IncomingHttpHeaders; rst: number }> {
  return new Promise((resolve, reject) => {
    const req = openCall(session, path, { te: "trailers", ...headers });
    let answer: http2.IncomingHttpHeaders = {};
    let trailers: http2.IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    req.on("response", (h) => (answer = h));
    req.on("trailers", (t) => (trailers = t));
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("close", () => resolve({ headers: answer, body: Buffer.concat(chunks), trailers, rst: req.rstCode ?? 0 }));
    req.on("timeout", () => reject(new Error("timeout")));
    req.end(body);
  });
}

/** A gRPC request stream (POST, application/grpc) through node:http2's client; its errors are the test's to read. */
function openCall(session: http2.ClientHttp2Session, path: string, headers: http2.OutgoingHttpHeaders = {}): http2.ClientHttp2Stream {
  const req = session.request({ ":method": "POST", ":path": path, "content-type": "application/grpc", ...headers });
  req.on("error", () => {});
  return req;
}

function connect(): http2.ClientHttp2Session {
  const session = http2.connect(`http://127.0.0.1:${port}`);
  session.on("error", () => {});
  return session;
}

test("requests and answers past the 64 KiB and 1 MiB windows arrive whole (nghttp2 client)", async () => {
  const session = connect();
  try {
    for (const size of [0, 65_535, 65_536, 1024 * 1024 + 7, 3 * 1024 * 1024]) {
      const res = await h2call(session, "/t/Echo", frameMessage(Buffer.alloc(size, 1)));
      assert.equal(res.trailers["grpc-status"], "0");
      assert.equal(res.body.subarray(5).toString(), String(size));
    }
    // Answers larger than the client's 64 KiB window wait for its WINDOW_UPDATEs; four at once share the connection's.
    const answers = await Promise.all([1, 2, 3, 4].map((i) => h2call(session, "/t/Echo", frameMessage(Buffer.from(`big:${300_000 * i}`)))));
    assert.deepEqual(
      answers.map((a) => [a.body.length - 5, a.body.readUInt32BE(1), a.body.subarray(5).every((b) => b === 0xab)]),
      [1, 2, 3, 4].map((i) => [300_000 * i, 300_000 * i, true]),
    );
    assert.equal(answers[0]!.headers["x-seen"], "1", "initial metadata arrives with the headers");
  } finally {
    session.close();
  }
});

test("HTTP-level refusals: not POST is 405, not application/grpc is 415", async () => {
  const session = connect();
  try {
    const get = await h2call(session, "/t/Echo", Buffer.alloc(0), { ":method": "GET" });
    assert.equal(get.headers[":status"], 405);
    const json = await h2call(session, "/t/Echo", frameMessage(Buffer.from("x")), { "content-type": "application/json" });
    assert.equal(json.headers[":status"], 415);
    const plusProto = await h2call(session, "/t/Echo", frameMessage(Buffer.from("x")), { "content-type": "application/grpc+proto" });
    assert.equal(plusProto.trailers["grpc-status"], "0");
  } finally {
    session.close();
  }
});

test("calls that cannot run answer trailers-only with the right status", async () => {
  const session = connect();
  try {
    const cases: Array<[string, Buffer, http2.OutgoingHttpHeaders, number, RegExp]> = [
      ["/t/Nope", frameMessage(Buffer.from("x")), {}, GrpcCode.UNIMPLEMENTED, /does not implement the method \/t\/Nope/],
      ["/t/Echo", frameMessage(Buffer.from("x")), { "grpc-timeout": "soon" }, GrpcCode.OUT_OF_RANGE, /grpc-timeout/],
      ["/t/Echo", Buffer.concat([frameMessage(Buffer.from("a")), frameMessage(Buffer.from("b"))]), {}, GrpcCode.INTERNAL, /more than one request message/],
      ["/t/Echo", Buffer.alloc(0), {}, GrpcCode.INTERNAL, /without its request message/],
      ["/t/Echo", frameMessage(Buffer.from("abc")).subarray(0, 6), {}, GrpcCode.INTERNAL, /inside a message/],
      ["/t/Echo", Buffer.from([1, 0, 0, 0, 1, 7]), { "grpc-encoding": "gzip" }, GrpcCode.UNIMPLEMENTED, /Compression "gzip" is not supported/],
      ["/t/Echo", Buffer.from([1, 0, 0, 0, 1, 7]), {}, GrpcCode.INTERNAL, /compressed message without grpc-encoding/],
    ];
    for (const [path, body, headers, code, message] of cases) {
      const res = await h2call(session, path, body, headers);
      assert.equal(res.headers[":status"], 200);
      assert.equal(res.headers["grpc-status"], String(code), `${path} ${JSON.stringify(headers)}`);
      assert.match(decodeURIComponent(String(res.headers["grpc-message"])), message);
      assert.equal(res.body.length, 0);
    }
  } finally {
    session.close();
  }
});

test("the server's own deadline answers DEADLINE_EXCEEDED and aborts the call; the late answer goes nowhere", async () => {
  const session = connect();
  held = [];
  try {
    const started = Date.now();
    const res = await h2call(session, "/t/Hold", frameMessage(Buffer.alloc(0)), { "grpc-timeout": "50m" });
    assert.ok(Date.now() - started >= 45, "not before the deadline");
    assert.equal(res.headers["grpc-status"], String(GrpcCode.DEADLINE_EXCEEDED));
    assert.equal(held[0]!.signal.aborted, true);
    held[0]!.release();
    assert.equal((await h2call(session, "/t/Echo", frameMessage(Buffer.from("x")))).trailers["grpc-status"], "0");
  } finally {
    session.close();
  }
});

test("grpc-timeout in each unit, rounded up to whole milliseconds; grpc-message percent-encoding", () => {
  assert.deepEqual(
    ["1H", "2M", "3S", "40m", "1500u", "1n", "99999999S"].map((t) => timeoutMs(t)),
    [3_600_000, 120_000, 3000, 40, 2, 1, 99_999_999_000],
  );
  for (const bad of ["", "5", "m", "123456789m", "1.5S", "-1S", "1s", "1 S"]) assert.equal(timeoutMs(bad), undefined, bad);
  assert.equal(timeoutMs(["1S", "2S"]), undefined, "repeated");
  assert.equal(encodeGrpcMessage("50% ✓\n"), "50%25 %E2%9C%93%0A");
});

test("a request declared past the limit is refused from its prefix, before its octets arrive", async () => {
  const session = connect();
  try {
    const req = openCall(session, "/t/Echo");
    const prefix = Buffer.alloc(5);
    prefix.writeUInt32BE(MAX_REQUEST + 1, 1);
    req.write(prefix); // the stream stays open: the answer cannot wait for a body that never comes
    const headers = await new Promise<http2.IncomingHttpHeaders>((resolve) => req.on("response", resolve));
    assert.equal(headers["grpc-status"], String(GrpcCode.RESOURCE_EXHAUSTED));
    assert.match(String(headers["grpc-message"]), /larger than max/);
    req.close();
  } finally {
    session.close();
  }
});

test("grpc-js: statuses, messages in any script, metadata, a deadline that aborts the call's signal", async () => {
  const client = new Client(`127.0.0.1:${port}`, credentials.createInsecure());
  const call = (path: string, request: Buffer, deadlineMs?: number) =>
    new Promise<Buffer>((resolve, reject) =>
      client.makeUnaryRequest(
        path,
        (b: Buffer) => b,
        (b: Buffer) => b,
        request,
        new Metadata(),
        deadlineMs === undefined ? {} : { deadline: Date.now() + deadlineMs },
        (err: ServiceError | null, res?: Buffer) => (err ? reject(err) : resolve(res!)),
      ),
    );
  try {
    assert.equal((await call("/t/Echo", Buffer.alloc(10))).toString(), "10");
    const text = "no such thing: 100% — ünïcödé ✓\nsecond line";
    await assert.rejects(call("/t/Fail", Buffer.from(text)), (e: ServiceError) => e.code === status.NOT_FOUND && e.details === text);
    await assert.rejects(call("/t/Bug", Buffer.alloc(0)), (e: ServiceError) => e.code === status.INTERNAL && e.details === "handler bug");
    held = [];
    await assert.rejects(call("/t/Hold", Buffer.alloc(0), 100), (e: ServiceError) => e.code === status.DEADLINE_EXCEEDED);
    assert.equal(held.length, 1);
    // The client's own timer may fire first; then its RST_STREAM aborts the call instead.
    await waitFor(() => held[0]!.signal.aborted, "the deadline to abort the call's signal");
    held[0]!.release(); // a late answer goes nowhere
    assert.equal((await call("/t/Echo", Buffer.alloc(3))).toString(), "3", "the server goes on");
  } finally {
    client.close();
  }
});

test("a bidirectional stream answers each message in order and ends with the handler's status", async () => {
  const client = new Client(`127.0.0.1:${port}`, credentials.createInsecure());
  try {
    const chat = (messages: string[]) =>
      new Promise<{ answers: string[]; code: number; details: string }>((resolve) => {
        const stream = client.makeBidiStreamRequest(
          "/t/Chat",
          (b: Buffer) => b,
          (b: Buffer) => b,
        );
        const answers: string[] = [];
        stream.on("data", (b: Buffer) => answers.push(b.toString()));
        stream.on("status", (s: { code: number; details: string }) => resolve({ answers, code: s.code, details: s.details }));
        stream.on("error", () => {});
        for (const m of messages) stream.write(Buffer.from(m));
        stream.end();
      });
    assert.deepEqual(await chat(["a", "bc", "d"]), { answers: ["A", "BC", "D"], code: status.OK, details: "" });
    const early = await chat(["x", "bye", "never"]);
    assert.deepEqual([early.answers, early.code, early.details], [["X"], status.ABORTED, "bye"]);
  } finally {
    client.close();
  }
});

test("a stream keeps its slot until its handler answers, even once the client reset it", async () => {
  const session = connect();
  held = [];
  try {
    const requests = Array.from({ length: MAX_CONCURRENT_STREAMS }, () => {
      const req = openCall(session, "/t/Hold");
      req.end(frameMessage(Buffer.alloc(0)));
      return req;
    });
    await waitFor(() => held.length === MAX_CONCURRENT_STREAMS, "every call to reach its handler");
    for (const req of requests) req.close(http2.constants.NGHTTP2_CANCEL);
    await waitFor(() => held.every((h) => h.signal.aborted), "the resets to abort every call's signal");
    // Reset by the client, still running here: a new stream finds no slot.
    const refused = await h2call(session, "/t/Echo", frameMessage(Buffer.from("x")));
    assert.equal(refused.rst, http2.constants.NGHTTP2_REFUSED_STREAM);
    for (const h of held) h.release();
    const after = await h2call(session, "/t/Echo", frameMessage(Buffer.from("x")));
    assert.equal(after.trailers["grpc-status"], "0");
  } finally {
    session.close();
  }
});

test("a stream reset before its request ended frees its slot at once: no method runs for it", async () => {
  // Raw frames: node:http2's client ends a stream's side before resetting it.
  const headers = encodeHeaders([
    [":method", "POST"],
    [":scheme", "http"],
    [":path", "/t/Echo"],
    [":authority", "x"],
    ["content-type", "application/grpc"],
  ]);
  const partial = frameMessage(Buffer.from("never finished")).subarray(0, 8);
  const parts = [CLIENT_PREFACE, frame(FrameType.SETTINGS, 0, 0, settingsPayload([]))];
  const resets = MAX_CONCURRENT_STREAMS + 50;
  for (let i = 0; i < resets; i++) {
    const id = 1 + 2 * i;
    parts.push(
      frame(FrameType.HEADERS, Flag.END_HEADERS, id, headers),
      frame(FrameType.DATA, 0, id, partial),
      frame(FrameType.RST_STREAM, 0, id, uint32(ErrorCode.CANCEL)),
    );
  }
  const last = 1 + 2 * resets;
  parts.push(frame(FrameType.HEADERS, Flag.END_HEADERS, last, headers), frame(FrameType.DATA, Flag.END_STREAM, last, frameMessage(Buffer.from("ok"))));
  const frames = await rawExchange(Buffer.concat(parts), 1500);
  assert.ok(!frames.some((f) => f.type === FrameType.RST_STREAM && f.streamId === last), "the last stream is not refused");
  const decoder = new HpackDecoder();
  const blocks = frames.filter((f) => f.type === FrameType.HEADERS).map((f) => ({ streamId: f.streamId, fields: decoder.decode(f.payload) }));
  assert.deepEqual(
    blocks.filter((b) => b.streamId === last).map((b) => b.fields["grpc-status"]),
    [undefined, "0"],
    "answered: headers, then trailers with OK",
  );
});

test("an answer to a stream the client already ended is not followed by RST_STREAM; one still open is", async () => {
  const get = encodeHeaders([
    [":method", "GET"],
    [":scheme", "http"],
    [":path", "/t/Echo"],
    [":authority", "x"],
  ]);
  const settings = frame(FrameType.SETTINGS, 0, 0, settingsPayload([]));
  // Stream 1 ends with its HEADERS; stream 3 stays open (its request body never ends).
  const frames = await rawExchange(
    Buffer.concat([
      CLIENT_PREFACE,
      settings,
      frame(FrameType.HEADERS, Flag.END_HEADERS | Flag.END_STREAM, 1, get),
      frame(FrameType.HEADERS, Flag.END_HEADERS, 3, get),
    ]),
    1000,
  );
  const on = (id: number) => frames.filter((f) => f.streamId === id).map((f) => [f.type, f.flags & Flag.END_STREAM]);
  assert.deepEqual(on(1), [[FrameType.HEADERS, Flag.END_STREAM]], "stream 1: the 405 alone");
  assert.deepEqual(
    on(3),
    [
      [FrameType.HEADERS, Flag.END_STREAM],
      [FrameType.RST_STREAM, 0],
    ],
    "stream 3: the 405, then RST_STREAM(NO_ERROR) to stop its body",
  );
});

test("clients that break HTTP/2 get GOAWAY with the error; PINGs are answered; the server goes on", async () => {
  const settings = frame(FrameType.SETTINGS, 0, 0, settingsPayload([]));
  const cases: Array<[string, Buffer, number]> = [
    ["not a preface", Buffer.from("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), ErrorCode.PROTOCOL_ERROR],
    ["an oversized frame", Buffer.concat([CLIENT_PREFACE, settings, frameHeader(20_000, FrameType.DATA, 1)]), ErrorCode.FRAME_SIZE_ERROR],
    [
      "an undecodable header block",
      Buffer.concat([CLIENT_PREFACE, settings, frame(FrameType.HEADERS, 0x4, 1, Buffer.from([0xff, 0xff, 0xff, 0xff]))]),
      ErrorCode.COMPRESSION_ERROR,
    ],
    ["DATA on a stream never opened", Buffer.concat([CLIENT_PREFACE, settings, frame(FrameType.DATA, 0, 7, Buffer.from("x"))]), ErrorCode.PROTOCOL_ERROR],
    ["HEADERS on an even stream", Buffer.concat([CLIENT_PREFACE, settings, frame(FrameType.HEADERS, 0x4, 2, Buffer.alloc(0))]), ErrorCode.PROTOCOL_ERROR],
    ["a SETTINGS of half a setting", Buffer.concat([CLIENT_PREFACE, frame(FrameType.SETTINGS, 0, 0, Buffer.alloc(3))]), ErrorCode.FRAME_SIZE_ERROR],
  ];
  for (const [what, bytes, code] of cases) {
    const frames = await rawExchange(bytes);
    const goaway = frames.find((f) => f.type === FrameType.GOAWAY);
    assert.ok(goaway, `${what}: GOAWAY`);
    assert.equal(goaway.payload.readUInt32BE(4), code, what);
  }
  const ping = Buffer.from("8 octets");
  const frames = await rawExchange(Buffer.concat([CLIENT_PREFACE, settings, frame(FrameType.PING, 0, 0, ping)]), 1000);
  const ack = frames.find((f) => f.type === FrameType.PING);
  assert.ok(ack && ack.flags === 1 && ack.payload.equals(ping), "PING answered with ACK and the same octets");
  const session = connect();
  assert.equal((await h2call(session, "/t/Echo", frameMessage(Buffer.from("ok")))).trailers["grpc-status"], "0");
  session.close();
});

test("one connection's unfinished requests share a cap; what finishes gives its share back", async () => {
  const own = new GrpcHttp2Server({ maxRequestBytes: 1024 * 1024, maxConnectionRequestBytes: 2 * 1024 * 1024 });
  own.unary("/t/Echo", async (request) => ({ message: Buffer.from(String(request.length)) }));
  const ownPort = await own.listen("127.0.0.1", 0);
  const session = http2.connect(`http://127.0.0.1:${ownPort}`);
  session.on("error", () => {});
  try {
    // Two requests of 900 KiB each, begun and not finished: 1.8 MiB of the 2 MiB held.
    const open = await Promise.all(
      [1, 2].map(async () => {
        const req = openCall(session, "/t/Echo");
        const framed = frameMessage(Buffer.alloc(900 * 1024, 1));
        await new Promise((written) => req.write(framed.subarray(0, framed.length - 1), written));
        return { req, last: framed.subarray(framed.length - 1) };
      }),
    );
    // The DATA went to the socket before this PING, so its ACK means the server has read it all.
    await new Promise<void>((acked) => session.ping(() => acked()));
    const third = await h2call(session, "/t/Echo", frameMessage(Buffer.alloc(300 * 1024, 2)));
    assert.equal(third.headers["grpc-status"], String(GrpcCode.RESOURCE_EXHAUSTED));
    assert.match(decodeURIComponent(String(third.headers["grpc-message"])), /unfinished requests would pass 2097152 bytes/);
    // The two finish; their octets go back, and the same request now fits.
    const answers = open.map(
      ({ req, last }) =>
        new Promise<string>((resolve) => {
          const chunks: Buffer[] = [];
          req.on("data", (c: Buffer) => chunks.push(c));
          req.on("close", () => resolve(Buffer.concat(chunks).subarray(5).toString()));
          req.end(last);
        }),
    );
    assert.deepEqual(await Promise.all(answers), [String(900 * 1024), String(900 * 1024)]);
    const again = await h2call(session, "/t/Echo", frameMessage(Buffer.alloc(300 * 1024, 2)));
    assert.equal(again.trailers["grpc-status"], "0");
    assert.equal(again.body.subarray(5).toString(), String(300 * 1024));
  } finally {
    session.close();
    await own.close(1000);
  }
});

test("an answer that waits for flow-control credit the client does not give is reset: none going out for a while, or waiting too long in all", async () => {
  for (const [limits, what] of [
    [{ stallMs: 400, maxWaitMs: 60_000 }, "stall"],
    [{ stallMs: 60_000, maxWaitMs: 400 }, "longest wait"],
  ] as const) {
    const own = new GrpcHttp2Server({ maxRequestBytes: 1024, connectionLimits: { ...DEFAULT_CONNECTION_LIMITS, withheld: limits } });
    own.unary("/t/Echo", async (request) => ({ message: Buffer.alloc(Number(request.toString().slice(4)), 0xab) }));
    own.unary("/t/Fail", async () => {
      throw new GrpcStatusError(GrpcCode.NOT_FOUND, "nothing here");
    });
    const ownPort = await own.listen("127.0.0.1", 0);
    try {
      const stingy = http2.connect(`http://127.0.0.1:${ownPort}`, { settings: { initialWindowSize: 0 } });
      stingy.on("error", () => {});
      const since = performance.now();
      const calls = await Promise.all([1, 2, 3].map(() => h2call(stingy, "/t/Echo", frameMessage(Buffer.from("big:1000000")))));
      const waited = performance.now() - since;
      assert.deepEqual(
        calls.map((c) => c.rst),
        [ErrorCode.ENHANCE_YOUR_CALM, ErrorCode.ENHANCE_YOUR_CALM, ErrorCode.ENHANCE_YOUR_CALM],
        `${what}: each waiting answer reset`,
      );
      assert.ok(waited >= 390 && waited < 5_000, `${what}: after ${waited} ms`);
      // The connection goes on: an answer that needs no window still arrives on it.
      const other = await h2call(stingy, "/t/Fail", frameMessage(Buffer.alloc(0)));
      assert.equal(other.headers["grpc-status"], String(GrpcCode.NOT_FOUND), what);
      stingy.destroy();
    } finally {
      await own.close(1000);
    }
  }
  // A client that reads gets its answers, many window-fulls each, from a server that resets after 400 ms.
  const own = new GrpcHttp2Server({ maxRequestBytes: 1024, connectionLimits: { withheld: { stallMs: 400, maxWaitMs: 400 }, prefaceTimeoutMs: 400 } });
  own.unary("/t/Echo", async (request) => ({ message: Buffer.alloc(Number(request.toString().slice(4)), 0xab) }));
  const ownPort = await own.listen("127.0.0.1", 0);
  const reader = http2.connect(`http://127.0.0.1:${ownPort}`);
  reader.on("error", () => {});
  try {
    const answers = await Promise.all([1, 2, 3, 4].map(() => h2call(reader, "/t/Echo", frameMessage(Buffer.from("big:3000000")))));
    assert.deepEqual(
      answers.map((a) => [a.trailers["grpc-status"], a.body.length - 5]),
      [1, 2, 3, 4].map(() => ["0", 3_000_000]),
    );
  } finally {
    reader.close();
    await own.close(1000);
  }
});

test("connections past the limit are closed as they arrive; the ones open go on", async () => {
  const own = new GrpcHttp2Server({ maxRequestBytes: 1024, maxConnections: 2 });
  own.unary("/t/Echo", async (request) => ({ message: Buffer.from(String(request.length)) }));
  const ownPort = await own.listen("127.0.0.1", 0);
  const sessions = [1, 2, 3].map(() => {
    const session = http2.connect(`http://127.0.0.1:${ownPort}`);
    session.on("error", () => {});
    return session;
  });
  try {
    const results = await Promise.all(sessions.map((session) => h2call(session, "/t/Echo", frameMessage(Buffer.from("abc"))).catch(() => undefined)));
    // Which of the three the server took first is the kernel's order: two answered, one closed.
    assert.deepEqual(results.map((r) => r?.trailers["grpc-status"] ?? "closed").sort(), ["0", "0", "closed"]);
  } finally {
    for (const session of sessions) session.destroy();
    await own.close(1000);
  }
});

test("a connection that sends no preface is closed after the preface time; one that does stays", async () => {
  const own = new GrpcHttp2Server({ maxRequestBytes: 1024, connectionLimits: { ...DEFAULT_CONNECTION_LIMITS, prefaceTimeoutMs: 300 } });
  own.unary("/t/Echo", async (request) => ({ message: Buffer.from(String(request.length)) }));
  const ownPort = await own.listen("127.0.0.1", 0);
  try {
    const silent = net.connect(ownPort, "127.0.0.1");
    silent.on("error", () => {});
    silent.resume(); // reads the server's SETTINGS and sees its end
    const since = performance.now();
    await new Promise((resolve) => silent.once("close", resolve));
    assert.ok(performance.now() - since >= 290, "closed at the preface time");
    const session = http2.connect(`http://127.0.0.1:${ownPort}`);
    session.on("error", () => {});
    await new Promise((resolve) => setTimeout(resolve, 500));
    const answer = await h2call(session, "/t/Echo", frameMessage(Buffer.from("abc")));
    assert.equal(answer.trailers["grpc-status"], "0", "a client that spoke is not timed out");
    session.close();
  } finally {
    await own.close(1000);
  }
});

test("connections per client address are bounded, loopback peers not; a closed one frees its place", () => {
  const perAddress = new ConnectionsPerAddress(2);
  const a1 = perAddress.enter("203.0.113.7")!;
  assert.ok(perAddress.enter("::ffff:203.0.113.7"), "the same IPv4 address seen over IPv6");
  assert.equal(perAddress.enter("203.0.113.7"), undefined);
  assert.ok(perAddress.enter("203.0.113.8"), "another address");
  assert.ok(perAddress.enter("2001:db8::1") && perAddress.enter("2001:db8::2"));
  assert.equal(perAddress.enter("2001:db8::3"), undefined, "IPv6 clients count by their /64");
  for (let i = 0; i < 5; i++) assert.ok(perAddress.enter(i % 2 ? "127.0.0.1" : "::1"), "loopback");
  a1();
  a1();
  assert.ok(perAddress.enter("203.0.113.7"));
  assert.equal(perAddress.enter("203.0.113.7"), undefined, "a second release freed no second place");
});

test("close(): GOAWAY, open calls finish, new connections are refused", async () => {
  const own = new GrpcHttp2Server({ maxRequestBytes: 1024 });
  held = [];
  own.unary("/t/Hold", (_r, ctx) => new Promise((resolve) => held.push({ release: () => resolve({ message: Buffer.from("done") }), signal: ctx.signal })));
  const ownPort = await own.listen("127.0.0.1", 0);
  const session = http2.connect(`http://127.0.0.1:${ownPort}`);
  session.on("error", () => {});
  const pending = h2call(session, "/t/Hold", frameMessage(Buffer.alloc(0)));
  await waitFor(() => held.length === 1, "the call to start");
  const goaway = new Promise<number>((resolve) => session.once("goaway", (code) => resolve(code)));
  const closed = own.close(5000);
  assert.equal(await goaway, 0, "GOAWAY(NO_ERROR)");
  held[0]!.release();
  const answer = await pending;
  assert.equal(answer.trailers["grpc-status"], "0");
  assert.equal(answer.body.subarray(5).toString(), "done");
  await closed;
  await assert.rejects(new Promise((resolve, reject) => net.connect(ownPort, "127.0.0.1").on("connect", resolve).on("error", reject)), /ECONNREFUSED/);
});

function frameHeader(length: number, type: number, streamId: number): Buffer {
  const out = Buffer.alloc(9);
  out.writeUIntBE(length, 0, 3);
  out[3] = type;
  out.writeUInt32BE(streamId, 5);
  return out;
}

/** Sends `bytes` on a raw connection; the frames the server sent until it closed (or `waitMs`). */
function rawExchange(bytes: Buffer, waitMs = 2000): Promise<Array<{ type: number; flags: number; streamId: number; payload: Buffer }>> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const done = () => {
      socket.destroy();
      const data = Buffer.concat(chunks);
      const frames = [];
      for (let at = 0; at + 9 <= data.length;) {
        const length = data.readUIntBE(at, 3);
        frames.push({ type: data[at + 3]!, flags: data[at + 4]!, streamId: data.readUInt32BE(at + 5), payload: data.subarray(at + 9, at + 9 + length) });
        at += 9 + length;
      }
      resolve(frames);
    };
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("close", done);
    socket.on("error", () => {});
    socket.write(bytes);
    setTimeout(done, waitMs).unref();
  });
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(check(), `timed out waiting for ${what}`);
}
