/**
 * Committed ERC-20 transfers per second through eth_sendRawTransaction on one validator, and
 * eth_call (balanceOf) requests per second with their latency, side by side in the same run with
 * the same workload against Hardhat's own node (`npx hardhat node`) and anvil (Foundry's node).
 *
 *   npm run bench -- erc20 [flags]       (or: node --import tsx bench/erc20.ts [flags])
 *     --senders 200 --per-sender 40     transfers = senders x per-sender, all signed before timing
 *     --concurrency 64                  eth_sendRawTransaction requests in flight
 *     --max-load-seconds 120            stop sending after this long
 *     --calls 3000                      eth_call requests, once one at a time, once concurrently
 *     --call-warmup 3000                untimed eth_call requests before each of those: a node's
 *                                       latency once its JIT has compiled the call path, as a
 *                                       running node serves it, not its first few seconds
 *     --call-concurrency 16
 *     --timeout-commit 500ms            our node's config.toml (the `unitd start` default)
 *     --gas-limit N                     per transfer (default: eth_estimateGas of one transfer)
 *     --via cometbft                    ours only: send the same raw txs through CometBFT's
 *                                       broadcast_tx_sync instead of eth_sendRawTransaction, to
 *                                       tell the JSON-RPC server's share from the chain's
 *     --only ours,hardhat,anvil         targets to run
 *     --runs 3                          the targets alternate run by run (the machine's drift
 *                                       reaches each) and the goals compare their medians: one
 *                                       run's ratio to Hardhat's has read 96-132 % on one build
 *                                       (1 with --profile or --comet-goroutines)
 *     --in-process                      instead: the app alone in this process, CPU time per step of a
 *                                       transfer's life (bench/erc20/inProcess.ts), the library with the
 *                                       node's bundle rewrites (bench/libraryRewrites/); --txs-per-block
 *     --txs-per-block 871               (default: the EVM block gas limit / the gas limit)
 *     --check-tx-queue 1                in-process: new CheckTx requests handed over as the ABCI server
 *                                       does with this many in flight (the first checked, the rest
 *                                       announced as queued), e.g. 64 as the load's concurrency
 *     --recovery-workers 0              in-process: sender recovery threads (app/senderRecovery/) for
 *                                       the queued ones, as mempool.sender-recovery-workers
 *     --state-hash-workers 0            in-process: state hash threads (app/store/elementFold/), as
 *                                       state.hash-workers
 *     --profile                         our app and JSON-RPC server under `node --cpu-prof`, and
 *                                       CometBFT's pprof for the first --comet-profile-seconds of the load
 *     --comet-goroutines                instead: CometBFT's goroutines dumped every 10 ms for the first
 *                                       --comet-profile-seconds of the load, its ABCI socket clients'
 *                                       writers counted by where they were (bench/erc20/cometGoroutines.ts);
 *                                       the dumps cost CometBFT and the load client CPU, so not a
 *                                       throughput figure
 *     --keep                            keep temp dirs (node homes, logs, profiles)
 *     APP_NODE_ARGS="--trace-gc"        (environment) Node flags for our app's process, space-separated;
 *                                       with --keep its log holds the collector's lines
 *
 * Setup (not timed): a funder deploys Token (test/contracts/Token.sol) and gives each sender
 * gas money and tokens. Each sender's transfers (1 token-wei to the next sender) go strictly in
 * nonce order: the next is sent once eth_sendRawTransaction answered the previous. A transfer
 * counts as committed when its receipt exists; the clock runs from the first send until the
 * receipts of every sender's last transfer exist (a sender's txs commit in nonce order). On our
 * chain the last block's wait is in that span. With `timeout_commit` 1 s the blocks bound the load
 * (at most 871 transfers a ~1.04 s interval: 8,000 in 10 blocks read about 760/s); at the default
 * 500 ms the blocks hold what was admitted since the last one, and admission bounds it.
 *
 * Each Node process's main thread (ours: the app and the JSON-RPC server; Hardhat's node) is also
 * reported over the load: the share of the time it ran, and the share it was runnable but waited
 * for a core that other threads held (Linux schedstat). On two cores the second tells how much of
 * a node's throughput the machine's other work takes.
 */
