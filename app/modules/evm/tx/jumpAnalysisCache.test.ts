import { test } from "node:test";
import assert from "node:assert/strict";
import { createEVM } from "@ethereumjs/evm";
import { bytesToBigInt } from "@ethereumjs/util";
import { evmCommon } from "../../../../common/ethereum/ethTx.js";
import { jumpAnalysisMisses } from "./jumpAnalysisCache.js";

// Returns x + 1 where x is the first calldata word, reached through a JUMP over an invalid opcode
// whose byte (0x5b, JUMPDEST) sits inside a PUSH2 and so is no jump destination:
//   PUSH1 0x07 JUMP PUSH2 0x5bfe INVALID | 07: JUMPDEST PUSH0 CALLDATALOAD PUSH1 1 ADD PUSH0 MSTORE PUSH1 32 PUSH0 RETURN
const ADD_ONE = Uint8Array.from([0x60, 0x07, 0x56, 0x61, 0x5b, 0xfe, 0xfe, 0x5b, 0x5f, 0x35, 0x60, 0x01, 0x01, 0x5f, 0x52, 0x60, 0x20, 0x5f, 0xf3]);
// Jumps to offset 4, the 0x5b inside ADD_ONE's PUSH2: must fail as an invalid jump, cached or not.
const BAD_JUMP = Uint8Array.from([0x60, 0x04, 0x56, 0x61, 0x5b, 0xfe]);

const word = (n: bigint) => Buffer.from(n.toString(16).padStart(64, "0"), "hex");

async function run(evm: Awaited<ReturnType<typeof createEVM>>, code: Uint8Array, input: bigint) {
  const res = await evm.runCode({ code, data: word(input), gasLimit: 100_000n });
  return { error: res.exceptionError?.error, value: res.returnValue.length ? bytesToBigInt(res.returnValue) : undefined };
}

test("a code array is analysed once per EVM, and runs as the library runs it", async () => {
  const evm = await createEVM({ common: evmCommon(2611n).copy() });
  const before = jumpAnalysisMisses();
  assert.deepEqual(await run(evm, ADD_ONE, 41n), { error: undefined, value: 42n });
  assert.equal(jumpAnalysisMisses(), before + 1);
  assert.deepEqual(await run(evm, ADD_ONE, 99n), { error: undefined, value: 100n });
  assert.equal(jumpAnalysisMisses(), before + 1, "the second run reuses the analysis");
  // Equal bytes in another array: analysed again (arrays are the key, never their contents).
  assert.deepEqual(await run(evm, Uint8Array.from(ADD_ONE), 1n), { error: undefined, value: 2n });
  assert.equal(jumpAnalysisMisses(), before + 2);
});

test("an invalid jump stays invalid on a cached analysis, and each EVM keeps its own", async () => {
  const evm = await createEVM({ common: evmCommon(2611n).copy() });
  for (let i = 0; i < 2; i++) assert.match((await run(evm, BAD_JUMP, 0n)).error ?? "", /^invalid JUMP/);
  const other = await createEVM({ common: evmCommon(2611n).copy() });
  const before = jumpAnalysisMisses();
  assert.match((await run(other, BAD_JUMP, 0n)).error ?? "", /^invalid JUMP/);
  assert.equal(jumpAnalysisMisses(), before + 1, "another EVM's opcode table is another key");
});

test("a code keeps the analyses of its last three EVMs: a block's VM and a query's take no turns evicting each other", async () => {
  const evms = await Promise.all([0, 1, 2, 3].map(() => createEVM({ common: evmCommon(2611n).copy() })));
  const code = Uint8Array.from(ADD_ONE);
  const before = jumpAnalysisMisses();
  for (let round = 0; round < 3; round++) for (const evm of evms.slice(0, 3)) assert.deepEqual(await run(evm, code, 1n), { error: undefined, value: 2n });
  assert.equal(jumpAnalysisMisses(), before + 3, "three EVMs in turn: one analysis each");
  await run(evms[3]!, code, 1n);
  await run(evms[0]!, code, 1n);
  assert.equal(jumpAnalysisMisses(), before + 5, "a fourth EVM pushes out the oldest analysis");
});

test("the cache is bounded: past its 64 codes the oldest is analysed again", async () => {
  const evm = await createEVM({ common: evmCommon(2611n).copy() });
  const codes = Array.from({ length: 65 }, () => Uint8Array.from(ADD_ONE));
  for (const code of codes) await run(evm, code, 1n);
  const before = jumpAnalysisMisses();
  await run(evm, codes[64]!, 1n);
  assert.equal(jumpAnalysisMisses(), before, "the newest is kept");
  assert.deepEqual(await run(evm, codes[0]!, 5n), { error: undefined, value: 6n });
  assert.equal(jumpAnalysisMisses(), before + 1, "the oldest was dropped");
});

test("code that is a view into a larger buffer is analysed each time, never kept", async () => {
  // As a creation's init code is, read out of its parent frame's memory: kept as a key, the view
  // would hold the whole memory alive.
  const evm = await createEVM({ common: evmCommon(2611n).copy() });
  const memory = new Uint8Array(1 << 20);
  memory.set(ADD_ONE, 4096);
  const view = memory.subarray(4096, 4096 + ADD_ONE.length);
  const before = jumpAnalysisMisses();
  assert.deepEqual(await run(evm, view, 1n), { error: undefined, value: 2n });
  assert.deepEqual(await run(evm, view, 2n), { error: undefined, value: 3n });
  assert.equal(jumpAnalysisMisses(), before + 2);
});
