/**
 * What answering an HTTP request costs a Node process on this machine, before any call to the
 * app: wrk against three servers, each alone in its own process, giving the same balance JSON:
 *   - node:http: a bare handler writing a fixed answer (the floor);
 *   - Koa: the same fixed answer through a one-middleware Koa app (what the REST gateway and the
 *     JSON-RPC server ran every request through before round 13);
 *   - gateway: the REST gateway's own handler (gateway/rest/server.ts) on
 *     `GET /cosmos/bank/v1beta1/balances/<address>`, its gRPC call answered in-process by a fixed
 *     reply: routing, the request message, the shared call, the JSON answer;
 *   - two POSTs of a JSON-RPC `eth_call` body answered with the same fixed JSON, the body read by
 *     `for await` over the request (as the JSON-RPC server and the faucet did before round 34) and by
 *     common/node/requestBody.ts, which reads it through the stream's events.
 * Rounds alternate the servers so the machine's drift hits all alike; each row is the median over
 * the rounds of req/s and of the server's CPU (user + system, from /proc) per request.
 *
 *   npm run bench -- http-overhead [--seconds 5] [--rounds 3] [--connections 16]
 */
import { execFileSync, fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { create, createFileRegistry, toBinary } from "@bufbuild/protobuf";
import Koa from "koa";
import { Query as BankQuery, QueryAllBalancesResponseSchema } from "../gen/cosmos/bank/v1beta1/query_pb.js";
import type { RestBackend } from "../gateway/rest/backend.js";
import { RouteTable } from "../gateway/rest/routes.js";
import { createRestApp } from "../gateway/rest/server.js";
import { readRequestBody } from "../common/node/requestBody.js";
import { positiveIntFlag } from "./args.js";
import { processCpuSeconds } from "./load/processes.js";
import { median } from "./stats.js";

const SELF = fileURLToPath(import.meta.url);
const ROLE_ENV = "BENCH_HTTP_OVERHEAD_ROLE";
const WRK = "/usr/bin/wrk";
const ADDRESS = "unit1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu";
const PATH = `/cosmos/bank/v1beta1/balances/${ADDRESS}`;
const HEIGHT = 12;
const ANSWER = create(QueryAllBalancesResponseSchema, { balances: [{ denom: "uunit", amount: "100000000000" }] });
const SERVERS = ["node:http", "Koa", "gateway", "POST, body by for await", "POST, body by readRequestBody"] as const;
type Role = (typeof SERVERS)[number];
const POST_BODY = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "eth_call",
  params: [{ to: `0x${"11".repeat(20)}`, data: `0x70a08231${"00".repeat(32)}` }, "latest"],
});
/** wrk's script for the POST rows. */
const POST_SCRIPT = path.join(os.tmpdir(), `bench-http-overhead-${process.pid}.lua`);
const isPost = (r: Role) => r.startsWith("POST");

const role = process.env[ROLE_ENV] as Role | undefined;
if (role) await serve(role);
else await main();

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { seconds: { type: "string", default: "5" }, rounds: { type: "string", default: "3" }, connections: { type: "string", default: "16" } },
  });
  const seconds = positiveIntFlag(values.seconds, "seconds");
  const rounds = positiveIntFlag(values.rounds, "rounds");
  const connections = positiveIntFlag(values.connections, "connections");
  if (!fs.existsSync(WRK)) throw new Error(`${WRK} is missing: apt-get install wrk`);
  fs.writeFileSync(POST_SCRIPT, `wrk.method = "POST"\nwrk.body = '${POST_BODY}'\nwrk.headers["Content-Type"] = "application/json"\n`);

  const children = new Map<Role, { child: ChildProcess; port: number }>();
  try {
    for (const r of SERVERS) children.set(r, await start(r));
    const samples = new Map<Role, { rps: number[]; cpuUs: number[] }>(SERVERS.map((r) => [r, { rps: [], cpuUs: [] }]));
    for (let round = 1; round <= rounds; round++) {
      for (const r of SERVERS) {
        const { child, port } = children.get(r)!;
        // A second of the same load first: the JIT and the connection pool warm up outside the count.
        wrk(port, connections, 1, isPost(r));
        const before = processCpuSeconds(child.pid)!;
        const { requests, rps } = wrk(port, connections, seconds, isPost(r));
        const cpuS = processCpuSeconds(child.pid)! - before;
        samples.get(r)!.rps.push(rps);
        samples.get(r)!.cpuUs.push((cpuS * 1e6) / requests);
        console.error(`[http-overhead] round ${round}: ${r} ${Math.round(rps)} req/s, ${Math.round((cpuS * 1e6) / requests)} µs CPU per request`);
      }
    }
    console.log(`\nMachine: ${os.cpus()[0]?.model.trim()}, ${os.cpus().length} cores; Node ${process.version}; ${new Date().toISOString()}`);
    console.log(`Parameters: wrk -t1 -c${connections} -d${seconds}s after 1 s of warm-up, ${rounds} round(s), servers alternating\n`);
    console.log("| server | req/s (median) | server CPU per request, µs (median) | rounds: µs per request |");
    console.log("| --- | ---: | ---: | --- |");
    for (const r of SERVERS) {
      const s = samples.get(r)!;
      console.log(
        `| ${r} | ${Math.round(median(s.rps)).toLocaleString("en-US")} | ${Math.round(median(s.cpuUs))} | ${s.cpuUs.map((u) => Math.round(u)).join(", ")} |`,
      );
    }
  } finally {
    for (const { child } of children.values()) child.kill("SIGKILL");
    fs.rmSync(POST_SCRIPT, { force: true });
  }
}

