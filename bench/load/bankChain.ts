// One-validator chains for bank-send loads, shared by bench/bank-send.ts and bench/state-size.ts:
// the senders and their pre-signed MsgSends, a node home from the project's generated config
// (initNodeHome) with its genesis, the app process plus the stock CometBFT binary, the load
// (bench/load/load.ts) and what it measured, and the table it is reported in.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { anyUnpack } from "@bufbuild/protobuf/wkt";
import secp256k1 from "secp256k1";
import { defaultAppState, withGenesisBalances } from "../../app/genesis.js";
import { localChainAppState } from "../../app/localGenesis.js";
import { appModules, MODULE_ACCOUNTS } from "../../app/modules.js";
import { initNodeHome } from "../../cometbft/home.js";
import { DEFAULT_TIMEOUT_COMMIT } from "../../cometbft/config.js";
import { DEFAULT_CHAIN_ID } from "../../cometbft/genesis.js";
import { REPO_ROOT } from "../../common/node/paths.js";
import { shiftPorts, type NodePorts } from "../../common/node/ports.js";
import { canConnect, findFreePortOffset, waitUntil } from "../../cometbft/readiness.js";
import { setTomlValue } from "../../cometbft/toml.js";
import { BaseAccountSchema } from "../../gen/cosmos/auth/v1beta1/auth_pb.js";
import { QueryAccountRequestSchema, QueryAccountResponseSchema } from "../../gen/cosmos/auth/v1beta1/query_pb.js";
import { formatAccountAddress } from "../../sdk/crypto/accountAddress.js";
import { signerFromPrivateKey, signingDigest } from "../../sdk/keys/index.js";
import type { TxSigner } from "../../sdk/signer.js";
import { msgSend, signTx } from "../../sdk/tx/index.js";
import { blockCycle, sampleCpu, type CpuSampler, type CyclePhase } from "./blockCycle.js";
import { blockSteps, handshakeMs } from "./cometLog.js";
import { printProfile, summariseCpuProfile } from "./cpuProfile.js";
import { appendGenesisAccounts, startupTimeoutMs } from "./genesisAccounts.js";
import { runLoad, waitForCommits, type LoadResult } from "./load.js";
import { appNodeArgsFromEnv, cpuWindow, processMemory, releaseTempDir, startProcess, stopProcess, tail, tempDir, type Proc } from "./processes.js";
import { RpcClient, type BlockMeta } from "./rpc.js";
import { positiveIntFlag } from "../args.js";
import { percentile } from "../stats.js";
import { runnableModule } from "../../common/node/entryPoints.js";

/** How the chains are configured and loaded (bench/bank-send.ts's flags). */
export interface BankBenchSettings {
  concurrency: number;
  maxLoadMs: number;
  idleMs: number;
  mempoolSize: number;
  timeoutCommit: string;
  profile: boolean;
  profileSeconds: number;
  /** Sample each process's CPU through the load and report it per phase of the block cycle (blockCycle.ts). */
  blockCycle?: boolean;
  log: (msg: string) => void;
}

/**
 * The flags of a bank chain and its load, for parseArgs: the same in every benchmark that runs
 * one, except how long the load may last.
 */
export function bankChainFlags(maxLoadSeconds: string) {
  return {
    concurrency: { type: "string", default: "64" },
    "max-load-seconds": { type: "string", default: maxLoadSeconds },
    "idle-seconds": { type: "string", default: "30" },
    "timeout-commit": { type: "string", default: DEFAULT_TIMEOUT_COMMIT },
    "mempool-size": { type: "string", default: "100000" },
    profile: { type: "boolean", default: false },
    "profile-seconds": { type: "string", default: "15" },
  } as const;
}

/** The settings those flags give, checked. */
export function bankBenchSettings(
  values: Record<"concurrency" | "max-load-seconds" | "idle-seconds" | "timeout-commit" | "mempool-size" | "profile-seconds", string> & { profile: boolean },
  log: (msg: string) => void,
): BankBenchSettings {
  const positive = (name: keyof typeof values) => positiveIntFlag(values[name] as string, name);
  return {
    concurrency: positive("concurrency"),
    maxLoadMs: positive("max-load-seconds") * 1000,
    idleMs: positive("idle-seconds") * 1000,
    mempoolSize: positive("mempool-size"),
    timeoutCommit: values["timeout-commit"],
    profile: values.profile,
    profileSeconds: positive("profile-seconds"),
    log,
  };
}

