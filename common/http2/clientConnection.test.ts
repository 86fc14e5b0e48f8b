// The HTTP/2 client connection against node:http2's server (nghttp2): flow control both ways past
// the default windows, answers in many DATA frames, a server that limits concurrent streams, that
// resets a stream or says GOAWAY, header values of every octet through nghttp2's Huffman coding
// and dynamic table. Then against a raw TCP server that speaks broken HTTP/2: the calls fail
// cleanly, PINGs are answered, and the process goes on.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import http2 from "node:http2";
import net from "node:net";
import { status, type ServiceError } from "@grpc/grpc-js";
import { Http2UnaryClient } from "../grpc/http2UnaryClient.js";
import { frameMessage } from "../grpc/messageFrame.js";
import { CLIENT_PREFACE, Flag, frame, FrameType, settingsPayload, Setting } from "./frames.js";
import { callFailure as failure } from "../grpc/testing/callFailure.js";

/** Every octet a header value may hold: no controls, no DEL. */
const EVERY_OCTET = Buffer.from(Array.from({ length: 256 }, (_, i) => i).filter((b) => b >= 0x20 && b !== 0x7f)).toString("latin1");

/** Printable ASCII, the octets gRPC metadata values may hold. */
const PRINTABLE = Buffer.from(Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i)).toString("latin1");

/** What the test server does for a path; each reads the whole request first. */
type Behaviour = (stream: http2.ServerHttp2Stream, request: Buffer, headers: http2.IncomingHttpHeaders) => void;

const respond = (stream: http2.ServerHttp2Stream, message: Buffer, trailers: http2.OutgoingHttpHeaders = { "grpc-status": "0" }) => {
  stream.respond({ ":status": 200, "content-type": "application/grpc" }, { waitForTrailers: true });
  stream.once("wantTrailers", () => stream.sendTrailers(trailers));
  stream.end(frameMessage(message));
};

const behaviours: Record<string, Behaviour> = {
  // Answers the request's length, as text.
  "/t/Length": (stream, request) => respond(stream, Buffer.from(String(request.length - 5))),
  // Answers as many octets as the request asks for.
  "/t/Big": (stream, request) => respond(stream, Buffer.alloc(Number(request.subarray(5).toString()), 0xab)),
  // Fails with trailers that hold every octet value (Huffman-coded, then indexed, by nghttp2); the
  // message's "%&" is no percent-escape, so it arrives as sent.
  "/t/Octets": (stream) =>
    respond(stream, Buffer.alloc(0), { "grpc-status": "5", "grpc-message": EVERY_OCTET, "x-printable": PRINTABLE, "x-octets": EVERY_OCTET }),
  "/t/Slow": (stream) => setTimeout(() => respond(stream, Buffer.from("late")), 50),
  "/t/Refuse": (stream) => stream.close(http2.constants.NGHTTP2_REFUSED_STREAM),
  // Answers that break gRPC's one length-prefixed message, each with status OK.
  "/t/Twice": (stream) => respondRaw(stream, Buffer.concat([frameMessage(Buffer.from("a")), frameMessage(Buffer.from("b"))])),
  "/t/OneMore": (stream) => respondRaw(stream, Buffer.concat([frameMessage(Buffer.from("a")), Buffer.from([0])])),
  "/t/Cut": (stream) => respondRaw(stream, frameMessage(Buffer.from("whole")).subarray(0, 7)),
  "/t/Stub": (stream) => respondRaw(stream, Buffer.from([0, 0])),
  "/t/None": (stream) => respondRaw(stream, Buffer.alloc(0)),
  "/t/Zipped": (stream) => respondRaw(stream, Buffer.from([1, 0, 0, 0, 1, 7])),
};

/** Answers `body` as it is (not framed as one message), with status OK. */
function respondRaw(stream: http2.ServerHttp2Stream, body: Buffer): void {
  stream.respond({ ":status": 200, "content-type": "application/grpc" }, { waitForTrailers: true });
  stream.once("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0" }));
  stream.end(body);
}

