/**
 * Crash campaign (not in CI; CI runs the short test/crash.test.ts): a one-validator node (the real
 * CometBFT binary, the real app process) under a bounded mixed load of bank sends, EVM transfers,
 * staking delegations and identity credentials, while the app or CometBFT is killed with SIGKILL
 * at random moments (seeded PRNG) and restarted, `--rounds` times. Then it reports:
 *
 * - app-hash mismatches: at every height h, the app hash the app committed for h (its SQLite store)
 *   against the app hash in CometBFT's header of h+1; blocks recorded before a kill that changed
 *   after it; replays that found the app ahead of CometBFT's block store; any consensus failure
 *   in CometBFT's log other than the broken app connection a kill causes (test/support/crashChecks.ts);
 * - committed txs lost: every tx whose broadcast_tx_commit answered "committed at height h" with a
 *   result code must be found again in block h, with that code in block_results (those missing
 *   only from CometBFT's tx index are counted apart);
 * - lane accounts off: each lane's sequence and bank balance, and the two sinks' balances, against
 *   what the lane txs in the blocks add up to (test/support/crashLedger.ts);
 * - rounds done and the time taken.
 *
 * The lanes are test/support/crashLanes.ts, shared with test/crash.test.ts, which runs a few rounds
 * of the same in CI. It exits 1 on any mismatch, loss or account off (and 2 when the chain stops
 * making blocks). Needs `npm run build`
 * (the app runs from dist/). Everything listens on 127.0.0.1.
 *
 *   node --import tsx bench/crash-campaign.ts [--rounds 100] [--max-minutes 60] [--seed N] [--pause-ms 100] [--keep]
 */
import { parseArgs } from "node:util";
import { positiveIntFlag } from "./args.js";
import { RpcClient } from "./load/rpc.js";
import { runLanes, fundLanes, type LaneRun } from "../test/support/crashLanes.js";
import { LaneLedger } from "../test/support/crashLedger.js";
import { LocalNode } from "../test/support/localNode.js";
import { consensusFailureLine } from "../test/support/crashChecks.js";
import { prng } from "../test/support/prng.js";
import { openStore } from "../app/store/index.js";
import { validatorAccountAddress } from "../app/localGenesis.js";
import { formatValidatorAddress, parseAccountAddress } from "../sdk/crypto/accountAddress.js";
import { CometRpcClient } from "../sdk/client/cometRpcClient.js";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "100" },
    "max-minutes": { type: "string", default: "60" },
    seed: { type: "string" },
    "pause-ms": { type: "string", default: "100" },
    keep: { type: "boolean", default: false },
  },
});
const ROUNDS = positiveIntFlag(args.rounds, "rounds");
const MAX_MS = positiveIntFlag(args["max-minutes"], "max-minutes") * 60_000;
const SEED = args.seed === undefined ? Math.floor(Math.random() * 1e9) : positiveIntFlag(args.seed, "seed");
const PAUSE_MS = positiveIntFlag(args["pause-ms"], "pause-ms");
const random = prng(SEED);
const log = (s: string) => console.error(`[crash-campaign ${((Date.now() - t0) / 1000).toFixed(0)}s] ${s}`);
const t0 = Date.now();

interface BlockMeta {
  block_id: { hash: string };
  header: { height: string; app_hash: string };
}

const mismatches: string[] = [];
const lost: string[] = [];
/** Lane accounts whose sequence or balance is not what the chain's lane txs say. */
const offState: string[] = [];
let roundsDone = 0;
let indexMisses = 0;

const node = await LocalNode.create({ timeoutCommit: "200ms", cometLogLevel: "info", editAppState: fundLanes });
// Stretch FinalizeBlock and Commit so random kills land inside them, not only between blocks.
node.appEnv = { UNIT_FAULT_BLOCK_DELAY_MS: "60" };
const rpc = new RpcClient(node.rpcUrl, 16);
// A hard stop a few minutes past the budget, whatever hangs: the run is bounded in time.
const watchdog = setTimeout(
  () => {
    console.error(`crash campaign: still running ${MAX_MS / 60_000 + 5} minutes after start; giving up`);
    void node.destroy().finally(() => process.exit(2));
  },
  MAX_MS + 5 * 60_000,
);
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => void node.destroy().finally(() => process.exit(130)));

