/**
 * What one hop between threads or processes costs on this machine, with no work at either end:
 * the floor under every query that crosses them. An `eth_call` crosses three hops by design
 * (client -> JSON-RPC server over HTTP/1.1, JSON-RPC server -> app over gRPC, app thread -> query
 * worker), and so does a REST query (client -> gateway -> app -> worker). Each row is a round trip,
 * one at a time, between two idle ends, so each includes waking a sleeping thread on the way there
 * and on the way back:
 *   - thread wake: two threads hand a counter back and forth with Atomics.wait / Atomics.notify;
 *   - worker message: the app thread posts a small query-shaped message to a worker, which answers;
 *   - HTTP/1.1: a keep-alive POST of a JSON-RPC request to a bare node:http server in another
 *     process, answered with a fixed body (what the JSON-RPC server's framework adds is on top);
 *   - gRPC over HTTP/2: a unary call with the JSON-RPC server's client (Http2UnaryClient, our own
 *     HTTP/2 connection) to a bare node:http2 server in another process that answers a fixed message;
 *   - gRPC to our server: the same call answered by GrpcHttp2Server (common/grpc/grpcServer.ts), the
 *     app's gRPC server, and for reference by a grpc-js Server, which the app ran before;
 *   - for reference, the same call to the bare server through node:http2's own client (a session's
 *     request stream), which Http2UnaryClient replaced.
 * Each row also gives the measuring side's CPU per round trip (process.cpuUsage): for the gRPC rows,
 * what the client costs the REST gateway or the JSON-RPC server per call; and for the rows with a
 * server process, that process's CPU per call (warm-up calls included), what a server costs the
 * app's thread per call.
 * The floor of a query is the sum of its hops' p50s; the node's own figures (bench/erc20.ts for
 * eth_call, bench/rest-query.ts) are measured against it.
 *
 *   npm run bench -- hop-floor [--calls 3000] [--warmup 500]
 */
import { fork, type ChildProcess } from "node:child_process";
import http from "node:http";
import http2 from "node:http2";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { Server, ServerCredentials, type MethodDefinition, type UntypedServiceImplementation } from "@grpc/grpc-js";
import { Http2UnaryClient } from "../common/grpc/http2UnaryClient.js";
import { frameMessage } from "../common/grpc/messageFrame.js";
import { GrpcHttp2Server } from "../common/grpc/grpcServer.js";
import { median, percentile } from "./stats.js";

