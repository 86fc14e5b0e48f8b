/**
 * Query throughput of one balance lookup, `cosmos.bank.v1beta1.Query/AllBalances` for the faucet
 * account funded at genesis, three ways in the same run against the same fresh one-validator
 * node (app process, stock CometBFT, REST gateway process):
 *   - through the REST gateway: `GET /cosmos/bank/v1beta1/balances/<address>`, with wrk at full
 *     speed, then at a fixed 1,000 req/s (open loop, a Node generator: wrk has no rate limit);
 *     the gateway shares one call to the app among identical requests in flight
 *     (gateway/rest/coalesce.ts), so a third load asks for 1,000 different addresses in turn,
 *     where nothing is shared;
 *   - as a direct gRPC call to the app (a Node generator on @grpc/grpc-js: wrk speaks no gRPC);
 *   - as CometBFT's `abci_query` over its RPC, with wrk at full speed.
 * While each load runs, the header times of the blocks made meanwhile give the block cadence,
 * compared with the cadence of the idle node just before.
 *
 *   npm run bench -- rest-query [flags]     (or: node --import tsx bench/rest-query.ts [flags])
 *     --duration 15        seconds measured per load
 *     --warmup 3           seconds of the same load before each measurement (not counted)
 *     --connections 32     wrk connections, and gRPC calls in flight
 *     --light-connections 16   wrk connections of a second full-speed gateway load: fewer requests
 *                          in flight trade throughput for latency, and the goal (req/s at p99
 *                          < 10 ms) takes the faster of the two loads whose p99 is under 10 ms
 *     --threads 2          wrk threads
 *     --rate 1000          requests/s of the fixed-rate gateway load
 *     --idle-seconds 10    idle block cadence measured before the loads
 *     --profile            app and gateway under `node --cpu-prof`; self time over the gateway's
 *                          full-speed load is printed (slower: take throughput from a plain run)
 *     --keep               keep the temp node home
 *
 * The Node generators run in a child process each (this file, started with
 * BENCH_REST_QUERY_WORKER set), so they share no event loop with the benchmark itself.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { NodeGrpcClient } from "../common/grpc/client.js";
import { HEIGHT_METADATA_KEY } from "../common/grpc/height.js";
import { DEFAULT_CHAIN_ID } from "../cometbft/genesis.js";
import { initNodeHome } from "../cometbft/home.js";
import { ensureCometbft } from "../cometbft/install.js";
import { faucetAddress, localChainAppState } from "../app/localGenesis.js";
import { REPO_ROOT } from "../common/node/paths.js";
import { shiftPorts, type NodePorts } from "../common/node/ports.js";
import { canConnect, findFreePortOffset, waitUntil } from "../cometbft/readiness.js";
import { FAUCET_GENESIS_BALANCE } from "../common/node/testKeys.js";
import { COMETBFT_VERSION } from "../cometbft/version.js";
import { QueryAllBalancesRequestSchema, QueryAllBalancesResponseSchema } from "../gen/cosmos/bank/v1beta1/query_pb.js";
import { printProfile, summariseCpuProfile } from "./load/cpuProfile.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import {
  cleanupAll,
  cleanupOnSignals,
  isRunning,
  keepTempDirs,
  machineBusySeconds,
  processCpuSeconds,
  startProcess,
  stopProcess,
  tail,
  tempDir,
  type Proc,
} from "./load/processes.js";
import { RpcClient, type BlockMeta } from "./load/rpc.js";
import { median, percentile } from "./stats.js";
import { runnableModule } from "../common/node/entryPoints.js";

const SELF = fileURLToPath(import.meta.url);
const WORKER_ENV = "BENCH_REST_QUERY_WORKER";
const GRPC_PATH = "/cosmos.bank.v1beta1.Query/AllBalances";
const APP_MAIN = runnableModule("app/main");
const REST_MAIN = runnableModule("gateway/rest/main");
const WRK = "/usr/bin/wrk";
/** Accounts the distinct-address load cycles through: none repeats while a call for it is in flight. */
const DISTINCT_ADDRESSES = 1000;
/** Cadence verdict: no block interval under load may exceed this many times the idle median. */
const STALL_FACTOR = 1.5;