import { parseArgs } from "node:util";
import { positiveIntFlag } from "./args.js";
import { ensureCometbft } from "../cometbft/install.js";
import { DEFAULT_TIMEOUT_COMMIT } from "../cometbft/config.js";
import { REPO_ROOT } from "../common/node/paths.js";
import fs from "node:fs";
import path from "node:path";
import { printProfile, summariseCpuProfile } from "./load/cpuProfile.js";
import { runLoad } from "./load/load.js";
import { cleanupAll, cleanupOnSignals, cpuWindow, keepTempDirs, mainThreadWindow, stopProcess, tail } from "./load/processes.js";
import { RpcClient } from "./load/rpc.js";
import { median, percentile } from "./stats.js";
import { EthRpc, type EthReceipt } from "./erc20/ethRpc.js";
import { startAnvil, startHardhat, startOurs, type Target } from "./erc20/targets.js";
import { captureCometProfile, summariseCometProfile } from "./erc20/cometProfile.js";
import { erc20AppPhases } from "./erc20/inProcess.js";
import { pino } from "pino";
import { pathToFileURL } from "node:url";
import { useSenderKeySource } from "../common/ethereum/ethTx.js";
import { SenderRecoveryPool } from "../app/senderRecovery/pool.js";
import { ElementFoldPool } from "../app/store/elementFold/pool.js";
import { runnableModule, WORKER_MODULES } from "../common/node/entryPoints.js";
import { printPhases } from "./load/inProcess.js";
import { underNodeLibraryCode } from "./libraryRewrites/index.js";
import { BLOCK_GAS_LIMIT } from "../app/modules/evm/state/params.js";
import { formatGoroutineTally, sampleCometGoroutines } from "./erc20/cometGoroutines.js";
import { feesOf, sendSetup } from "./erc20/setup.js";
import { SENDER_TOKENS, funder, makeSenders, setupTxs, token, tokenAddress, transferData, transferLanes } from "./erc20/workload.js";

const { values: args } = parseArgs({
  options: {
    senders: { type: "string", default: "200" },
    "per-sender": { type: "string", default: "40" },
    concurrency: { type: "string", default: "64" },
    "max-load-seconds": { type: "string", default: "120" },
    calls: { type: "string", default: "3000" },
    "call-warmup": { type: "string", default: "3000" },
    "call-concurrency": { type: "string", default: "16" },
    "timeout-commit": { type: "string", default: DEFAULT_TIMEOUT_COMMIT },
    "gas-limit": { type: "string" },
    via: { type: "string", default: "json-rpc" },
    only: { type: "string", default: "ours,hardhat,anvil" },
    runs: { type: "string" },
    profile: { type: "boolean", default: false },
    "comet-goroutines": { type: "boolean", default: false },
    "in-process": { type: "boolean", default: false },
    "txs-per-block": { type: "string" },
    "check-tx-queue": { type: "string", default: "1" },
    "recovery-workers": { type: "string", default: "0" },
    "state-hash-workers": { type: "string", default: "0" },
    "comet-profile-seconds": { type: "string", default: "8" },
    keep: { type: "boolean", default: false },
  },
});

function positiveInt(name: keyof typeof args): number {
  return positiveIntFlag(args[name] as string | undefined, name);
}

