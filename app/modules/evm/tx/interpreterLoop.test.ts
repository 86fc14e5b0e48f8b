import { test } from "node:test";
import assert from "node:assert/strict";
import { createBlock } from "@ethereumjs/block";
import { EVMMockBlockchain, type EVM } from "@ethereumjs/evm";
import { SimpleStateManager } from "@ethereumjs/statemanager";
import { Address, createAccount, bigIntToBytes, bytesToBigInt, setLengthLeft } from "@ethereumjs/util";
import { evmCommon } from "../../../../common/ethereum/ethTx.js";
import { createEvmOnWasmPrecompiles } from "../precompiles/precompileBackends.js";
import { prng, seedFromEnv } from "../../../../test/support/prng.js";
import { onLibraryLoop, runsOfThisLoop } from "./interpreterLoop.js";
import { useSyncMemoryGas } from "./memoryGas.js";
import { useWordOpcodes } from "./wordOpcodes.js";

const seed = seedFromEnv("INTERPRETER_LOOP_SEED");
const random = prng(seed);
const int = (n: number) => Math.floor(random() * n);
const CONTRACT = new Address(Uint8Array.from({ length: 20 }, (_, i) => i + 1));
const OTHER = new Address(new Uint8Array(20).fill(0x55));
const SLOTS = [0n, 1n, 2n, 2n ** 255n];

const WORDS = [0n, 1n, 2n, 31n, 32n, 0x40n, 255n, 2n ** 53n, 2n ** 160n - 1n, 2n ** 255n, 2n ** 256n - 1n];
const randomWord = () => (int(2) === 0 ? WORDS[int(WORDS.length)]! : bytesToBigInt(Uint8Array.from({ length: 1 + int(32) }, () => int(256))));
const push32 = (w: bigint) => [0x7f, ...setLengthLeft(bigIntToBytes(w), 32)];

/**
 * Every opcode the fork defines, and some it does not: calls, creations, storage, logs, memory,
 * returns and halts among them, so the programs end every way a frame can.
 */
const OPCODES = [
  ...Array.from({ length: 0x0c }, (_, i) => i),
  ...Array.from({ length: 0x0e }, (_, i) => 0x10 + i),
  0x20,
  ...Array.from({ length: 0x10 }, (_, i) => 0x30 + i),
  ...Array.from({ length: 0x0b }, (_, i) => 0x40 + i),
  ...Array.from({ length: 0x10 }, (_, i) => 0x50 + i),
  ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
  ...Array.from({ length: 0x05 }, (_, i) => 0xa0 + i),
  0xf0,
  0xf1,
  0xf2,
  0xf3,
  0xf4,
  0xf5,
  0xfa,
  0xfd,
  0xfe,
  0xff,
  0x0c,
  0x21,
  0xb0,
  0xef, // not defined
];

/** Small stack values most of the time, so memory offsets and jump targets are often valid. */
const smallPush = () => [0x60, int(8) === 0 ? 0xff : int(80)];

/** A memory opcode on operands pushed for it: offsets and lengths mostly small, now and then huge. */
function memoryOp(): number[] {
  const operand = () => (int(10) === 0 ? push32(randomWord()) : [0x61, int(4), int(256)]);
  const op = [0x20, 0x51, 0x52, 0x53, 0x5e][int(5)]!; // KECCAK256, MLOAD, MSTORE, MSTORE8, MCOPY
  const operands = op === 0x51 ? 1 : op === 0x5e ? 3 : 2;
  const code: number[] = [];
  for (let i = 0; i < operands; i++) code.push(...operand());
  return [...code, op];
}

/**
 * A program of random opcodes on stacks of pushed values, with JUMPDESTs to land on, and now and
 * then a REVERT on operands pushed for it (a bare one underflows too often for every seed to reach one).
 */
function randomProgram(): Uint8Array {
  if (int(4) === 0) return Uint8Array.from({ length: 1 + int(64) }, () => int(256)); // any bytes at all
  const code: number[] = [];
  const length = 1 + int(60);
  for (let i = 0; i < length; i++) {
    const kind = int(12);
    if (kind < 3) code.push(...smallPush());
    else if (kind === 10) code.push(...memoryOp());
    else if (kind === 11) code.push(0x60, int(64), 0x60, int(64), 0xfd);
    else if (kind === 3) code.push(...push32(randomWord()));
    else if (kind === 4) code.push(0x5b);
    else if (kind === 5) code.push(0x60, code.length + int(40), int(2) === 0 ? 0x56 : 0x57);
    else code.push(OPCODES[int(OPCODES.length)]!);
  }
  return Uint8Array.from(code);
}

