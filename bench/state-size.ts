/**
 * Bank sends and ERC-20 transfers per second with many funded accounts in state, against the
 * same run with few: each size is a fresh one-validator chain whose genesis funds that many more
 * accounts (1uunit each, that no tx touches), so the state the txs read and write through is
 * larger while the work per tx is the same.
 *
 *   npm run bench -- state-size [flags]      (or: node --import tsx bench/state-size.ts [flags])
 *     --accounts 100,1000000       accounts added at genesis; the first size is the reference
 *     --runs 3                     the sizes alternate run by run (drift hits all); the goal is read
 *                                  from each size's median: one run's ratio has ranged over 64-116 %
 *     --only bank,erc20            workloads
 *     --bank-senders 100 --bank-per-sender 400       40,000 MsgSends, twice bench/bank-send.ts's load
 *     --erc20-senders 200 --erc20-per-sender 40      8,000 transfers, twice bench/erc20.ts's load
 *     --concurrency 64             requests in flight
 *     --max-load-seconds 120  --idle-seconds 30  --timeout-commit 500ms  --mempool-size 100000
 *     --profile                    bank sends only: the app under `node --cpu-prof` (load start to last
 *                                  commit) and CometBFT's pprof for --profile-seconds 15 of the load
 *     --keep                       keep temp dirs (node homes, logs)
 *     APP_NODE_ARGS="--trace-gc"   (environment) Node flags for our app's processes, space-separated
 *     --in-process                 instead: the bank sends through the app alone in this process at each
 *                                  size, CPU µs per step of a tx's life (bench/state-size/inProcessRun.ts)
 *
 * The loads are twice those of bench/bank-send.ts and bench/erc20.ts: at ~2,200 bank sends and
 * ~700 transfers per second here they span 10 to 16 blocks. A rate counts whole blocks, so with
 * the benchmarks' own loads (5 to 9 blocks) one block more or less moved a run's ratio by 10-25 %
 * (ERC-20: 74 % with 7 blocks against 5); next to the two minutes a chain with a million accounts
 * takes to start the longer loads cost little (about 10 s per run). Each workload's rate is the one its own benchmark
 * reports: bank sends over the span of block header times (the load starts at height 3: block 2's
 * time is from before block 1's Commit, which writes the genesis state), transfers from the first
 * send to the last receipt. Start-up is from starting the processes to height 2; InitChain is
 * CometBFT's ABCI handshake as its log times it; CPU per tx is each process's CPU time over the
 * load divided by the txs committed.
 */
import { parseArgs } from "node:util";
import fs from "node:fs";
import os from "node:os";
import { positiveIntFlag } from "./args.js";
import { ensureCometbft } from "../cometbft/install.js";
import { COMETBFT_VERSION } from "../cometbft/version.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { APP_MAIN, bankBenchSettings, bankChainFlags, benchSigner, configTemplate, makeSenders, seed, signLanes, toBodies } from "./load/bankChain.js";
import { cleanupAll, cleanupOnSignals, keepTempDirs } from "./load/processes.js";
import { makeSenders as makeEthSenders } from "./erc20/workload.js";
import { bankRun } from "./state-size/bankRun.js";
import { bankPhases, printSizePhases, type SizePhases } from "./state-size/inProcessRun.js";
import { erc20Run } from "./state-size/erc20Run.js";
import { printSizeGoal, printSizeRows } from "./state-size/report.js";
import type { SizeRow } from "./state-size/row.js";

const { values: args } = parseArgs({
  options: {
    ...bankChainFlags("120"),
    accounts: { type: "string", default: "100,1000000" },
    runs: { type: "string", default: "3" },
    only: { type: "string", default: "bank,erc20" },
    "bank-senders": { type: "string", default: "100" },
    "bank-per-sender": { type: "string", default: "400" },
    "erc20-senders": { type: "string", default: "200" },
    "erc20-per-sender": { type: "string", default: "40" },
    keep: { type: "boolean", default: false },
    "in-process": { type: "boolean", default: false },
  },
});

function positiveInt(name: keyof typeof args): number {
  return positiveIntFlag(args[name] as string | undefined, name);
}

