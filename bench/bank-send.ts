/**
 * End-to-end bank-send throughput: signed MsgSends broadcast over CometBFT's RPC to our app
 * (a fresh one-validator chain: the app process plus the stock CometBFT binary), side by side with
 * CometBFT's built-in kvstore app fed unique `key=value` txs of the same size by the same load
 * code, under an identical config.toml. Also: the app alone in-process (µs per tx for each step),
 * and secp256k1 verifications per second, native libsecp256k1 (what the ante handler uses) and
 * @noble/curves.
 *
 *   npm run bench -- bank-send [flags]       (or: node --import tsx bench/bank-send.ts [flags])
 *     --senders 100 --per-sender 200    txs = senders x per-sender, all signed before timing
 *     --concurrency 64                  broadcast_tx_sync requests in flight
 *     --max-load-seconds 60             stop sending after this long
 *     --kv-scale 10                     kvstore gets this many times as many txs (see below)
 *     --kv-transport socket             socket: kvstore served by the pinned `abci-cli kvstore` over
 *                                       the same ABCI socket transport as our app (default);
 *                                       builtin: CometBFT's in-process kvstore (no socket at all)
 *     --timeout-commit 1s --mempool-size 100000   config.toml, identical for both apps
 *     --runs 3                          fresh chains per run, apps alternating; medians reported
 *     --only ours,kvstore,sig,app       parts to run
 *     --block-size 1000 --sig-count 3000
 *     --profile [--profile-seconds 15]  app under `node --cpu-prof`, CometBFT through pprof
 *     --keep                            keep the temp node homes
 *
 * Each sender's txs (sequence 0..M-1) go strictly in order: the next one is sent after
 * broadcast_tx_sync returned the previous one's CheckTx result. Throughput = txs committed /
 * (header time of the last block holding load txs - header time of the block before the first
 * one), i.e. the txs of n blocks over n block intervals. kvstore takes 20,000 txs in about a
 * second, so with equal counts its whole load lands in one or two blocks and the figure is
 * mostly block-interval rounding; --kv-scale gives it enough txs to span many blocks.
 * The profilers slow things down: take throughput from a run without --profile.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { positiveIntFlag } from "./args.js";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { anyUnpack } from "@bufbuild/protobuf/wkt";
import { secp256k1 as noble } from "@noble/curves/secp256k1.js";
import secp256k1 from "secp256k1";
import { defaultAppState, withGenesisBalances } from "../app/genesis.js";
import { appModules, MODULE_ACCOUNTS } from "../app/modules.js";
import { initNodeHome } from "../cometbft/home.js";
import { ensureAbciCli, ensureCometbft } from "../cometbft/install.js";
import { DEFAULT_CHAIN_ID } from "../cometbft/genesis.js";
import { REPO_ROOT } from "../common/node/paths.js";
import { shiftPorts, type NodePorts } from "../common/node/ports.js";
import { canConnect, findFreePortOffset, waitUntil } from "../cometbft/readiness.js";
import { setTomlValue } from "../cometbft/toml.js";
import { COMETBFT_VERSION } from "../cometbft/version.js";
import { BaseAccountSchema } from "../gen/cosmos/auth/v1beta1/auth_pb.js";
import { QueryAccountRequestSchema, QueryAccountResponseSchema } from "../gen/cosmos/auth/v1beta1/query_pb.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { sha256 } from "../sdk/crypto/hashes.js";
import { verifySecp256k1 } from "../sdk/crypto/secp256k1Verify.js";
import { signerFromPrivateKey, signingDigest } from "../sdk/keys/index.js";
import type { TxSigner } from "../sdk/signer.js";
import { msgSend, signTx } from "../sdk/tx/index.js";
import { printProfile, summariseCpuProfile } from "./load/cpuProfile.js";
import { appPhases, type PhaseTimes } from "./load/inProcess.js";
import { runLoad, waitForCommits, type LoadResult } from "./load/load.js";
import {
  cleanupAll,
  cleanupOnSignals,
  keepTempDirs,
  machineBusySeconds,
  processCpuSeconds,
  releaseTempDir,
  startProcess,
  stopProcess,
  tail,
  tempDir,
  type Proc,
} from "./load/processes.js";
import { RpcClient, type BlockMeta } from "./load/rpc.js";
import { median, percentile } from "./stats.js";

const { values: args } = parseArgs({
  options: {
    senders: { type: "string", default: "100" },
    "per-sender": { type: "string", default: "200" },
    concurrency: { type: "string", default: "64" },
    "max-load-seconds": { type: "string", default: "60" },
    "timeout-commit": { type: "string", default: "1s" },
    "mempool-size": { type: "string", default: "100000" },
    "sig-count": { type: "string", default: "3000" },
    "idle-seconds": { type: "string", default: "30" },
    runs: { type: "string", default: "3" },
    "kv-scale": { type: "string", default: "10" },
    "kv-transport": { type: "string", default: "socket" },
    "profile-seconds": { type: "string", default: "15" },
    only: { type: "string", default: "ours,kvstore,sig,app" },
    "block-size": { type: "string", default: "1000" },
    profile: { type: "boolean", default: false },
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
const MEMPOOL_SIZE = positiveInt("mempool-size");
const SIG_COUNT = positiveInt("sig-count");
const IDLE_MS = positiveInt("idle-seconds") * 1000;
const TIMEOUT_COMMIT = args["timeout-commit"];
const RUNS = positiveInt("runs");
const KV_SCALE = positiveInt("kv-scale");
const KV_TRANSPORT = args["kv-transport"];
if (KV_TRANSPORT !== "socket" && KV_TRANSPORT !== "builtin") throw new Error(`--kv-transport takes socket or builtin, got ${KV_TRANSPORT}`);
const PROFILE_SECONDS = positiveInt("profile-seconds");
const ONLY = new Set(args.only.split(",").map((s) => s.trim()));
for (const o of ONLY) if (!["ours", "kvstore", "sig", "app"].includes(o)) throw new Error(`--only takes ours, kvstore, sig, app; got ${o}`);
const BLOCK_SIZE = positiveInt("block-size");

const CHAIN_ID = DEFAULT_CHAIN_ID;
const DENOM = "uunit";
const FEE = { amount: [{ denom: DENOM, amount: "5000" }], gasLimit: 200_000n };
const GENESIS_BALANCE = 10n ** 15n;
/** InitChain numbers the module accounts first, then the bank genesis balances in order (checked by query at start). */
const FIRST_FUNDED_ACCOUNT_NUMBER = BigInt(MODULE_ACCOUNTS.length);
const APP_MAIN = path.join(REPO_ROOT, "dist", "app", "main.js");

