// Gas of the memory opcodes, computed synchronously. @ethereumjs/evm's dynamic gas handlers are all
// async functions, though for MLOAD, MSTORE, MSTORE8 and KECCAK256 they only do arithmetic; our
// interpreter loop (interpreterLoop.ts) awaits a gas handler only when it returns a promise, so
// these save a promise and a microtask turn on the commonest opcodes of contract code. Each charges
// what the library's does: the memory expansion (3 gas a word plus words^2 / 512, less what the
// frame's memory already cost) and, for KECCAK256, 6 gas per word hashed. A VM's opcode table is
// patched when the VM is built, after a check that each entry is still the dynamic-gas opcode
// replaced; the tests run random programs on both and compare gas and halts.
import type { Common } from "@ethereumjs/common";
import type { EVM } from "@ethereumjs/evm";
import { opcodeTable, type GasHandler, type RunState } from "./opcodeTable.js";

/** 32-byte words that `bytes` bytes occupy, the last one partly. */
const wordsOf = (bytes: bigint) => (bytes + 31n) / 32n;

/**
 * Gas to grow the frame's memory to cover [offset, offset + length), and the growth itself, as the
 * yellow paper charges it: nothing for a zero length or for memory already that large.
 */
export function memoryExpansionGas(runState: RunState, offset: bigint, length: bigint, common: Common): bigint {
  if (length === 0n) return 0n;
  const words = wordsOf(offset + length);
  if (words <= runState.memoryWordCount) return 0n;
  let cost = words * common.param("memoryGas") + (words * words) / common.param("quadCoefficientDivGas");
  if (cost > runState.highestMemCost) {
    const paid = runState.highestMemCost;
    runState.highestMemCost = cost;
    cost -= paid;
  }
  runState.memoryWordCount = words;
  return cost;
}

const wordAt =
  (length: bigint): GasHandler =>
  (runState, gas, common) =>
    gas + memoryExpansionGas(runState, runState.stack.peek()[0]!, length, common);

function keccak256Gas(runState: RunState, gas: bigint, common: Common): bigint {
  const [offset, length] = runState.stack.peek(2);
  return gas + memoryExpansionGas(runState, offset!, length!, common) + common.param("keccak256WordGas") * wordsOf(length!);
}

const REPLACEMENTS: { code: number; name: string; gas: GasHandler }[] = [
  { code: 0x20, name: "KECCAK256", gas: keccak256Gas },
  { code: 0x51, name: "MLOAD", gas: wordAt(32n) },
  { code: 0x52, name: "MSTORE", gas: wordAt(32n) },
  { code: 0x53, name: "MSTORE8", gas: wordAt(1n) },
];

/** Puts the gas handlers above into `evm`'s opcode table; call before the EVM runs anything. */
export function useSyncMemoryGas(evm: EVM): void {
  const table = opcodeTable(evm);
  for (const { code, name, gas } of REPLACEMENTS) {
    const entry = table[code];
    if (entry?.opcodeInfo.name !== name || !entry.opcodeInfo.dynamicGas || typeof entry.gasHandler !== "function") {
      throw new Error(`@ethereumjs/evm's opcode 0x${code.toString(16)} is not the dynamic-gas ${name} this replaces`);
    }
    entry.gasHandler = gas;
  }
}