const common = evmCommon(2611n);
/** Two headers, so the context opcodes (and anything kept per header) see more than one block. */
const BLOCKS = [
  createBlock({ header: { number: 5n, timestamp: 1_700_000_000n, gasLimit: 30_000_000n, baseFeePerGas: 7n, excessBlobGas: 0n, coinbase: OTHER } }, { common }),
  createBlock(
    {
      header: {
        number: 9n,
        timestamp: 1_700_000_123n,
        gasLimit: 30_000_000n,
        baseFeePerGas: 11n,
        excessBlobGas: 3_000_000n,
        coinbase: CONTRACT,
        mixHash: Uint8Array.from({ length: 32 }, (_, i) => 0xa0 + i),
      },
    },
    { common },
  ),
];

/**
 * The library's EVM, or the node's: its own handlers and gas for the memory and context opcodes.
 * Both on the node's precompile backends, which a random CALL may reach (0x0a needs its KZG).
 */
async function evmWithState(node: boolean): Promise<EVM> {
  const evm = createEvmOnWasmPrecompiles({ common: common.copy(), stateManager: new SimpleStateManager(), blockchain: new EVMMockBlockchain() });
  if (node) {
    useWordOpcodes(evm);
    useSyncMemoryGas(evm);
  }
  for (const slot of SLOTS) await evm.stateManager.putStorage(CONTRACT, setLengthLeft(bigIntToBytes(slot), 32), bigIntToBytes(slot + 7n));
  await evm.stateManager.putAccount(OTHER, createAccount({ balance: 10n ** 18n }));
  await evm.stateManager.putCode(OTHER, Uint8Array.of(0x60, 0x01, 0x60, 0x00, 0x55, 0x60, 0x20, 0x60, 0x00, 0xf3)); // SSTORE 0 := 1; RETURN 32 bytes
  return evm;
}

interface Run {
  code: Uint8Array;
  gasLimit: bigint;
  data: Uint8Array;
  block: (typeof BLOCKS)[number];
}

async function outcome(evm: EVM, { code, gasLimit, data, block }: Run) {
  await evm.stateManager.putCode(CONTRACT, code);
  const { execResult: res } = await evm.runCall({ to: CONTRACT, caller: OTHER, gasLimit, value: 3n, data, block });
  const storage = await Promise.all(SLOTS.map((slot) => evm.stateManager.getStorage(CONTRACT, setLengthLeft(bigIntToBytes(slot), 32))));
  return {
    error: res.exceptionError?.error,
    gas: res.executionGasUsed,
    refund: res.gasRefund,
    returned: res.returnValue,
    logs: res.logs,
    pc: res.runState?.programCounter,
    stack: res.runState?.stack.getStack(),
    storage,
  };
}

test(`random programs run on the node's EVM (this loop, our opcode handlers and memory gas) as on the library's: same halts, gas, returns, logs and storage (INTERPRETER_LOOP_SEED=${seed})`, async () => {
  const library = await evmWithState(false);
  const ours = await evmWithState(true);
  const errors = new Set<string>();
  for (let i = 0; i < 3000; i++) {
    const run: Run = {
      code: randomProgram(),
      gasLimit: int(4) === 0 ? BigInt(int(200)) : BigInt(int(300_000)),
      // Call data of every length around a word, so CALLDATALOAD/COPY/SIZE read past its end too.
      data: Uint8Array.from({ length: int(3) === 0 ? 0 : int(70) }, () => int(256)),
      block: BLOCKS[int(BLOCKS.length)]!,
    };
    const before = runsOfThisLoop();
    const expected = await onLibraryLoop(() => outcome(library, run));
    assert.equal(runsOfThisLoop(), before, "the library's loop ran it");
    const actual = await outcome(ours, run);
    assert.ok(runsOfThisLoop() > before, "this loop ran it");
    const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
    assert.deepEqual(actual, expected, `program ${hex(run.code)} with gas ${run.gasLimit}, data ${hex(run.data)}, block ${run.block.header.number}`);
    errors.add((expected.error ?? "none").replace(/ at .*/, ""));
  }
  // The programs reach the ways a frame ends, not only one of them.
  for (const kind of ["none", "out of gas", "invalid opcode", "invalid JUMP", "stack underflow", "revert"]) {
    assert.ok(errors.has(kind), `no program ended with ${kind}: ${[...errors].join(", ")}`);
  }
});