const log = (msg: string) => process.stderr.write(`[bank-send] ${msg}\n`);

// ---------------------------------------------------------------------------------------------
// Keys and txs

const seed = (s: string) => createHash("sha256").update(s).digest();

/** signerFromPrivateKey's key and address, signing with native libsecp256k1 to pre-sign fast. */
function benchSigner(privKey: Uint8Array): TxSigner {
  const base = signerFromPrivateKey(privKey, "secp256k1");
  return { ...base, sign: async (bytes) => secp256k1.ecdsaSign(signingDigest("secp256k1", bytes), privKey).signature };
}

interface Sender {
  signer: TxSigner;
  privKey: Uint8Array;
  address: string;
}

function makeSenders(n: number): Sender[] {
  return Array.from({ length: n }, (_, i) => {
    const privKey = seed(`bench-sender-${i}`);
    const signer = benchSigner(privKey);
    return { signer, privKey, address: formatAccountAddress(signer.address) };
  });
}

async function signLanes(senders: Sender[], perSender: number, sink: string): Promise<{ lanes: Uint8Array[][]; txBytes: number }> {
  const lanes: Uint8Array[][] = [];
  let txBytes = 0;
  for (const [i, s] of senders.entries()) {
    const lane: Uint8Array[] = [];
    for (let seq = 0; seq < perSender; seq++) {
      const tx = await signTx({
        signer: s.signer,
        messages: [msgSend({ fromAddress: s.address, toAddress: sink, amount: [{ denom: DENOM, amount: "1" }] })],
        fee: FEE,
        chainId: CHAIN_ID,
        accountNumber: FIRST_FUNDED_ACCOUNT_NUMBER + BigInt(i),
        sequence: BigInt(seq),
      });
      lane.push(tx.txBytes);
      txBytes = Math.max(txBytes, tx.txBytes.length);
    }
    lanes.push(lane);
  }
  // The native signer must produce what the SDK's signer produces (both RFC 6979, low-S).
  const first = senders[0]!;
  const reference = await signerFromPrivateKey(first.privKey, "secp256k1").sign(new Uint8Array([1, 2, 3]));
  const ours = await first.signer.sign(new Uint8Array([1, 2, 3]));
  if (Buffer.compare(Buffer.from(reference), Buffer.from(ours)) !== 0) throw new Error("native signer differs from signerFromPrivateKey");
  return { lanes, txBytes };
}

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