let server: http2.Http2Server;
let port: number;
const sessions = new Set<http2.ServerHttp2Session>();

async function listen(settings: http2.Settings = {}): Promise<{ server: http2.Http2Server; port: number }> {
  const s = http2.createServer({ settings });
  s.on("session", (session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  s.on("stream", (stream, headers) => {
    stream.on("error", () => {});
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => behaviours[String(headers[":path"])]!(stream, Buffer.concat(chunks), headers));
  });
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  return { server: s, port: (s.address() as net.AddressInfo).port };
}

before(async () => ({ server, port } = await listen()));
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("a request past the server's 64 KiB windows waits for its WINDOW_UPDATEs and arrives whole", async () => {
  const client = new Http2UnaryClient(`127.0.0.1:${port}`);
  try {
    for (const size of [0, 16_383, 16_384, 65_535, 65_536, 300_000]) {
      const answer = await client.unary("/t/Length", Buffer.alloc(size, 1), { timeoutMs: 5000 });
      assert.equal(Buffer.from(answer.response).toString(), String(size));
    }
    // Several large ones at once share the connection's window.
    const sizes = await Promise.all([1, 2, 3, 4].map((i) => client.unary("/t/Length", Buffer.alloc(100_000 * i), { timeoutMs: 5000 })));
    assert.deepEqual(
      sizes.map((a) => Buffer.from(a.response).toString()),
      ["100000", "200000", "300000", "400000"],
    );
  } finally {
    client.close();
  }
});

test("an answer that is not one whole uncompressed message is INTERNAL, saying what is wrong", async () => {
  const client = new Http2UnaryClient(`127.0.0.1:${port}`);
  try {
    for (const [path, details] of [
      ["/t/Twice", "a unary call answered with more than one message"],
      ["/t/OneMore", "a unary call answered with more than one message"],
      ["/t/Cut", "the answer ended inside its message"],
      ["/t/Stub", "No message received"],
      ["/t/None", "No message received"],
      ["/t/Zipped", "a compressed answer, though no compression was offered"],
    ] as const) {
      const err = await failure(client.unary(path, Buffer.alloc(0), { timeoutMs: 5000 }));
      assert.deepEqual([err.code, err.details], [status.INTERNAL, details], path);
    }
  } finally {
    client.close();
  }
});

test("an answer in many DATA frames arrives whole", async () => {
  const client = new Http2UnaryClient(`127.0.0.1:${port}`, { maxReceiveBytes: 3_000_000 });
  try {
    const answer = await client.unary("/t/Big", Buffer.from("2500000"), { timeoutMs: 5000 });
    assert.equal(answer.response.length, 2_500_000);
    assert.ok(answer.response.every((b) => b === 0xab));
  } finally {
    client.close();
  }
});

test("header values of every octet survive nghttp2's Huffman coding and dynamic table, call after call", async () => {
  const client = new Http2UnaryClient(`127.0.0.1:${port}`);
  try {
    for (let i = 0; i < 3; i++) {
      const err = await failure(client.unary("/t/Octets", Buffer.alloc(0)));
      assert.equal(err.code, status.NOT_FOUND);
      assert.equal(err.details, EVERY_OCTET);
      assert.deepEqual(err.metadata.get("x-printable"), [PRINTABLE]);
      // Octets past ASCII are no gRPC metadata value: dropped, as grpc-js drops them.
      assert.deepEqual(err.metadata.get("x-octets"), []);
    }
  } finally {
    client.close();
  }
});

/** A client of a server of its own that allows `maxStreams` streams at a time, its SETTINGS already in. */
async function withServerAllowing(maxStreams: number, use: (client: Http2UnaryClient) => Promise<void>): Promise<void> {
  const limited = await listen({ maxConcurrentStreams: maxStreams });
  const client = new Http2UnaryClient(`127.0.0.1:${limited.port}`);
  try {
    // The first call lets the server's SETTINGS arrive before the test's burst.
    await client.unary("/t/Length", Buffer.alloc(1));
    await use(client);
  } finally {
    client.close();
    await new Promise<void>((resolve) => limited.server.close(() => resolve()));
  }
}

test("a server that allows 2 streams at a time still answers 40 calls sent at once", async () => {
  await withServerAllowing(2, async (client) => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => client.unary("/t/Slow", Buffer.alloc(i), { timeoutMs: 10_000 })));
    assert.equal(answers.length, 40);
    assert.ok(answers.every((a) => Buffer.from(a.response).toString() === "late"));
  });
});

