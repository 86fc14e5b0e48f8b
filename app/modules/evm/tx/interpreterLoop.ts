// @ethereumjs/evm's interpreter awaits every opcode: its loop calls the async `runStep`, so each
// step, a JUMPDEST or a PUSH as much as an SLOAD, costs a promise and a turn of the microtask queue
// (about 70 ns here, more than most opcodes' own work). That sets the worst case of a block: a
// 30M-gas loop of 1- to 3-gas opcodes spends nearly all of its seconds in that overhead. This loop
// does what the library's `run` and `runStep` do, step for step, but awaits only what is
// asynchronous: the promise of a dynamic gas handler (the library's are all async functions; the
// memory opcodes' are ours and synchronous, memoryGas.ts) and of an opcode the table marks async
// (state access, calls, creations, and a query VM's budgeted jumps). The steps run in
// the same order with the same gas and the same errors, so results are the library's.
//
// It takes over only the runs it reproduces exactly: legacy code with no tracing or profiling and
// no stateless (EIP-6800/7864) code-chunk charging, which no fork we run activates. Any other run,
// an EOF container included, goes to the library's own loop. The library's interpreter is loaded
// by file, as in jumpAnalysisCache.ts; if its shape changes, this throws at load.
import { EVMError } from "@ethereumjs/evm";

interface OpcodeInfo {
  code: number;
  feeBigInt: bigint;
  dynamicGas: boolean;
  isAsync: boolean;
  isInvalid: boolean;
}

interface OpcodeEntry {
  opcodeInfo: OpcodeInfo;
  opHandler: (runState: RunState, common: unknown) => unknown;
  gasHandler: (runState: RunState, gas: bigint, common: unknown) => Promise<bigint> | bigint;
}

interface RunState {
  code: Uint8Array;
  programCounter: number;
  opCode: number;
  gasLeft: bigint;
  validJumps: Uint8Array;
  cachedPushes: Record<number, bigint>;
  shouldDoJumpAnalysis: boolean;
  eip7928PostTargetCallOog?: unknown;
  eip8037BurnLeftoverAfterCreateHaltOntoAlive?: boolean;
  env: { accessWitness?: { commit(): void; revert(): void } };
}

interface RunResult {
  runState: RunState;
  exceptionError: EVMError | undefined;
}

interface InterpreterInternals {
  _runState: RunState;
  _evm: { _opcodeMap: OpcodeEntry[]; DEBUG: boolean; events: { listenerCount(event: string): number } };
  common: { isActivatedEIP(eip: number): boolean };
  profilerOpts?: { enabled?: boolean };
  run(code: Uint8Array, opts?: { pc?: number }): Promise<RunResult>;
  runStep(opcodeObj?: OpcodeEntry): Promise<void>;
  useGas(amount: bigint, context?: OpcodeInfo): void;
  _getValidJumpDestinations(code: Uint8Array): { jumps: Uint8Array; pushes: Record<number, bigint>; opcodesCached: OpcodeEntry[] };
}

const EOF_FORMAT = 0xef;
const JUMP = 0x56;
const JUMPI = 0x57;
const JUMPSUB = 0x5e;

const library = import.meta.resolve("@ethereumjs/evm");
const interpreterModule = new URL("./interpreter.js", library).href;
const eip7928Module = new URL("./opcodes/EIP7928.js", library).href;
const { Interpreter } = (await import(interpreterModule)) as { Interpreter?: { prototype: InterpreterInternals } };
const { consumeEip7928PostTargetCallOog } = (await import(eip7928Module)) as { consumeEip7928PostTargetCallOog?: (runState: RunState) => void };
const libraryRun = Interpreter?.prototype.run;
if (typeof libraryRun !== "function" || typeof Interpreter?.prototype.runStep !== "function" || typeof consumeEip7928PostTargetCallOog !== "function") {
  throw new Error(`@ethereumjs/evm's interpreter (${interpreterModule}) no longer has run, runStep and consumeEip7928PostTargetCallOog`);
}
const consumePostCallOog = consumeEip7928PostTargetCallOog;
let runs = 0;
let libraryOnly = false;