function toBodies(lanes: Uint8Array[][]): Buffer[][] {
  let id = 1;
  return lanes.map((lane) => lane.map((tx) => RpcClient.broadcastBody(tx, id++)));
}

// ---------------------------------------------------------------------------------------------
// Nodes

async function freePorts(): Promise<NodePorts> {
  return shiftPorts(await findFreePortOffset());
}

/** Same config.toml edits for both apps: room in the mempool and its cache for the whole load. */
function tuneConfig(toml: string): string {
  let t = toml;
  t = setTomlValue(t, "mempool", "size", MEMPOOL_SIZE);
  t = setTomlValue(t, "mempool", "cache_size", MEMPOOL_SIZE * 2);
  return t;
}

async function waitForHeight(client: RpcClient, height: number, procs: Proc[], timeoutMs = 60_000): Promise<void> {
  await waitUntil(
    `height ${height}`,
    async () => {
      try {
        return (await client.latestHeight()) >= height;
      } catch {
        return false;
      }
    },
    timeoutMs,
    Promise.race(procs.map((p) => p.exited)),
  );
}

interface RunResult {
  name: string;
  load: LoadResult;
  total: number;
  committed: number;
  blocks: BlockMeta[];
  /** Header time of the block before the first load block. */
  spanStartMs: number;
  spanEndMs: number;
  doneMs: number | undefined;
  badCodes: number;
  codesChecked: number;
  cpu: Record<string, number | undefined>;
  rejects: string[];
  notes: string[];
}

interface RunSpec {
  name: string;
  rpcUrl: string;
  procs: Record<string, Proc>;
  bodies: Buffer[][];
  /** Awaited once every tx is committed, before the result codes are fetched (profilers stop here). */
  afterCommits?: () => Promise<unknown>;
}

