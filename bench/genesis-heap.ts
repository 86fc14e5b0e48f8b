/**
 * What the app keeps in memory after a large genesis: InitChain with `--accounts` funded accounts
 * (as bench/state-size.ts adds them), in-process over a real store, then two empty blocks; after
 * each step a full garbage collection and the process's memory. Live heap after block 2 should
 * not grow with the genesis: nothing of it is needed once it is committed.
 *
 *   node --expose-gc --import tsx bench/genesis-heap.ts [--accounts 100000]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { pino } from "pino";
import { UnitApp } from "../app/app.js";
import { defaultAppState, withGenesisBalances } from "../app/genesis.js";
import { appModules, wireApp } from "../app/modules.js";
import { openStore } from "../app/store/index.js";
import * as pb from "../gen/tendermint/abci/types_pb.js";
import { positiveIntFlag } from "./args.js";
import { genesisAccountBalances } from "./load/genesisAccounts.js";

const { values: args } = parseArgs({ options: { accounts: { type: "string", default: "100000" } } });
const accounts = positiveIntFlag(args.accounts, "accounts");
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");

const mib = (n: number) => (n / 2 ** 20).toFixed(0);
function report(step: string): void {
  gc!();
  const m = process.memoryUsage();
  console.log(`| ${step} | ${mib(m.heapUsed)} | ${mib(m.arrayBuffers)} | ${mib(m.rss)} |`);
}

const balances = genesisAccountBalances(accounts);
const appStateBytes = Buffer.from(JSON.stringify(withGenesisBalances(defaultAppState(appModules()), balances)));
balances.length = 0;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-genesis-heap-"));
const store = openStore(path.join(dir, "app.db"), { keepRecent: 0, pruneInterval: 10 });
try {
  const app = new UnitApp({ store, ...wireApp(), logger: pino({ level: "silent" }) });
  console.log(
    `${accounts.toLocaleString("en-US")} genesis accounts; MiB after a full GC (the genesis JSON, ${mib(appStateBytes.length)} MiB, is still held)\n`,
  );
  console.log("| after | live heap | array buffers | RSS |");
  console.log("| --- | ---: | ---: | ---: |");
  report("start");
  await app.initChain(create(pb.RequestInitChainSchema, { chainId: "unit-1", initialHeight: 1n, appStateBytes, time: timestampFromMs(Date.now()) }));
  report("InitChain");
  for (const height of [1n, 2n]) {
    const block = { txs: [], height, time: timestampFromMs(Date.now()), hash: new Uint8Array(32), proposerAddress: new Uint8Array(20) };
    await app.finalizeBlock(create(pb.RequestFinalizeBlockSchema, block));
    await app.commit(create(pb.RequestCommitSchema));
    report(`block ${height} committed`);
  }
} finally {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