const SENDERS = positiveInt("senders");
const PER_SENDER = positiveInt("per-sender");
const CONCURRENCY = positiveInt("concurrency");
const MAX_LOAD_MS = positiveInt("max-load-seconds") * 1000;
const CALLS = positiveInt("calls");
const CALL_WARMUP = positiveInt("call-warmup");
const CALL_CONCURRENCY = positiveInt("call-concurrency");
const COMET_PROFILE_SECONDS = positiveInt("comet-profile-seconds");
const ONLY = args.only.split(",").map((s) => s.trim());
const TRACED = args.profile || args["comet-goroutines"];
const RUNS = args.runs !== undefined ? positiveInt("runs") : TRACED ? 1 : 3;
if (TRACED && RUNS > 1) throw new Error("--profile and --comet-goroutines take one run");
if (args["comet-goroutines"] && args.profile) throw new Error("--comet-goroutines takes no --profile (its dumps would be in the CPU profile)");
const VIA = args.via;
if (VIA !== "json-rpc" && VIA !== "cometbft") throw new Error(`--via takes json-rpc or cometbft, got ${VIA}`);
if (VIA === "cometbft" && ONLY.some((o) => o !== "ours")) throw new Error("--via cometbft applies to our node only: add --only ours");
for (const o of ONLY) if (o !== "ours" && o !== "hardhat" && o !== "anvil") throw new Error(`--only takes ours, hardhat and anvil, got ${o}`);
const GAS_MONEY = 10n ** 18n; // 1 UNIT per sender: far more than its transfers' gas
const FUNDER_WEI = 1000n * 10n ** 18n; // Hardhat's dev accounts hold 10,000 each
/** No sender may stall for longer than this without a new receipt. */
const RECEIPT_IDLE_MS = 60_000;

const log = (msg: string) => process.stderr.write(`[erc20] ${msg}\n`);
const senders = makeSenders(SENDERS);

interface CallStats {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
}

interface Outcome {
  target: Target;
  /** 1-based, in the order the targets alternate. */
  run: number;
  gasLimit: bigint;
  gasUsed: bigint;
  signed: number;
  accepted: number;
  rejects: string[];
  committed: number;
  failed: number;
  sendSeconds: number;
  /** Round trip of an accepted send, ms. */
  sendP50: number;
  sendP95: number;
  commitSeconds: number;
  blocks: number;
  maxPerBlock: number;
  /** Transfers in each block that holds some, in height order. */
  perBlock: number[];
  /** Ours: committed / (header time of the last load block - header time of the block before the first). */
  blockSpanPerSecond?: number;
  blockIntervalsMs?: number[];
  sequential: CallStats;
  concurrent: CallStats;
  cpu: Record<string, number | undefined>;
  notes: string[];
}

async function callStats(rpc: EthRpc, concurrency: number): Promise<CallStats> {
  const to = tokenAddress();
  const bodies = Array.from({ length: CALLS }, (_, i) =>
    EthRpc.body("eth_call", [{ to, data: token.encodeFunctionData("balanceOf", [senders[i % senders.length]!.address]) }, "latest"], i + 1),
  );
  for (let done = 0; done < CALL_WARMUP; done += bodies.length) await rpc.timedRequests(bodies.slice(0, CALL_WARMUP - done), concurrency);
  const { latenciesMs, wallMs } = await rpc.timedRequests(bodies, concurrency);
  const xs = [...latenciesMs];
  return { requests: CALLS, perSecond: (CALLS * 1000) / wallMs, p50: percentile(xs, 50), p99: percentile(xs, 99) };
}