const SELF = fileURLToPath(import.meta.url);
const ROLE_ENV = "BENCH_HOP_FLOOR_ROLE";
const GRPC_PATH = "/bench.Hop/Call";
const REQUEST = new Uint8Array(48);
const ANSWER = Buffer.alloc(64, 7);
const JSON_ANSWER = JSON.stringify({ jsonrpc: "2.0", id: 1, result: "0x" + "00".repeat(32) });

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
if (workerData.kind === "wake") {
  const cell = new Int32Array(workerData.buffer);
  for (let i = 1; ; i++) { Atomics.wait(cell, 0, i - 1); Atomics.store(cell, 1, i); Atomics.notify(cell, 1); }
} else {
  parentPort.on("message", (m) => parentPort.postMessage({ kind: "answer", id: m.id, response: new Uint8Array(64), height: 1 }));
}`;

interface Row {
  hop: string;
  p50: number;
  p99: number;
  /** The measuring process's CPU per round trip, µs. */
  cpuUs: number;
  /** The server process's CPU per call, µs, for the rows with one. */
  serverCpuUs?: number;
}

async function timeRoundTrips(hop: string, calls: number, warmup: number, roundTrip: () => Promise<unknown>): Promise<Row> {
  for (let i = 0; i < warmup; i++) await roundTrip();
  const ms: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    await roundTrip();
    ms.push(performance.now() - start);
  }
  return summarise(hop, ms, process.cpuUsage(cpu));
}

function summarise(hop: string, ms: number[], cpu: NodeJS.CpuUsage): Row {
  const row = { hop, p50: median(ms), p99: percentile(ms, 99), cpuUs: (cpu.user + cpu.system) / ms.length };
  console.error(`[hop-floor] ${hop}: p50 ${row.p50.toFixed(3)} ms, p99 ${row.p99.toFixed(3)} ms, ${row.cpuUs.toFixed(0)} µs CPU per round trip`);
  return row;
}

/** Thread wakes, timed in a loop of its own: Atomics.wait blocks, so each round trip is synchronous. */
async function threadWake(calls: number, warmup: number): Promise<Row> {
  const cell = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { kind: "wake", buffer: cell.buffer } });
  await new Promise((r) => setTimeout(r, 200));
  const ms: number[] = [];
  let cpu = process.cpuUsage();
  for (let i = 1; i <= warmup + calls; i++) {
    if (i === warmup + 1) cpu = process.cpuUsage();
    const start = performance.now();
    Atomics.store(cell, 0, i);
    Atomics.notify(cell, 0);
    while (Atomics.load(cell, 1) !== i) Atomics.wait(cell, 1, i - 1, 5);
    if (i > warmup) ms.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  await worker.terminate();
  return summarise("thread wake (Atomics.wait / notify, there and back)", ms, used);
}

async function workerMessage(calls: number, warmup: number): Promise<Row> {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { kind: "message" } });
  let id = 0;
  const roundTrip = () =>
    new Promise<void>((resolve) => {
      worker.once("message", () => resolve());
      worker.postMessage({ kind: "query", id: ++id, path: GRPC_PATH, request: REQUEST, height: 0 });
    });
  const row = await timeRoundTrips("worker message (postMessage there and back)", calls, warmup, roundTrip);
  await worker.terminate();
  return row;
}

async function http1(hop: string, port: number, calls: number, warmup: number): Promise<Row> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_call", params: [{ to: "0x" + "11".repeat(20), data: "0x70a08231" }, "latest"] });
  const roundTrip = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port, method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on("end", resolve);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  const row = await timeRoundTrips(hop, calls, warmup, roundTrip);
  agent.destroy();
  return row;
}

async function grpcCall(hop: string, port: number, calls: number, warmup: number): Promise<Row> {
  const client = new Http2UnaryClient(`127.0.0.1:${port}`);
  const row = await timeRoundTrips(hop, calls, warmup, () => client.unary(GRPC_PATH, REQUEST, { timeoutMs: 5000 }));
  client.close();
  return row;
}

/** The same call through node:http2's own client: a request stream per call on one session. */
async function nodeHttp2Call(hop: string, port: number, calls: number, warmup: number): Promise<Row> {
  const session = http2.connect(`http://127.0.0.1:${port}`);
  const frame = frameMessage(REQUEST);
  const roundTrip = () =>
    new Promise<void>((resolve, reject) => {
      const stream = session.request({ ":method": "POST", ":path": GRPC_PATH, "content-type": "application/grpc", te: "trailers" });
      stream.on("data", () => {});
      stream.on("error", reject);
      stream.on("close", () => resolve());
      stream.end(frame);
    });
  const row = await timeRoundTrips(hop, calls, warmup, roundTrip);
  session.close();
  return row;
}

// --- the servers, each in a process of its own ---------------------------------------------

function serveHttp1(): Promise<number> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(JSON_ANSWER) });
      res.end(JSON_ANSWER);
    });
  });
  return listen(server);
}

function serveHttp2(): Promise<number> {
  const framed = frameMessage(ANSWER);
  const server = http2.createServer();
  server.on("stream", (stream) => {
    stream.resume();
    stream.on("end", () => {
      stream.respond({ ":status": 200, "content-type": "application/grpc" }, { waitForTrailers: true });
      stream.once("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0" }));
      stream.end(framed);
    });
  });
  return listen(server);
}