const log = (msg: string) => process.stderr.write(`[rest-query] ${msg}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Load generators in a child process: closed-loop gRPC, and open-loop fixed-rate HTTP.

/** The node's processes, whose CPU time the generator reads at the edges of its measurement. */
interface NodePids {
  app?: number;
  cometbft?: number;
  gateway?: number;
}

type LoadSpec = { warmupS: number; durationS: number } & (
  { kind: "grpc"; address: string; requestHex: string; concurrency: number } | { kind: "http-rate"; url: string; rate: number }
);
type WorkerSpec = LoadSpec & { pids: NodePids };

/** Requests slower than this (the p99 goal) are reported in bursts, to see what they line up with. */
const SLOW_MS = 10;

interface SlowBurst {
  /** Wall-clock ms of the first slow request's scheduled send. */
  atMs: number;
  count: number;
  worstMs: number;
}

interface WorkerResult {
  /** Wall-clock bounds of the measured part, for the block window. */
  startMs: number;
  endMs: number;
  /** CLOCK_MONOTONIC µs of the same bounds, for CPU profile windows. */
  startUs: number;
  endUs: number;
  cpuBefore: CpuMark;
  cpuAfter: CpuMark;
  requests: number;
  errors: number;
  non2xx: number;
  p50: number;
  p99: number;
  /** Fixed rate only: requests slower than SLOW_MS, grouped in bursts. */
  slowBursts?: SlowBurst[];
  /** Fixed rate only: latency from the moment the request was actually written. */
  sentP50?: number;
  sentP99?: number;
  /** Fixed rate only: how far behind schedule the generator sent, at worst. */
  maxLagMs?: number;
  firstError?: string;
}

const monoUs = () => Number(process.hrtime.bigint() / 1000n);

interface CpuMark {
  wallMs: number;
  app: number;
  cometbft: number;
  gateway: number;
  /** The generator's own CPU seconds, when it takes the mark itself. */
  generator: number;
  machine: number;
}

function cpuMark(pids: NodePids, self = false): CpuMark {
  const own = process.cpuUsage();
  return {
    wallMs: Date.now(),
    app: processCpuSeconds(pids.app) ?? NaN,
    cometbft: processCpuSeconds(pids.cometbft) ?? NaN,
    gateway: processCpuSeconds(pids.gateway) ?? NaN,
    generator: self ? (own.user + own.system) / 1e6 : NaN,
    machine: machineBusySeconds() ?? NaN,
  };
}

/** Slow requests less than 100 ms apart belong to one burst. */
function bursts(slow: { atMs: number; ms: number }[]): SlowBurst[] {
  const out: SlowBurst[] = [];
  let lastAt = -Infinity;
  for (const s of [...slow].sort((a, b) => a.atMs - b.atMs)) {
    const cur = out.at(-1);
    if (cur && s.atMs - lastAt < 100) {
      cur.count++;
      cur.worstMs = Math.max(cur.worstMs, s.ms);
    } else out.push({ atMs: s.atMs, count: 1, worstMs: s.ms });
    lastAt = s.atMs;
  }
  return out;
}

async function grpcWorker(spec: Extract<WorkerSpec, { kind: "grpc" }>): Promise<WorkerResult> {
  const client = new NodeGrpcClient(spec.address);
  const request = Buffer.from(spec.requestHex, "hex");
  const t0 = performance.now();
  const measureFrom = t0 + spec.warmupS * 1000;
  const stopAt = measureFrom + spec.durationS * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let startMs = 0;
  let startUs = 0;
  let cpuBefore: CpuMark | undefined;
  // Closed loop: each lane sends its next call when the previous one is answered, like wrk.
  const lane = async () => {
    for (let sent = performance.now(); sent < stopAt; sent = performance.now()) {
      if (startMs === 0 && sent >= measureFrom) [startMs, startUs, cpuBefore] = [Date.now(), monoUs(), cpuMark(spec.pids, true)];
      try {
        await client.unary(GRPC_PATH, request);
        if (sent >= measureFrom) latencies.push(performance.now() - sent);
      } catch (err) {
        if (sent >= measureFrom) errors++;
        firstError ??= (err as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, lane));
  const cpuAfter = cpuMark(spec.pids, true);
  const result = {
    startMs,
    endMs: Date.now(),
    startUs,
    endUs: monoUs(),
    cpuBefore: cpuBefore ?? cpuAfter,
    cpuAfter,
    requests: latencies.length + errors,
    errors,
    non2xx: 0,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ...(firstError ? { firstError } : {}),
  };
  client.close();
  return result;
}

async function httpRateWorker(spec: Extract<WorkerSpec, { kind: "http-rate" }>): Promise<WorkerResult> {
  const url = new URL(spec.url);
  // Enough sockets that the agent never queues at this rate unless answers take > 60 ms.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 });
  const intervalMs = 1000 / spec.rate;
  const total = Math.round((spec.warmupS + spec.durationS) * spec.rate);
  const firstMeasured = Math.round(spec.warmupS * spec.rate);
  const fromScheduled: number[] = [];
  const fromSent: number[] = [];
  const slow: { atMs: number; ms: number }[] = [];
  let errors = 0;
  let non2xx = 0;
  let firstError: string | undefined;
  let maxLagMs = 0;
  let settled = 0;
  let startMs = 0;
  let startUs = 0;
  let cpuBefore: CpuMark | undefined;
  const t0 = performance.now();
  const allSettled = new Promise<void>((resolve) => {
    const done = () => {
      if (++settled === total) resolve();
    };
    const send = (i: number) => {
      const scheduled = t0 + i * intervalMs;
      const sent = performance.now();
      const measured = i >= firstMeasured;
      if (measured) maxLagMs = Math.max(maxLagMs, sent - scheduled);
      if (i === firstMeasured) [startMs, startUs, cpuBefore] = [Date.now(), monoUs(), cpuMark(spec.pids, true)];
      const req = http.get({ host: url.hostname, port: url.port, path: url.pathname + url.search, agent }, (res) => {
        res.resume();
        res.on("end", () => {
          if (measured) {
            const now = performance.now();
            fromScheduled.push(now - scheduled);
            if (now - scheduled > SLOW_MS) slow.push({ atMs: performance.timeOrigin + scheduled, ms: now - scheduled });
            fromSent.push(now - sent);
            if (res.statusCode === undefined || res.statusCode < 200 || res.statusCode > 299) non2xx++;
          }
          done();
        });
      });
      req.setTimeout(10_000, () => req.destroy(new Error("no answer in 10 s")));
      req.on("error", (err) => {
        if (measured) errors++;
        firstError ??= err.message;
        done();
      });
    };
    // Open loop: requests go out on schedule whether or not earlier ones were answered, so a slow
    // answer delays no later request and shows up in the latency from the scheduled time.
    let next = 0;
    const tick = () => {
      const now = performance.now();
      while (next < total && t0 + next * intervalMs <= now) send(next++);
      if (next < total) setTimeout(tick, 1);
    };
    tick();
  });
  await allSettled;
  const cpuAfter = cpuMark(spec.pids, true);
  const endMs = Date.now();
  const endUs = monoUs();
  agent.destroy();
  return {
    startMs,
    endMs,
    startUs,
    endUs,
    cpuBefore: cpuBefore ?? cpuAfter,
    cpuAfter,
    requests: fromScheduled.length + errors,
    errors,
    non2xx,
    p50: percentile(fromScheduled, 50),
    p99: percentile(fromScheduled, 99),
    sentP50: percentile(fromSent, 50),
    sentP99: percentile(fromSent, 99),
    slowBursts: bursts(slow),
    maxLagMs,
    ...(firstError ? { firstError } : {}),
  };
}

async function runWorker(spec: WorkerSpec): Promise<void> {
  const result = spec.kind === "grpc" ? await grpcWorker(spec) : await httpRateWorker(spec);
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

// ---------------------------------------------------------------------------------------------
// Flags

const USAGE = `Usage: node --import tsx bench/rest-query.ts [--duration 15] [--warmup 3] [--connections 32] [--light-connections 16] [--threads 2] [--rate 1000] [--idle-seconds 10] [--profile] [--keep]\n`;

function parseFlags() {
  const { values } = parseArgs({
    strict: true,
    options: {
      duration: { type: "string", default: "15" },
      warmup: { type: "string", default: "3" },
      connections: { type: "string", default: "32" },
      "light-connections": { type: "string", default: "16" },
      threads: { type: "string", default: "2" },
      rate: { type: "string", default: "1000" },
      "idle-seconds": { type: "string", default: "10" },
      profile: { type: "boolean", default: false },
      keep: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const int = (name: keyof typeof values, min: number): number => {
    const n = Number(values[name]);
    if (!Number.isSafeInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}`);
    return n;
  };
  return {
    help: values.help,
    durationS: int("duration", 1),
    warmupS: int("warmup", 0),
    connections: int("connections", 1),
    lightConnections: int("light-connections", 1),
    threads: int("threads", 1),
    rate: int("rate", 1),
    idleS: int("idle-seconds", 2),
    profile: values.profile,
    keep: values.keep,
  };
}

