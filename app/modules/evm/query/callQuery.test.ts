// eth_call and eth_estimateGas on their time budget, over a small chain: a 30M-gas loop leaves the
// event loop turning, a call past its time stops with geth's words and changes nothing, a caller's
// cancel stops it, and only query VMs carry the budget (a block's VM runs the library's opcodes).
import assert from "node:assert/strict";
import { test, before, after } from "node:test";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import type { EVM } from "@ethereumjs/evm";
import { QueryCallRequestSchema, QueryEstimateGasRequestSchema, type CallArgsSchema } from "../../../../gen/chain/evm/query_pb.js";
import { GrpcCode } from "../../../../common/errors.js";
import { QueryBudget } from "../../../query/budget.js";
import { type QueryContext } from "../../../query/service.js";
import { QueryError } from "../../../../common/grpc/queryError.js";
import { WorkQueue } from "../../../query/workQueue.js";
import { blockHashChain } from "../tx/blockHashChain.js";
import { callQuery, estimateGasQuery } from "./callQuery.js";
import { CALL_TIMEOUT_MS, executionTimedOut } from "./queryLimits.js";
import { queryStateManager } from "./queryState.js";
import { assemble, deployCode, JUMP_LOOP_RUNTIME } from "../testing/testContracts.js";
import { EvmTestChain } from "../testing/testChain.js";
import { TestSigner } from "../testing/testSigner.js";
import { createEvmRuntime } from "../tx/vmFactory.js";

const alice = new TestSigner(new Uint8Array(32).fill(0x51));
const loop = alice.contractAddress(0n);
const countdown = alice.contractAddress(1n);
/** Counts 1000 down to 0 with JUMPI, then stops: a loop that ends. */
const COUNTDOWN_RUNTIME = assemble([
  { push: 1000 },
  { label: "loop" },
  { push: 1 },
  { raw: Uint8Array.of(0x90) },
  "SUB",
  "DUP1",
  { pushLabel: "loop" },
  "JUMPI",
  "STOP",
]);

let chain: EvmTestChain;
before(async () => {
  chain = new EvmTestChain([{ address: alice.address.bytes, uunit: 10n ** 9n }]);
  for (const r of await chain.block([alice.tx({ data: deployCode(JUMP_LOOP_RUNTIME) }), alice.tx({ data: deployCode(COUNTDOWN_RUNTIME) })]))
    assert.equal(r.code ?? 0, 0, r.log);
});
after(() => chain.close());

const queue = () => new WorkQueue({ what: "test executions", maxRunning: 4, maxWaiting: 4 });
const ctx = (signal?: AbortSignal): QueryContext => ({ state: chain.store.view(), height: chain.store.lastHeight, signal });
type CallArgsInit = MessageInitShape<typeof CallArgsSchema>;
const callReq = (args: CallArgsInit) => create(QueryCallRequestSchema, { args });
const estimateReq = (args: CallArgsInit) => create(QueryEstimateGasRequestSchema, { args });
const timedOut = (ms: string) => (e: unknown) =>
  e instanceof QueryError && e.grpcCode === GrpcCode.RESOURCE_EXHAUSTED && e.message === `execution aborted (timeout = ${ms})`;

test("a long JUMP loop runs out of gas as on chain, and timers keep firing while it computes", async () => {
  let last = performance.now();
  let longestGap = 0;
  let fired = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
    fired++;
  }, 1);
  const start = performance.now();
  try {
    // 30M gas, the most a call may have: about half a second of VM time here.
    const r = await callQuery(chain.evmKeepers, queue(), callReq({ to: loop.bytes, gas: 30_000_000n }), ctx(), 60_000);
    assert.deepEqual([r.vmError, r.gasUsed], ["out of gas", 30_000_000n]);
  } finally {
    clearInterval(timer);
  }
  const took = performance.now() - start;
  // Without slices the timer would not fire at all until the call ended. With them it fires every
  // few ms; the bounds leave room for garbage collection and a machine busy with other tests.
  assert.ok(
    took > 100 && fired >= took / 50 && longestGap < took / 3,
    `the timer fired ${fired} times in the call's ${took.toFixed(0)} ms; the longest stop was ${longestGap.toFixed(0)} ms`,
  );
});