async function runAgainst(spec: RunSpec): Promise<RunResult> {
  const client = new RpcClient(spec.rpcUrl, CONCURRENCY + 4);
  const watcherClient = new RpcClient(spec.rpcUrl, 2);
  try {
    const fromHeight = await client.latestHeight();
    const total = spec.bodies.reduce((n, l) => n + l.length, 0);
    const rejects: string[] = [];
    const cpu0 = Object.fromEntries(Object.entries(spec.procs).map(([k, p]) => [k, processCpuSeconds(p.child.pid)]));
    const self0 = process.cpuUsage();
    const machine0 = machineBusySeconds();
    let loadDone = false;
    let load: LoadResult | undefined;
    log(`${spec.name}: load starts at height ${fromHeight}: ${total} txs, ${spec.bodies.length} lanes, ${CONCURRENCY} in flight`);
    const watch = waitForCommits(
      watcherClient,
      fromHeight,
      () => load?.accepted ?? Infinity,
      () => loadDone,
      IDLE_MS,
    );
    load = await runLoad(client, spec.bodies, {
      concurrency: CONCURRENCY,
      maxMs: MAX_LOAD_MS,
      onReject: (lane, index, why) => {
        if (rejects.length < 5) rejects.push(`lane ${lane} tx ${index}: ${why}`);
      },
    });
    loadDone = true;
    log(
      `${spec.name}: sent ${load.accepted} accepted / ${load.rejected} rejected in ${((load.endMs - load.startMs) / 1000).toFixed(1)} s; waiting for commits`,
    );
    const watched = await watch;
    const cpu: Record<string, number | undefined> = {};
    for (const [k, p] of Object.entries(spec.procs)) {
      const after = processCpuSeconds(p.child.pid);
      cpu[k] = after !== undefined && cpu0[k] !== undefined ? after - cpu0[k]! : undefined;
    }
    const self = process.cpuUsage(self0);
    cpu["load client"] = (self.user + self.system) / 1e6;
    const machine1 = machineBusySeconds();
    // Whatever else ran on the machine meanwhile (other users, the kernel): a noisy-neighbour check.
    if (machine0 !== undefined && machine1 !== undefined) cpu["others"] = machine1 - machine0 - Object.values(cpu).reduce<number>((a, b) => a + (b ?? 0), 0);
    await spec.afterCommits?.();
    const blocks = watched.blocks;
    const notes: string[] = [];
    if (blocks.length === 0) throw new Error(`${spec.name}: no load tx was committed`);
    const first = blocks[0]!.height;
    const last = blocks.at(-1)!.height;
    const before = watched.all.find((b) => b.height === first - 1) ?? (await watcherClient.blockMetas(first - 1, first - 1))[0]!;
    // Result codes of every committed tx.
    let badCodes = 0;
    let codesChecked = 0;
    for (const b of blocks) {
      const codes = await watcherClient.txCodes(b.height);
      codesChecked += codes.length;
      badCodes += codes.filter((c) => c !== 0).length;
    }
    if (watched.committed !== load.accepted) notes.push(`${watched.committed} txs committed but ${load.accepted} accepted`);
    return {
      name: spec.name,
      load,
      total,
      committed: watched.committed,
      blocks: watched.all.filter((b) => b.height >= first && b.height <= last),
      spanStartMs: before.timeMs,
      spanEndMs: blocks.at(-1)!.timeMs,
      doneMs: watched.doneMs,
      badCodes,
      codesChecked,
      cpu,
      rejects,
      notes,
    };
  } finally {
    client.close();
    watcherClient.close();
  }
}

async function abciAccount(client: RpcClient, address: string): Promise<{ accountNumber: bigint; sequence: bigint }> {
  const data = Buffer.from(toBinary(QueryAccountRequestSchema, create(QueryAccountRequestSchema, { address }))).toString("hex");
  const res = await client.call<{ response: { code?: number; log?: string; value?: string } }>("abci_query", {
    path: "/cosmos.auth.v1beta1.Query/Account",
    data,
    prove: false,
  });
  if ((res.response.code ?? 0) !== 0) throw new Error(`account ${address}: ${res.response.log}`);
  const acc = fromBinary(QueryAccountResponseSchema, Buffer.from(res.response.value ?? "", "base64"));
  const base = anyUnpack(acc.account!, BaseAccountSchema);
  if (!base) throw new Error(`account ${address} is not a BaseAccount`);
  return { accountNumber: base.accountNumber, sequence: base.sequence };
}

/** Where a node's config.toml comes from: the project's generated one, tuned, ports filled in. */
interface NodeConfig {
  template: string;
  ports: NodePorts;
  proxyApp: string;
  pprof: boolean;
}

function renderConfig(c: NodeConfig): string {
  let toml = setTomlValue(c.template, "", "proxy_app", c.proxyApp);
  toml = setTomlValue(toml, "rpc", "laddr", `tcp://127.0.0.1:${c.ports.rpc}`);
  toml = setTomlValue(toml, "p2p", "laddr", `tcp://127.0.0.1:${c.ports.p2p}`);
  // The REST port is free at this offset and CometBFT never uses it: take it for pprof.
  if (c.pprof) toml = setTomlValue(toml, "rpc", "pprof_laddr", `127.0.0.1:${c.ports.rest}`);
  return toml;
}

/** The config.toml `initNodeHome` generates for our node (with --timeout-commit), tuned. */
async function configTemplate(comet: string): Promise<string> {
  const home = tempDir("bench-cfg-");
  const { paths } = initNodeHome({
    home,
    cometBinary: comet,
    chainId: CHAIN_ID,
    ports: await freePorts(),
    appState: {},
    comet: { timeoutCommit: TIMEOUT_COMMIT },
  });
  return tuneConfig(fs.readFileSync(path.join(paths.cometHome, "config", "config.toml"), "utf8"));
}