type Flags = ReturnType<typeof parseFlags>;

// ---------------------------------------------------------------------------------------------
// The node

interface Node {
  ports: NodePorts;
  home: string;
  app: Proc;
  comet: Proc;
  gateway: Proc;
  rpc: RpcClient;
  profDir: string;
}

async function startNode(flags: Flags): Promise<Node> {
  const cometBinary = ensureCometbft({ onProgress: log });
  const home = tempDir("bench-rest-");
  const ports = shiftPorts(await findFreePortOffset());
  const { paths } = initNodeHome({
    home,
    cometBinary,
    chainId: DEFAULT_CHAIN_ID,
    ports,
    appState: ({ consensusPubKey }: { consensusPubKey: string }) => localChainAppState({ validators: [{ consensusPubKey, moniker: "validator-0" }] }),
  });
  const profDir = path.join(home, "prof");
  const nodeArgs = (name: string) => (flags.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.join(profDir, name)}`] : []);
  const env = { UNIT_LOG_PRETTY: "0" };
  const app = startProcess("app", process.execPath, [...nodeArgs("app"), APP_MAIN, "--home", paths.root], path.join(paths.logDir, "app.log"), env);
  await waitUntil("app ABCI port", () => canConnect(ports.abci), 30_000, app.exited);
  const comet = startProcess("cometbft", cometBinary, ["start", "--home", paths.cometHome], path.join(paths.logDir, "cometbft.log"));
  const rpc = new RpcClient(`http://127.0.0.1:${ports.rpc}`, 4);
  const gateway = startProcess("rest", process.execPath, [...nodeArgs("rest"), REST_MAIN, "--home", paths.root], path.join(paths.logDir, "rest.log"), env);
  const node = { ports, home: paths.root, app, comet, gateway, rpc, profDir };
  const anyExit = Promise.race([app.exited, comet.exited, gateway.exited]);
  await waitUntil("height 2", async () => (await rpc.latestHeight().catch(() => 0)) >= 2, 60_000, anyExit);
  // The gateway answers 503 until it has loaded its routes from the app.
  await waitUntil("the gateway's routes", async () => (await fetch(gatewayUrl(node)).catch(() => undefined))?.status === 200, 30_000, anyExit);
  return node;
}