export const CHAIN_ID = DEFAULT_CHAIN_ID;
export const DENOM = "uunit";
export const FEE = { amount: [{ denom: DENOM, amount: "5000" }], gasLimit: 200_000n };
export const GENESIS_BALANCE = 10n ** 15n;
/** InitChain numbers the module accounts first, then the bank genesis balances in order (checked by query at start). */
export const FIRST_FUNDED_ACCOUNT_NUMBER = BigInt(MODULE_ACCOUNTS.length);
export const APP_MAIN = runnableModule("app/main");

// ---------------------------------------------------------------------------------------------
// Keys and txs

export const seed = (s: string) => createHash("sha256").update(s).digest();

/** signerFromPrivateKey's key and address, signing with native libsecp256k1 to pre-sign fast. */
export function benchSigner(privKey: Uint8Array): TxSigner {
  const base = signerFromPrivateKey(privKey, "secp256k1");
  return { ...base, sign: async (bytes) => secp256k1.ecdsaSign(signingDigest("secp256k1", bytes), privKey).signature };
}

export interface Sender {
  signer: TxSigner;
  privKey: Uint8Array;
  address: string;
}

export function makeSenders(n: number): Sender[] {
  return Array.from({ length: n }, (_, i) => {
    const privKey = seed(`bench-sender-${i}`);
    const signer = benchSigner(privKey);
    return { signer, privKey, address: formatAccountAddress(signer.address) };
  });
}

