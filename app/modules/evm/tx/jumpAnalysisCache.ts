// @ethereumjs/evm analyses a contract's code before running it (the valid JUMPDESTs, every PUSH's
// value, each byte's opcode entry) on every call, and keeps nothing: ~30 µs for a token contract,
// spent again for each transfer and each balanceOf. The analysis is a function of the code bytes
// and of the EVM's opcode table alone, and the interpreter only reads it, so this keeps it per
// (opcode table, code array). Code read from state is one shared array per code hash
// (state/codeByHash.ts), so every run of a deployed contract finds its analysis while it is
// kept; code seen once (a creation's init code) is analysed as before.
//
// The library does not export its interpreter, so its module is loaded by file next to the
// package's entry point, the same module instance the EVM uses. If the library changes shape,
// this throws at load instead of running without the cache unnoticed.
import { Memo } from "../../../../common/memo.js";

interface JumpAnalysis {
  jumps: Uint8Array;
  pushes: Record<number, bigint>;
  opcodesCached: unknown[];
}

interface InterpreterInternals {
  _evm: { _opcodeMap: object };
  _getValidJumpDestinations(code: Uint8Array): JumpAnalysis;
}

const interpreterModule = new URL("./interpreter.js", import.meta.resolve("@ethereumjs/evm")).href;
const { Interpreter } = (await import(interpreterModule)) as { Interpreter?: { prototype: InterpreterInternals } };
const analyse = Interpreter?.prototype._getValidJumpDestinations;
if (typeof analyse !== "function" || analyse.length !== 1) {
  throw new Error(`@ethereumjs/evm's interpreter (${interpreterModule}) no longer has _getValidJumpDestinations(code)`);
}

// Bounded per thread, oldest out first: an analysis takes about 11 times its code's size (an
// opcode entry per byte, a value per PUSH), and the code of any deployed contract can be made
// to run by anyone's eth_call. An analysis answers only for the opcode table it was made with (each
// EVM has its own; a query's has its own JUMP and JUMPI), so a code keeps one per table for the
// last few tables it was analysed for: the app's thread runs a block's VM and its own eth_calls' VMs
// (app/query/inlineGate.ts) over the same contracts, and one entry each would evict the other's.
const MAX_ENTRIES = 64;
const MAX_CODE_BYTES = 2 * 1024 * 1024;
const TABLES_PER_CODE = 3;
type Analyses = readonly { table: object; analysis: JumpAnalysis }[];
const analyses = new Memo<Uint8Array, Analyses>(MAX_ENTRIES, { max: MAX_CODE_BYTES, of: (entry, code) => code.length * entry.length });
let misses = 0;

Interpreter!.prototype._getValidJumpDestinations = function cachedJumpAnalysis(this: InterpreterInternals, code: Uint8Array): JumpAnalysis {
  // A view (a creation's init code read out of its parent frame's memory) would keep the whole
  // buffer it views alive as a key, far more than the code's size that the bound counts. Code
  // from state is always a whole array, so views lose nothing by going uncached.
  if (code.byteOffset !== 0 || code.byteLength !== code.buffer.byteLength) {
    misses++;
    return analyse.call(this, code);
  }
  const table = this._evm._opcodeMap;
  const known = analyses.get(code) ?? [];
  for (const entry of known) if (entry.table === table) return entry.analysis;
  const analysis = analyse.call(this, code);
  misses++;
  // Newest first; set again (not pushed) so the memo weighs the longer list.
  analyses.set(code, [{ table, analysis }, ...known.slice(0, TABLES_PER_CODE - 1)]);
  return analysis;
};

/** How many times code was analysed (not found in the cache) in this thread, for tests. */
export function jumpAnalysisMisses(): number {
  return misses;
}
