/**
 * End-to-end bank-send throughput: signed MsgSends broadcast over CometBFT's RPC to our app
 * (a fresh one-validator chain: the app process plus the stock CometBFT binary), side by side with
 * CometBFT's built-in kvstore app fed unique `key=value` txs of the same size by the same load
 * code, under an identical config.toml. Also: the app alone in-process (µs per tx for each step),
 * and secp256k1 verifications per second, native libsecp256k1 (what the ante handler uses) and
 * @noble/curves.
 *
 *   npm run bench -- bank-send [flags]       (or: node --import tsx bench/bank-send.ts [flags])
 *     --senders 100 --per-sender 400    txs = senders x per-sender, all signed before timing
 *     --concurrency 64                  broadcast_tx_sync requests in flight
 *     --max-load-seconds 60             stop sending after this long
 *     --kv-scale 5                      kvstore gets this many times as many txs (see below)
 *     --kv-transport socket             socket: kvstore served by the pinned `abci-cli kvstore` over
 *                                       the same ABCI socket transport as our app (default);
 *                                       builtin: CometBFT's in-process kvstore (no socket at all)
 *     --timeout-commit 500ms --mempool-size 100000  config.toml, identical for both apps
 *     --runs 3                          fresh chains per run, apps alternating; medians reported
 *     --only ours,kvstore,sig,app       parts to run
 *     --block-size 1000 --sig-count 3000
 *     --profile [--profile-seconds 15]  app under `node --cpu-prof`, CometBFT through pprof
 *     --keep                            keep the temp node homes
 *     APP_NODE_ARGS="--trace-gc"        (environment) Node flags for our app's process, space-separated;
 *                                       with --keep its log holds the collector's lines
 *     --block-cycle                     per run, where each block interval goes: admissions, round
 *                                       trips and each process's cores in FinalizeBlock, Commit and
 *                                       the 250 ms steps after it (bench/load/blockCycle.ts)
 *
 * Each sender's txs (sequence 0..M-1) go strictly in order: the next one is sent after
 * broadcast_tx_sync returned the previous one's CheckTx result. Throughput = txs committed /
 * (header time of the last block holding load txs - header time of the block before the first
 * one), i.e. the txs of n blocks over n block intervals. The rate counts whole blocks, so a load
 * must span many: 20,000 sends (7 or 8 blocks) read ~2,590 or ~2,250 tx/s by which of the two a
 * run took, and 40,000 (16 blocks) ~2,230. kvstore takes 40,000 txs in a few seconds, so with
 * equal counts its load lands in a few blocks and the figure is mostly block-interval rounding;
 * --kv-scale gives it enough txs to span 30 or more.
 * The profilers slow things down: take throughput from a run without --profile.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { positiveIntFlag } from "./args.js";
import { secp256k1 as noble } from "@noble/curves/secp256k1.js";
import secp256k1 from "secp256k1";
import { ensureAbciCli, ensureCometbft } from "../cometbft/install.js";
import { canConnect, waitUntil } from "../cometbft/readiness.js";
import { COMETBFT_VERSION } from "../cometbft/version.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { sha256 } from "../sdk/crypto/hashes.js";
import { verifySecp256k1 } from "../common/node/secp256k1Verify.js";
import {
  APP_MAIN,
  bankBenchSettings,
  bankChainFlags,
  benchOurs,
  benchSigner,
  CHAIN_ID,
  configTemplate,
  diffLines,
  fmt,
  freePorts,
  genesisAppState,
  goProfile,
  keptProfilePath,
  makeSenders,
  printGoProfile,
  printRuns,
  rate,
  renderConfig,
  runAgainst,
  seed,
  signLanes,
  toBodies,
  waitForHeight,
  type RunResult,
  type Sender,
} from "./load/bankChain.js";
import { appPhases, printPhases, type PhaseTimes } from "./load/inProcess.js";
import { cleanupAll, cleanupOnSignals, keepTempDirs, releaseTempDir, startProcess, stopProcess, tail, tempDir } from "./load/processes.js";
import { RpcClient } from "./load/rpc.js";
import { median } from "./stats.js";
import { printBlockCycle } from "./load/blockCycle.js";
const { values: args } = parseArgs({
  options: {
    ...bankChainFlags("60"),
    senders: { type: "string", default: "100" },
    "per-sender": { type: "string", default: "400" },
    "sig-count": { type: "string", default: "3000" },
    runs: { type: "string", default: "3" },
    "kv-scale": { type: "string", default: "5" },
    "kv-transport": { type: "string", default: "socket" },
    only: { type: "string", default: "ours,kvstore,sig,app" },
    "block-size": { type: "string", default: "1000" },
    keep: { type: "boolean", default: false },
    "block-cycle": { type: "boolean", default: false },
  },
});

function positiveInt(name: keyof typeof args): number {
  return positiveIntFlag(args[name] as string | undefined, name);
}

const SENDERS = positiveInt("senders");
const PER_SENDER = positiveInt("per-sender");
const SIG_COUNT = positiveInt("sig-count");
const RUNS = positiveInt("runs");
const KV_SCALE = positiveInt("kv-scale");
const KV_TRANSPORT = args["kv-transport"];
if (KV_TRANSPORT !== "socket" && KV_TRANSPORT !== "builtin") throw new Error(`--kv-transport takes socket or builtin, got ${KV_TRANSPORT}`);
const ONLY = new Set(args.only.split(",").map((s) => s.trim()));
for (const o of ONLY) if (!["ours", "kvstore", "sig", "app"].includes(o)) throw new Error(`--only takes ours, kvstore, sig, app; got ${o}`);
const BLOCK_SIZE = positiveInt("block-size");

const log = (msg: string) => process.stderr.write(`[bank-send] ${msg}\n`);
const settings = { ...bankBenchSettings(args, log), blockCycle: args["block-cycle"] };

/** Unique `key=value` txs of exactly `size` bytes, in the same lane layout. */
function kvLanes(laneCount: number, perLane: number, size: number): Uint8Array[][] {
  return Array.from({ length: laneCount }, (_, l) =>
    Array.from({ length: perLane }, (_, i) => {
      const key = `bench-${l}-${i}=`;
      if (key.length + 1 > size) throw new Error(`tx size ${size} too small for kvstore keys`);
      return Buffer.from(key + "v".repeat(size - key.length));
    }),
  );
}