export async function signLanes(senders: Sender[], perSender: number, sink: string): Promise<{ lanes: Uint8Array[][]; txBytes: number }> {
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

export function toBodies(lanes: Uint8Array[][]): Buffer[][] {
  let id = 1;
  return lanes.map((lane) => lane.map((tx) => RpcClient.broadcastBody(tx, id++)));
}

// ---------------------------------------------------------------------------------------------
// Nodes

export async function freePorts(): Promise<NodePorts> {
  return shiftPorts(await findFreePortOffset());
}

/** Same config.toml edits for both apps: room in the mempool and its cache for the whole load. */
export function tuneConfig(toml: string, s: BankBenchSettings): string {
  let t = toml;
  t = setTomlValue(t, "mempool", "size", s.mempoolSize);
  t = setTomlValue(t, "mempool", "cache_size", s.mempoolSize * 2);
  return t;
}

export async function waitForHeight(client: RpcClient, height: number, procs: Proc[], timeoutMs = 60_000): Promise<void> {
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

export interface RunResult {
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
  /** From the processes' start to height 2 (genesis included). */
  startupMs?: number;
  /** CometBFT's ABCI handshake, on a fresh chain InitChain with the whole genesis (its log). */
  initChainMs?: number;
  /** The app process's resident memory once the load is committed, and its peak so far (genesis included). */
  appMemory?: { rssBytes: number; peakBytes: number };
  /** With settings.blockCycle: the load's block cycle, phase by phase. */
  cycle?: CyclePhase[];
}

export interface RunSpec {
  name: string;
  rpcUrl: string;
  procs: Record<string, Proc>;
  bodies: Buffer[][];
  /** Awaited once every tx is committed, before the result codes are fetched (profilers stop here). */
  afterCommits?: () => Promise<unknown>;
}

export async function runAgainst(spec: RunSpec, s: BankBenchSettings): Promise<RunResult> {
  const client = new RpcClient(spec.rpcUrl, s.concurrency + 4);
  const watcherClient = new RpcClient(spec.rpcUrl, 2);
  let sampler: CpuSampler | undefined;
  try {
    const fromHeight = await client.latestHeight();
    const total = spec.bodies.reduce((n, l) => n + l.length, 0);
    const rejects: string[] = [];
    const cpuUsed = cpuWindow(spec.procs);
    const cometbft = spec.procs["cometbft"];
    sampler = s.blockCycle ? sampleCpu(spec.procs) : undefined;
    let loadDone = false;
    let load: LoadResult | undefined;
    s.log(`${spec.name}: load starts at height ${fromHeight}: ${total} txs, ${spec.bodies.length} lanes, ${s.concurrency} in flight`);
    const watch = waitForCommits(
      watcherClient,
      fromHeight,
      () => load?.accepted ?? Infinity,
      () => loadDone,
      s.idleMs,
    );
    load = await runLoad(client, spec.bodies, {
      concurrency: s.concurrency,
      maxMs: s.maxLoadMs,
      onReject: (lane, index, why) => {
        if (rejects.length < 5) rejects.push(`lane ${lane} tx ${index}: ${why}`);
      },
    });
    loadDone = true;
    s.log(
      `${spec.name}: sent ${load.accepted} accepted / ${load.rejected} rejected in ${((load.endMs - load.startMs) / 1000).toFixed(1)} s; waiting for commits`,
    );
    const watched = await watch;
    const cycle =
      sampler && cometbft ? blockCycle(blockSteps(cometbft.logFile), sampler.stop(), sampler.names, load.acceptedAtMs, load.latenciesMs) : undefined;
    const used = cpuUsed();
    const cpu: Record<string, number | undefined> = { ...used.processes, "load client": used.loadClient };
    if (used.restOfMachine !== undefined) cpu["others"] = used.restOfMachine;
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
      cycle,
    };
  } finally {
    sampler?.stop();
    client.close();
    watcherClient.close();
  }
}

export async function abciAccount(client: RpcClient, address: string): Promise<{ accountNumber: bigint; sequence: bigint }> {
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
export interface NodeConfig {
  template: string;
  ports: NodePorts;
  proxyApp: string;
  pprof: boolean;
}

export function renderConfig(c: NodeConfig): string {
  let toml = setTomlValue(c.template, "", "proxy_app", c.proxyApp);
  toml = setTomlValue(toml, "rpc", "laddr", `tcp://127.0.0.1:${c.ports.rpc}`);
  toml = setTomlValue(toml, "p2p", "laddr", `tcp://127.0.0.1:${c.ports.p2p}`);
  // The REST port is free at this offset and CometBFT never uses it: take it for pprof.
  if (c.pprof) toml = setTomlValue(toml, "rpc", "pprof_laddr", `127.0.0.1:${c.ports.rest}`);
  return toml;
}

/** The config.toml `initNodeHome` generates for our node (with --timeout-commit), tuned. */
export async function configTemplate(comet: string, s: BankBenchSettings): Promise<string> {
  const home = tempDir("bench-cfg-");
  const { paths } = initNodeHome({
    home,
    cometBinary: comet,
    chainId: CHAIN_ID,
    ports: await freePorts(),
    appState: {},
    comet: { timeoutCommit: s.timeoutCommit },
  });
  return tuneConfig(fs.readFileSync(path.join(paths.cometHome, "config", "config.toml"), "utf8"), s);
}

/** Records a Go CPU profile of CometBFT for `seconds` through its pprof endpoint. */
export async function goProfile(port: number, seconds: number, file: string, log: (msg: string) => void): Promise<string | undefined> {
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

export function printGoProfile(title: string, file: string, comet: string): void {
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
export function keptProfilePath(name: string, ext: string): string {
  return path.join(os.tmpdir(), `bench-bank-send-${name}-${new Date().toISOString().replace(/[:.]/g, "-")}.${ext}`);
}

/**
 * The senders funded first (their account numbers are the ones the txs are signed for). With
 * `consensusPubKey`, the chain's one validator is a staking validator bonded at genesis, as `unitd
 * init` makes a node's, so each block's votes are those of a validator the app knows; without it
 * (the app alone, in-process: no votes), no validator.
 */
export function genesisAppState(senders: Sender[], consensusPubKey?: string): Record<string, unknown> {
  const funded = senders.map((s) => ({ address: s.address, coins: [{ denom: DENOM, amount: GENESIS_BALANCE.toString() }] }));
  if (consensusPubKey === undefined) return withGenesisBalances(defaultAppState(appModules()), funded);
  const local = localChainAppState({ validators: [{ consensusPubKey, moniker: "validator-0" }] });
  const bank = local.bank as { balances: unknown[] };
  return { ...local, bank: { ...bank, balances: [...funded, ...bank.balances] } };
}

/** What sets one chain apart from another in a comparison. */
export interface ChainVariant {
  /** The row's name in the table. */
  name: string;
  /** Accounts funded at genesis besides the senders (each 1uunit, after the senders): state that no tx touches. */
  extraAccounts: number;
}

/**
 * Starts a fresh chain (app process and CometBFT) whose genesis funds `senders` (and
 * `variant.extraAccounts` more), waits for height 2, runs the load of `bodies` and stops it.
 */
export async function benchOurs(
  senders: Sender[],
  bodies: Buffer[][],
  comet: string,
  template: string,
  s: BankBenchSettings,
  variant: ChainVariant = { name: "ours", extraAccounts: 0 },
): Promise<RunResult> {
  const home = tempDir("bench-bank-");
  const ports = await freePorts();
  const appState = ({ consensusPubKey }: { consensusPubKey: string }) => genesisAppState(senders, consensusPubKey);
  const { paths } = initNodeHome({ home, cometBinary: comet, chainId: CHAIN_ID, ports, appState, comet: { timeoutCommit: s.timeoutCommit } });
  if (variant.extraAccounts > 0) appendGenesisAccounts(path.join(paths.cometHome, "config", "genesis.json"), variant.extraAccounts, DENOM);
  const configFile = path.join(paths.cometHome, "config", "config.toml");
  const generated = tuneConfig(fs.readFileSync(configFile, "utf8"), s);
  const rendered = renderConfig({ template, ports, proxyApp: `tcp://127.0.0.1:${ports.abci}`, pprof: false });
  if (generated !== rendered) throw new Error(`our node's config.toml differs from the template: ${diffLines(generated, rendered).join("; ")}`);
  fs.writeFileSync(configFile, renderConfig({ template, ports, proxyApp: `tcp://127.0.0.1:${ports.abci}`, pprof: s.profile }));
  const profDir = path.join(home, "prof");
  const nodeArgs = [...(s.profile ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : []), ...appNodeArgsFromEnv()];
  const startedMs = Date.now();
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
      // A genesis with a million accounts takes minutes to initialise.
      await waitForHeight(client, 2, [app, cometProc], startupTimeoutMs(variant.extraAccounts));
      const startupMs = Date.now() - startedMs;
      // Block 2's header time is when block 1 was voted, before the app's Commit of block 1 wrote
      // the genesis state (tens of seconds with a million accounts): a span of load blocks that
      // started from it would count that Commit. Block 3's time is when block 2 was voted.
      await waitForHeight(client, 3, [app, cometProc]);
      // Genesis-funded accounts are numbered in bank-balance order after the module accounts.
      for (const i of [0, senders.length - 1]) {
        const acc = await abciAccount(client, senders[i]!.address);
        if (acc.accountNumber !== FIRST_FUNDED_ACCOUNT_NUMBER + BigInt(i))
          throw new Error(`sender ${i} has account number ${acc.accountNumber}, txs were signed for ${FIRST_FUNDED_ACCOUNT_NUMBER + BigInt(i)}`);
      }
      const loadStartUs = process.hrtime.bigint() / 1000n;
      const goProf = s.profile ? goProfile(ports.rest, s.profileSeconds, keptProfilePath(`cometbft-${variant.name}`, "pprof"), s.log) : undefined;
      let loadEndUs = 0n;
      const result = await runAgainst(
        {
          name: variant.name,
          rpcUrl,
          procs: { app, cometbft: cometProc },
          bodies,
          afterCommits: () => {
            loadEndUs = process.hrtime.bigint() / 1000n;
            return goProf ?? Promise.resolve();
          },
        },
        s,
      );
      result.startupMs = startupMs;
      result.initChainMs = handshakeMs(cometProc.logFile);
      result.appMemory = processMemory(app.child.pid);
      // The chain's own view: each sender's sequence = its txs that executed.
      for (const i of [0, Math.floor(senders.length / 2), senders.length - 1]) {
        const acc = await abciAccount(client, senders[i]!.address);
        if (acc.sequence !== BigInt(result.load.acceptedPerLane[i]!))
          result.notes.push(`sender ${i}: sequence ${acc.sequence} on chain, ${result.load.acceptedPerLane[i]} txs accepted`);
      }
      const goFile = await goProf;
      await stopProcess(cometProc);
      await stopProcess(app);
      if (s.profile) {
        const file = fs.existsSync(profDir) ? fs.readdirSync(profDir).find((f) => f.endsWith(".cpuprofile")) : undefined;
        if (!file) s.log("no app CPU profile written");
        else {
          const keep = keptProfilePath(`app-${variant.name}`, "cpuprofile");
          fs.copyFileSync(path.join(profDir, file), keep);
          printProfile(
            `app CPU profile from load start to last commit (${keep})`,
            summariseCpuProfile(keep, REPO_ROOT, { fromUs: Number(loadStartUs), toUs: Number(loadEndUs), top: 25 }),
          );
        }
        if (goFile) printGoProfile(`CometBFT CPU profile, first ${s.profileSeconds} s of the load against ${variant.name}`, goFile, comet);
      }
      return result;
    } finally {
      client.close();
    }
  } catch (err) {
    s.log(`app log tail:\n${tail(app.logFile)}`);
    if (cometProc) s.log(`cometbft log tail:\n${tail(cometProc.logFile)}`);
    throw err;
  } finally {
    if (cometProc) await stopProcess(cometProc);
    await stopProcess(app);
    releaseTempDir(home);
  }
}

export function diffLines(a: string, b: string): string[] {
  const al = a.split("\n");
  const bl = b.split("\n");
  if (al.length !== bl.length) return ["(line count differs)"];
  return al.flatMap((l, i) => (l === bl[i] ? [] : [`${l.trim()} -> ${bl[i]!.trim()}`]));
}

// Report

export function rate(r: RunResult): number {
  return (r.committed / (r.spanEndMs - r.spanStartMs)) * 1000;
}

export function fmt(n: number, digits = 0): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

export function printRuns(rows: { run: number; r: RunResult }[]): void {
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
