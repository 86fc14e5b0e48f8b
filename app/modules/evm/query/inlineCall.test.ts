// eth_call on the app's own thread (QueryContext.inline): a call within the inline limits answers
// exactly as the budgeted one does; a call past any of them (a frame's memory, a precompile other
// than the four cheap ones, its time, its call data) throws InlineLimitError before the costly
// step runs, and the same call answers as before without the flag; a block's VM has no such
// limits.
import assert from "node:assert/strict";
import { test, before, after } from "node:test";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { createAddressFromBigInt, setLengthLeft } from "@ethereumjs/util";
import { sha256 } from "@noble/hashes/sha2.js";
import { QueryCallRequestSchema, type CallArgsSchema } from "../../../../gen/chain/evm/query_pb.js";
import { InlineLimitError } from "../../../query/inlineGate.js";
import { type QueryContext } from "../../../query/service.js";
import { WorkQueue } from "../../../query/workQueue.js";
import { callQuery } from "./callQuery.js";
import { INLINE_CALL_BYTES, INLINE_CALL_MS } from "./queryLimits.js";
import { INLINE_MAX_LOGS, INLINE_MEMORY_BYTES } from "../tx/inlineGuards.js";
import { createEvmRuntime } from "../tx/vmFactory.js";
import { blockHashChain } from "../tx/blockHashChain.js";
import { queryStateManager } from "./queryState.js";
import { assemble, deployCode, JUMP_LOOP_RUNTIME, probe, PROBE_RUNTIME } from "../testing/testContracts.js";
import { EvmTestChain } from "../testing/testChain.js";
import { TestSigner } from "../testing/testSigner.js";

const alice = new TestSigner(new Uint8Array(32).fill(0x71));
const target = alice.contractAddress(0n);
const loop = alice.contractAddress(1n);
const hasher = alice.contractAddress(2n);
/** KECCAK256 over the calldata's 32-byte length of zeroed memory, returned: memory grows to that length. */
const HASH_MEMORY_RUNTIME = assemble([{ push: 0 }, "CALLDATALOAD", { push: 0 }, "KECCAK256", { push: 0 }, "MSTORE", { push: 32 }, { push: 0 }, "RETURN"]);
/** KECCAK256 over the whole 64 KiB bound, 1,000 times in straight-line code: no jump, no call. */
const HASH_AGAIN_RUNTIME = assemble(Array.from({ length: 1_000 }, () => [{ push: INLINE_MEMORY_BYTES }, { push: 0 }, "KECCAK256", "POP"] as const).flat());
const hashAgain = alice.contractAddress(3n);

let chain: EvmTestChain;
before(async () => {
  chain = new EvmTestChain([{ address: alice.address.bytes, uunit: 10n ** 9n }]);
  const deployed = await chain.block([
    alice.tx({ data: deployCode(PROBE_RUNTIME) }),
    alice.tx({ data: deployCode(JUMP_LOOP_RUNTIME) }),
    alice.tx({ data: deployCode(HASH_MEMORY_RUNTIME) }),
    alice.tx({ data: deployCode(HASH_AGAIN_RUNTIME), gasLimit: 5_000_000n }),
  ]);
  for (const r of deployed) assert.equal(r.code ?? 0, 0, r.log);
});
after(() => chain.close());

const queue = () => new WorkQueue({ what: "test executions", maxRunning: 4, maxWaiting: 4 });
const ctx = (inline: boolean): QueryContext => ({ state: chain.store.view(), height: chain.store.lastHeight, ...(inline ? { inline } : {}) });
/** `inlineMs`: the inline time limit; the tests of the other limits lift it, so a stall of the machine cannot stand in for them. */
const call = (args: MessageInitShape<typeof CallArgsSchema>, inline: boolean, inlineMs = 60_000) =>
  callQuery(chain.evmKeepers, queue(), create(QueryCallRequestSchema, { args }), ctx(inline), undefined, inlineMs);
const word = (n: number) => setLengthLeft(Uint8Array.of(n >> 16, (n >> 8) & 0xff, n & 0xff), 32);
const precompile = (n: number) => createAddressFromBigInt(BigInt(n)).bytes;
const beyond = (limit: RegExp) => (e: unknown) => e instanceof InlineLimitError && limit.test(e.message);

test("a call within the limits answers inline exactly as in a worker", async () => {
  for (const args of [
    { to: target.bytes, data: probe.get },
    { from: alice.address.bytes, to: target.bytes, data: probe.increment },
    { to: target.bytes, data: probe.env },
    { to: hasher.bytes, data: word(INLINE_MEMORY_BYTES) },
    { to: precompile(2), data: new Uint8Array(1000).fill(7) },
  ]) {
    assert.deepEqual(await call(args, true), await call(args, false));
  }
  const digest = await call({ to: precompile(2), data: Uint8Array.of(1, 2, 3) }, true);
  assert.deepEqual(digest.returnData, sha256(Uint8Array.of(1, 2, 3)), "SHA256 runs inline");
});

