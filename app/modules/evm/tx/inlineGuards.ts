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
// (all the steps over memory, most state access, calls) and every other step that reads state
// (BLOCKHASH, SELFBALANCE) also ticks the budget, which reads its clock at every tick; the rest
// (arithmetic, stack) cost well under a microsecond each, a few milliseconds for the longest code.
// Past the run, runTx hashes every log's address and topics into the bloom: at most
// INLINE_MAX_LOGS logs, so that work stays within a few milliseconds too.
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
/** Logs one inline call may emit (each up to five keccaks of the bloom after the run). */
export const INLINE_MAX_LOGS = 256;
const LOG0 = 0xa0;
const LOG4 = 0xa4;
const JUMP = 0x56;
const JUMPI = 0x57;

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
  let logs = 0;
  // One parameter: the EVM does not wait for it. A tx's first message starts the count again.
  evm.events.on("beforeMessage", (message: { depth: number }) => {
    if (message.depth === 0) logs = 0;
  });
  const table = opcodeTable(evm);
  for (const [code, entry] of table.entries()) {
    const gas = entry?.gasHandler;
    if (entry?.opcodeInfo.dynamicGas && gas !== undefined) {
      const isLog = code >= LOG0 && code <= LOG4;
      entry.gasHandler = (runState, fee, common) => {
        if (isLog && ++logs > INLINE_MAX_LOGS) throw new InlineLimitError(`more than ${INLINE_MAX_LOGS} logs`);
        const charged = gas(runState, fee, common);
        return typeof charged === "bigint" ? afterGas(runState, budget, charged) : charged.then((total) => afterGas(runState, budget, total));
      };
    } else if (entry?.opcodeInfo.isAsync && code !== JUMP && code !== JUMPI) {
      // Fixed gas, yet a read of state (BLOCKHASH's of the store): a tick after each.
      const op = entry.opHandler;
      entry.opHandler = (runState, common) => {
        const done = op(runState, common);
        if (done === undefined) return budget.tick();
        return done.then(() => budget.tick());
      };
    }
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
