import { afterEach, test } from "node:test";
import assert from "node:assert/strict";
import { createFeeMarket1559Tx, createLegacyTx } from "@ethereumjs/tx";
import { pathToFileURL } from "node:url";
import { pino } from "pino";
import { runnableModule, WORKER_MODULES } from "../../common/node/entryPoints.js";
import { evmCommon, recoverSender } from "../../common/ethereum/ethTx.js";
import { SenderRecoveryPool } from "./pool.js";

// Worker threads load compiled JavaScript: the build's (npm test builds first), as the app starts them.
const workerUrl = pathToFileURL(runnableModule(WORKER_MODULES.senderRecovery));
const CHAIN = 2611n;
const pools: SenderRecoveryPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function start(size: number, maxWaiting?: number): SenderRecoveryPool {
  const pool = new SenderRecoveryPool({ size, workerUrl, logger: pino({ level: "silent" }), maxWaiting });
  pools.push(pool);
  return pool;
}

const keyOf = (i: number) => new Uint8Array(32).fill(i + 1);
const typed = (i: number) =>
  createFeeMarket1559Tx({ nonce: BigInt(i), gasLimit: 21_000n, maxFeePerGas: 10n ** 9n, to: `0x${"66".repeat(20)}` }, { common: evmCommon(CHAIN) })
    .sign(keyOf(i % 7))
    .serialize();
const legacy = (i: number) =>
  createLegacyTx({ nonce: BigInt(i), gasLimit: 21_000n, gasPrice: 10n ** 9n, to: `0x${"77".repeat(20)}` }, { common: evmCommon(CHAIN) })
    .sign(keyOf(i % 5))
    .serialize();

test("threads answer each tx as recoverSender does on this thread, many at once", async () => {
  const pool = start(2);
  const txs = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? legacy(i) : typed(i)));
  const answers = await Promise.all(txs.map((tx) => pool.recover(tx, CHAIN)));
  answers.forEach((answer, i) => assert.deepEqual(answer, recoverSender(txs[i]!, CHAIN), `tx ${i}`));
});

test("what cannot be decoded or recovered, or is of another chain, answers undefined", async () => {
  const pool = start(1);
  assert.equal(await pool.recover(new Uint8Array([0x02, 0xc1, 0x80]), CHAIN), undefined);
  assert.equal(await pool.recover(typed(1), 1n), undefined, "signed for chain 2611");
  assert.deepEqual(await pool.recover(typed(2), CHAIN), recoverSender(typed(2), CHAIN), "and the thread goes on");
});

test("past the waiting bound a recovery answers undefined at once, so CheckTx does it itself", async () => {
  const pool = start(1, 2);
  const answers = await Promise.all([typed(1), typed(2), typed(3)].map((tx) => pool.recover(tx, CHAIN)));
  assert.ok(answers[0] && answers[1]);
  assert.equal(answers[2], undefined);
});

test("closing answers what waits with undefined, and later recoveries too", async () => {
  const pool = start(1);
  const waiting = Promise.all(Array.from({ length: 20 }, (_, i) => pool.recover(typed(i), CHAIN)));
  await pool.close();
  const answers = await waiting;
  assert.ok(
    answers.some((a) => a === undefined),
    "what was still waiting",
  );
  assert.equal(await pool.recover(typed(1), CHAIN), undefined);
  assert.equal(pool.size, 0);
});

test("a thread that stops answering is stopped, and what waited on it answers undefined", async () => {
  // A thread that takes requests and never answers.
  const silent = new URL(`data:text/javascript,${encodeURIComponent("import { parentPort } from 'node:worker_threads'; parentPort.on('message', () => {});")}`);
  const logged: string[] = [];
  const logger = pino({ level: "warn" }, { write: (line: string) => void logged.push(line) });
  const pool = new SenderRecoveryPool({ size: 1, workerUrl: silent, logger, stallMs: 100 });
  pools.push(pool);
  const started = performance.now();
  assert.equal(await pool.recover(typed(1), CHAIN), undefined);
  const waited = performance.now() - started;
  assert.ok(waited >= 100 && waited < 2_000, `answered after ${waited.toFixed(0)} ms`);
  assert.match(logged.join(""), /stopped answering/);
});

test("a pool needs at least one thread", () => {
  assert.throws(() => new SenderRecoveryPool({ size: 0, workerUrl, logger: pino({ level: "silent" }) }), /positive integer/);
});
