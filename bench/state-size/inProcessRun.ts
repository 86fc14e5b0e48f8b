// The app alone, in-process (bench/load/inProcess.ts), on the bank-send load with `accounts` extra
// genesis accounts: the CPU of each step of a tx's life at each state size, on one thread, without
// CometBFT, sockets or the other processes whose share of the machine moves the end-to-end ratio
// from run to run. What state size costs the app itself shows here alone.
import { CHAIN_ID, genesisAppState, type Sender } from "../load/bankChain.js";
import { genesisAccountBalances } from "../load/genesisAccounts.js";
import { appPhases, totalPerTx, type PhaseTimes } from "../load/inProcess.js";
import { median } from "../stats.js";

/** Txs per block: about what a block holds under the end-to-end load. */
export const IN_PROCESS_BLOCK_SIZE = 2000;

/** The steps compared across sizes, with what each covers. */
const STEPS: [keyof PhaseTimes, string][] = [
  ["checkTx", "CheckTx"],
  ["finalizeBlock", "FinalizeBlock"],
  ["commit", "Commit (SQLite)"],
  ["recheck", "recheck, per rechecked tx"],
];

export interface SizePhases {
  accounts: number;
  run: number;
  phases: PhaseTimes;
}

/** The bank lanes (sequence 0.. per sender, as signLanes signs them) through the app alone at one size. */
export async function bankPhases(senders: Sender[], lanes: Uint8Array[][], accounts: number): Promise<PhaseTimes> {
  // Built only when InitChain serialises it, so the balances are garbage once it has run, as in a
  // node. Held through the load, a million of them made every step 20-40 % slower (the collector
  // marking them again and again), which would read as a cost of state size.
  const appState = {
    toJSON: () => {
      const state = genesisAppState(senders) as { bank: { balances: unknown[] } };
      for (const balance of genesisAccountBalances(accounts)) state.bank.balances.push(balance);
      return state;
    },
  };
  // The first send goes alone in an untimed block: that block's Commit writes the genesis state.
  const setup = [[lanes[0]![0]!]];
  const timed = lanes.map((lane, i) => (i === 0 ? lane.slice(1) : lane));
  return appPhases(timed, appState, CHAIN_ID, IN_PROCESS_BLOCK_SIZE, setup);
}

/** µs per tx by step and size, medians over runs, and each size against the first (the reference). */
export function printSizePhases(rows: SizePhases[], sizes: number[]): void {
  const at = (accounts: number, f: (p: PhaseTimes) => number) => median(rows.filter((r) => r.accounts === accounts).map((r) => f(r.phases)));
  const lines: [string, (p: PhaseTimes) => number][] = [
    ...STEPS.map(([k, what]): [string, (p: PhaseTimes) => number] => [what, (p) => p[k]]),
    ["**total** (recheck aside)", totalPerTx],
  ];
  const runs = Math.max(...rows.map((r) => r.run));
  const fmt = (n: number) => n.toLocaleString("en-US");
  console.log(
    `\nThe app alone, in-process, one thread: CPU µs per bank send${runs > 1 ? `, medians of ${runs} runs` : ""}, blocks of ${fmt(IN_PROCESS_BLOCK_SIZE)}\n`,
  );
  console.log(
    `| step | ${sizes.map((s) => `${fmt(s)} accounts`).join(" | ")} | ${sizes
      .slice(1)
      .map((s) => `${fmt(s)} / ${fmt(sizes[0]!)}`)
      .join(" | ")} |`,
  );
  console.log(
    `| --- | ${sizes.map(() => "---:").join(" | ")} | ${sizes
      .slice(1)
      .map(() => "---:")
      .join(" | ")} |`,
  );
  for (const [what, f] of lines) {
    const values = sizes.map((s) => at(s, f));
    console.log(
      `| ${what} | ${values.map((v) => v.toFixed(1)).join(" | ")} | ${values
        .slice(1)
        .map((v) => `${((100 * v) / values[0]!).toFixed(0)} %`)
        .join(" | ")} |`,
    );
  }
}