async function runTarget(target: Target, run: number): Promise<Outcome> {
  let rpc = new EthRpc(target.url, CONCURRENCY + 8);
  const notes: string[] = [];
  try {
    const fees = await feesOf(rpc);
    log(`${target.name}: chain id ${fees.chainId}, max fee ${fees.maxFeePerGas} wei; setup: deploy Token, fund ${SENDERS} senders`);
    await target.fundFunder(FUNDER_WEI);
    await sendSetup(rpc, await setupTxs(senders, fees, GAS_MONEY), RECEIPT_IDLE_MS);
    const estimate = BigInt(
      await rpc.call<string>("eth_estimateGas", [{ from: senders[0]!.address, to: tokenAddress(), data: transferData(senders[1]!.address, 1n) }]),
    );
    const gasLimit = args["gas-limit"] ? BigInt(args["gas-limit"]) : estimate;
    log(`${target.name}: signing ${SENDERS} x ${PER_SENDER} transfers (gas limit ${gasLimit}, estimate ${estimate})`);
    const lanes = await transferLanes(senders, PER_SENDER, fees, gasLimit);
    let id = 1;
    const viaComet = VIA === "cometbft";
    const bodies = lanes.map((lane) =>
      lane.map((t) => (viaComet ? RpcClient.broadcastBody(Buffer.from(t.raw.slice(2), "hex"), id++) : EthRpc.sendRawBody(t.raw, id++))),
    );
    // Fresh connections: the server may have closed the idle keep-alive ones while we signed.
    rpc.close();
    rpc = new EthRpc(target.url, CONCURRENCY + 8);
    const sender = viaComet ? new RpcClient(target.cometRpcUrl!, CONCURRENCY + 8) : rpc.client;

    const cpuUsed = cpuWindow(target.procs);
    const mainThreadsUsed = target.eventLoops.map((name) => ({ name, read: mainThreadWindow(target.procs[name]!) }));
    const rejects: string[] = [];
    const loadStartUs = process.hrtime.bigint() / 1000n;
    const cometProfile =
      args.profile && target.cometPprofUrl
        ? captureCometProfile(target.cometPprofUrl, COMET_PROFILE_SECONDS, path.join(target.profileDir!, "cometbft.pprof"))
        : undefined;
    const cometGoroutines =
      args["comet-goroutines"] && target.cometPprofUrl
        ? sampleCometGoroutines(target.cometPprofUrl, COMET_PROFILE_SECONDS).then(formatGoroutineTally, (err: Error) => `no goroutine sample: ${err.message}`)
        : undefined;
    log(`${target.name}: load starts`);
    const load = await runLoad(sender, bodies, {
      concurrency: CONCURRENCY,
      maxMs: MAX_LOAD_MS,
      onReject: (lane, i, why) => rejects.length < 5 && rejects.push(`sender ${lane} tx ${i}: ${why}`),
    });
    const lastOfLane = lanes.map((lane, i) => lane[load.acceptedPerLane[i]! - 1]?.hash).filter((h): h is string => h !== undefined);
    const committedAt = await rpc.waitForReceipts(lastOfLane, RECEIPT_IDLE_MS, 32);
    const loadEndUs = process.hrtime.bigint() / 1000n;
    if (viaComet) sender.close();
    const used = cpuUsed();
    const threads = mainThreadsUsed.flatMap(({ name, read }) => {
      const u = read();
      return u ? [`${name} ran ${fmt((100 * u.runningS) / u.spanS)} %, waited for a core ${fmt((100 * u.waitingS) / u.spanS)} %`] : [];
    });
    if (threads.length > 0) notes.push(`main threads, share of the load's wall time: ${threads.join("; ")}; the rest of it each was idle`);
    // Runs with a large "rest of machine" are not comparable.
    const cpu: Record<string, number | undefined> = { ...used.processes, "load client": used.loadClient };
    if (used.restOfMachine !== undefined) cpu["rest of machine"] = used.restOfMachine;
    log(`${target.name}: ${load.accepted} accepted, all committed after ${((committedAt - load.startMs) / 1000).toFixed(1)} s; checking receipts`);

    // After the clock: every accepted transfer's receipt, and the chain's own view of the balances.
    const acceptedHashes = lanes.flatMap((lane, i) => lane.slice(0, load.acceptedPerLane[i]!).map((t) => t.hash));
    const receipts = (await rpc.receipts(acceptedHashes, 32)).filter((r): r is EthReceipt => r !== null);
    const committed = receipts.filter((r) => r.status === "0x1").length;
    const perBlock = new Map<number, number>();
    for (const r of receipts) perBlock.set(Number(r.blockNumber), (perBlock.get(Number(r.blockNumber)) ?? 0) + 1);
    const heights = [...perBlock.keys()].sort((a, b) => a - b);
    if (receipts.length !== acceptedHashes.length) notes.push(`${acceptedHashes.length - receipts.length} accepted transfers have no receipt`);
    for (const i of [0, Math.floor(SENDERS / 2), SENDERS - 1]) {
      const held = BigInt(
        await rpc.call<string>("eth_call", [{ to: tokenAddress(), data: token.encodeFunctionData("balanceOf", [senders[i]!.address]) }, "latest"]),
      );
      const expected = SENDER_TOKENS - BigInt(load.acceptedPerLane[i]!) + BigInt(load.acceptedPerLane[(i + SENDERS - 1) % SENDERS]!);
      if (held !== expected) notes.push(`sender ${i} holds ${held} token-wei, expected ${expected}`);
    }
    let blockSpanPerSecond: number | undefined;
    let blockIntervalsMs: number[] | undefined;
    if (target.cometRpcUrl && heights.length > 0) {
      const comet = new RpcClient(target.cometRpcUrl, 2);
      try {
        const metas = await comet.blockMetas(heights[0]! - 1, heights[heights.length - 1]!);
        blockSpanPerSecond = committed / ((metas[metas.length - 1]!.timeMs - metas[0]!.timeMs) / 1000);
        blockIntervalsMs = metas.slice(1).map((m, i) => m.timeMs - metas[i]!.timeMs);
      } finally {
        comet.close();
      }
    }

    log(`${target.name}: eth_call balanceOf x ${CALLS}, one at a time, then ${CALL_CONCURRENCY} in flight`);
    // Fresh connections again: a kept-alive one idle past the server's keep-alive timeout (5 s for
    // Node's HTTP servers) may be closed just as it is reused, which fails that request.
    rpc.close();
    rpc = new EthRpc(target.url, CONCURRENCY + 8);
    const callsStartUs = process.hrtime.bigint() / 1000n;
    const sequential = await callStats(rpc, 1);
    const concurrent = await callStats(rpc, CALL_CONCURRENCY);
    const callsEndUs = process.hrtime.bigint() / 1000n;

    if (cometProfile) {
      const file = await cometProfile;
      console.log(`\n### CometBFT CPU profile, the first ${COMET_PROFILE_SECONDS} s of the load\n`);
      console.log(fs.existsSync(file) ? "```\n" + summariseCometProfile(cometBinary, file) + "```" : file);
    }
    if (cometGoroutines) {
      console.log(`\n### CometBFT's goroutines, the first ${COMET_PROFILE_SECONDS} s of the load\n`);
      console.log(await cometGoroutines);
    }
    if (args.profile && target.profileDir) {
      await printProfiles(target, [
        { what: "load start to last receipt", fromUs: loadStartUs, toUs: loadEndUs },
        { what: "the eth_call phase", fromUs: callsStartUs, toUs: callsEndUs },
      ]);
    }
    return {
      target,
      run,
      gasLimit,
      gasUsed: BigInt(receipts[0]?.gasUsed ?? "0"),
      signed: SENDERS * PER_SENDER,
      accepted: load.accepted,
      rejects,
      committed,
      failed: receipts.length - committed,
      sendSeconds: (load.endMs - load.startMs) / 1000,
      sendP50: percentile([...load.latenciesMs], 50),
      sendP95: percentile([...load.latenciesMs], 95),
      commitSeconds: (committedAt - load.startMs) / 1000,
      blocks: heights.length,
      maxPerBlock: Math.max(0, ...perBlock.values()),
      perBlock: heights.map((h) => perBlock.get(h)!),
      blockSpanPerSecond,
      blockIntervalsMs,
      sequential,
      concurrent,
      cpu,
      notes,
    };
  } catch (err) {
    for (const p of Object.values(target.procs)) log(`${p.name} log tail:\n${tail(p.logFile)}`);
    throw err;
  } finally {
    rpc.close();
  }
}