/** Block hash and header app hash of every height in [lo, hi], 20 per request (the RPC's page). */
async function metas(lo: number, hi: number): Promise<Map<number, BlockMeta>> {
  const out = new Map<number, BlockMeta>();
  for (let a = lo; a <= hi; a += 20) {
    const res = await rpc.call<{ block_metas: BlockMeta[] }>("blockchain", { minHeight: String(a), maxHeight: String(Math.min(hi, a + 19)) });
    for (const m of res.block_metas) out.set(Number(m.header.height), m);
  }
  return out;
}

/** Block hashes seen before a kill; after every restart they must read the same. */
const known = new Map<number, string>();
async function recordBlocks(upTo: number): Promise<void> {
  const from = known.size + 1;
  if (upTo >= from) for (const [h, m] of await metas(from, upTo)) known.set(h, m.block_id.hash);
}
function checkLog(): void {
  const line = consensusFailureLine(node.logFile("comet"));
  if (line !== undefined && !mismatches.includes(`consensus failure: ${line}`)) mismatches.push(`consensus failure: ${line}`);
}

async function campaign(): Promise<number> {
  let lanes: LaneRun | undefined;
  let loadStopped = false;
  let exitCode = 0;
  try {
    await node.start();
    await node.waitForHeight(3);
    const operator = formatValidatorAddress(parseAccountAddress(validatorAccountAddress(0)));
    lanes = runLanes({ cometUrl: node.rpcUrl, validatorOperator: operator, stop: () => loadStopped, pauseMs: PAUSE_MS });
    await node.waitForHeight(6);
    log(`seed ${SEED}, ${ROUNDS} rounds, budget ${MAX_MS / 60_000} min, node home ${node.paths.root}`);

    for (let round = 0; round < ROUNDS; round++) {
      if (Date.now() - t0 > MAX_MS) {
        log(`time budget spent after ${round} rounds`);
        break;
      }
      await new Promise((r) => setTimeout(r, 50 + random() * 900));
      const target = random() < 0.5 ? "app" : "comet";
      const before = (await node.status()).latestBlockHeight;
      await recordBlocks(before);
      if (target === "app") {
        await node.kill("app", "SIGKILL");
        // CometBFT halts when it loses its app, but its shutdown can hang on an unanswered ABCI call.
        await node.waitExit("comet", 5_000).catch(() => node.kill("comet", "SIGKILL"));
        await node.start();
      } else {
        await node.kill("comet", "SIGKILL");
        await node.startComet();
      }
      try {
        await node.waitForHeight(before + 2, 90_000);
      } catch (err) {
        mismatches.push(`round ${round + 1} (${target}): the chain did not resume: ${(err as Error).message}`);
        exitCode = 2;
        break;
      }
      checkLog();
      const again = await metas(before, before);
      if (again.get(before)?.block_id.hash !== known.get(before)) mismatches.push(`round ${round + 1}: block ${before} changed across the ${target} restart`);
      roundsDone++;
      log(`round ${round + 1}/${ROUNDS}: killed ${target} at height ${before}, resumed`);
    }
  } finally {
    loadStopped = true;
  }

  const stats = await lanes!.finished;
  const last = (await node.waitForHeight((await node.status()).latestBlockHeight + 1)).latestBlockHeight;
  checkLog();

  // Every block recorded before a kill is still the same block.
  const all = await metas(1, last);
  for (const [h, hash] of known) if (all.get(h)?.block_id.hash !== hash) mismatches.push(`block ${h} changed: ${hash} -> ${all.get(h)?.block_id.hash}`);

  // Every handshake found the app at or behind CometBFT's block store.
  const replays = [...node.logFile("comet").matchAll(/ABCI Replay Blocks\s.*appHeight=(\d+) storeHeight=(\d+)/g)];
  for (const [line, app, store] of replays) if (Number(app) > Number(store)) mismatches.push(`app ahead of the block store at a restart: ${line}`);
  const replayedBlocks = replays.filter(([, app, store]) => Number(app) < Number(store)).length;

  // Every committed tx is in its block with the result its broadcast reported, and the lanes'
  // accounts hold what the chain's lane txs say (test/support/crashLedger.ts).
  const ledger = new LaneLedger(new CometRpcClient(node.rpcUrl));
  const scanned = await ledger.scanCommitted();
  lost.push(...ledger.missing(stats.committed));
  for (const tx of stats.committed)
    if (tx.height > scanned) lost.push(`${tx.lane} tx ${tx.hash} committed at ${tx.height}, above the last block read (${scanned})`);
  offState.push(...(await ledger.stateProblems(stats.sent, scanned)));
  const inChain = ledger.inChain(stats.sent, stats.committed);
  // The tx index is written after the block; a kill between the two loses the index entry, not the
  // tx. Counted apart: the blocks above are what says whether a tx was lost.
  for (const tx of stats.committed) {
    const found = await rpc.call<{ height: string }>("tx", { hash: Buffer.from(tx.hash, "hex").toString("base64") }).catch(() => undefined);
    if (!found) indexMisses++;
  }

  // The app's committed app hash at every height is the one CometBFT put in the next header.
  await node.stop();
  const store = openStore(node.paths.appDb);
  let compared = 0;
  let notKept = 0;
  try {
    for (let h = 1; h < last; h++) {
      const header = all.get(h + 1)?.header.app_hash;
      const ours = store.hashAt(h);
      if (ours === undefined || header === undefined) {
        notKept++;
        continue;
      }
      compared++;
      const hex = Buffer.from(ours).toString("hex").toUpperCase();
      if (hex !== header) mismatches.push(`height ${h}: app committed ${hex}, header ${h + 1} says ${header}`);
    }
  } finally {
    store.close();
  }
  clearTimeout(watchdog);
  rpc.close();

  const byKind = new Map<string, number>();
  for (const tx of stats.committed) byKind.set(tx.kind, (byKind.get(tx.kind) ?? 0) + 1);
  const minutes = ((Date.now() - t0) / 60_000).toFixed(1);
  console.log(`| crash campaign (seed ${SEED}) | |
| --- | --- |
| rounds done | ${roundsDone} of ${ROUNDS} |
| blocks | ${last} (app hash compared at ${compared} heights${notKept ? `, ${notKept} not kept` : ""}) |
| restarts whose replay re-ran blocks | ${replayedBlocks} of ${replays.length} handshakes |
| committed txs (broadcast_tx_commit) | ${stats.committed.length} (${[...byKind]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k} ${n}`)
    .join(", ")}; ${stats.failedDelivery} with failed messages) |
