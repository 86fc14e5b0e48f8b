// The limits of an eth_call that the app's thread runs itself (app/query/inlineGate.ts). Its time
// is bounded at the budget's ticks (budgetedExecution.ts), but between two ticks the VM runs
// straight-line code of one frame, and a single step cannot be interrupted. Most steps cost about
// the same whatever their operands; two kinds can be made to cost milliseconds to seconds in one
// step, and an inline VM refuses both before the step runs:
//   - steps over memory (KECCAK256 over megabytes, copies, logs, returns, a call's input and
//     output): every frame's memory stays within INLINE_MEMORY_BYTES, checked after each dynamic
//     gas handler, which is where the library grows a frame's memory word count;
//   - precompiles: only ECRECOVER, SHA256, RIPEMD160 and IDENTITY run, on inputs within the same
//     bound (BLAKE2F's rounds, MODEXP and the curve operations scale with gas to seconds).
// Steps within the bound can still add up without a jump: 24 KiB of straight-line code holds
// thousands of KECCAK256s over 64 KiB each, about a second. So every step with a dynamic gas cost
// (all the steps over memory, state access and calls among them) also ticks the budget, whose
// clock bounds the run; the rest (arithmetic, stack, jumps' own ticks) cost well under a
// microsecond each, at most a few milliseconds for a frame's whole code.
// A refused step throws InlineLimitError, and the call is answered by a query worker instead,
// whose VM has none of these limits. A block's VM never has them.
import type { EVM } from "@ethereumjs/evm";
import { createAddressFromBigInt } from "@ethereumjs/util";
import { InlineLimitError } from "../../../query/inlineGate.js";
import { opcodeTable, type RunState } from "./opcodeTable.js";
import type { Ticker } from "./budgetSlot.js";

/** The most memory one frame of an inline call may use. */
export const INLINE_MEMORY_BYTES = 64 * 1024;
const INLINE_MEMORY_WORDS = BigInt(INLINE_MEMORY_BYTES / 32);
/** ECRECOVER, SHA256, RIPEMD160, IDENTITY: each well under a millisecond on input within the bound. */
const INLINE_PRECOMPILES = [1, 2, 3, 4];

type RunPrecompile = (code: unknown, data: Uint8Array, gasLimit: bigint) => unknown;

function checkMemory(runState: RunState): void {
  if (runState.memoryWordCount > INLINE_MEMORY_WORDS) {
    throw new InlineLimitError(`a frame's memory past ${INLINE_MEMORY_BYTES} bytes`);
  }
}

/** The step's checks once its gas is known: memory, then the budget's clock (which throws past the time). */
function afterGas(runState: RunState, budget: Ticker, charged: bigint): bigint | Promise<bigint> {
  checkMemory(runState);
  const pause = budget.tick();
  return pause === undefined ? charged : pause.then(() => charged);
}

/** Puts the limits above on `evm`, whose run spends `budget`; call once the rest of its opcode table is patched. */
export function guardForInline(evm: EVM, budget: Ticker): void {
  for (const entry of opcodeTable(evm)) {
    const gas = entry?.gasHandler;
    if (!entry?.opcodeInfo.dynamicGas || gas === undefined) continue;
    entry.gasHandler = (runState, fee, common) => {
      const charged = gas(runState, fee, common);
      return typeof charged === "bigint" ? afterGas(runState, budget, charged) : charged.then((total) => afterGas(runState, budget, total));
    };
  }
  const allowed = new Set(INLINE_PRECOMPILES.map((n) => evm.getPrecompile(createAddressFromBigInt(BigInt(n)))));
  const internals = evm as unknown as { runPrecompile: RunPrecompile };
  const runPrecompile = internals.runPrecompile.bind(evm);
  // Their input is bounded already: it comes from a frame's memory or the call's data (callQuery.ts).
  internals.runPrecompile = (code, data, gasLimit) => {
    if (!allowed.has(code as never)) throw new InlineLimitError("a precompile other than ECRECOVER, SHA256, RIPEMD160 or IDENTITY");
    return runPrecompile(code, data, gasLimit);
  };
}
