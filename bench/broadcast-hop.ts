/**
 * What one `broadcast_tx_sync` costs the sender and CometBFT, by transport: the JSON-RPC server's
 * path to the mempool (evm/chain/cometBroadcaster.ts) over CometBFT's /websocket endpoint against
 * HTTP/1.1 POSTs on keep-alive connections, the transport it used before and falls back to (both
 * through CometBroadcaster, its `transport` chosen). CometBFT runs its
 * built-in kvstore app (no ABCI socket, a CheckTx that costs next to nothing), so what differs is
 * the RPC hop. Both send the same number of unique `key=value` txs with the same requests in
 * flight, alternating round by round; each row gives the rate, and the CPU per tx of this process
 * (the sender) and of CometBFT (its consensus work on the txs included, the same for both).
 *
 * Before the rounds, each transport sends --warmup txs untimed, so both run compiled code.
 *
 *   npm run bench -- broadcast-hop [--txs 4000] [--concurrency 64] [--rounds 5] [--warmup 2000]
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureCometbft } from "../cometbft/install.js";
import { CometBroadcaster } from "../evm/chain/cometBroadcaster.js";
import { positiveIntFlag } from "./args.js";
import { configTemplate, freePorts, renderConfig, waitForHeight, bankBenchSettings, bankChainFlags } from "./load/bankChain.js";
import { cleanupAll, cleanupOnSignals, cpuWindow, releaseTempDir, startProcess, stopProcess, tail, tempDir } from "./load/processes.js";
import { RpcClient } from "./load/rpc.js";
import { median } from "./stats.js";

const { values: args } = parseArgs({
  options: {
    txs: { type: "string", default: "4000" },
    concurrency: { type: "string", default: "64" },
    rounds: { type: "string", default: "5" },
    warmup: { type: "string", default: "2000" },
  },
});
const TXS = positiveIntFlag(args.txs, "txs");
const CONCURRENCY = positiveIntFlag(args.concurrency, "concurrency");
const ROUNDS = positiveIntFlag(args.rounds, "rounds");
const WARMUP = positiveIntFlag(args.warmup, "warmup");
const log = (msg: string) => process.stderr.write(`[broadcast-hop] ${msg}\n`);

interface Row {
  transport: string;
  rate: number;
  senderUs: number;
  cometUs: number;
}

async function round(transport: "http" | "websocket", rpcUrl: string, comet: ReturnType<typeof startProcess>, tag: string, count = TXS): Promise<Row> {
  const broadcaster = new CometBroadcaster(rpcUrl, 30_000, CONCURRENCY, transport);
  const txs = Array.from({ length: count }, (_, i) => Buffer.from(`${tag}-${i}=v`));
  try {
    await broadcaster.broadcastTxSync(Buffer.from(`${tag}-warmup=v`)); // the first connection, outside the window
    const window = cpuWindow({ cometbft: comet });
    const t0 = performance.now();
    let next = 0;
    let refused = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < txs.length) if ((await broadcaster.broadcastTxSync(txs[next++]!)).code !== 0) refused++;
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu = window();
    if (refused > 0) throw new Error(`${refused} of ${count} txs refused over ${transport} (is the mempool large enough?)`);
    return { transport, rate: count / seconds, senderUs: (cpu.loadClient * 1e6) / count, cometUs: ((cpu.processes.cometbft ?? NaN) * 1e6) / count };
  } finally {
    broadcaster.close();
  }
}

async function main(): Promise<void> {
  cleanupOnSignals();
  const comet = await ensureCometbft({ onProgress: log });
  const { values: bankArgs } = parseArgs({ args: [], options: bankChainFlags("60") });
  const template = await configTemplate(comet, bankBenchSettings(bankArgs, log));
  const home = tempDir("bench-hop-");
  const ports = await freePorts();
  execFileSync(comet, ["init", "--home", home], { stdio: "ignore" });
  fs.writeFileSync(path.join(home, "config", "config.toml"), renderConfig({ template, ports, proxyApp: "kvstore", pprof: false }));
  const proc = startProcess("cometbft", comet, ["start", "--home", home], path.join(home, "cometbft.log"));
  const rpcUrl = `http://127.0.0.1:${ports.rpc}`;
  try {
    const client = new RpcClient(rpcUrl, 1);
    try {
      await waitForHeight(client, 2, [proc]);
    } finally {
      client.close();
    }
    for (const transport of ["http", "websocket"] as const) await round(transport, rpcUrl, proc, `${transport}-warmup`, WARMUP);
    const rows: Row[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (const transport of ["http", "websocket"] as const) {
        const row = await round(transport, rpcUrl, proc, `${transport}-${r}`);
        log(`round ${r + 1} ${transport}: ${Math.round(row.rate)} tx/s, sender ${row.senderUs.toFixed(1)} µs/tx, CometBFT ${row.cometUs.toFixed(1)} µs/tx`);
        rows.push(row);
        await new Promise((resolve) => setTimeout(resolve, 1500)); // the txs leave the mempool
      }
    }
    console.log(
      `${TXS} txs per round, ${CONCURRENCY} in flight, ${ROUNDS} rounds alternated after ${WARMUP} untimed each; medians (each round's in brackets)\n`,
    );
    console.log("| transport | broadcast_tx_sync/s | sender CPU µs per tx | CometBFT CPU µs per tx |");
    console.log("| --- | ---: | ---: | ---: |");
    for (const transport of ["http", "websocket"]) {
      const mine = rows.filter((row) => row.transport === transport);
      const cell = (pick: (row: Row) => number, digits: number) =>
        `${median(mine.map(pick)).toFixed(digits)} (${mine.map((row) => pick(row).toFixed(digits)).join(", ")})`;
      console.log(`| ${transport} | ${cell((row) => row.rate, 0)} | ${cell((row) => row.senderUs, 1)} | ${cell((row) => row.cometUs, 1)} |`);
    }
  } catch (err) {
    log(`cometbft log tail:\n${tail(proc.logFile)}`);
    throw err;
  } finally {
    await stopProcess(proc);
    releaseTempDir(home);
  }
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanupAll());