/** Records a Go CPU profile of CometBFT for `seconds` through its pprof endpoint. */
async function goProfile(port: number, seconds: number, file: string): Promise<string | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/debug/pprof/profile?seconds=${seconds}`, { signal: AbortSignal.timeout((seconds + 30) * 1000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    return file;
  } catch (err) {
    log(`no CometBFT profile: ${(err as Error).message}`);
    return undefined;
  }
}

function printGoProfile(title: string, file: string, comet: string): void {
  console.log(`\n### ${title} (${file})\n`);
  for (const mode of [[], ["-cum"]]) {
    try {
      const out = execFileSync("go", ["tool", "pprof", "-top", ...mode, "-nodecount=30", comet, file], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      });
      console.log("```\n" + out.trim() + "\n```\n");
    } catch (err) {
      console.log(`(go tool pprof failed: ${(err as Error).message.split("\n")[0]}; inspect the file with \`go tool pprof -top ${comet} ${file}\`)`);
      return;
    }
  }
}

/** Profiles kept for the report, outside the temp homes that are removed. */
function keptProfilePath(name: string, ext: string): string {
  return path.join(os.tmpdir(), `bench-bank-send-${name}-${new Date().toISOString().replace(/[:.]/g, "-")}.${ext}`);
}

function genesisAppState(senders: Sender[]): Record<string, unknown> {
  return withGenesisBalances(
    defaultAppState(appModules()),
    senders.map((s) => ({ address: s.address, coins: [{ denom: DENOM, amount: GENESIS_BALANCE.toString() }] })),
  );
}

