// The unary client against a real grpc-js server: answers with their height metadata,
// statuses and details as grpc-js reports them, deadlines, size limits, a server that is down and
// one that comes back, and many calls in flight on one connection.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { Metadata, Server, ServerCredentials, status, type sendUnaryData, type ServerUnaryCall } from "@grpc/grpc-js";
import { HEIGHT_METADATA_KEY } from "./height.js";
import { Http2UnaryClient } from "./http2UnaryClient.js";
import { freePort } from "../../test/support/ports.js";
import { callFailure as failure } from "./testing/callFailure.js";

const raw = (b: Buffer) => b;
const method = (path: string) => ({
  path,
  requestStream: false,
  responseStream: false,
  requestSerialize: raw,
  requestDeserialize: raw,
  responseSerialize: raw,
  responseDeserialize: raw,
});
type Handler = (call: ServerUnaryCall<Buffer, Buffer>, done: sendUnaryData<Buffer>) => void;

/** Echo answers the request reversed, at the height it was asked for (or 7), in its initial metadata. */
const handlers: Record<string, Handler> = {
  Echo(call, done) {
    const asked = call.metadata.get(HEIGHT_METADATA_KEY)[0];
    const md = new Metadata();
    md.set(HEIGHT_METADATA_KEY, String(asked ?? "7"));
    call.sendMetadata(md);
    done(null, Buffer.from(call.request).reverse());
  },
  Fail(_call, done) {
    const trailer = new Metadata();
    trailer.set("x-reason", "test");
    done({ code: status.NOT_FOUND, details: "no such thing: 100% missing, ünïcode", metadata: trailer });
  },
  Big(call, done) {
    done(null, Buffer.alloc(Number(call.request.toString())));
  },
  Never() {},
};

async function startServer(port = 0): Promise<{ server: Server; port: number }> {
  const server = new Server();
  const definition = Object.fromEntries(Object.keys(handlers).map((name) => [name, method(`/test.Svc/${name}`)]));
  server.addService(definition, handlers);
  const bound = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${port}`, ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return { server, port: bound };
}

const stop = (server: Server) => new Promise<void>((resolve) => server.tryShutdown(() => resolve()));

let server: Server;
let port: number;
let client: Http2UnaryClient;

before(async () => {
  ({ server, port } = await startServer());
  client = new Http2UnaryClient(`127.0.0.1:${port}`, { maxReceiveBytes: 1024 });
});

after(async () => {
  client.close();
  await stop(server);
});

test("an answer arrives with the height the server sent in its initial metadata", async () => {
  const answer = await client.unary("/test.Svc/Echo", Buffer.from("abc"), { height: 42, timeoutMs: 2000 });
  assert.equal(Buffer.from(answer.response).toString(), "cba");
  assert.equal(answer.height, 42);
  const latest = await client.unary("/test.Svc/Echo", new Uint8Array());
  assert.equal(latest.response.length, 0);
  assert.equal(latest.height, 7);
});

test("a failed call has grpc-js's code, details (percent-decoded) and trailing metadata", async () => {
  const err = await failure(client.unary("/test.Svc/Fail", new Uint8Array()));
  assert.equal(err.code, status.NOT_FOUND);
  assert.equal(err.details, "no such thing: 100% missing, ünïcode");
  assert.equal(err.message, "5 NOT_FOUND: no such thing: 100% missing, ünïcode");
  assert.deepEqual(err.metadata.get("x-reason"), ["test"]);
});

test("a method the server does not serve is UNIMPLEMENTED", async () => {
  const err = await failure(client.unary("/test.Svc/Missing", new Uint8Array()));
  assert.equal(err.code, status.UNIMPLEMENTED);
  assert.match(err.details, /\/test\.Svc\/Missing/);
});

test("a call past its deadline fails DEADLINE_EXCEEDED, and the connection serves the next call", async () => {
  const started = Date.now();
  const err = await failure(client.unary("/test.Svc/Never", new Uint8Array(), { timeoutMs: 150 }));
  assert.equal(err.code, status.DEADLINE_EXCEEDED);
  assert.ok(Date.now() - started < 2000, `failed after ${Date.now() - started} ms`);
  assert.equal(Buffer.from((await client.unary("/test.Svc/Echo", Buffer.from("ok"))).response).toString(), "ko");
});

test("an answer larger than maxReceiveBytes is RESOURCE_EXHAUSTED; one at the limit arrives", async () => {
  const err = await failure(client.unary("/test.Svc/Big", Buffer.from("1025")));
  assert.equal(err.code, status.RESOURCE_EXHAUSTED);
  assert.match(err.details, /1025 vs 1024/);
  assert.equal((await client.unary("/test.Svc/Big", Buffer.from("1024"))).response.length, 1024);
});

test("many calls in flight on one connection each get their own answer", async () => {
  const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => client.unary("/test.Svc/Echo", Buffer.from(`n${i}`), { height: i + 1 })));
  answers.forEach((a, i) => {
    assert.equal(Buffer.from(a.response).toString(), Buffer.from(`n${i}`).reverse().toString());
    assert.equal(a.height, i + 1);
  });
});

test("no server is UNAVAILABLE; once one listens on the port, calls succeed again", async () => {
  const free = await freePort();
  const lonely = new Http2UnaryClient(`127.0.0.1:${free}`);
  try {
    const err = await failure(lonely.unary("/test.Svc/Echo", Buffer.from("x"), { timeoutMs: 2000 }));
    assert.equal(err.code, status.UNAVAILABLE);
    assert.match(err.details, /ECONNREFUSED/);

    const late = await startServer(free);
    try {
      assert.equal(Buffer.from((await lonely.unary("/test.Svc/Echo", Buffer.from("xy"))).response).toString(), "yx");
    } finally {
      await stop(late.server);
    }
    // The server went away: the next call fails, and does not hang.
    const gone = await failure(lonely.unary("/test.Svc/Echo", Buffer.from("x"), { timeoutMs: 2000 }));
    assert.equal(gone.code, status.UNAVAILABLE);

    const back = await startServer(free);
    try {
      assert.equal(Buffer.from((await lonely.unary("/test.Svc/Echo", Buffer.from("ab"))).response).toString(), "ba");
    } finally {
      await stop(back.server);
    }
  } finally {
    lonely.close();
  }
});

test("a closed client refuses calls", async () => {
  const closed = new Http2UnaryClient(`127.0.0.1:${port}`);
  closed.close();
  const err = await failure(closed.unary("/test.Svc/Echo", new Uint8Array()));
  assert.equal(err.code, status.CANCELLED);
});