test("a stream the server refuses is UNAVAILABLE, and the connection serves the next call", async () => {
  const client = new Http2UnaryClient(`127.0.0.1:${port}`);
  try {
    const err = await failure(client.unary("/t/Refuse", Buffer.alloc(1)));
    assert.equal(err.code, status.UNAVAILABLE);
    assert.match(err.details, /RST_STREAM with code 7/);
    assert.equal(Buffer.from((await client.unary("/t/Length", Buffer.alloc(3))).response).toString(), "3");
  } finally {
    client.close();
  }
});

test("after the server's GOAWAY, calls in flight finish and the next call opens a new connection", async () => {
  const client = new Http2UnaryClient(`127.0.0.1:${port}`);
  try {
    await client.unary("/t/Length", Buffer.alloc(1));
    const inFlight = client.unary("/t/Slow", Buffer.alloc(1), { timeoutMs: 5000 });
    await new Promise((r) => setTimeout(r, 10));
    const before = new Set(sessions);
    for (const session of before) session.close();
    assert.equal(Buffer.from((await inFlight).response).toString(), "late");
    assert.equal(Buffer.from((await client.unary("/t/Length", Buffer.alloc(2))).response).toString(), "2");
    assert.ok(
      [...sessions].some((s) => !before.has(s)),
      "the call after GOAWAY went on a new connection",
    );
  } finally {
    client.close();
  }
});

test("a GOAWAY fails the calls still queued for a stream at once, and lets the open one finish", async () => {
  await withServerAllowing(1, async (client) => {
    const calls = [1, 2, 3].map((i) =>
      client.unary("/t/Slow", Buffer.alloc(i), { timeoutMs: 5000 }).then(
        (a) => Buffer.from(a.response).toString(),
        (e: ServiceError) => e,
      ),
    );
    await new Promise((r) => setTimeout(r, 10));
    const started = Date.now();
    for (const session of sessions) session.close();
    const [first, second, third] = await Promise.all(calls);
    assert.equal(first, "late");
    for (const queued of [second, third]) {
      assert.equal((queued as ServiceError).code, status.UNAVAILABLE);
      assert.match((queued as ServiceError).details, /GOAWAY/);
    }
    assert.ok(Date.now() - started < 2000, "the queued calls did not wait for their deadline");
  });
});

// --- a server that speaks broken HTTP/2 --------------------------------------------------------