| broadcasts cut by a kill / refused and re-synced | ${stats.unknown} / ${stats.refused} (${inChain.unreported} cut ones committed all the same) |
| **app-hash mismatches** | **${mismatches.length}** |
| **committed txs lost** | **${lost.length}**${indexMisses ? ` (${indexMisses} in their block but missing from the tx index)` : ""} |
| **lane accounts off** (sequence, balance, sinks at height ${scanned}) | **${offState.length}** |
| time | ${minutes} min |`);
  for (const [kind, why] of Object.entries(stats.firstFailure)) console.log(`first failed ${kind} delivery: ${why}`);
  for (const [kind, why] of Object.entries(stats.firstRefusal)) console.log(`first ${kind} refusal: ${why}`);
  for (const m of mismatches.slice(0, 20)) console.log(`mismatch: ${m}`);
  for (const l of lost.slice(0, 20)) console.log(`lost: ${l}`);
  for (const o of offState.slice(0, 20)) console.log(`state: ${o}`);
  if (exitCode === 0 && (mismatches.length > 0 || lost.length > 0 || offState.length > 0)) exitCode = 1;
  if (stats.committed.length === 0) {
    console.log("no tx was committed: the load did not run, so nothing was checked");
    exitCode = exitCode || 1;
  }
  return exitCode;
}

const code = await campaign().catch((err: unknown) => {
  console.error(`crash campaign failed: ${(err as Error).stack ?? String(err)}`);
  return 2;
});
clearTimeout(watchdog);
if (args.keep) {
  await node.stop();
  console.log(`node home kept at ${node.paths.root}`);
} else await node.destroy();
process.exit(code);
