import { test } from "node:test";
import assert from "node:assert/strict";
import { createBlock } from "@ethereumjs/block";
import { createEVM, type EVM } from "@ethereumjs/evm";
import { Address, bigIntToBytes, bytesToBigInt, setLengthLeft } from "@ethereumjs/util";
import { evmCommon } from "../../../../common/ethereum/ethTx.js";
import { prng, seedFromEnv } from "../../../../test/support/prng.js";
import { useWordOpcodes } from "./wordOpcodes.js";

const seed = seedFromEnv("WORD_OPCODES_SEED");
const random = prng(seed);
const int = (n: number) => Math.floor(random() * n);
const CONTRACT = new Address(Uint8Array.from({ length: 20 }, (_, i) => i + 1));

const WORDS = [0n, 1n, 0x40n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 64n - 1n, 2n ** 64n, 2n ** 160n - 1n, 2n ** 255n, 2n ** 256n - 1n];
const randomWord = () => (int(3) === 0 ? WORDS[int(WORDS.length)]! : bytesToBigInt(Uint8Array.from({ length: 1 + int(32) }, () => int(256))));
const push32 = (w: bigint) => [0x7f, ...setLengthLeft(bigIntToBytes(w), 32)];
const push2 = (n: number) => [0x61, n >> 8, n & 0xff];
/** Storage keys the programs read, with values of every width (and one absent). */
const SLOTS = Array.from({ length: 8 }, (_, i) => ({ key: BigInt(i) * 2n ** 250n + BigInt(i), value: i === 0 ? undefined : 2n ** BigInt(i * 32) - 1n }));

/** A random program of MSTORE, MLOAD, KECCAK256, SLOAD and LOG0-LOG4 whose results land in memory or logs; returns memory 0-1023. */
function randomProgram(): Uint8Array {
  const code: number[] = [];
  for (let op = 0; op < 24; op++) {
    const kind = int(5);
    if (kind === 0)
      code.push(...push32(randomWord()), ...push2(int(1000)), 0x52); // MSTORE word at offset
    else if (kind === 1)
      code.push(...push2(int(1000)), 0x51, ...push2(int(1000)), 0x52); // MLOAD, stored elsewhere
    else if (kind === 2)
      code.push(...push2(int(200)), ...push2(int(1000)), 0x20, ...push2(int(1000)), 0x52); // KECCAK256 of a range
    else if (kind === 3)
      code.push(...push32(SLOTS[int(SLOTS.length)]!.key), 0x54, ...push2(int(1000)), 0x52); // SLOAD
    else {
      const topics = int(5);
      for (let t = 0; t < topics; t++) code.push(...push32(randomWord()));
      code.push(...push2(int(100)), ...push2(int(1000)), 0xa0 + topics); // LOGn
    }
  }
  code.push(...push2(1024), 0x5f, 0xf3); // RETURN memory 0-1023
  return Uint8Array.from(code);
}

async function evmWithStorage(patched: boolean): Promise<EVM> {
  const evm = await createEVM({ common: evmCommon(2611n).copy() });
  if (patched) useWordOpcodes(evm);
  for (const { key, value } of SLOTS) {
    if (value !== undefined) await evm.stateManager.putStorage(CONTRACT, setLengthLeft(bigIntToBytes(key), 32), bigIntToBytes(value));
  }
  return evm;
}

async function outcome(evm: EVM, code: Uint8Array) {
  const res = await evm.runCode({ code, to: CONTRACT, gasLimit: 10_000_000n });
  return { error: res.exceptionError?.error, gas: res.executionGasUsed, returned: res.returnValue, logs: res.logs };
}

test(`random programs of the replaced opcodes give the library's memory, logs and gas (WORD_OPCODES_SEED=${seed})`, async () => {
  const library = await evmWithStorage(false);
  const patched = await evmWithStorage(true);
  const table = (patched as unknown as { _opcodeMap: { opHandler: { name: string } }[] })._opcodeMap;
  assert.deepEqual(
    [0x20, 0x51, 0x52, 0x54, 0xa0, 0xa4].map((c) => table[c]!.opHandler.name),
    ["keccak256", "mload", "mstore", "sload", "log", "log"],
  );
  let logs = 0;
  for (let i = 0; i < 150; i++) {
    const code = randomProgram();
    const want = await outcome(library, code);
    assert.equal(want.error, undefined, "the programs run to the end");
    const got = await outcome(patched, code);
    assert.deepEqual(got, want, `program ${i}: ${Buffer.from(code).toString("hex")}`);
    logs += want.logs?.length ?? 0;
  }
  assert.ok(logs > 100, "the programs log");
});

test("an out-of-range memory offset fails as the library fails", async () => {
  // MSTORE at 2^64 - 1 and MLOAD there: out of gas (memory expansion) before the logic runs.
  for (const op of [0x52, 0x51]) {
    const code = Uint8Array.from([...push32(5n), ...push32(2n ** 64n - 1n), op, 0x00]);
    const want = await outcome(await evmWithStorage(false), code);
    assert.deepEqual(await outcome(await evmWithStorage(true), code), want);
    assert.equal(want.error, "out of gas");
  }
});

test("an EVM whose opcode is not the one replaced is refused", async () => {
  const evm = await createEVM({
    common: evmCommon(2611n).copy(),
    customOpcodes: [{ opcode: 0x52, opcodeName: "MYSTORE", baseFee: 3, logicFunction: () => {} }],
  });
  assert.throws(() => useWordOpcodes(evm), /opcode 0x52 is not the MSTORE this replaces/);
});

test(`the context opcodes push the library's words: addresses, coinbase, prevrandao, blob base fee, call data at any offset (WORD_OPCODES_SEED=${seed})`, async () => {
  const library = await evmWithStorage(false);
  const patched = await evmWithStorage(true);
  const randomAddress = () => new Address(Uint8Array.from({ length: 20 }, (_, i) => (i < int(20) ? 0 : int(256))));
  for (let i = 0; i < 40; i++) {
    const data = Uint8Array.from({ length: int(4) === 0 ? 0 : int(100) }, () => int(256));
    const offsets = [0n, 1n, BigInt(data.length), BigInt(Math.max(0, data.length - int(40))), BigInt(data.length + 1), 2n ** 64n, 2n ** 256n - 1n];
    const code: number[] = [];
    let at = 0;
    const keep = () => code.push(...push2(at++ * 32), 0x52); // MSTORE the word on top
    for (const op of [0x30, 0x32, 0x33, 0x41, 0x44, 0x4a, 0x4a]) (code.push(op), keep());
    for (const offset of offsets) (code.push(...push32(offset), 0x35), keep());
    code.push(...push2(at * 32), 0x5f, 0xf3);
    const header = {
      number: 9n,
      coinbase: randomAddress(),
      excessBlobGas: BigInt(int(20_000_000)),
      mixHash: Uint8Array.from({ length: 32 }, () => (int(3) === 0 ? 0 : int(256))),
    };
    const block = createBlock({ header }, { common: evmCommon(2611n) });
    const [to, caller, origin] = [randomAddress(), randomAddress(), randomAddress()];
    const run = async (evm: EVM) => {
      const res = await evm.runCode({ code: Uint8Array.from(code), to, caller, origin, data, block, gasLimit: 1_000_000n });
      return { error: res.exceptionError?.error, gas: res.executionGasUsed, returned: res.returnValue };
    };
    const want = await run(library);
    assert.equal(want.error, undefined);
    assert.deepEqual(await run(patched), want);
  }
});