const SIZES = args.accounts.split(",").map((s) => positiveIntFlag(s.trim(), "accounts"));
if (SIZES.length < 2) throw new Error("--accounts takes at least two sizes: the reference first");
const RUNS = positiveInt("runs");
const ONLY = new Set(args.only.split(",").map((s) => s.trim()));
if (args.profile && ONLY.has("erc20")) throw new Error("--profile applies to bank sends only: add --only bank");
for (const o of ONLY) if (o !== "bank" && o !== "erc20") throw new Error(`--only takes bank and erc20, got ${o}`);
const BANK_SENDERS = positiveInt("bank-senders");
const BANK_PER_SENDER = positiveInt("bank-per-sender");
const ERC20_SENDERS = positiveInt("erc20-senders");
const ERC20_PER_SENDER = positiveInt("erc20-per-sender");

const log = (msg: string) => process.stderr.write(`[state-size] ${msg}\n`);
/** Where every bank send goes. */
const SINK = formatAccountAddress(benchSigner(seed("bench-sink")).address);
const settings = bankBenchSettings(args, log);

if (args["in-process"]) {
  await inProcess().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
  process.exit(0);
}
cleanupOnSignals();
keepTempDirs(args.keep);
let exitCode = 0;
try {
  const comet = ensureCometbft();
  if (!fs.existsSync(APP_MAIN)) throw new Error(`${APP_MAIN} is missing: run npm run build first`);
  const bankSenders = makeSenders(BANK_SENDERS);
  const bank = ONLY.has("bank")
    ? { bodies: toBodies((await signLanes(bankSenders, BANK_PER_SENDER, SINK)).lanes), template: await configTemplate(comet, settings) }
    : undefined;
  const erc20 = {
    comet,
    timeoutCommit: settings.timeoutCommit,
    senders: makeEthSenders(ERC20_SENDERS),
    perSender: ERC20_PER_SENDER,
    concurrency: settings.concurrency,
    maxLoadMs: settings.maxLoadMs,
    log,
  };
  const rows: SizeRow[] = [];
  const startLoad = os.loadavg();
  for (let run = 1; run <= RUNS; run++) {
    for (const accounts of SIZES) {
      if (bank) rows.push(await bankRun(bankSenders, bank.bodies, comet, bank.template, settings, accounts, run));
      if (ONLY.has("erc20")) rows.push(await erc20Run(erc20, accounts, run));
      const done = rows.filter((r) => r.run === run && r.accounts === accounts).map((r) => `${r.workload} ${r.txPerSecond.toFixed(0)} tx/s`);
      log(`run ${run}/${RUNS}, ${accounts} accounts: ${done.join(", ")}`);
    }
  }
  const endLoad = os.loadavg();
  console.log(
    `\nMachine: ${os.cpus()[0]?.model ?? "?"}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM; Node ${process.version}; CometBFT ${COMETBFT_VERSION}; ${new Date().toISOString()}; load average ${startLoad.map((x) => x.toFixed(2)).join(" ")} at the start, ${endLoad.map((x) => x.toFixed(2)).join(" ")} at the end`,
  );
  console.log(
    `Parameters: accounts added at genesis ${SIZES.join(", ")} (reference ${SIZES[0]}); ${bank ? `${BANK_SENDERS} x ${BANK_PER_SENDER} bank sends` : "no bank sends"}; ${ONLY.has("erc20") ? `${ERC20_SENDERS} x ${ERC20_PER_SENDER} ERC-20 transfers` : "no ERC-20 transfers"}; ${settings.concurrency} in flight, timeout_commit ${settings.timeoutCommit}, ${RUNS} run(s)\n`,
  );
  printSizeRows(rows, SIZES[0]!);
  if (!printSizeGoal(rows, SIZES)) exitCode = 1;
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await cleanupAll();
}
process.exit(exitCode);

/** --in-process: the bank sends through the app alone at each size, the sizes alternating run by run. */
async function inProcess(): Promise<void> {
  if (!ONLY.has("bank")) throw new Error("--in-process measures bank sends: leave bank in --only");
  const senders = makeSenders(BANK_SENDERS);
  const { lanes } = await signLanes(senders, BANK_PER_SENDER, SINK);
  const rows: SizePhases[] = [];
  for (let run = 1; run <= RUNS; run++) {
    for (const accounts of SIZES) {
      log(`run ${run}/${RUNS}, ${accounts} accounts: the app alone, in-process`);
      const phases = await bankPhases(senders, lanes, accounts);
      if (phases.badCodes > 0) throw new Error(`${phases.badCodes} txs failed in-process with ${accounts} accounts`);
      rows.push({ accounts, run, phases });
    }
  }
  printSizePhases(rows, SIZES);
}