async function benchKvstore(bodies: Buffer[][], comet: string, template: string, firstRun: boolean): Promise<RunResult> {
  const home = tempDir("bench-kv-");
  const ports = await freePorts();
  execFileSync(comet, ["init", "--home", home], { stdio: "ignore" });
  // Our node's config.toml, with only the app and the listen ports changed.
  const socket = KV_TRANSPORT === "socket";
  const toml = renderConfig({ template, ports, proxyApp: socket ? `tcp://127.0.0.1:${ports.abci}` : "kvstore", pprof: args.profile });
  fs.writeFileSync(path.join(home, "config", "config.toml"), toml);
  if (firstRun) log(`kvstore (${KV_TRANSPORT}) config.toml differs from the shared template only in: ${diffLines(template, toml).join("; ")}`);
  const kvProc = socket
    ? startProcess("abci-cli", ensureAbciCli({ onProgress: log }), ["kvstore", "--address", `tcp://127.0.0.1:${ports.abci}`], path.join(home, "kvstore.log"))
    : undefined;
  if (kvProc) await waitUntil("abci-cli kvstore socket", () => canConnect(ports.abci), 30_000);
  const cometProc = startProcess("cometbft", comet, ["start", "--home", home], path.join(home, "cometbft.log"));
  try {
    const rpcUrl = `http://127.0.0.1:${ports.rpc}`;
    const client = new RpcClient(rpcUrl, 4);
    try {
      await waitForHeight(client, 2, [cometProc]);
    } finally {
      client.close();
    }
    const goProf = args.profile ? goProfile(ports.rest, settings.profileSeconds, keptProfilePath("cometbft-kvstore", "pprof"), log) : undefined;
    const result = await runAgainst(
      {
        name: "kvstore",
        rpcUrl,
        procs: { cometbft: cometProc, ...(kvProc ? { app: kvProc } : {}) },
        bodies,
        afterCommits: () => goProf ?? Promise.resolve(),
      },
      settings,
    );
    const goFile = await goProf;
    if (goFile) printGoProfile(`CometBFT CPU profile, first ${settings.profileSeconds} s of the load against kvstore`, goFile, comet);
    return result;
  } catch (err) {
    log(`cometbft log tail:\n${tail(cometProc.logFile)}`);
    throw err;
  } finally {
    await stopProcess(cometProc);
    if (kvProc) await stopProcess(kvProc);
    releaseTempDir(home);
  }
}

// ---------------------------------------------------------------------------------------------
// Signature verification

interface SigRates {
  native: number;
  noble: number;
  count: number;
}

function benchSignatures(senders: Sender[], count: number): SigRates {
  const items = Array.from({ length: count }, (_, i) => {
    const s = senders[i % senders.length]!;
    const digest = sha256(Buffer.from(`bench-message-${i}`));
    return { digest, sig: secp256k1.ecdsaSign(digest, s.privKey).signature, pub: s.signer.pubKey };
  });
  const time = (verify: (d: Uint8Array, s: Uint8Array, p: Uint8Array) => boolean): number => {
    for (let i = 0; i < Math.min(200, count); i++) if (!verify(items[i]!.digest, items[i]!.sig, items[i]!.pub)) throw new Error("verification failed");
    const t0 = performance.now();
    let ok = 0;
    for (const it of items) if (verify(it.digest, it.sig, it.pub)) ok++;
    const ms = performance.now() - t0;
    if (ok !== count) throw new Error(`only ${ok}/${count} signatures verified`);
    return (count / ms) * 1000;
  };
  const native = time(verifySecp256k1);
  const nobleRate = time((d, s, p) => noble.verify(s, d, p, { prehash: false }));
  return { native, noble: nobleRate, count };
}

// ---------------------------------------------------------------------------------------------

