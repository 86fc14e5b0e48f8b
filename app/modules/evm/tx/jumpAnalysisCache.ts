// @ethereumjs/evm analyses a contract's code before running it (the valid JUMPDESTs, every PUSH's
// value, each byte's opcode entry) on every call, and keeps nothing: ~30 µs for a token contract,
// spent again for each transfer and each balanceOf. The analysis is a function of the code bytes
// and of the EVM's opcode table alone, and the interpreter only reads it, so this keeps it per
// (opcode table, code array). Code read from state is one shared array per code hash
// (state/codeByHash.ts), so every run of a deployed contract finds its analysis; code seen once
// (a creation's init code) is analysed as before, and forgotten with its array.
//
// The library does not export its interpreter, so its module is loaded by file next to the
// package's entry point, the same module instance the EVM uses. If the library changes shape,
// this throws at load instead of running without the cache unnoticed.

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

/** Analyses by opcode table (one per EVM: a query's EVM has its own JUMP and JUMPI), then by code array. */
const analyses = new WeakMap<object, WeakMap<Uint8Array, JumpAnalysis>>();
let misses = 0;

Interpreter!.prototype._getValidJumpDestinations = function cachedJumpAnalysis(this: InterpreterInternals, code: Uint8Array): JumpAnalysis {
  const table = this._evm._opcodeMap;
  let byCode = analyses.get(table);
  if (byCode === undefined) {
    byCode = new WeakMap();
    analyses.set(table, byCode);
  }
  let analysis = byCode.get(code);
  if (analysis === undefined) {
    analysis = analyse.call(this, code);
    misses++;
    byCode.set(code, analysis);
  }
  return analysis;
};

/** How many times code was analysed (not found in the cache) in this thread, for tests. */
export function jumpAnalysisMisses(): number {
  return misses;
}
