// One measured run of one workload on a chain with a given number of extra genesis accounts: what
// the report (report.ts) prints and compares with the reference size.
export type Workload = "bank sends" | "ERC-20 transfers";

export interface SizeRow {
  workload: Workload;
  /** Accounts funded at genesis besides the workload's own (1uunit each, no tx touches them). */
  accounts: number;
  run: number;
  committed: number;
  signed: number;
  blocks: number;
  /** The workload's own headline rate (bench/bank-send.ts: block-time span; bench/erc20.ts: first send to last receipt). */
  txPerSecond: number;
  /** From starting the processes until the chain is at height 2. */
  startupMs: number | undefined;
  /** CometBFT's ABCI handshake: InitChain with the whole genesis. */
  initChainMs: number | undefined;
  /** CPU per committed tx during the load, µs, by process (app, cometbft, ...). */
  cpuPerTxUs: Record<string, number | undefined>;
  /** The app's resident memory after the load, and its peak (genesis included). */
  appMemory: { rssBytes: number; peakBytes: number } | undefined;
  /** 1-minute load average of the machine when the load started. */
  loadAverage: number;
  /** Anything that makes the run not count (refused or failed txs, unexpected chain state). */
  problems: string[];
}

/** CPU seconds by process over a load of `txs` committed txs, as µs per tx. */
export function perTxUs(cpuSeconds: Record<string, number | undefined>, txs: number): Record<string, number | undefined> {
  return Object.fromEntries(Object.entries(cpuSeconds).map(([name, s]) => [name, s === undefined || txs === 0 ? undefined : (s * 1e6) / txs]));
}