cleanupOnSignals();
keepTempDirs(args.keep);
let exitCode = 0;
try {
  const comet = ensureCometbft();
  if (!fs.existsSync(APP_MAIN)) throw new Error(`${APP_MAIN} is missing: run npm run build first`);
  const senders = makeSenders(SENDERS);
  const sink = formatAccountAddress(benchSigner(seed("bench-sink")).address);
  let sig: SigRates | undefined;
  if (ONLY.has("sig")) {
    log(`verifying ${SIG_COUNT} signatures`);
    sig = benchSignatures(senders, SIG_COUNT);
  }
  const rows: { run: number; r: RunResult }[] = [];
  let txBytes = 0;
  let phases: PhaseTimes | undefined;
  let signed: { lanes: Uint8Array[][]; txBytes: number } | undefined;
  if (ONLY.has("ours") || ONLY.has("kvstore") || ONLY.has("app")) {
    const t0 = performance.now();
    signed = await signLanes(senders, PER_SENDER, sink);
    txBytes = signed.txBytes;
    log(`signed ${SENDERS * PER_SENDER} bank sends of ${txBytes} bytes in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  if (signed && ONLY.has("app")) {
    log(`app alone in-process: ${SENDERS * PER_SENDER} txs in blocks of ${BLOCK_SIZE}`);
    phases = await appPhases(signed.lanes, genesisAppState(senders), CHAIN_ID, BLOCK_SIZE);
  }
  if (signed && (ONLY.has("ours") || ONLY.has("kvstore"))) {
    const template = await configTemplate(comet, settings);
    const oursBodies = toBodies(signed.lanes);
    const kvBodies = toBodies(kvLanes(SENDERS, PER_SENDER * KV_SCALE, txBytes));
    // Alternate the two apps run by run, so drift on the machine hits both alike.
    for (let run = 1; run <= RUNS; run++) {
      if (ONLY.has("ours")) rows.push({ run, r: await benchOurs(senders, oursBodies, comet, template, settings) });
      if (ONLY.has("kvstore")) rows.push({ run, r: await benchKvstore(kvBodies, comet, template, run === 1) });
      const done = rows.filter((x) => x.run === run).map((x) => `${x.r.name} ${fmt(rate(x.r))} tx/s`);
      log(`run ${run}/${RUNS}: ${done.join(", ")}`);
    }
  }

  console.log(
    `\nMachine: ${os.cpus()[0]?.model ?? "?"}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM; Node ${process.version}; CometBFT ${COMETBFT_VERSION}; ${new Date().toISOString()}`,
  );
  if (rows.length > 0) {
    console.log(
      `Parameters: ${SENDERS} senders x ${PER_SENDER} txs (${txBytes} bytes each)${KV_SCALE !== 1 ? `, kvstore ${KV_SCALE}x as many` : ""}, ${settings.concurrency} in flight, timeout_commit ${settings.timeoutCommit}, mempool size ${settings.mempoolSize}, load capped at ${settings.maxLoadMs / 1000} s, ${RUNS} run(s)${args.profile ? ", PROFILERS ON" : ""}\n`,
    );
  }
  if (rows.length > 0) printRuns(rows);
  for (const { run, r } of rows) if (r.cycle) printBlockCycle(`Block cycle, ${r.name}, run ${run}: the mean over the blocks that carried the load`, r.cycle);
  const medianRate = (name: string) => {
    const rates = rows.filter((x) => x.r.name === name).map((x) => rate(x.r));
    return rates.length > 0 ? median(rates) : undefined;
  };
  const ours = medianRate("ours");
  const kv = medianRate("kvstore");
  console.log();
  if (ours !== undefined)
    console.log(
      `Median over ${RUNS} run(s): ours **${fmt(ours)} tx/s** (goal >= 1,000)${kv !== undefined ? `, kvstore **${fmt(kv)} tx/s**, ours / kvstore = **${((100 * ours) / kv).toFixed(1)} %** (goal >= 50 %)` : ""}\n`,
    );
  else if (kv !== undefined) console.log(`Median over ${RUNS} run(s): kvstore **${fmt(kv)} tx/s**\n`);
  if (phases) {
    printPhases(phases, BLOCK_SIZE, {
      checkTx: "CheckTx (decode tx, ante incl. signature verify)",
      finalizeBlock: "FinalizeBlock (deliver, signature cache hit)",
    });
    if (phases.badCodes > 0) exitCode = 1;
  }
  if (sig) {
    console.log(`| secp256k1 verify, single thread (${fmt(sig.count)} signatures) | verifications/s |`);
    console.log(`| --- | ---: |`);
    console.log(`| native libsecp256k1 (\`verifySecp256k1\`) | ${fmt(sig.native)} |`);
    console.log(`| @noble/curves | ${fmt(sig.noble)} |`);
  }
  for (const { r } of rows) if (r.badCodes > 0 || r.committed !== r.load.accepted || r.load.rejected > 0 || r.notes.length > 0) exitCode = 1;
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await cleanupAll();
}
process.exit(exitCode);
