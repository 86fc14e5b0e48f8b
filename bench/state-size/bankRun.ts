// The bank-send load (bench/load/bankChain.ts) on a fresh chain with `accounts` extra genesis accounts.
import os from "node:os";
import { benchOurs, rate, type BankBenchSettings, type Sender } from "../load/bankChain.js";
import { perTxUs, type SizeRow } from "./row.js";

export async function bankRun(
  senders: Sender[],
  bodies: Buffer[][],
  comet: string,
  template: string,
  settings: BankBenchSettings,
  accounts: number,
  run: number,
): Promise<SizeRow> {
  const loadAverage = os.loadavg()[0]!;
  const r = await benchOurs(senders, bodies, comet, template, settings, { name: `${accounts} accounts`, extraAccounts: accounts });
  const problems = [...r.notes, ...r.rejects.map((x) => `refused: ${x}`)];
  if (r.badCodes > 0) problems.push(`${r.badCodes} committed txs failed`);
  if (r.load.rejected > 0) problems.push(`${r.load.rejected} txs refused`);
  if (r.load.stoppedByTime) problems.push(`load stopped by time after ${r.load.accepted} txs`);
  return {
    workload: "bank sends",
    accounts,
    run,
    committed: r.committed,
    signed: r.total,
    blocks: r.blocks.length,
    txPerSecond: rate(r),
    startupMs: r.startupMs,
    initChainMs: r.initChainMs,
    cpuPerTxUs: perTxUs(r.cpu, r.committed),
    appMemory: r.appMemory,
    loadAverage,
    problems,
  };
}