function assertAlive(node: Node): void {
  for (const p of [node.app, node.comet, node.gateway]) {
    if (!isRunning(p)) throw new Error(`${p.name} exited during the benchmark; log tail:\n${tail(p.logFile)}`);
  }
}

/** Stops the node gently, so `--cpu-prof` gets to write its profiles. */
async function stopNode(node: Node): Promise<void> {
  node.rpc.close();
  await stopProcess(node.gateway);
  await stopProcess(node.comet);
  await stopProcess(node.app);
}

const requestBytes = () => toBinary(QueryAllBalancesRequestSchema, create(QueryAllBalancesRequestSchema, { address: faucetAddress() }));
const gatewayUrl = (node: Node) => `http://127.0.0.1:${node.ports.rest}/cosmos/bank/v1beta1/balances/${faucetAddress()}`;

/** A wrk script asking for `count` different accounts' balances in turn (each wrk thread its own cycle). */
function distinctAddressesScript(node: Node, count: number): string {
  const paths = Array.from({ length: count }, (_, i) => {
    const address = formatAccountAddress(createHash("sha256").update(`rest-query-${i}`).digest().subarray(0, 20));
    return `"/cosmos/bank/v1beta1/balances/${address}"`;
  });
  const file = path.join(node.home, "distinct-addresses.lua");
  fs.writeFileSync(
    file,
    `local paths = {${paths.join(",")}}\nlocal i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format("GET", paths[(i % #paths) + 1])\nend\n`,
  );
  return file;
}
const abciQueryUrl = (node: Node) =>
  `http://127.0.0.1:${node.ports.rpc}/abci_query?path=%22${GRPC_PATH}%22&data=0x${Buffer.from(requestBytes()).toString("hex")}`;