test("past its time budget a call and an estimate stop with geth's words, and nothing persists", async () => {
  const before = { hash: Buffer.from(chain.store.lastHash), nonce: chain.nonce(alice.address.bytes), balance: chain.balance(alice.address.bytes) };
  const start = performance.now();
  await assert.rejects(callQuery(chain.evmKeepers, queue(), callReq({ from: alice.address.bytes, to: loop.bytes }), ctx(), 50), timedOut("50ms"));
  await assert.rejects(estimateGasQuery(chain.evmKeepers, queue(), estimateReq({ from: alice.address.bytes, to: loop.bytes }), ctx(), 50), timedOut("50ms"));
  assert.ok(performance.now() - start < 1_000, "both stopped long before the loops would have");
  assert.deepEqual({ hash: Buffer.from(chain.store.lastHash), nonce: chain.nonce(alice.address.bytes), balance: chain.balance(alice.address.bytes) }, before);
  // The default budget is geth's RPCEVMTimeout, in its words.
  assert.ok(timedOut("5s")(executionTimedOut(CALL_TIMEOUT_MS)));
});

test("a caller that gives up stops the execution at its next tick; a full queue refuses at once", async () => {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 30);
  const start = performance.now();
  await assert.rejects(
    callQuery(chain.evmKeepers, queue(), callReq({ to: loop.bytes }), ctx(controller.signal)),
    (e) => e instanceof QueryError && e.grpcCode === GrpcCode.CANCELLED,
  );
  assert.ok(performance.now() - start < 500);
  // One running, none may wait: a second call is RESOURCE_EXHAUSTED without running.
  const single = new WorkQueue({ what: "eth_call and eth_estimateGas executions", maxRunning: 1, maxWaiting: 0 });
  const first = callQuery(chain.evmKeepers, single, callReq({ to: loop.bytes, gas: 1_000_000n }), ctx());
  await assert.rejects(
    callQuery(chain.evmKeepers, single, callReq({ to: loop.bytes }), ctx()),
    (e) =>
      e instanceof QueryError &&
      e.grpcCode === GrpcCode.RESOURCE_EXHAUSTED &&
      /^too many eth_call and eth_estimateGas executions at once \(1 running, 0 waiting\): retry later$/.test(e.message),
  );
  assert.equal((await first).vmError, "out of gas");
});

test("a loop that ends uses the same gas in a call as in a block: the budgeted JUMP and JUMPI cost what the library's do", async () => {
  const call = await callQuery(chain.evmKeepers, queue(), callReq({ from: alice.address.bytes, to: countdown.bytes }), ctx());
  assert.deepEqual([call.reverted, call.vmError], [false, ""]);
  const [onChain] = await chain.block([alice.tx({ to: countdown })]);
  assert.equal(onChain!.code ?? 0, 0, onChain!.log);
  assert.equal(call.gasUsed, onChain!.gasUsed);
  assert.ok(call.gasUsed! > 21_000n + 1000n * 20n, "the loop ran its 1000 turns");
});

test("only a query's VM carries the budget: a block's VM has the library's JUMP and JUMPI and no message hook", async () => {
  const state = chain.store.view();
  const runtime = (budget?: QueryBudget) =>
    createEvmRuntime(
      2611n,
      queryStateManager(chain.evmKeepers, state, 1n),
      blockHashChain(chain.evmKeepers.blocks, state),
      { number: 1n, timestamp: 0n, baseFee: 0n },
      budget,
    );
  const plain = (await runtime()).vm;
  const budgeted = (await runtime(new QueryBudget({ timeoutMs: 1_000, timedOut: () => new Error("timeout") }))).vm;
  const shape = (evm: EVM) => ({
    hooks: evm.events.listenerCount("beforeMessage"),
    jumpIsAsync: [0x56, 0x57].map((op) => evm.getActiveOpcodes().get(op)!.isAsync),
  });
  assert.deepEqual(shape(plain.evm as EVM), { hooks: 0, jumpIsAsync: [false, false] });
  assert.deepEqual(shape(budgeted.evm as EVM), { hooks: 1, jumpIsAsync: [true, true] });
});
