/**
 * Block intervals under a flood of the most expensive queries, with the query worker pool as
 * shipped (`queryWorkers: 2`) and with every query in the app's own thread (`queryWorkers: 0`, how
 * queries ran before the pool), on the same node in the same run. The requirement it checks: block
 * intervals under the flood stay within 10 % of idle.
 *
 * One real single-validator node (test/support/localNode.ts: the app process and stock CometBFT,
 * `timeout_commit` 200 ms unless --timeout-commit says otherwise) whose genesis adds --accounts
 * accounts, each with an auth account and a uunit balance, so that queries have something to walk.
 * The queries (each client cycles through them, each starting at a different one):
 *   - chain.evm.Query/Call: an eth_call of a contract creation whose init code is a JUMP loop
 *     (`JUMPDEST PUSH1 0 JUMP`), which burns the whole 30M gas cap (ends "out of gas");
 *   - cosmos.bank.v1beta1.Query/DenomOwners of uunit, 1,000 a page, with count_total: every holder
 *     is read;
 *   - cosmos.auth.v1beta1.Query/Accounts, 1,000 a page, with count_total: every account is read;
 *   - chain.evm.Query/Logs over the whole chain (every block's bloom, no filter).
 * For each configuration (the node restarted in between with app.json rewritten): each query's
 * latency alone, then --rounds times an idle window and a flooded window (--clients concurrent
 * gRPC clients, each its own HTTP/2 connection, asking again as soon as answered) of --blocks /
 * --rounds block intervals each; a window also ends after --window-cap seconds, so a stalled chain
 * cannot hold the run (the interval still open at the cap then counts as long as it had lasted).
 * Block intervals are the differences of consecutive CometBFT header times (`/blockchain`), counted
 * only between blocks made after the window opened. The evm Logs query is cheap on this chain (its
 * blocks carry no EVM txs, so every bloom is empty); the other three walk or compute for 0.3-1.2 s
 * each on the machine of bench/RESULTS.md. Next to the table: each query's latency alone and under
 * the flood, and where the time goes (cores busy per process and for the app's main thread, the
 * time the app's main thread and CometBFT's threads waited for a core, the app's disk writes).
 *
 *   npm run bench -- query-flood [flags]     (or: npm run build && node --import tsx bench/query-flood.ts [flags])
 *     --accounts 100000      genesis accounts with a balance (100,000: the most count_total counts)
 *     --clients 8            concurrent gRPC clients in the flood
 *     --blocks 160           block intervals measured idle, and again flooded, per configuration
 *     --rounds 2             idle and flooded windows alternate this many times (drift on a shared
 *                            machine then hits both alike)
 *     --window-cap 40        longest one window lasts, seconds
 *     --timeout-commit 200ms CometBFT's timeout_commit
 *     --workers 2,0          the queryWorkers settings to compare, in this order
 *     --inline-calls true    query.inline-calls with workers (true: as shipped; true,false: both)
 *     --flood heavy          heavy: the four queries above; cheap: only eth_calls of a creation whose
 *                            init code returns at once (~0.2 ms each), the most the app's thread
 *                            answers itself (docs/queries.md, "Calls on the app's thread")
 *     --keep                 keep the node home
 *
 * Progress goes to stderr; the tables to stdout. The load generator runs in a child process (this
 * file, forked with BENCH_QUERY_FLOOD_GENERATOR set), so it shares no event loop with the
 * benchmark; servers listen on 127.0.0.1 only.
 */
