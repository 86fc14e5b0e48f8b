// A query's budget (app/query/budget.ts) threaded through the VM's execution, for query-time VMs
// only: FinalizeBlock's VMs never get one, so consensus runs the library's JUMP and JUMPI untouched.
//
// Where the ticks go: any execution that lasts needs a loop, and in the EVM a loop is a JUMP or a
// JUMPI, or a call (recursion, or a contract calling others over and over). So JUMP and JUMPI are
// replaced by themselves followed by a tick, and each message (call frame) starts with one. Between
// two ticks there is at most straight-line code of one frame. The VM's `step` event would reach
// every opcode, but it builds a record per step (a copy of the stack and of memory): measured on a
// JUMP loop, 4 times slower with 32 bytes of memory and 250 times with 256 KiB. Replacing the two
// opcodes costs nothing measurable.
//
// A single precompile call cannot be interrupted; with the WebAssembly curve backends
// (precompileBackends.ts) the slowest one at the gas cap (BLAKE2F) runs for a few seconds (docs/evm.md).
import type { Common } from "@ethereumjs/common";
import { getOpcodesForHF, paramsEVM, type EVMOpts } from "@ethereumjs/evm";
import type { VM } from "@ethereumjs/vm";
import type { Ticker } from "./budgetSlot.js";

const JUMP = 0x56;
const JUMPI = 0x57;

type AddOpcode = Extract<NonNullable<EVMOpts["customOpcodes"]>[number], { logicFunction: unknown }>;
type OpHandler = AddOpcode["logicFunction"];

/** JUMP and JUMPI as the hardfork defines them, each followed by a tick of `budget`. */
export function budgetedJumps(common: Common, budget: Ticker): AddOpcode[] {
  return libraryJumps(common).map(({ code, name, fee, handler }) => {
    // Both are synchronous in the library; the interpreter awaits whatever a custom opcode returns.
    const logicFunction: OpHandler = (runState: Parameters<OpHandler>[0], c: Common) => {
      void handler(runState, c);
      return budget.tick();
    };
    return { opcode: code, opcodeName: name, baseFee: fee, logicFunction };
  });
}

interface LibraryOpcode {
  code: number;
  name: string;
  fee: number;
  handler: OpHandler;
}

// Building the opcode table takes about 0.1 ms: once per hardfork, not once per eth_call.
const libraryJumpsByHardfork = new Map<string, LibraryOpcode[]>();

function libraryJumps(common: Common): LibraryOpcode[] {
  const hardfork = common.hardfork();
  let jumps = libraryJumpsByHardfork.get(hardfork);
  if (jumps === undefined) {
    // The table reads the EVM's gas params, which the EVM adds to its Common only when it is built:
    // a copy with them, so the VM's own Common is left as createVM expects it.
    const withParams = common.copy();
    withParams.updateParams(paramsEVM);
    const { handlers, opcodes } = getOpcodesForHF(withParams);
    jumps = [JUMP, JUMPI].map((code) => {
      const opcode = opcodes.get(code);
      const handler = handlers.get(code);
      if (opcode === undefined || handler === undefined) throw new Error(`hardfork ${hardfork} has no opcode 0x${code.toString(16)}`);
      return { code, name: opcode.name, fee: opcode.fee, handler };
    });
    libraryJumpsByHardfork.set(hardfork, jumps);
  }
  return jumps;
}

/** A tick before every message (call frame) the VM starts; past the budget, the message throws. */
export function tickBeforeEachMessage(vm: VM, budget: Ticker): void {
  const events = vm.evm.events;
  if (events === undefined) throw new Error("the EVM has no event emitter to hook the query budget on");
  // Two parameters: the EVM awaits the callback. check() throws synchronously, which rejects the
  // EVM's wait; the promise it returns never rejects, so `next` is always called.
  events.on("beforeMessage", (_message, next) => {
    const pause = budget.check();
    if (pause === undefined) next!();
    else void pause.then(() => next!());
  });
}