async function benchOurs(senders: Sender[], bodies: Buffer[][], comet: string, template: string): Promise<RunResult> {
  const home = tempDir("bench-bank-");
  const ports = await freePorts();
  const appState = genesisAppState(senders);
  const { paths } = initNodeHome({ home, cometBinary: comet, chainId: CHAIN_ID, ports, appState, comet: { timeoutCommit: TIMEOUT_COMMIT } });
  const configFile = path.join(paths.cometHome, "config", "config.toml");
  const generated = tuneConfig(fs.readFileSync(configFile, "utf8"));
  const rendered = renderConfig({ template, ports, proxyApp: `tcp://127.0.0.1:${ports.abci}`, pprof: false });
  if (generated !== rendered) throw new Error(`our node's config.toml differs from the template: ${diffLines(generated, rendered).join("; ")}`);
  fs.writeFileSync(configFile, renderConfig({ template, ports, proxyApp: `tcp://127.0.0.1:${ports.abci}`, pprof: args.profile }));
  const profDir = path.join(home, "prof");
  const nodeArgs = args.profile ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : [];
  const app = startProcess("app", process.execPath, [...nodeArgs, APP_MAIN, "--home", paths.root], path.join(paths.logDir, "app.log"), {
    UNIT_LOG_PRETTY: "0",
  });
  let cometProc: Proc | undefined;
  try {
    await waitUntil("app ABCI port", () => canConnect(ports.abci), 30_000, app.exited);
    cometProc = startProcess("cometbft", comet, ["start", "--home", paths.cometHome], path.join(paths.logDir, "cometbft.log"));
    const rpcUrl = `http://127.0.0.1:${ports.rpc}`;
    const client = new RpcClient(rpcUrl, 4);
    try {
      await waitForHeight(client, 2, [app, cometProc]);
      // Genesis-funded accounts are numbered in bank-balance order after the module accounts.
      for (const i of [0, senders.length - 1]) {
        const acc = await abciAccount(client, senders[i]!.address);
        if (acc.accountNumber !== FIRST_FUNDED_ACCOUNT_NUMBER + BigInt(i))
          throw new Error(`sender ${i} has account number ${acc.accountNumber}, txs were signed for ${FIRST_FUNDED_ACCOUNT_NUMBER + BigInt(i)}`);
      }
      const loadStartUs = process.hrtime.bigint() / 1000n;
      const goProf = args.profile ? goProfile(ports.rest, PROFILE_SECONDS, keptProfilePath("cometbft-ours", "pprof")) : undefined;
      let loadEndUs = 0n;
      const result = await runAgainst({
        name: "ours",
        rpcUrl,
        procs: { app, cometbft: cometProc },
        bodies,
        afterCommits: () => {
          loadEndUs = process.hrtime.bigint() / 1000n;
          return goProf ?? Promise.resolve();
        },
      });
      // The chain's own view: each sender's sequence = its txs that executed.
      for (const i of [0, Math.floor(senders.length / 2), senders.length - 1]) {
        const acc = await abciAccount(client, senders[i]!.address);
        if (acc.sequence !== BigInt(result.load.acceptedPerLane[i]!))
          result.notes.push(`sender ${i}: sequence ${acc.sequence} on chain, ${result.load.acceptedPerLane[i]} txs accepted`);
      }
      const goFile = await goProf;
      await stopProcess(cometProc);
      await stopProcess(app);
      if (args.profile) {
        const file = fs.existsSync(profDir) ? fs.readdirSync(profDir).find((f) => f.endsWith(".cpuprofile")) : undefined;
        if (!file) log("no app CPU profile written");
        else {
          const keep = keptProfilePath("app", "cpuprofile");
          fs.copyFileSync(path.join(profDir, file), keep);
          printProfile(
            `app CPU profile from load start to last commit (${keep})`,
            summariseCpuProfile(keep, REPO_ROOT, { fromUs: Number(loadStartUs), toUs: Number(loadEndUs), top: 25 }),
          );
        }
        if (goFile) printGoProfile(`CometBFT CPU profile, first ${PROFILE_SECONDS} s of the load against ours`, goFile, comet);
      }
      return result;
    } finally {
      client.close();
    }
  } catch (err) {
    log(`app log tail:\n${tail(app.logFile)}`);
    if (cometProc) log(`cometbft log tail:\n${tail(cometProc.logFile)}`);
    throw err;
  } finally {
    if (cometProc) await stopProcess(cometProc);
    await stopProcess(app);
    releaseTempDir(home);
  }
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
    const goProf = args.profile ? goProfile(ports.rest, PROFILE_SECONDS, keptProfilePath("cometbft-kvstore", "pprof")) : undefined;
    const result = await runAgainst({
      name: "kvstore",
      rpcUrl,
      procs: { cometbft: cometProc, ...(kvProc ? { app: kvProc } : {}) },
      bodies,
      afterCommits: () => goProf ?? Promise.resolve(),
    });
    const goFile = await goProf;
    if (goFile) printGoProfile(`CometBFT CPU profile, first ${PROFILE_SECONDS} s of the load against kvstore`, goFile, comet);
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

function diffLines(a: string, b: string): string[] {
  const al = a.split("\n");
  const bl = b.split("\n");
  if (al.length !== bl.length) return ["(line count differs)"];
  return al.flatMap((l, i) => (l === bl[i] ? [] : [`${l.trim()} -> ${bl[i]!.trim()}`]));
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
// Report

function rate(r: RunResult): number {
  return (r.committed / (r.spanEndMs - r.spanStartMs)) * 1000;
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

function printRuns(rows: { run: number; r: RunResult }[]): void {
  console.log(
    `| app | run | txs committed / signed | bad codes | blocks | txs per block: mean (max) | span s | **tx/s** | wall tx/s | broadcast p50 ms | p95 ms | CPU s: app / cometbft / load client / rest of machine |`,
  );
  console.log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |`);
  for (const { run, r } of rows) {
    const spanS = (r.spanEndMs - r.spanStartMs) / 1000;
    const wall = r.doneMs ? (r.committed / (r.doneMs - r.load.startMs)) * 1000 : NaN;
    const lat = Array.from(r.load.latenciesMs);
    const perBlock = r.blocks.filter((b) => b.numTxs > 0).map((b) => b.numTxs);
    // /proc counts in 10 ms ticks read at slightly different moments: |x| < 0.5 s is noise.
    const cpu = ["app", "cometbft", "load client", "others"]
      .map((k) => (r.cpu[k] === undefined ? "-" : k === "others" && Math.abs(r.cpu[k]!) < 0.5 ? "~0" : r.cpu[k]!.toFixed(1)))
      .join(" / ");
    console.log(
      `| ${r.name} | ${run} | ${fmt(r.committed)} / ${fmt(r.total)} | ${r.badCodes} of ${fmt(r.codesChecked)} | ${r.blocks.length} | ${fmt(r.committed / Math.max(1, r.blocks.length))} (${fmt(Math.max(...perBlock))}) | ${spanS.toFixed(1)} | **${fmt(rate(r))}** | ${fmt(wall)} | ${percentile(lat, 50).toFixed(1)} | ${percentile(lat, 95).toFixed(1)} | ${cpu} |`,
    );
  }
  for (const { run, r } of rows) {
    const what = `${r.name} run ${run}`;
    if (r.load.stoppedByTime) console.log(`\n${what}: load stopped by --max-load-seconds after ${fmt(r.load.accepted)} txs`);
    if (r.load.mempoolFullRetries > 0) console.log(`\n${what}: ${r.load.mempoolFullRetries} "mempool is full" retries`);
    for (const x of r.rejects) console.log(`\n${what}: rejected ${x}`);
    for (const n of r.notes) console.log(`\n${what}: ${n}`);
  }
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
    const template = await configTemplate(comet);
    const oursBodies = toBodies(signed.lanes);
    const kvBodies = toBodies(kvLanes(SENDERS, PER_SENDER * KV_SCALE, txBytes));
    // Alternate the two apps run by run, so drift on the machine hits both alike.
    for (let run = 1; run <= RUNS; run++) {
      if (ONLY.has("ours")) rows.push({ run, r: await benchOurs(senders, oursBodies, comet, template) });
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
      `Parameters: ${SENDERS} senders x ${PER_SENDER} txs (${txBytes} bytes each)${KV_SCALE !== 1 ? `, kvstore ${KV_SCALE}x as many` : ""}, ${CONCURRENCY} in flight, timeout_commit ${TIMEOUT_COMMIT}, mempool size ${MEMPOOL_SIZE}, load capped at ${MAX_LOAD_MS / 1000} s, ${RUNS} run(s)${args.profile ? ", PROFILERS ON" : ""}\n`,
    );
  }
  if (rows.length > 0) printRuns(rows);
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
    const sum =
      phases.decodeRequest +
      phases.checkTx +
      phases.encodeCheckTxResponse +
      phases.prepareProposal +
      phases.processProposal +
      phases.finalizeBlock +
      phases.encodeFinalizeResponse +
      phases.commit;
    console.log(
      `App alone, in-process, one thread: ${fmt(phases.txs)} txs in ${phases.blocks} blocks of ${fmt(BLOCK_SIZE)}${phases.badCodes > 0 ? `, ${phases.badCodes} FAILED` : ""}\n`,
    );
    console.log(`| step | µs per tx | share |`);
    console.log(`| --- | ---: | ---: |`);
    const rowsP: [string, number][] = [
      ["decode CheckTx request (protobuf)", phases.decodeRequest],
      ["CheckTx (decode tx, ante incl. signature verify)", phases.checkTx],
      ["encode CheckTx response (protobuf)", phases.encodeCheckTxResponse],
      ["PrepareProposal (the block's txs verified in order)", phases.prepareProposal],
      ["ProcessProposal (the same block, as every validator verifies it)", phases.processProposal],
      ["FinalizeBlock (deliver, signature cache hit)", phases.finalizeBlock],
      ["encode FinalizeBlock response (protobuf)", phases.encodeFinalizeResponse],
      ["Commit (SQLite)", phases.commit],
    ];
    for (const [what, us] of rowsP) console.log(`| ${what} | ${us.toFixed(1)} | ${((100 * us) / sum).toFixed(0)} % |`);
    console.log(`| **total = single-core ceiling ${fmt(1e6 / sum)} tx/s** (one thread; no CometBFT, socket or recheck) | **${sum.toFixed(1)}** | |`);
    console.log(
      `| recheck after a Commit, per rechecked tx (request decode, RECHECK, response encode; ${fmt(phases.rechecked)} rechecks here, the share of txs the node rechecks depends on its mempool) | ${phases.recheck.toFixed(1)} | |\n`,
    );
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