function serveGrpcJs(): Promise<number> {
  const server = new Server({ "grpc.enable_channelz": 0 });
  const pass = (b: Buffer) => b;
  const definition: Record<string, MethodDefinition<Buffer, Buffer>> = {
    Call: {
      path: GRPC_PATH,
      requestStream: false,
      responseStream: false,
      requestSerialize: pass,
      requestDeserialize: pass,
      responseSerialize: pass,
      responseDeserialize: pass,
    },
  };
  const implementation: UntypedServiceImplementation = { Call: (_call: unknown, callback: (err: null, answer: Buffer) => void) => callback(null, ANSWER) };
  server.addService(definition, implementation);
  return new Promise((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", ServerCredentials.createInsecure(), (err, port) => (err ? reject(err) : resolve(port))),
  );
}

function serveOwnGrpc(): Promise<number> {
  const server = new GrpcHttp2Server({ maxRequestBytes: 1024 * 1024 });
  server.unary(GRPC_PATH, async () => ({ message: ANSWER }));
  return server.listen("127.0.0.1", 0);
}

function listen(server: http.Server | http2.Http2Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));
}

const SERVERS: Record<string, () => Promise<number>> = { http1: serveHttp1, http2: serveHttp2, grpcjs: serveGrpcJs, own: serveOwnGrpc };

async function serveAsChild(role: string): Promise<void> {
  const port = await SERVERS[role]!();
  process.send!({ port });
  // The parent asks for this process's CPU time before and after its round trips.
  process.on("message", () => process.send!(process.cpuUsage()));
}

function childCpuUs(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once("message", (cpu: NodeJS.CpuUsage) => resolve(cpu.user + cpu.system));
    child.send("cpu");
  });
}

/** Starts this file as a server process of `role`; resolves to its port. */
function startServer(role: string): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(SELF, [], { env: { ...process.env, [ROLE_ENV]: role }, execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("message", (m: { port: number }) => resolve({ child, port: m.port }));
    child.once("exit", (code) => reject(new Error(`the ${role} server exited (${code}) before listening`)));
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { calls: { type: "string", default: "3000" }, warmup: { type: "string", default: "500" } } });
  const calls = Number(values.calls);
  const warmup = Number(values.warmup);
  if (!Number.isInteger(calls) || calls < 10 || !Number.isInteger(warmup) || warmup < 0) throw new Error("--calls must be an integer >= 10 and --warmup >= 0");
  const rows: Row[] = [await threadWake(calls, warmup), await workerMessage(calls, warmup)];
  for (const [role, hop, measure] of [
    ["http1", "HTTP/1.1 keep-alive POST to another process", http1],
    ["http2", "gRPC unary (Http2UnaryClient) to a bare node:http2 server in another process", grpcCall],
    ["own", "gRPC unary (Http2UnaryClient) to GrpcHttp2Server, the app's gRPC server, in another process", grpcCall],
    ["grpcjs", "reference: the same call to a grpc-js Server in another process", grpcCall],
    ["http2", "reference: the same call to the bare node:http2 server through node:http2's client", nodeHttp2Call],
  ] as const) {
    const { child, port } = await startServer(role);
    try {
      const before = await childCpuUs(child);
      const row = await measure(hop, port, calls, warmup);
      row.serverCpuUs = ((await childCpuUs(child)) - before) / (calls + warmup);
      rows.push(row);
    } finally {
      child.kill();
    }
  }
  const [, message, h1, , ownGrpc] = rows as [Row, Row, Row, Row, Row, Row, Row];
  console.log(
    `\nMachine: ${os.cpus()[0]?.model ?? "?"}, ${os.cpus().length} cores; Node ${process.version}; ${new Date().toISOString()}; ${calls} round trips per row, one at a time, after ${warmup}\n`,
  );
  console.log("| hop (round trip, no work at either end) | p50 ms | p99 ms | µs CPU per round trip, measuring side | µs CPU per call, server process |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const r of rows) console.log(`| ${r.hop} | ${r.p50.toFixed(3)} | ${r.p99.toFixed(3)} | ${r.cpuUs.toFixed(0)} | ${r.serverCpuUs?.toFixed(0) ?? "-"} |`);
  const floor = h1.p50 + ownGrpc.p50 + message.p50;
  console.log(
    `\nFloor of an eth_call or REST query through the node's processes (HTTP/1.1 + gRPC to the app's server + worker message, p50s summed): **${floor.toFixed(3)} ms** before any work`,
  );
}

if (process.env[ROLE_ENV]) void serveAsChild(process.env[ROLE_ENV]);
else
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