/** One server in a child process of its own; resolves with its port once it listens. */
function start(r: Role): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(SELF, [], { env: { ...process.env, [ROLE_ENV]: r }, execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("message", (port) => resolve({ child, port: port as number }));
    child.once("exit", (code) => reject(new Error(`the ${r} server exited with ${code} before it listened`)));
  });
}

function wrk(port: number, connections: number, seconds: number, post: boolean): { requests: number; rps: number } {
  const script = post ? ["-s", POST_SCRIPT] : [];
  const out = execFileSync(WRK, ["-t1", `-c${connections}`, `-d${seconds}s`, ...script, `http://127.0.0.1:${port}${post ? "/" : PATH}`], { encoding: "utf8" });
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  if (!(requests > 0) || /Non-2xx/.test(out)) throw new Error(`wrk against port ${port} did not get 200s:\n${out}`);
  return { requests, rps };
}

async function serve(r: Role): Promise<void> {
  const json = JSON.stringify({ balances: [{ denom: "uunit", amount: "100000000000" }], pagination: null });
  let listener: http.RequestListener;
  if (r === "node:http") {
    listener = (_req, res) => {
      res.setHeader("x-cosmos-block-height", String(HEIGHT));
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.setHeader("Content-Length", Buffer.byteLength(json));
      res.end(json);
    };
  } else if (r === "Koa") {
    const app = new Koa();
    app.use(async (ctx) => {
      ctx.set("x-cosmos-block-height", String(HEIGHT));
      ctx.type = "json";
      ctx.body = json;
    });
    listener = app.callback();
  } else if (isPost(r)) {
    const read = r === "POST, body by for await" ? readByIteration : (req: http.IncomingMessage) => readRequestBody(req, 1 << 20, () => new Error("too large"));
    listener = (req, res) => {
      read(req).then(
        (body) => {
          res.setHeader("Content-Type", "application/json");
          res.end(body.length > 0 ? json : "{}");
        },
        () => res.destroy(),
      );
    };
  } else {
    listener = createRestApp({ backend: fixedBackend(), cors: { mode: "off" }, info: { title: "bench", version: "0" } }).callback();
  }
  const server = http.createServer(listener);
  server.listen(0, "127.0.0.1", () => process.send!((server.address() as AddressInfo).port));
}

/** The reference: the body through the request's async iterator. */
async function readByIteration(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The app's side of the gateway's call, answered at once with the same balance. */
function fixedBackend(): RestBackend {
  const snapshot = {
    table: new RouteTable([BankQuery]),
    registry: createFileRegistry(),
    services: ["cosmos.bank.v1beta1.Query"],
  };
  const bytes = toBinary(QueryAllBalancesResponseSchema, ANSWER);
  return {
    snapshot: () => snapshot,
    unavailableReason: () => "never",
    call: async () => ({ bytes, height: HEIGHT }),
    learnType: async () => false,
  };
}