/** Runs `work` with every frame on the library's own loop, to compare the two (tests). */
export async function onLibraryLoop<T>(work: () => Promise<T>): Promise<T> {
  libraryOnly = true;
  try {
    return await work();
  } finally {
    libraryOnly = false;
  }
}

/** How many frames this loop has run in this thread (not the library's), for tests. */
export function runsOfThisLoop(): number {
  return runs;
}

/** The library's test for an exceptional halt, which it throws as a value, not an Error. */
function isEvmError(e: unknown): e is EVMError {
  return typeof e === "object" && e !== null && "errorType" in e && e.errorType === "EVMError";
}

/** Whether the library's own loop must run this: anything this loop does not reproduce. */
function needsLibraryLoop(interpreter: InterpreterInternals, code: Uint8Array): boolean {
  const { common, _evm: evm } = interpreter;
  return (
    libraryOnly ||
    (code[0] === EOF_FORMAT && common.isActivatedEIP(3540)) ||
    interpreter.profilerOpts?.enabled === true ||
    evm.DEBUG ||
    evm.events.listenerCount("step") > 0 ||
    common.isActivatedEIP(6800) ||
    common.isActivatedEIP(7864)
  );
}

Interpreter.prototype.run = async function run(this: InterpreterInternals, code: Uint8Array, opts: { pc?: number } = {}): Promise<RunResult> {
  if (needsLibraryLoop(this, code)) return libraryRun.call(this, code, opts);
  runs++;
  const runState = this._runState;
  runState.code = code;
  runState.programCounter = opts.pc ?? runState.programCounter;
  const start = runState.programCounter;
  if (start !== 0 && (start < 0 || start >= code.length)) throw new Error("Internal error: program counter not in range");

  const table = this._evm._opcodeMap;
  const common = this.common;
  let cachedOpcodes: OpcodeEntry[] | undefined;
  let err: EVMError | undefined;
  while (runState.programCounter < code.length) {
    let entry: OpcodeEntry;
    if (cachedOpcodes === undefined) {
      const opCode = code[runState.programCounter]!;
      // The library analyses the code at its first jump opcode, and reads the analysis from then on.
      if (opCode === JUMP || opCode === JUMPI || opCode === JUMPSUB) {
        const { jumps, pushes, opcodesCached } = this._getValidJumpDestinations(code);
        runState.validJumps = jumps;
        runState.cachedPushes = pushes;
        runState.shouldDoJumpAnalysis = false;
        cachedOpcodes = opcodesCached;
      }
      runState.opCode = opCode;
      entry = table[opCode]!;
    } else {
      entry = cachedOpcodes[runState.programCounter]!;
      runState.opCode = entry.opcodeInfo.code;
    }
    try {
      const info = entry.opcodeInfo;
      let gas = info.feeBigInt;
      if (info.dynamicGas) {
        const charged = entry.gasHandler(runState, gas, common);
        gas = typeof charged === "bigint" ? charged : await charged;
      }
      if (info.isInvalid) throw new EVMError(EVMError.errorMessages.INVALID_OPCODE);
      this.useGas(gas, info);
      runState.programCounter++;
      if (runState.eip7928PostTargetCallOog !== undefined) consumePostCallOog(runState);
      // The table marks some synchronous handlers async (ADDRESS, CALLER, NUMBER and others): only
      // a promise is awaited, which is all that awaiting them changed.
      const done = entry.opHandler(runState, common);
      if (info.isAsync && done !== undefined) await done;
      runState.env.accessWitness?.commit();
    } catch (e) {
      runState.env.accessWitness?.revert();
      if (!isEvmError(e)) throw e;
      if (e.error !== EVMError.errorMessages.STOP) err = e;
      break;
    }
  }
  if (err === undefined && runState.eip8037BurnLeftoverAfterCreateHaltOntoAlive === true && runState.gasLeft > 0n) {
    // As the library: a CREATE's frame that halted with gas left burns it and fails.
    runState.gasLeft = 0n;
    err = new EVMError(EVMError.errorMessages.OUT_OF_GAS);
  }
  return { runState, exceptionError: err };
};