import { fork, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { create, toBinary } from "@bufbuild/protobuf";
import { NodeGrpcClient } from "../common/grpc/client.js";
import { accAddressToString } from "../common/address.js";
import { GrpcCode } from "../common/errors.js";
import { canConnect, waitUntil } from "../cometbft/readiness.js";
import { COMETBFT_VERSION } from "../cometbft/version.js";
import { QueryAccountsRequestSchema } from "../gen/cosmos/auth/v1beta1/query_pb.js";
import { QueryDenomOwnersRequestSchema } from "../gen/cosmos/bank/v1beta1/query_pb.js";
import { QueryCallRequestSchema, QueryLogsRequestSchema } from "../gen/chain/evm/query_pb.js";
import { LocalNode } from "../test/support/localNode.js";
import { updateAppConfig } from "../common/node/home.js";
import { positiveIntFlag } from "./args.js";
import { processCpuSeconds, machineBusySeconds, threadSchedstats } from "./load/processes.js";
import { RpcClient } from "./load/rpc.js";
import { median, percentile } from "./stats.js";

const SELF = fileURLToPath(import.meta.url);
const GENERATOR_ENV = "BENCH_QUERY_FLOOD_GENERATOR";
/** JUMPDEST PUSH1 0 JUMP: a loop that runs until the gas is gone. */
const JUMP_LOOP = Uint8Array.of(0x5b, 0x60, 0x00, 0x56);
/** PUSH1 0 PUSH1 0 RETURN: init code that returns no code at once. */
const RETURN_AT_ONCE = Uint8Array.of(0x60, 0x00, 0x60, 0x00, 0xf3);
/** The load generator exits by itself after this long, whatever happens to the benchmark. */
const GENERATOR_MAX_MS = 10 * 60_000;
/** The requirement: flooded block intervals within this factor of idle. */
const GOAL_RATIO = 1.1;

const log = (msg: string) => process.stderr.write(`[query-flood] ${msg}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// The queries

interface QueryKind {
  name: string;
  path: string;
  requestHex: string;
}

function queryKinds(latestHeight: number, flood: Flood): QueryKind[] {
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
  if (flood === "cheap") {
    const request = create(QueryCallRequestSchema, { args: { data: RETURN_AT_ONCE, gas: 100_000n } });
    return [{ name: "eth_call of a creation that returns at once", path: "/chain.evm.Query/Call", requestHex: hex(toBinary(QueryCallRequestSchema, request)) }];
  }
  return [
    {
      name: "eth_call JUMP loop, 30M gas",
      path: "/chain.evm.Query/Call",
      requestHex: hex(toBinary(QueryCallRequestSchema, create(QueryCallRequestSchema, { args: { data: JUMP_LOOP, gas: 0n } }))),
    },
    {
      name: "DenomOwners uunit, count_total",
      path: "/cosmos.bank.v1beta1.Query/DenomOwners",
      requestHex: hex(
        toBinary(QueryDenomOwnersRequestSchema, create(QueryDenomOwnersRequestSchema, { denom: "uunit", pagination: { limit: 1000n, countTotal: true } })),
      ),
    },
    {
      name: "Accounts, count_total",
      path: "/cosmos.auth.v1beta1.Query/Accounts",
      requestHex: hex(toBinary(QueryAccountsRequestSchema, create(QueryAccountsRequestSchema, { pagination: { limit: 1000n, countTotal: true } }))),
    },
    {
      name: "evm Logs, whole chain",
      path: "/chain.evm.Query/Logs",
      requestHex: hex(toBinary(QueryLogsRequestSchema, create(QueryLogsRequestSchema, { fromHeight: 1n, toHeight: BigInt(latestHeight) }))),
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// The load generator (a child process): closed-loop lanes, one HTTP/2 connection each.

interface GeneratorSpec {
  address: string;
  clients: number;
  kinds: QueryKind[];
}

interface Completion {
  /** Wall-clock ms when the answer (or the error) arrived. */
  atMs: number;
  kind: number;
  /** gRPC status code; 0 = answered. */
  code: number;
  ms: number;
}

type ToGenerator = { kind: "stop" };
type FromGenerator = { kind: "running" } | { kind: "done"; completions: Completion[] };

async function runGenerator(spec: GeneratorSpec): Promise<void> {
  const completions: Completion[] = [];
  let stopped = false;
  process.on("message", (msg: ToGenerator) => {
    if (msg.kind !== "stop") return;
    stopped = true;
    // In-flight calls are abandoned: the connections close with the process.
    process.send!({ kind: "done", completions } satisfies FromGenerator, () => process.exit(0));
  });
  // Never outlive the benchmark, nor flood for longer than any run needs.
  process.on("disconnect", () => process.exit(0));
  setTimeout(() => process.exit(1), GENERATOR_MAX_MS).unref();
  const requests = spec.kinds.map((k) => Buffer.from(k.requestHex, "hex"));
  let announced = false;
  const lane = async (index: number) => {
    // Its own subchannel pool: a connection per client, as separate clients would have.
    const client = new NodeGrpcClient(spec.address, { "grpc.use_local_subchannel_pool": 1, "grpc.max_receive_message_length": 64 * 2 ** 20 });
    for (let i = index; !stopped; i++) {
      const kind = i % spec.kinds.length;
      const sent = performance.now();
      let code = 0;
      try {
        await client.unary(spec.kinds[kind]!.path, requests[kind]!, { timeoutMs: 60_000 });
      } catch (err) {
        code = (err as { code?: number }).code ?? GrpcCode.UNKNOWN;
      }
      if (stopped) break;
      completions.push({ atMs: Date.now(), kind, code, ms: performance.now() - sent });
      if (!announced) {
        announced = true;
        process.send!({ kind: "running" } satisfies FromGenerator);
      }
    }
  };
  await Promise.all(Array.from({ length: spec.clients }, (_, i) => lane(i)));
}

class Generator {
  private constructor(
    readonly child: ChildProcess,
    private readonly done: Promise<Completion[]>,
  ) {}

  /** Starts the flood; resolves once the first answer has come back. */
  static async start(spec: GeneratorSpec): Promise<Generator> {
    const child = fork(SELF, [], { env: { ...process.env, [GENERATOR_ENV]: JSON.stringify(spec) }, stdio: ["ignore", "inherit", "inherit", "ipc"] });
    let running!: () => void;
    const started = new Promise<void>((r) => (running = r));
    const done = new Promise<Completion[]>((resolve, reject) => {
      child.on("message", (msg: FromGenerator) => {
        if (msg.kind === "running") running();
        else resolve(msg.completions);
      });
      child.on("exit", (code) => reject(new Error(`the load generator exited (${code}) before it reported`)));
    });
    done.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("no query was answered within 120 s")), 120_000)));
    try {
      await Promise.race([started, done, timedOut]);
    } catch (err) {
      child.kill("SIGKILL");
      throw err;
    } finally {
      clearTimeout(timer);
    }
    return new Generator(child, done);
  }

  async stop(): Promise<Completion[]> {
    this.child.send({ kind: "stop" } satisfies ToGenerator);
    return this.done;
  }
}

// ---------------------------------------------------------------------------------------------
// Flags

const USAGE =
  "Usage: node --import tsx bench/query-flood.ts [--accounts 100000] [--clients 8] [--blocks 160] [--rounds 2] [--window-cap 40] [--timeout-commit 200ms] [--workers 2,0] [--inline-calls true] [--flood heavy|cheap] [--keep]\n";

function parseFlags() {
  const { values } = parseArgs({
    strict: true,
    options: {
      accounts: { type: "string", default: "100000" },
      clients: { type: "string", default: "8" },
      blocks: { type: "string", default: "160" },
      rounds: { type: "string", default: "2" },
      "window-cap": { type: "string", default: "40" },
      "timeout-commit": { type: "string", default: "200ms" },
      workers: { type: "string", default: "2,0" },
      "inline-calls": { type: "string", default: "true" },
      flood: { type: "string", default: "heavy" },
      keep: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const workers = values.workers.split(",").map((w) => {
    const n = Number(w);
    if (!Number.isSafeInteger(n) || n < 0) throw new Error("--workers takes non-negative integers separated by commas, e.g. 2,0");
    return n;
  });
  const inlineCalls = values["inline-calls"].split(",").map((v) => {
    if (v !== "true" && v !== "false") throw new Error("--inline-calls takes true, false or true,false");
    return v === "true";
  });
  if (values.flood !== "heavy" && values.flood !== "cheap") throw new Error("--flood takes heavy or cheap");
  const rounds = positiveIntFlag(values.rounds, "rounds");
  const blocks = positiveIntFlag(values.blocks, "blocks");
  if (blocks < rounds * 2) throw new Error("--blocks must be at least twice --rounds");
  if (!/^\d+(ms|s)$/.test(values["timeout-commit"])) throw new Error("--timeout-commit takes a duration such as 200ms or 1s");
  return {
    help: values.help,
    accounts: positiveIntFlag(values.accounts, "accounts"),
    clients: positiveIntFlag(values.clients, "clients"),
    blocks,
    rounds,
    windowCapS: positiveIntFlag(values["window-cap"], "window-cap"),
    timeoutCommit: values["timeout-commit"],
    workers,
    inlineCalls,
    flood: values.flood as Flood,
    keep: values.keep,
  };
}

type Flags = ReturnType<typeof parseFlags>;
type Flood = "heavy" | "cheap";

/** A node setting compared: its query workers, and whether its app's thread answers eth_calls itself. */
interface QuerySetting {
  queryWorkers: number;
  inlineCalls: boolean;
}

function settingName({ queryWorkers, inlineCalls }: QuerySetting): string {
  if (queryWorkers === 0) return "0 (all in the app's thread)";
  return inlineCalls ? String(queryWorkers) : `${queryWorkers}, inline calls off`;
}

// ---------------------------------------------------------------------------------------------
// The node

/** Deterministic addresses: the first 20 bytes of sha256("query-flood/<i>"). */
function benchAddress(i: number): string {
  return accAddressToString(createHash("sha256").update(`query-flood/${i}`).digest().subarray(0, 20));
}

async function createNode(flags: Flags): Promise<LocalNode> {
  const addresses = Array.from({ length: flags.accounts }, (_, i) => benchAddress(i));
  return LocalNode.create({
    timeoutCommit: flags.timeoutCommit,
    editAppState: (state) => {
      const auth = state.auth as { accounts: { address: string }[] };
      const bank = state.bank as { balances: { address: string; coins: { denom: string; amount: string }[] }[] };
      auth.accounts = [...auth.accounts, ...addresses.map((address) => ({ address }))];
      bank.balances = [...bank.balances, ...addresses.map((address, i) => ({ address, coins: [{ denom: "uunit", amount: String(1_000 + i) }] }))];
      return state;
    },
  });
}

/** (Re)starts the node with these query workers and waits until it answers gRPC and makes blocks. */
async function startWith(node: LocalNode, { queryWorkers, inlineCalls }: QuerySetting): Promise<void> {
  await node.stop();
  updateAppConfig(node.paths, { queryWorkers, queryInlineCalls: inlineCalls });
  await node.start();
  await waitUntil("gRPC port", () => canConnect(node.ports.grpc), 60_000);
  await node.waitForHeight((await node.status()).latestBlockHeight + 3);
  const reported = `"queryWorkers":${queryWorkers},"inlineCalls":${queryWorkers > 0 && inlineCalls}`;
  if (!node.output("app").includes(reported)) throw new Error(`the app did not report ${reported}`);
}

// ---------------------------------------------------------------------------------------------
// Measurements

/**
 * CPU seconds so far of the node's processes, the app's main thread, the generator and the
 * machine; and the seconds the app's main thread and CometBFT's threads spent runnable but waiting
 * for a core (the kernel's schedstat), which is where contention for the CPU shows.
 */
interface CpuMark {
  wallMs: number;
  app: number;
  appMain: number;
  comet: number;
  generator: number;
  machine: number;
  appMainWait: number;
  cometWait: number;
  /** Bytes the app process has caused to be written to storage so far (its WAL, checkpoints). */
  appDiskWrites: number;
}

function threadCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Seconds the threads (`tid`, or every thread of `pid`) waited on a run queue so far. */
function runQueueWaitSeconds(pid: number | undefined, tid?: number): number {
  const threads = pid === undefined ? undefined : threadSchedstats(pid, tid);
  return threads === undefined ? NaN : threads.reduce((ns, t) => ns + t.waitNs, 0) / 1e9;
}

function diskWriteBytes(pid: number | undefined): number {
  try {
    return Number(/^write_bytes: (\d+)$/m.exec(fs.readFileSync(`/proc/${pid}/io`, "utf8"))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

function cpuMark(node: LocalNode, generator?: ChildProcess): CpuMark {
  const appPid = node.app?.child.pid;
  const cometPid = node.comet?.child.pid;
  return {
    wallMs: Date.now(),
    app: processCpuSeconds(appPid) ?? NaN,
    appMain: threadCpuSeconds(appPid),
    comet: processCpuSeconds(cometPid) ?? NaN,
    generator: generator ? (processCpuSeconds(generator.pid) ?? NaN) : 0,
    machine: machineBusySeconds() ?? NaN,
    appMainWait: runQueueWaitSeconds(appPid, appPid),
    cometWait: runQueueWaitSeconds(cometPid),
    appDiskWrites: diskWriteBytes(appPid),
  };
}

interface Usage {
  /** CPU seconds. */
  appMain: number;
  appOther: number;
  comet: number;
  generator: number;
  rest: number;
  /** Run-queue wait, seconds. */
  appMainWait: number;
  cometWait: number;
  appDiskWrites: number;
  /** Wall seconds and block intervals the sums above cover. */
  seconds: number;
  blocks: number;
}

const noUsage = (): Usage => ({
  appMain: 0,
  appOther: 0,
  comet: 0,
  generator: 0,
  rest: 0,
  appMainWait: 0,
  cometWait: 0,
  appDiskWrites: 0,
  seconds: 0,
  blocks: 0,
});

function addUsage(into: Usage, a: CpuMark, b: CpuMark, blocks: number): void {
  const app = b.app - a.app;
  const appMain = b.appMain - a.appMain;
  const comet = b.comet - a.comet;
  const generator = b.generator - a.generator;
  into.appMain += appMain;
  into.appOther += app - appMain;
  into.comet += comet;
  into.generator += generator;
  into.rest += b.machine - a.machine - app - comet - generator;
  into.appMainWait += b.appMainWait - a.appMainWait;
  into.cometWait += b.cometWait - a.cometWait;
  into.appDiskWrites += b.appDiskWrites - a.appDiskWrites;
  into.seconds += (b.wallMs - a.wallMs) / 1000;
  into.blocks += blocks;
}

interface Window {
  intervalsMs: number[];
  /** Header times of the first and last block of the window. */
  fromMs: number;
  toMs: number;
  capped: boolean;
}

/**
 * Waits for `intervals` block intervals after the block that follows now (or `capS` seconds), and
 * returns the intervals between blocks made wholly inside that time.
 */
async function blockWindow(node: LocalNode, rpc: RpcClient, intervals: number, capS: number): Promise<Window> {
  const startMs = Date.now();
  const first = (await rpc.latestHeight()) + 1;
  const deadline = startMs + capS * 1000;
  let latest = first - 1;
  while (latest < first + intervals && Date.now() < deadline) {
    await sleep(100);
    latest = await rpc.latestHeight();
  }
  const capped = latest < first + intervals;
  const endMs = Date.now();
  const last = Math.min(latest, first + intervals);
  const metas = last >= first ? await rpc.blockMetas(first, last) : [];
  const intervalsMs = metas.slice(1).map((m, i) => m.timeMs - metas[i]!.timeMs);
  // Cut short by the cap: the interval still open then counts too, as long as it had lasted (a stall is not dropped).
  const lastHeaderMs = metas.at(-1)?.timeMs;
  if (capped && lastHeaderMs !== undefined) intervalsMs.push(endMs - lastHeaderMs);
  if (node.app?.child.exitCode !== null || node.comet?.child.exitCode !== null) throw new Error("the node stopped during a window");
  return { intervalsMs, fromMs: metas[0]?.timeMs ?? startMs, toMs: capped ? endMs : (lastHeaderMs ?? endMs), capped };
}

/** Each query kind alone, `times` times in a row, on an otherwise idle node: median latency. */
async function soloLatencies(address: string, kinds: QueryKind[], times = 3): Promise<{ ms: number; code: number }[]> {
  const client = new NodeGrpcClient(address, { "grpc.max_receive_message_length": 64 * 2 ** 20 });
  try {
    const out: { ms: number; code: number }[] = [];
    for (const k of kinds) {
      const ms: number[] = [];
      let code = 0;
      for (let i = 0; i < times; i++) {
        const t0 = performance.now();
        try {
          await client.unary(k.path, Buffer.from(k.requestHex, "hex"), { timeoutMs: 60_000 });
        } catch (err) {
          code = (err as { code?: number }).code ?? GrpcCode.UNKNOWN;
        }
        ms.push(performance.now() - t0);
      }
      out.push({ ms: median(ms), code });
    }
    return out;
  } finally {
    client.close();
  }
}

interface ConfigResult {
  setting: QuerySetting;
  solo: { ms: number; code: number }[];
  idle: number[];
  flooded: number[];
  cappedWindows: number;
  /** Answers and errors that arrived inside the flooded windows, and the windows' total span. */
  completions: Completion[];
  floodSeconds: number;
  idleUsage: Usage;
  floodUsage: Usage;
}

async function measureConfig(node: LocalNode, rpc: RpcClient, flags: Flags, setting: QuerySetting): Promise<ConfigResult> {
  const name = `queryWorkers ${settingName(setting)}`;
  log(`${name}: restarting the node`);
  await startWith(node, setting);
  const address = `127.0.0.1:${node.ports.grpc}`;
  const kinds = queryKinds(await rpc.latestHeight(), flags.flood);
  const solo = await soloLatencies(address, kinds);
  log(`${name}: alone, ${kinds.map((k, i) => `${k.name} ${solo[i]!.ms.toFixed(0)} ms${solo[i]!.code ? ` (code ${solo[i]!.code})` : ""}`).join("; ")}`);
  const result: ConfigResult = {
    setting,
    solo,
    idle: [],
    flooded: [],
    cappedWindows: 0,
    completions: [],
    floodSeconds: 0,
    idleUsage: noUsage(),
    floodUsage: noUsage(),
  };
  const perWindow = Math.floor(flags.blocks / flags.rounds);
  for (let round = 1; round <= flags.rounds; round++) {
    let before = cpuMark(node);
    const idle = await blockWindow(node, rpc, perWindow, flags.windowCapS);
    addUsage(result.idleUsage, before, cpuMark(node), idle.intervalsMs.length);
    result.idle.push(...idle.intervalsMs);
    log(`${name}, round ${round}: idle ${summary(idle.intervalsMs)}; ${walSize(node)}`);

    const generator = await Generator.start({ address, clients: flags.clients, kinds: queryKinds(await rpc.latestHeight(), flags.flood) });
    before = cpuMark(node, generator.child);
    const flooded = await blockWindow(node, rpc, perWindow, flags.windowCapS);
    addUsage(result.floodUsage, before, cpuMark(node, generator.child), flooded.intervalsMs.length);
    const completions = await generator.stop();
    result.flooded.push(...flooded.intervalsMs);
    if (flooded.capped) result.cappedWindows++;
    // Answers between the window's first and last block (or its cap).
    const [from, to] = [flooded.fromMs, flooded.toMs];
    result.completions.push(...completions.filter((c) => c.atMs >= from && c.atMs < to));
    result.floodSeconds += (to - from) / 1000;
    log(
      `${name}, round ${round}: flooded ${summary(flooded.intervalsMs)}${flooded.capped ? ` (window capped at ${flags.windowCapS} s)` : ""}; ${walSize(node)}`,
    );
    // Let queries still queued in the node finish before the next idle window.
    await node.waitForHeight((await rpc.latestHeight()) + 3, 120_000);
  }
  return result;
}

/** The state database's write-ahead log now: readers that never let go of it keep it growing. */
function walSize(node: LocalNode): string {
  try {
    return `WAL ${(fs.statSync(`${node.paths.appDb}-wal`).size / 2 ** 20).toFixed(1)} MiB`;
  } catch {
    return "no WAL file";
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const mean = (xs: number[]) => (xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length);
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "-");
const summary = (ms: number[]) => `${ms.length} intervals, mean ${fmt(mean(ms))} ms, p50 ${fmt(median(ms))} ms, p95 ${fmt(percentile(ms, 95))} ms`;
const codeName = (code: number) => (code === 0 ? "OK" : (Object.entries(GrpcCode).find(([, v]) => v === code)?.[0] ?? `code ${code}`));

function errorsByCode(completions: Completion[]): string {
  const counts = new Map<number, number>();
  for (const c of completions) if (c.code !== 0) counts.set(c.code, (counts.get(c.code) ?? 0) + 1);
  return counts.size === 0 ? "none" : [...counts].map(([code, n]) => `${codeName(code)} ${n}`).join(", ");
}

function cores(u: Usage): string {
  return [u.appMain, u.appOther, u.comet, u.generator, u.rest].map((x) => (u.seconds > 0 ? fmt(x / u.seconds, 2) : "-")).join(" / ");
}

function perBlock(u: Usage): string {
  if (u.blocks === 0) return "-";
  return `${[u.appMainWait, u.cometWait].map((x) => fmt((1000 * x) / u.blocks, 1)).join(" / ")} | ${fmt(u.appDiskWrites / 1024 / u.blocks)}`;
}

function printReport(flags: Flags, results: ConfigResult[], loadavg: string): void {
  const kinds = queryKinds(0, flags.flood);
  console.log(
    `\nMachine: ${os.cpus()[0]?.model ?? "?"}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM; Node ${process.version}; CometBFT ${COMETBFT_VERSION}; ${new Date().toISOString()}; load average before the run ${loadavg}`,
  );
  console.log(
    `Parameters: timeout_commit ${flags.timeoutCommit}, ${fmt(flags.accounts)} genesis accounts with balances, ${flags.clients} gRPC clients, ${flags.blocks} block intervals idle and ${flags.blocks} flooded per configuration in ${flags.rounds} alternating rounds, windows capped at ${flags.windowCapS} s\n`,
  );
  console.log(
    "| queryWorkers | idle interval ms: mean / p50 / p95 (n) | flooded interval ms: mean / p50 / p95 (n) | **flooded / idle** (mean; p50) | queries answered /s | errors by gRPC code |",
  );
  console.log("| --- | --- | --- | ---: | ---: | --- |");
  for (const r of results) {
    const ok = r.completions.filter((c) => c.code === 0).length;
    const ratio = mean(r.flooded) / mean(r.idle);
    console.log(
      `| ${settingName(r.setting)} | ${fmt(mean(r.idle))} / ${fmt(median(r.idle))} / ${fmt(percentile(r.idle, 95))} (${r.idle.length}) | ${fmt(mean(r.flooded))} / ${fmt(median(r.flooded))} / ${fmt(percentile(r.flooded, 95))} (${r.flooded.length}${r.cappedWindows > 0 ? `, ${r.cappedWindows} window(s) capped at ${flags.windowCapS} s` : ""}) | **${fmt(ratio, 2)}**; ${fmt(median(r.flooded) / median(r.idle), 2)} | ${fmt(ok / r.floodSeconds, 1)} | ${errorsByCode(r.completions)} |`,
    );
  }

  console.log("\nPer query: latency alone on the idle node, then answers and latency under the flood (p50 / p95 ms):\n");
  console.log(`| query | ${results.map((r) => `queryWorkers ${settingName(r.setting)}: alone ms | flooded answered /s | flooded p50 / p95 ms`).join(" | ")} |`);
  console.log(`| --- | ${results.map(() => "---: | ---: | ---:").join(" | ")} |`);
  kinds.forEach((k, i) => {
    const cells = results.map((r) => {
      const answered = r.completions.filter((c) => c.kind === i && c.code === 0);
      const ms = answered.map((c) => c.ms);
      const solo = r.solo[i]!;
      return `${fmt(solo.ms)}${solo.code ? ` (${codeName(solo.code)})` : ""} | ${fmt(answered.length / r.floodSeconds, 1)} | ${fmt(median(ms))} / ${fmt(percentile(ms, 95))}`;
    });
    console.log(`| ${k.name} | ${cells.join(" | ")} |`);
  });

  console.log(
    "\nWhere the time goes: cores busy (CPU seconds per second) of the app's main thread / the app's other threads (query workers, GC, libuv) / CometBFT / the load generator / the rest of the machine; per block interval, the ms the app's main thread / all of CometBFT's threads waited runnable for a core; and the KiB per block the app wrote to disk (its SQLite WAL and checkpoints):\n",
  );
  console.log(
    "| queryWorkers | idle: cores busy | flooded: cores busy | idle: run-queue wait ms per block | idle: app disk KiB per block | flooded: run-queue wait ms per block | flooded: app disk KiB per block |",
  );
  console.log("| --- | --- | --- | --- | ---: | --- | ---: |");
  for (const r of results)
    console.log(`| ${settingName(r.setting)} | ${cores(r.idleUsage)} | ${cores(r.floodUsage)} | ${perBlock(r.idleUsage)} | ${perBlock(r.floodUsage)} |`);

  const shipped = results.find((r) => r.setting.queryWorkers > 0 && r.setting.inlineCalls);
  if (shipped) {
    const ratio = mean(shipped.flooded) / mean(shipped.idle);
    console.log(
      `\nGoal: with queryWorkers ${settingName(shipped.setting)}, mean block interval flooded / idle = **${fmt(ratio, 3)}** (<= ${GOAL_RATIO}: ${ratio <= GOAL_RATIO ? "met" : "NOT met"})`,
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
  const loadavg = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(", ");
  log(`genesis with ${flags.accounts} accounts; timeout_commit ${flags.timeoutCommit}`);
  const node = await createNode(flags);
  const rpc = new RpcClient(node.rpcUrl, 4);
  const stop = () => void node.destroy().finally(() => process.exit(130));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    const results: ConfigResult[] = [];
    // Workers 0 answers every query on the app's thread whatever query.inline-calls says: measured once.
    const settings = flags.workers.flatMap((queryWorkers) =>
      queryWorkers === 0 ? [{ queryWorkers, inlineCalls: true }] : flags.inlineCalls.map((inlineCalls) => ({ queryWorkers, inlineCalls })),
    );
    for (const setting of settings) results.push(await measureConfig(node, rpc, flags, setting));
    printReport(flags, results, loadavg);
    return 0;
  } catch (err) {
    console.error(err);
    log(`app output tail:\n${node.output("app").slice(-3000)}`);
    return 1;
  } finally {
    rpc.close();
    if (flags.keep) process.env.KEEP_NODE_HOME = "1";
    await node.destroy();
  }
}

const generatorSpec = process.env[GENERATOR_ENV];
if (generatorSpec) await runGenerator(JSON.parse(generatorSpec) as GeneratorSpec);
else process.exit(await main());
