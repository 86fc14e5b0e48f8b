// An EVM's opcode table, as @ethereumjs/evm keeps it (one entry per opcode byte, built per EVM):
// what wordOpcodes.ts and memoryGas.ts patch in place when a VM is built.
import type { Common } from "@ethereumjs/common";
import type { EVM, EVMOpts } from "@ethereumjs/evm";

type AddOpcode = Extract<NonNullable<EVMOpts["customOpcodes"]>[number], { logicFunction: unknown }>;
export type RunState = Parameters<AddOpcode["logicFunction"]>[0];
export type OpHandler = (runState: RunState, common: Common) => void | Promise<void>;
export type GasHandler = (runState: RunState, gas: bigint, common: Common) => bigint | Promise<bigint>;

export interface OpcodeTableEntry {
  opcodeInfo: { name: string; isAsync: boolean; dynamicGas: boolean };
  opHandler: OpHandler;
  gasHandler?: GasHandler;
}

/** `evm`'s opcode table; throws if the library no longer keeps it where this reads it. */
export function opcodeTable(evm: EVM): OpcodeTableEntry[] {
  const table = (evm as unknown as { _opcodeMap?: OpcodeTableEntry[] })._opcodeMap;
  if (!Array.isArray(table)) throw new Error("@ethereumjs/evm no longer keeps its opcode table in _opcodeMap");
  return table;
}