/** Stops the profiled node processes (they write their profiles on exit) and prints each window. */
async function printProfiles(target: Target, windows: { what: string; fromUs: bigint; toUs: bigint }[]): Promise<void> {
  for (const name of ["evm-rpc", "app"]) {
    const proc = target.procs[name];
    if (proc) await stopProcess(proc);
    const file = path.join(target.profileDir!, `${name}.cpuprofile`);
    if (!fs.existsSync(file)) {
      log(`no CPU profile from ${name}`);
      continue;
    }
    for (const w of windows)
      printProfile(
        `${name} CPU profile, ${w.what} (${file})`,
        summariseCpuProfile(file, REPO_ROOT, { fromUs: Number(w.fromUs), toUs: Number(w.toUs), top: 20 }),
      );
  }
}

const fmt = (n: number, d = 0) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

function printTable(outcomes: Outcome[]): void {
  const sendMethod = VIA === "cometbft" ? "CometBFT broadcast_tx_sync" : "eth_sendRawTransaction";
  console.log(
    `${SENDERS} senders x ${PER_SENDER} ERC-20 transfers, ${CONCURRENCY} ${sendMethod} in flight; eth_call balanceOf x ${CALLS} after ${CALL_WARMUP} untimed${args.profile ? "; PROFILER ON: not a throughput figure" : ""}\n`,
  );
  console.log(
    "| node | committed / signed | failed | gas used (limit) per transfer | blocks (max txs in one) | send s | send p50 / p95 ms | commit s | **transfers/s committed** | block-time tx/s | eth_call 1 in flight: req/s, p50 / p99 ms | eth_call " +
      CALL_CONCURRENCY +
      " in flight: req/s, p50 / p99 ms | CPU s during load |",
  );
  console.log("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|");
  for (const o of outcomes) {
    const cpu = Object.entries(o.cpu)
      .map(([k, v]) => `${k} ${v === undefined ? "?" : fmt(v, 1)}`)
      .join(", ");
    console.log(
      `| ${label(o)} | ${fmt(o.committed)} / ${fmt(o.signed)} | ${o.failed} | ${o.gasUsed} (${o.gasLimit}) | ${o.blocks} (${o.maxPerBlock}) | ${fmt(o.sendSeconds, 1)} | ${fmt(o.sendP50, 1)} / ${fmt(o.sendP95, 1)} | ${fmt(o.commitSeconds, 1)} | **${fmt(rate(o))}** | ${o.blockSpanPerSecond === undefined ? "-" : fmt(o.blockSpanPerSecond)} | ${fmt(o.sequential.perSecond)}, ${fmt(o.sequential.p50, 2)} / ${fmt(o.sequential.p99, 2)} | ${fmt(o.concurrent.perSecond)}, ${fmt(o.concurrent.p50, 2)} / ${fmt(o.concurrent.p99, 2)} | ${cpu} |`,
    );
  }
  console.log();
  for (const o of outcomes) {
    console.log(`- ${label(o)}: ${o.target.describe}.`);
    // A node that mines one block per tx has nothing to show here.
    if (o.perBlock.length <= 100 && o.maxPerBlock > 1) console.log(`  Transfers per block: ${o.perBlock.map((x) => fmt(x)).join(", ")}.`);
    if (o.blockIntervalsMs) console.log(`  Block intervals under load (ms): ${o.blockIntervalsMs.map((x) => fmt(x)).join(", ")}.`);
    for (const r of o.rejects) console.log(`  Refused: ${r}`);
    for (const n of o.notes) console.log(`  Note: ${n}`);
  }
  // Each target's median over its runs (with an even count, the lower middle: bench/stats.ts).
  const medianOf = (name: Target["name"], f: (o: Outcome) => number) => {
    const xs = outcomes.filter((o) => o.target.name === name).map(f);
    return xs.length > 0 ? median(xs) : undefined;
  };
  if (RUNS > 1) {
    const medians = (["ours", "hardhat", "anvil"] as const).flatMap((name) => {
      const r = medianOf(name, rate);
      const callP50 = medianOf(name, (o) => o.sequential.p50);
      return r === undefined || callP50 === undefined ? [] : [`${name} ${fmt(r)} transfers/s, eth_call p50 ${fmt(callP50, 2)} ms`];
    });
    console.log(`\nMedians over ${RUNS} runs: ${medians.join("; ")}.`);
  }
  const ours = medianOf("ours", rate);
  const hardhat = medianOf("hardhat", rate);
  const oursCallP50 = medianOf("ours", (o) => o.sequential.p50);
  if (ours !== undefined && oursCallP50 !== undefined) {
    const vsHardhat = hardhat !== undefined ? `${fmt(ours)} vs Hardhat's ${fmt(hardhat)}: ${ours >= hardhat ? "met" : "not met"}` : "no Hardhat run";
    console.log(
      `\nGoal: transfers/s committed >= Hardhat's node (${vsHardhat}; moonshot 1,500/s: ${ours >= 1500 ? "met" : "not met"}), eth_call p50 < 1 ms (${fmt(oursCallP50, 2)} ms one at a time: ${oursCallP50 < 1 ? "met" : "not met"}).`,
    );
  }
}

