// The app alone, in-process, on the same pre-signed txs: how long each step of a tx's life takes
// on one thread, without CometBFT, sockets or other processes competing for the CPU. The steps
// are the ones a one-validator node runs for every tx: CheckTx, PrepareProposal and
// ProcessProposal of the block holding it, FinalizeBlock, Commit, and the mempool's recheck of the
// txs still waiting after a Commit. The sum is the app's single-core ceiling; what the end-to-end
// run reaches below it is lost to the rest. Steps are timed in CPU time of the process (user +
// system, garbage collection threads included), not wall time, so other work on the machine
// slows the figures less.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { create, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { encodeCheckTxResponse, encodeFinalizeBlockResponse } from "../../abci/responseEncoding.js";
import { decodeRequest } from "../../abci/requestDecoding.js";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { pino } from "pino";
import { UnitApp } from "../../app/app.js";
import { wireApp } from "../../app/modules.js";
import type { ElementFolder } from "../../app/store/elementFold/pool.js";
import { openStore } from "../../app/store/index.js";
import * as pb from "../../gen/tendermint/abci/types_pb.js";
import { threadSchedstats } from "./processes.js";

/** Refused, or an Ethereum tx that ran and failed (included with code 0, its failure in the `ethereum_tx` event). */
function txFailed(r: MessageInitShape<typeof pb.ExecTxResultSchema>): boolean {
  return (r.code ?? 0) !== 0 || (r.events ?? []).some((e) => (e.attributes ?? []).some((a) => a.key === "ethereumTxFailed"));
}

/** CPU time of this process so far, in ms. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** CPU time of this process's main thread so far, in ms (Linux schedstat; NaN elsewhere). */
function mainThreadCpuMs(): number {
  const own = threadSchedstats(process.pid, process.pid)?.[0];
  return own === undefined ? NaN : own.onCpuNs / 1e6;
}

export interface PhaseTimes {
  txs: number;
  blocks: number;
  /** µs per tx. */
  decodeRequest: number;
  checkTx: number;
  encodeCheckTxResponse: number;
  prepareProposal: number;
  processProposal: number;
  finalizeBlock: number;
  encodeFinalizeResponse: number;
  commit: number;
  /** µs per rechecked tx (request decode, RECHECK, response encode). */
  recheck: number;
  /** New CheckTx requests, per tx: wall time, and the CPU of the app's thread alone (other threads aside). */
  checkTxWall: number;
  checkTxMainThread: number;
  /** FinalizeBlock, per tx: wall time, and the CPU of the app's thread alone (state hash threads aside). */
  finalizeBlockWall: number;
  finalizeBlockMainThread: number;
  /** Txs rechecked: those of the next block, which wait in the mempool while a block commits. */
  rechecked: number;
  badCodes: number;
}

/**
 * Runs `lanes` (lane i = sender i's txs in sequence order) through InitChain, then blocks of
 * `blockSize` txs. Each block's txs are CheckTx'd (request decoded and response encoded as the
 * ABCI server does) while the block before is proposed, so after each Commit they are rechecked,
 * as CometBFT rechecks what is left in its mempool; then PrepareProposal, ProcessProposal,
 * FinalizeBlock and Commit of the block. `appState` and `chainId` must be those the txs were
 * signed for. `setup` blocks (e.g. deploying a contract and funding the senders) run first, the
 * same way but untimed; any of their txs that fails throws (a refusal, or an Ethereum tx that
 * ran and failed, which is included with code 0).
 *
 * `checkTxQueue`: new CheckTx requests reach the app as the ABCI server hands them over when
 * CometBFT has that many in flight: each batch's first checked at once, the others announced as
 * queued (checkTxQueued) and then checked one after another. Default 1: one at a time.
 * `elementFolder`: state hash threads for the store (state.hash-workers), none by default.
 */
