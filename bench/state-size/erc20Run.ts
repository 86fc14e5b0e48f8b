// The ERC-20 transfer load (bench/erc20's workload, through eth_sendRawTransaction) on a fresh
// chain of ours with `accounts` extra genesis accounts: start-up, the untimed setup (deploy
// Token, fund the senders), the timed transfers, their receipts, and the app's memory.
import os from "node:os";
import type { Wallet } from "ethers";
import { EthRpc } from "../erc20/ethRpc.js";
import { feesOf, sendSetup } from "../erc20/setup.js";
import { startOurs } from "../erc20/targets.js";
import { funder, setupTxs, tokenAddress, transferData, transferLanes } from "../erc20/workload.js";
import { waitForHeight } from "../load/bankChain.js";
import { handshakeMs } from "../load/cometLog.js";
import { startupTimeoutMs } from "../load/genesisAccounts.js";
import { runLoad } from "../load/load.js";
import { cpuWindow, processMemory, releaseTempDir, stopProcess, tail } from "../load/processes.js";
import { RpcClient } from "../load/rpc.js";
import { perTxUs, type SizeRow } from "./row.js";

export interface Erc20RunSettings {
  comet: string;
  timeoutCommit: string;
  senders: readonly Wallet[];
  perSender: number;
  concurrency: number;
  maxLoadMs: number;
  log: (msg: string) => void;
}

const GAS_MONEY = 10n ** 18n; // 1 UNIT per sender: far more than its transfers' gas
const FUNDER_UUNIT = 1000n * 10n ** 6n;
/** No sender may stall for longer than this without a new receipt. */
const RECEIPT_IDLE_MS = 60_000;

export async function erc20Run(s: Erc20RunSettings, accounts: number, run: number): Promise<SizeRow> {
  const name = `ERC-20, ${accounts} accounts`;
  const startedMs = Date.now();
  const target = await startOurs({
    comet: s.comet,
    timeoutCommit: s.timeoutCommit,
    funder: funder.address,
    funderUunit: FUNDER_UUNIT,
    profile: false,
    extraAccounts: accounts,
  });
  let rpc = new EthRpc(target.url, s.concurrency + 8);
  const comet = new RpcClient(target.cometRpcUrl!, 2);
  try {
    await waitForHeight(comet, 2, Object.values(target.procs), startupTimeoutMs(accounts));
    const startupMs = Date.now() - startedMs;
    const fees = await feesOf(rpc);
    s.log(`${name}: up after ${(startupMs / 1000).toFixed(1)} s; setup: deploy Token, fund ${s.senders.length} senders`);
    await sendSetup(rpc, await setupTxs(s.senders, fees, GAS_MONEY), RECEIPT_IDLE_MS);
    const gasLimit = BigInt(
      await rpc.call<string>("eth_estimateGas", [{ from: s.senders[0]!.address, to: tokenAddress(), data: transferData(s.senders[1]!.address, 1n) }]),
    );
    const lanes = await transferLanes(s.senders, s.perSender, fees, gasLimit);
    let id = 1;
    const bodies = lanes.map((lane) => lane.map((t) => EthRpc.sendRawBody(t.raw, id++)));
    // Fresh connections: the server may have closed the idle keep-alive ones while we signed.
    rpc.close();
    rpc = new EthRpc(target.url, s.concurrency + 8);
    const loadAverage = os.loadavg()[0]!;
    const problems: string[] = [];
    s.log(`${name}: load starts: ${s.senders.length} x ${s.perSender} transfers (gas limit ${gasLimit})`);
    const cpuUsed = cpuWindow(target.procs);
    const load = await runLoad(rpc.client, bodies, {
      concurrency: s.concurrency,
      maxMs: s.maxLoadMs,
      onReject: (lane, i, why) => problems.length < 5 && problems.push(`sender ${lane} tx ${i} refused: ${why}`),
    });
    const lastOfLane = lanes.map((lane, i) => lane[load.acceptedPerLane[i]! - 1]?.hash).filter((h): h is string => h !== undefined);
    const committedAt = await rpc.waitForReceipts(lastOfLane, RECEIPT_IDLE_MS, 32);
    const used = cpuUsed();
    const appMemory = processMemory(target.procs.app!.child.pid);
    // After the clock: every accepted transfer's receipt.
    const accepted = lanes.flatMap((lane, i) => lane.slice(0, load.acceptedPerLane[i]!).map((t) => t.hash));
    const receipts = await rpc.receipts(accepted, 32);
    const committed = receipts.filter((r) => r?.status === "0x1").length;
    const heights = new Set(receipts.flatMap((r) => (r ? [r.blockNumber] : [])));
    if (load.rejected > 0) problems.push(`${load.rejected} transfers refused`);
    if (load.stoppedByTime) problems.push(`load stopped by time after ${load.accepted} transfers`);
    if (committed !== accepted.length) problems.push(`${accepted.length - committed} accepted transfers have no successful receipt`);
    return {
      workload: "ERC-20 transfers",
      accounts,
      run,
      committed,
      signed: s.senders.length * s.perSender,
      blocks: heights.size,
      txPerSecond: (committed * 1000) / (committedAt - load.startMs),
      startupMs,
      initChainMs: handshakeMs(target.procs.cometbft!.logFile),
      cpuPerTxUs: perTxUs({ ...used.processes, "load client": used.loadClient }, committed),
      appMemory,
      loadAverage,
      problems,
    };
  } catch (err) {
    for (const p of Object.values(target.procs)) s.log(`${p.name} log tail:\n${tail(p.logFile)}`);
    throw err;
  } finally {
    rpc.close();
    comet.close();
    for (const p of Object.values(target.procs)) await stopProcess(p);
    // A home with a million accounts holds ~1 GB (the app's database, CometBFT's copy of genesis).
    releaseTempDir(target.home!);
  }
}