test("past a frame's memory bound, a precompile's, the time or the call data, the inline run refuses; a worker's answers", async () => {
  const cases: [MessageInitShape<typeof CallArgsSchema>, RegExp, number?][] = [
    [{ to: hasher.bytes, data: word(INLINE_MEMORY_BYTES + 32) }, /memory past 65536 bytes/],
    [{ to: precompile(9), data: new Uint8Array(213) }, /a precompile other than ECRECOVER, SHA256, RIPEMD160 or IDENTITY/],
    [{ to: precompile(5), data: new Uint8Array(96) }, /a precompile other than/],
    [{ to: loop.bytes, gas: 30_000_000n }, /more than 5 ms of execution/, INLINE_CALL_MS],
    [{ to: target.bytes, data: new Uint8Array(INLINE_CALL_BYTES + 1) }, /call data and access list past 65536 bytes/],
  ];
  for (const [args, limit, inlineMs] of cases) {
    const start = performance.now();
    await assert.rejects(call(args, true, inlineMs), beyond(limit));
    assert.ok(performance.now() - start < 200, `refused within its limits: ${limit}`);
    const answer = await call(args, false);
    assert.ok(answer.gasUsed! > 21_000n, `the same call answers without the flag: ${limit}`);
  }
});

test("steps within the bounds that add up without a jump still stop at the inline time", async () => {
  let start = performance.now();
  const whole = await call({ to: hashAgain.bytes }, false);
  const wholeMs = performance.now() - start;
  assert.deepEqual([whole.reverted, whole.vmError], [false, ""], "the 1,000 hashes run to the end in a worker's VM");
  start = performance.now();
  await assert.rejects(call({ to: hashAgain.bytes }, true, INLINE_CALL_MS), beyond(/more than 5 ms of execution/));
  const inlineMs = performance.now() - start;
  assert.ok(inlineMs < wholeMs / 4, `the inline run stopped after ${inlineMs.toFixed(1)} ms; the whole run takes ${wholeMs.toFixed(1)} ms`);
});

test("a memory refusal comes before the step: the keccak of 4 MiB is refused as fast as the bound's", async () => {
  const time = async (bytes: number) => {
    const start = performance.now();
    await assert.rejects(call({ to: hasher.bytes, data: word(bytes) }, true), beyond(/memory past/));
    return performance.now() - start;
  };
  await time(INLINE_MEMORY_BYTES + 32);
  const small = await time(INLINE_MEMORY_BYTES + 32);
  const huge = await time(4 * 1024 * 1024);
  assert.ok(huge < small + 20, `4 MiB refused in ${huge.toFixed(2)} ms, 64 KiB in ${small.toFixed(2)} ms`);
});

/** An inline VM over the chain's state whose budget counts its ticks and never runs out. */
async function countingInlineVm() {
  const state = chain.store.view();
  const ticker = { ticks: 0, tick: () => void ticker.ticks++, check: () => undefined };
  const sm = queryStateManager(chain.evmKeepers, state, BigInt(chain.store.lastHeight));
  const context = { number: BigInt(chain.store.lastHeight) + 1n, timestamp: 0n, baseFee: 0n };
  const { vm } = await createEvmRuntime(2611n, sm, blockHashChain(chain.evmKeepers.blocks, state), context, ticker, true);
  return { evm: vm.evm, ticker };
}

test("fixed-gas steps that read state tick too: 100 BLOCKHASHes in straight-line code, 100 ticks or more", async () => {
  const { evm, ticker } = await countingInlineVm();
  const code = assemble(Array.from({ length: 100 }, () => [{ push: 1 }, "BLOCKHASH", "POP"] as const).flat());
  const result = await evm.runCode({ code, gasLimit: 1_000_000n });
  assert.equal(result.exceptionError, undefined);
  assert.ok(ticker.ticks >= 100, `${ticker.ticks} ticks`);
});

test(`more than ${INLINE_MAX_LOGS} logs are refused inline: the bloom after the run hashes each`, async () => {
  const logs = (n: number) => assemble(Array.from({ length: n }, () => [{ push: 0 }, { push: 0 }, "LOG0"] as const).flat());
  assert.equal((await (await countingInlineVm()).evm.runCode({ code: logs(INLINE_MAX_LOGS), gasLimit: 1_000_000n })).exceptionError, undefined);
  await assert.rejects((await countingInlineVm()).evm.runCode({ code: logs(INLINE_MAX_LOGS + 1), gasLimit: 1_000_000n }), beyond(/more than 256 logs/));
});

test("a block's VM has no inline limits: the same memory runs in a block", async () => {
  const [r] = await chain.block([alice.tx({ to: hasher, data: word(256 * 1024), gasLimit: 1_000_000n })]);
  assert.equal(r!.code ?? 0, 0, r!.log);
  const [viaPrecompile] = await chain.block([alice.tx({ to: createAddressFromBigInt(9n), data: new Uint8Array(213) })]);
  assert.equal(viaPrecompile!.code ?? 0, 0, viaPrecompile!.log);
});