/** The three ways must return the same genesis balance before any of them is timed. */
async function checkAnswers(node: Node): Promise<void> {
  const expected = FAUCET_GENESIS_BALANCE.toString();
  const rest = await fetch(gatewayUrl(node));
  const body = (await rest.json()) as { balances?: { denom: string; amount: string }[] };
  const restAmount = body.balances?.find((c) => c.denom === "uunit")?.amount;
  if (rest.status !== 200 || restAmount !== expected) throw new Error(`gateway answered ${rest.status} ${JSON.stringify(body)}`);
  if (!rest.headers.get(HEIGHT_METADATA_KEY)) throw new Error(`gateway answer has no ${HEIGHT_METADATA_KEY} header`);

  const client = new NodeGrpcClient(`127.0.0.1:${node.ports.grpc}`);
  try {
    const { response } = await client.unary(GRPC_PATH, requestBytes());
    const amount = fromBinary(QueryAllBalancesResponseSchema, response).balances.find((c) => c.denom === "uunit")?.amount;
    if (amount !== expected) throw new Error(`gRPC answered ${amount}, expected ${expected}`);
  } finally {
    client.close();
  }

  const abci = (await (await fetch(abciQueryUrl(node))).json()) as { result?: { response: { code?: number; value?: string; log?: string } } };
  const res = abci.result?.response;
  if (!res || (res.code ?? 0) !== 0) throw new Error(`abci_query failed: ${JSON.stringify(abci)}`);
  const amount = fromBinary(QueryAllBalancesResponseSchema, Buffer.from(res.value ?? "", "base64")).balances.find((c) => c.denom === "uunit")?.amount;
  if (amount !== expected) throw new Error(`abci_query answered ${amount}, expected ${expected}`);
}

// ---------------------------------------------------------------------------------------------
// Block cadence

interface Cadence {
  blocks: number;
  medianS: number;
  maxS: number;
  /** Header times (ms) of every block fetched around the window. */
  timesMs: number[];
}

/** Intervals between consecutive block header times, for the blocks made in [startMs, endMs). */
async function cadence(rpc: RpcClient, fromHeight: number, startMs: number, endMs: number): Promise<Cadence> {
  // The block after the window closes the last interval that started inside it (a stall included).
  const deadline = Date.now() + 30_000;
  let metas: BlockMeta[] = [];
  for (;;) {
    metas = await rpc.blockMetas(fromHeight, await rpc.latestHeight());
    if ((metas.at(-1)?.timeMs ?? 0) >= endMs || Date.now() > deadline) break;
    await sleep(250);
  }
  const intervals: number[] = [];
  for (let i = 1; i < metas.length; i++) {
    const prev = metas[i - 1]!;
    if (prev.timeMs >= startMs && prev.timeMs < endMs) intervals.push((metas[i]!.timeMs - prev.timeMs) / 1000);
  }
  return {
    blocks: intervals.length,
    medianS: median(intervals),
    maxS: intervals.length > 0 ? Math.max(...intervals) : NaN,
    timesMs: metas.map((m) => m.timeMs),
  };
}

// ---------------------------------------------------------------------------------------------
// Loads

interface LoadRow {
  name: string;
  tool: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  cadence: Cadence;
  /** Average cores busy while the load ran. */
  cores: { app: number; cometbft: number; gateway: number; generator: number; rest: number };
  notes: string[];
  startUs: number;
  endUs: number;
}

const nodePids = (node: Node): NodePids => ({ app: node.app.child.pid, cometbft: node.comet.child.pid, gateway: node.gateway.child.pid });

/** `generatorS`: the load generator's CPU seconds when the marks could not read them. */
function coresBetween(a: CpuMark, b: CpuMark, generatorS?: number): LoadRow["cores"] {
  const s = (b.wallMs - a.wallMs) / 1000;
  const app = (b.app - a.app) / s;
  const cometbft = (b.cometbft - a.cometbft) / s;
  const gateway = (b.gateway - a.gateway) / s;
  const generator = (generatorS ?? b.generator - a.generator) / s;
  return { app, cometbft, gateway, generator, rest: (b.machine - a.machine) / s - app - cometbft - gateway - generator };
}