export async function appPhases(
  lanes: readonly Uint8Array[][],
  appState: unknown,
  chainId: string,
  blockSize: number,
  setup: readonly Uint8Array[][] = [],
  checkTxQueue = 1,
  elementFolder?: ElementFolder,
): Promise<PhaseTimes> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-inproc-"));
  // What a node home made by initNodeHome opens: pruning off, the store's default durability.
  const store = openStore(path.join(dir, "app.db"), { keepRecent: 0, pruneInterval: 10 });
  store.useElementFolder(elementFolder);
  try {
    const app = new UnitApp({ store, ...wireApp(), logger: pino({ level: "silent" }) });
    await app.initChain(
      create(pb.RequestInitChainSchema, {
        chainId,
        initialHeight: 1n,
        appStateBytes: Buffer.from(JSON.stringify(appState)),
        time: timestampFromMs(Date.now()),
      }),
    );
    // Sequence-major order: every sender's tx k before any sender's tx k + 1.
    const order: Uint8Array[] = [];
    const longest = Math.max(...lanes.map((l) => l.length));
    for (let k = 0; k < longest; k++) for (const lane of lanes) if (k < lane.length) order.push(lane[k]!);
    const blocks: Uint8Array[][] = [];
    for (let at = 0; at < order.length; at += blockSize) blocks.push(order.slice(at, at + blockSize));
    const t = {
      decodeRequest: 0,
      checkTx: 0,
      encodeCheckTxResponse: 0,
      prepareProposal: 0,
      processProposal: 0,
      finalizeBlock: 0,
      encodeFinalizeResponse: 0,
      commit: 0,
      recheck: 0,
      checkTxWall: 0,
      checkTxMainThread: 0,
      finalizeBlockWall: 0,
      finalizeBlockMainThread: 0,
    };
    let badCodes = 0;
    let rechecked = 0;
    const decodeCheckTx = (tx: Uint8Array, type: pb.CheckTxType): { req: pb.RequestCheckTx; decode: number } => {
      const frame = toBinary(pb.RequestSchema, create(pb.RequestSchema, { value: { case: "checkTx", value: { tx, type } } }));
      const t0 = cpuMs();
      const req = decodeRequest(frame).value.value as pb.RequestCheckTx; // the ABCI server's own decoder
      return { req, decode: cpuMs() - t0 };
    };
    const check = async (
      tx: Uint8Array,
      type: pb.CheckTxType,
      decoded = decodeCheckTx(tx, type),
    ): Promise<{ decode: number; check: number; encode: number }> => {
      const { req, decode } = decoded;
      let t0 = cpuMs();
      const res = await app.checkTx(req);
      const checked = cpuMs() - t0;
      if ((res.code ?? 0) !== 0) badCodes++;
      t0 = cpuMs();
      encodeCheckTxResponse(res); // and encoder
      return { decode, check: checked, encode: cpuMs() - t0 };
    };
    const admit = async (txs: Uint8Array[]) => {
      const wall0 = performance.now();
      const main0 = mainThreadCpuMs();
      for (let at = 0; at < txs.length; at += checkTxQueue) {
        const batch = txs.slice(at, at + checkTxQueue).map((tx) => decodeCheckTx(tx, pb.CheckTxType.NEW));
        for (const queued of batch.slice(1)) app.checkTxQueued(queued.req);
        for (const [i, decoded] of batch.entries()) {
          const s = await check(txs[at + i]!, pb.CheckTxType.NEW, decoded);
          t.decodeRequest += s.decode;
          t.checkTx += s.check;
          t.encodeCheckTxResponse += s.encode;
        }
      }
      t.checkTxWall += performance.now() - wall0;
      t.checkTxMainThread += mainThreadCpuMs() - main0;
    };
    for (const [i, txs] of setup.entries()) {
      const req = { txs, height: BigInt(i + 1), time: timestampFromMs(Date.now()), hash: new Uint8Array(32), proposerAddress: new Uint8Array(20) };
      for (const tx of txs) await app.checkTx(create(pb.RequestCheckTxSchema, { tx, type: pb.CheckTxType.NEW }));
      const fin = await app.finalizeBlock(create(pb.RequestFinalizeBlockSchema, req));
      const results = fin.txResults ?? [];
      const bad = results.findIndex(txFailed);
      if (bad >= 0) throw new Error(`setup block ${i + 1}, tx ${bad} failed: ${results[bad]!.log || JSON.stringify(results[bad]!.events?.map((e) => e.type))}`);
      await app.commit(create(pb.RequestCommitSchema));
    }
    await admit(blocks[0] ?? []);
    for (const [i, txs] of blocks.entries()) {
      const height = BigInt(setup.length + i + 1);
      const time = timestampFromMs(Date.now());
      const proposerAddress = new Uint8Array(20);
      // The next block's txs reach the mempool while this block is proposed and executed.
      const next = blocks[i + 1] ?? [];
      await admit(next);
      let t0 = cpuMs();
      const { txs: preparedTxs = [] } = await app.prepareProposal(
        create(pb.RequestPrepareProposalSchema, { txs, maxTxBytes: 1n << 40n, height, time, proposerAddress }),
      );
      t.prepareProposal += cpuMs() - t0;
      if (preparedTxs.length !== txs.length) throw new Error(`PrepareProposal kept ${preparedTxs.length} of ${txs.length} txs at height ${height}`);
      const hash = new Uint8Array(32).fill(Number(height % 256n));
      t0 = cpuMs();
      const processed = await app.processProposal(create(pb.RequestProcessProposalSchema, { txs: preparedTxs, height, time, hash, proposerAddress }));
      t.processProposal += cpuMs() - t0;
      if (processed.status !== pb.ResponseProcessProposal_ProposalStatus.ACCEPT) throw new Error(`ProcessProposal rejected height ${height}`);
      t0 = cpuMs();
      const [wall0, main0] = [performance.now(), mainThreadCpuMs()];
      const fin = await app.finalizeBlock(create(pb.RequestFinalizeBlockSchema, { txs: preparedTxs, height, time, hash, proposerAddress }));
      t.finalizeBlock += cpuMs() - t0;
      t.finalizeBlockWall += performance.now() - wall0;
      t.finalizeBlockMainThread += mainThreadCpuMs() - main0;
      badCodes += (fin.txResults ?? []).filter(txFailed).length;
      t0 = cpuMs();
      encodeFinalizeBlockResponse(fin); // the ABCI server's own encoder
      t.encodeFinalizeResponse += cpuMs() - t0;
      t0 = cpuMs();
      await app.commit(create(pb.RequestCommitSchema));
      t.commit += cpuMs() - t0;
      for (const tx of next) {
        const s = await check(tx, pb.CheckTxType.RECHECK);
        t.recheck += s.decode + s.check + s.encode;
        rechecked++;
      }
    }
    const perTx = (ms: number) => (ms * 1000) / order.length;
    return {
      txs: order.length,
      blocks: blocks.length,
      decodeRequest: perTx(t.decodeRequest),
      checkTx: perTx(t.checkTx),
      encodeCheckTxResponse: perTx(t.encodeCheckTxResponse),
      prepareProposal: perTx(t.prepareProposal),
      processProposal: perTx(t.processProposal),
      finalizeBlock: perTx(t.finalizeBlock),
      encodeFinalizeResponse: perTx(t.encodeFinalizeResponse),
      commit: perTx(t.commit),
      recheck: rechecked > 0 ? (t.recheck * 1000) / rechecked : 0,
      checkTxWall: perTx(t.checkTxWall),
      checkTxMainThread: perTx(t.checkTxMainThread),
      finalizeBlockWall: perTx(t.finalizeBlockWall),
      finalizeBlockMainThread: perTx(t.finalizeBlockMainThread),
      rechecked,
      badCodes,
    };
  } finally {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The steps a tx's total counts, every one per tx (recheck is per rechecked tx, so apart). */
const TOTAL_STEPS: (keyof PhaseTimes)[] = [
  "decodeRequest",
  "checkTx",
  "encodeCheckTxResponse",
  "prepareProposal",
  "processProposal",
  "finalizeBlock",
  "encodeFinalizeResponse",
  "commit",
];

/** µs of the app's one thread per tx over its whole life, recheck aside: its single-core ceiling is 1e6 / this. */
export function totalPerTx(phases: PhaseTimes): number {
  return TOTAL_STEPS.reduce((sum, k) => sum + phases[k], 0);
}

/** The steps' µs per tx as a markdown table; `labels` names them for the workload (defaults otherwise). */
export function printPhases(phases: PhaseTimes, blockSize: number, labels: Partial<Record<keyof PhaseTimes, string>> = {}): void {
  const steps: [keyof PhaseTimes, string][] = [
    ["decodeRequest", "decode CheckTx request (protobuf)"],
    ["checkTx", "CheckTx"],
    ["encodeCheckTxResponse", "encode CheckTx response (protobuf)"],
    ["prepareProposal", "PrepareProposal (the mempool's first txs in admission order: CheckTx's results stand, app/tx/admittedTxs.ts)"],
    ["processProposal", "ProcessProposal (the proposer's own block)"],
    ["finalizeBlock", "FinalizeBlock"],
    ["encodeFinalizeResponse", "encode FinalizeBlock response (protobuf)"],
    ["commit", "Commit (SQLite)"],
  ];
  const sum = totalPerTx(phases);
  const fmt = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 0 });
  console.log(
    `App alone, in-process, one thread: ${fmt(phases.txs)} txs in ${phases.blocks} blocks of ${fmt(blockSize)}${phases.badCodes > 0 ? `, ${phases.badCodes} FAILED` : ""}\n`,
  );
  console.log(`| step | µs per tx | share |`);
  console.log(`| --- | ---: | ---: |`);
  for (const [k, what] of steps) console.log(`| ${labels[k] ?? what} | ${phases[k].toFixed(1)} | ${((100 * phases[k]) / sum).toFixed(0)} % |`);
  console.log(`| **total = single-core ceiling ${fmt(1e6 / sum)} tx/s** (one thread; no CometBFT, socket or recheck) | **${sum.toFixed(1)}** | |`);
  console.log(
    `| recheck after a Commit, per rechecked tx (${fmt(phases.rechecked)} rechecks here: the next block's txs; how many a node rechecks depends on its mempool) | ${phases.recheck.toFixed(1)} | |`,
  );
  console.log(`| new CheckTx, wall time per tx (request decode and response encode included) | ${phases.checkTxWall.toFixed(1)} | |`);
  console.log(`| new CheckTx, CPU of the app's thread alone per tx (other threads aside) | ${phases.checkTxMainThread.toFixed(1)} | |`);
  console.log(`| FinalizeBlock, wall time per tx | ${phases.finalizeBlockWall.toFixed(1)} | |`);
  console.log(`| FinalizeBlock, CPU of the app's thread alone per tx (state hash threads aside) | ${phases.finalizeBlockMainThread.toFixed(1)} | |\n`);
}