/** Transfers committed per second, from the first send to the last receipt. */
function rate(o: Outcome): number {
  return o.committed / o.commitSeconds;
}

/** Sender recovery threads for the in-process app, as app/main.ts starts them (the build's worker). */
function startSenderRecovery(size: number): SenderRecoveryPool {
  const workerUrl = pathToFileURL(runnableModule(WORKER_MODULES.senderRecovery));
  const pool = new SenderRecoveryPool({ size, workerUrl, logger: pino({ level: "warn" }) });
  useSenderKeySource(pool);
  return pool;
}

/** State hash threads for the in-process app's store, as app/main.ts starts them (the build's worker). */
function startElementFolder(size: number): ElementFoldPool {
  const workerUrl = pathToFileURL(runnableModule(WORKER_MODULES.elementFold));
  return new ElementFoldPool({ size, workerUrl, logger: pino({ level: "warn" }) });
}

/** The target's name, with its run when there are several. */
function label(o: Outcome): string {
  return RUNS > 1 ? `${o.target.name} (run ${o.run})` : o.target.name;
}

if (args["in-process"]) {
  underNodeLibraryCode();
  // The transfer's gas when the run does not say: what eth_estimateGas answers on ours.
  const gasLimit = args["gas-limit"] ? BigInt(args["gas-limit"]) : 34_433n;
  const txsPerBlock = args["txs-per-block"] ? positiveInt("txs-per-block") : Number(BLOCK_GAS_LIMIT / gasLimit);
  const recoveryWorkers = Number(args["recovery-workers"]);
  if (!Number.isInteger(recoveryWorkers) || recoveryWorkers < 0) throw new Error(`--recovery-workers takes 0 or more, got ${args["recovery-workers"]}`);
  const recovery = recoveryWorkers > 0 ? startSenderRecovery(recoveryWorkers) : undefined;
  const stateHashWorkers = Number(args["state-hash-workers"]);
  if (!Number.isInteger(stateHashWorkers) || stateHashWorkers < 0) throw new Error(`--state-hash-workers takes 0 or more, got ${args["state-hash-workers"]}`);
  const elementFolder = stateHashWorkers > 0 ? startElementFolder(stateHashWorkers) : undefined;
  const checkTxQueue = positiveInt("check-tx-queue");
  const phases = await erc20AppPhases({
    senders,
    perSender: PER_SENDER,
    gasLimit,
    gasMoney: GAS_MONEY,
    funderUunit: FUNDER_WEI / 10n ** 12n,
    txsPerBlock,
    checkTxQueue,
    elementFolder,
  });
  await recovery?.close();
  await elementFolder?.close();
  console.log(`CheckTx requests queued ${checkTxQueue} deep, ${recoveryWorkers} sender recovery threads, ${stateHashWorkers} state hash threads.\n`);
  printPhases(phases, txsPerBlock, {
    checkTx: "CheckTx (decode, sender recovery, nonce and balance; the nonce and upfront cost taken in the check state)",
    finalizeBlock: "FinalizeBlock (the EVM runs each transfer; decode cache hit)",
  });
  process.exit(phases.badCodes > 0 ? 1 : 0);
}

cleanupOnSignals();
keepTempDirs(args.keep);
const cometBinary = ONLY.includes("ours") ? ensureCometbft() : "";
const outcomes: Outcome[] = [];
try {
  for (let run = 1; run <= RUNS; run++) {
    for (const name of ONLY) {
      const target =
        name === "ours"
          ? await startOurs({
              comet: cometBinary,
              timeoutCommit: args["timeout-commit"],
              funder: funder.address,
              funderUunit: FUNDER_WEI / 10n ** 12n,
              profile: args.profile,
              pprof: args["comet-goroutines"],
            })
          : name === "hardhat"
            ? await startHardhat({ funder: funder.address })
            : await startAnvil({ funder: funder.address });
      try {
        outcomes.push(await runTarget(target, run));
      } finally {
        for (const p of Object.values(target.procs)) await stopProcess(p);
      }
    }
  }
  printTable(outcomes);
} finally {
  await cleanupAll();
}