interface WrkResult {
  /** wrk's own CPU seconds, from /proc, as last read before it exited (polled every 100 ms). */
  cpuS: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  socketErrors: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function parseWrk(out: string): Omit<WrkResult, "cpuS"> {
  const need = (re: RegExp, what: string): RegExpExecArray => {
    const m = re.exec(out);
    if (!m) throw new Error(`no ${what} in wrk output:\n${out}`);
    return m;
  };
  const latency = (pct: string) => {
    const m = need(new RegExp(`^\\s*${pct}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m"), `${pct}% latency`);
    return Number(m[1]) * UNIT_MS[m[2]!]!;
  };
  const errs = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requests: Number(need(/(\d+) requests in /, "request count")[1]),
    rps: Number(need(/Requests\/sec:\s+([\d.]+)/, "Requests/sec")[1]),
    p50: latency("50"),
    p99: latency("99"),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    socketErrors: errs ? errs.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
  };
}

async function runWrk(node: Node, flags: Flags, connections: number, url: string, seconds: number, logName: string, script?: string): Promise<WrkResult> {
  const logFile = path.join(node.home, "logs", `${logName}.log`);
  fs.rmSync(logFile, { force: true });
  const scriptArgs = script ? ["-s", script] : [];
  const wrk = startProcess("wrk", WRK, [`-t${flags.threads}`, `-c${connections}`, `-d${seconds}s`, "--latency", ...scriptArgs, url], logFile);
  let cpuS = 0;
  const poll = setInterval(() => (cpuS = processCpuSeconds(wrk.child.pid) ?? cpuS), 100);
  await wrk.exited;
  clearInterval(poll);
  const out = fs.readFileSync(logFile, "utf8");
  if (wrk.child.exitCode !== 0) throw new Error(`wrk exited with ${wrk.child.exitCode}:\n${out}`);
  return { ...parseWrk(out), cpuS };
}

async function wrkLoad(
  node: Node,
  flags: Flags,
  name: string,
  url: string,
  logName: string,
  script?: string,
  connections = flags.connections,
): Promise<LoadRow> {
  if (flags.warmupS > 0) await runWrk(node, flags, connections, url, flags.warmupS, `${logName}-warmup`, script);
  const fromHeight = await node.rpc.latestHeight();
  const before = cpuMark(nodePids(node));
  const [startMs, startUs] = [Date.now(), monoUs()];
  const r = await runWrk(node, flags, connections, url, flags.durationS, logName, script);
  const [endMs, endUs] = [Date.now(), monoUs()];
  const cores = coresBetween(before, cpuMark(nodePids(node)), r.cpuS);
  assertAlive(node);
  return {
    name,
    tool: `wrk -t${flags.threads} -c${connections}`,
    requests: r.requests,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    errors: r.socketErrors,
    non2xx: r.non2xx,
    cadence: await cadence(node.rpc, fromHeight, startMs, endMs),
    cores,
    notes: [],
    startUs,
    endUs,
  };
}

/** Where the slow requests fall relative to the blocks: periodic bursts next to block times point at block execution. */
function describeBursts(list: SlowBurst[], blocks: Cadence): string {
  const count = list.reduce((n, b) => n + b.count, 0);
  if (count === 0) return `no request took over ${SLOW_MS} ms`;
  // Signed distance from each burst to the nearest block header time.
  const offsets = list.map((b) => blocks.timesMs.reduce((best, t) => (Math.abs(b.atMs - t) < Math.abs(best) ? b.atMs - t : best), Infinity));
  const worst = Math.max(...list.map((b) => b.worstMs));
  return `${fmt(count)} requests over ${SLOW_MS} ms (worst ${fmt(worst, 1)} ms) in ${list.length} bursts during ${blocks.blocks} block intervals; burst start minus the nearest block header time: median ${fmt(median(offsets))} ms, range ${fmt(Math.min(...offsets))} to ${fmt(Math.max(...offsets))} ms`;
}

async function workerLoad(node: Node, name: string, tool: string, load: LoadSpec): Promise<LoadRow> {
  const spec: WorkerSpec = { ...load, pids: nodePids(node) };
  const logFile = path.join(node.home, "logs", `worker-${spec.kind}.log`);
  const fromHeight = await node.rpc.latestHeight();
  const worker = startProcess(`${spec.kind} generator`, process.execPath, ["--import", "tsx", SELF], logFile, { [WORKER_ENV]: JSON.stringify(spec) });
  await worker.exited;
  const line = fs
    .readFileSync(logFile, "utf8")
    .split("\n")
    .find((l) => l.startsWith("RESULT "));
  if (worker.child.exitCode !== 0 || !line) throw new Error(`${spec.kind} generator failed:\n${tail(logFile)}`);
  const r = JSON.parse(line.slice("RESULT ".length)) as WorkerResult;
  assertAlive(node);
  const measuredS = (r.endMs - r.startMs) / 1000;
  const blocks = await cadence(node.rpc, fromHeight, r.startMs, r.endMs);
  const notes: string[] = [];
  if (r.sentP50 !== undefined)
    notes.push(
      `latency from the actual send instead of the scheduled time: p50 ${r.sentP50.toFixed(2)} ms, p99 ${r.sentP99!.toFixed(2)} ms; the generator fell behind schedule by ${r.maxLagMs!.toFixed(1)} ms at worst`,
    );
  if (r.slowBursts) notes.push(describeBursts(r.slowBursts, blocks));
  if (r.firstError) notes.push(`first error: ${r.firstError}`);
  return {
    name,
    tool,
    requests: r.requests,
    rps: r.requests / measuredS,
    p50: r.p50,
    p99: r.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    cadence: blocks,
    cores: coresBetween(r.cpuBefore, r.cpuAfter),
    notes,
    startUs: r.startUs,
    endUs: r.endUs,
  };
}

// ---------------------------------------------------------------------------------------------
// Report

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "-");

function printTable(idle: Cadence, rows: LoadRow[]): void {
  console.log(
    `| load | tool | requests | **req/s** | p50 ms | p99 ms | errors / non-2xx | block interval s: median / max (intervals) | cores busy: app / cometbft / gateway / load generator / rest of machine |`,
  );
  console.log(`| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |`);
  console.log(`| idle (no queries) | - | - | - | - | - | - | ${fmt(idle.medianS, 3)} / ${fmt(idle.maxS, 3)} (${idle.blocks}) | - |`);
  for (const r of rows) {
    const c = r.cores;
    console.log(
      `| ${r.name} | ${r.tool} | ${fmt(r.requests)} | **${fmt(r.rps)}** | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${r.errors} / ${r.non2xx} | ${fmt(r.cadence.medianS, 3)} / ${fmt(r.cadence.maxS, 3)} (${r.cadence.blocks}) | ${[c.app, c.cometbft, c.gateway, c.generator, c.rest].map((x) => (Math.abs(x) < 0.03 ? "~0" : fmt(x, 2))).join(" / ")} |`,
    );
  }
  for (const r of rows) for (const n of r.notes) console.log(`\n${r.name}: ${n}`);
}

function printGoals(idle: Cadence, rows: LoadRow[], flags: Flags): void {
  const [max, light, fixed, distinct] = rows;
  const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
  const worst = Math.max(...rows.map((r) => r.cadence.maxS));
  const limit = STALL_FACTOR * idle.medianS;
  // Req/s at p99 < 10 ms: the faster of the two full-speed gateway loads that kept its p99 there.
  const withinP99 = [max!, light!].filter((r) => r.p99 < 10).sort((a, b) => b.rps - a.rps)[0];
  const atP99 = withinP99
    ? `**${fmt(withinP99.rps)} req/s at p99 ${fmt(withinP99.p99, 2)} ms** with ${withinP99.tool}`
    : `**no full-speed load kept p99 < 10 ms** (${fmt(max!.p99, 2)} ms with ${max!.tool}, ${fmt(light!.p99, 2)} ms with ${light!.tool})`;
  console.log(
    `\nGoals: gateway ${atP99} (>= 10,000 req/s with p99 < 10 ms: ${verdict((withinP99?.rps ?? 0) >= 10_000)}; most at full speed ${fmt(Math.max(max!.rps, light!.rps))} req/s; ${fmt(distinct!.rps)} req/s at p99 ${fmt(distinct!.p99, 2)} ms over ${fmt(DISTINCT_ADDRESSES)} addresses, where no call is shared); gateway p99 at ${fmt(flags.rate)} req/s **${fmt(fixed!.p99, 2)} ms** (< 10 ms: ${verdict(fixed!.p99 < 10)}); longest block interval under any load **${fmt(worst, 3)} s** against an idle median of ${fmt(idle.medianS, 3)} s (<= ${STALL_FACTOR}x idle = ${fmt(limit, 3)} s: ${verdict(worst <= limit)})`,
  );
}

function printProfiles(node: Node, window: LoadRow): void {
  for (const name of ["rest", "app"]) {
    const dir = path.join(node.profDir, name);
    const file = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile")) : undefined;
    if (!file) {
      log(`no CPU profile written by ${name}`);
      continue;
    }
    const keep = path.join(os.tmpdir(), `bench-rest-query-${name}-${new Date().toISOString().replace(/[:.]/g, "-")}.cpuprofile`);
    fs.copyFileSync(path.join(dir, file), keep);
    printProfile(
      `${name === "rest" ? "gateway" : "app"} CPU profile over "${window.name}" (${keep})`,
      summariseCpuProfile(keep, REPO_ROOT, { fromUs: window.startUs, toUs: window.endUs, top: 25 }),
    );
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const flags = parseFlags();
  if (flags.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  cleanupOnSignals();
  keepTempDirs(flags.keep);
  let node: Node | undefined;
  try {
    for (const f of [APP_MAIN, REST_MAIN]) if (!fs.existsSync(f)) throw new Error(`${f} is missing: run npm run build first`);
    if (!fs.existsSync(WRK)) throw new Error(`${WRK} is missing: apt-get install wrk`);
    const loadavg = os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(", ");
    node = await startNode(flags);
    await checkAnswers(node);
    log(`node up at port offset ${node.ports.rpc - 26657}; the three answers agree; idle cadence for ${flags.idleS} s`);
    const idleFrom = await node.rpc.latestHeight();
    const idleStart = Date.now();
    await sleep(flags.idleS * 1000);
    const idle = await cadence(node.rpc, idleFrom, idleStart, Date.now());

    const rows: LoadRow[] = [];
    const run = async (what: Promise<LoadRow>) => {
      const row = await what;
      log(`${row.name}: ${fmt(row.rps)} req/s, p50 ${fmt(row.p50, 2)} ms, p99 ${fmt(row.p99, 2)} ms, ${row.errors} errors, ${row.non2xx} non-2xx`);
      rows.push(row);
      // Let the chain settle so one load's blocks do not spill into the next window.
      await sleep(2000);
    };
    await run(wrkLoad(node, flags, "gateway, full speed", gatewayUrl(node), "wrk-gateway"));
    await run(wrkLoad(node, flags, "gateway, full speed, fewer connections", gatewayUrl(node), "wrk-gateway-light", undefined, flags.lightConnections));
    await run(
      workerLoad(node, `gateway, fixed ${fmt(flags.rate)} req/s`, "Node open-loop generator", {
        kind: "http-rate",
        url: gatewayUrl(node),
        rate: flags.rate,
        warmupS: flags.warmupS,
        durationS: flags.durationS,
      }),
    );
    await run(
      wrkLoad(node, flags, "gateway, 1,000 addresses in turn", gatewayUrl(node), "wrk-gateway-distinct", distinctAddressesScript(node, DISTINCT_ADDRESSES)),
    );
    await run(
      workerLoad(node, "direct gRPC, full speed", `Node @grpc/grpc-js, ${flags.connections} in flight`, {
        kind: "grpc",
        address: `127.0.0.1:${node.ports.grpc}`,
        requestHex: Buffer.from(requestBytes()).toString("hex"),
        concurrency: flags.connections,
        warmupS: flags.warmupS,
        durationS: flags.durationS,
      }),
    );
    await run(wrkLoad(node, flags, "CometBFT abci_query, full speed", abciQueryUrl(node), "wrk-abci"));

    console.log(
      `\nMachine: ${os.cpus()[0]?.model ?? "?"}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM; Node ${process.version}; CometBFT ${COMETBFT_VERSION}; ${new Date().toISOString()}; load average before the run ${loadavg}`,
    );
    console.log(
      `Parameters: ${flags.durationS} s measured per load after ${flags.warmupS} s of warm-up, ${flags.connections} connections / calls in flight, wrk ${flags.threads} threads, fixed rate ${fmt(flags.rate)} req/s, idle cadence over ${flags.idleS} s${flags.profile ? ", PROFILERS ON" : ""}\n`,
    );
    printTable(idle, rows);
    printGoals(idle, rows, flags);
    await stopNode(node);
    if (flags.profile) printProfiles(node, rows[0]!);
    return rows.some((r) => r.errors > 0 || r.non2xx > 0) ? 1 : 0;
  } catch (err) {
    console.error(err);
    if (node) for (const p of [node.app, node.comet, node.gateway]) log(`${p.name} log tail:\n${tail(p.logFile, 15)}`);
    return 1;
  } finally {
    await cleanupAll();
  }
}

const workerSpec = process.env[WORKER_ENV];
if (workerSpec) await runWorker(JSON.parse(workerSpec) as WorkerSpec);
else process.exit(await main());