/** A TCP server that, once the client's preface and first frames are in, writes `reply(received)`. */
async function rawServer(reply: (socket: net.Socket) => void): Promise<{ port: number; received: () => Buffer; close: () => Promise<void> }> {
  const seen: Buffer[] = [];
  const s = net.createServer((socket) => {
    socket.on("data", (chunk) => {
      const first = seen.length === 0;
      seen.push(chunk);
      if (first) reply(socket);
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  return {
    port: (s.address() as net.AddressInfo).port,
    received: () => Buffer.concat(seen),
    close: () => new Promise<void>((resolve) => s.close(() => resolve())),
  };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
}

const SERVER_SETTINGS = frame(FrameType.SETTINGS, 0, 0, settingsPayload([[Setting.MAX_CONCURRENT_STREAMS, 100]]));

test("broken servers fail the call, never the process", async () => {
  const replies: Array<[string, Buffer, RegExp]> = [
    ["garbage", Buffer.from("HTTP/1.1 400 Bad Request\r\n\r\n"), /broke HTTP\/2|closed/],
    ["a frame past 16 KiB", Buffer.concat([SERVER_SETTINGS, frame(FrameType.DATA, 0, 1, Buffer.alloc(20_000))]), /past the 16384 allowed/],
    [
      "a header block that does not decode",
      Buffer.concat([SERVER_SETTINGS, frame(FrameType.HEADERS, Flag.END_HEADERS, 1, Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]))]),
      /does not decode/,
    ],
    ["a push promise", Buffer.concat([SERVER_SETTINGS, frame(FrameType.PUSH_PROMISE, Flag.END_HEADERS, 1, Buffer.alloc(4))]), /PUSH_PROMISE/],
    ["a frame on a stream never opened", Buffer.concat([SERVER_SETTINGS, frame(FrameType.DATA, 0, 9, Buffer.alloc(1))]), /never opened/],
    ["padding as long as the frame", Buffer.concat([SERVER_SETTINGS, frame(FrameType.DATA, Flag.PADDED, 1, Buffer.from([5, 0, 0]))]), /padding/],
    [
      "a frame inside a header block",
      Buffer.concat([SERVER_SETTINGS, frame(FrameType.HEADERS, 0, 1, Buffer.from([0x88])), frame(FrameType.PING, 0, 0, Buffer.alloc(8))]),
      /inside a header block/,
    ],
    [
      "a header block in endless empty CONTINUATIONs",
      Buffer.concat([
        SERVER_SETTINGS,
        frame(FrameType.HEADERS, 0, 1, Buffer.from([0x88])),
        ...Array.from({ length: 100 }, () => frame(FrameType.CONTINUATION, 0, 1)),
      ]),
      /more than 64 frames/,
    ],
    ["a silent close", Buffer.alloc(0), /closed/],
  ];
  for (const [name, reply, expected] of replies) {
    const raw = await rawServer((socket) => (reply.length > 0 ? socket.write(reply) : socket.end()));
    const client = new Http2UnaryClient(`127.0.0.1:${raw.port}`);
    try {
      const err = await failure(client.unary("/t/Length", Buffer.alloc(1), { timeoutMs: 3000 }));
      assert.ok(err.code === status.UNAVAILABLE || err.code === status.INTERNAL, `${name}: code ${err.code} ${err.details}`);
      assert.match(err.details, expected, name);
    } finally {
      client.close();
      await raw.close();
    }
  }
});

test("a PING is answered with its payload, and a server's SETTINGS are acknowledged", async () => {
  const payload = Buffer.from("12345678");
  const raw = await rawServer((socket) => socket.write(Buffer.concat([SERVER_SETTINGS, frame(FrameType.PING, 0, 0, payload)])));
  const client = new Http2UnaryClient(`127.0.0.1:${raw.port}`);
  try {
    const call = client.unary("/t/Length", Buffer.alloc(1), { timeoutMs: 300 });
    assert.equal((await failure(call)).code, status.DEADLINE_EXCEEDED);
    await until(() => raw.received().includes(frame(FrameType.RST_STREAM, 0, 1, Buffer.from([0, 0, 0, 8]))));
    const received = raw.received();
    assert.ok(received.subarray(0, CLIENT_PREFACE.length).equals(CLIENT_PREFACE), "the client preface opens the connection");
    assert.ok(received.includes(frame(FrameType.PING, Flag.ACK, 0, payload)), "PING ACK with the same payload");
    assert.ok(received.includes(frame(FrameType.SETTINGS, Flag.ACK, 0)), "SETTINGS ACK");
    // The deadline cancelled the stream.
    assert.ok(received.includes(frame(FrameType.RST_STREAM, 0, 1, Buffer.from([0, 0, 0, 8]))), "RST_STREAM(CANCEL) on stream 1");
  } finally {
    client.close();
    await raw.close();
  }
});
