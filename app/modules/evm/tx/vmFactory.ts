// One VM per execution (a tx of a block, or a query's runs): over the given state manager, with
// BLOCKHASH answered from blockinfo, in a block context built the same way for both, so a query
// "as the next block would" runs exactly as that block will. A query's VM also spends its budget
// as it runs (budgetedExecution.ts); a block's VM never has one.
import { createBlock, type Block } from "@ethereumjs/block";
import type { Common } from "@ethereumjs/common";
import type { EVMMockBlockchainInterface } from "@ethereumjs/evm";
import { createVM, runTx, type VM } from "@ethereumjs/vm";
import { COINBASE } from "./coinbase.js";
import { budgetedJumps, tickBeforeEachMessage } from "./budgetedExecution.js";
import type { Ticker } from "./budgetSlot.js";
import "./jumpAnalysisCache.js";
import "./interpreterLoop.js";
import { useWordOpcodes } from "./wordOpcodes.js";
import { useSyncMemoryGas } from "./memoryGas.js";
import { guardForInline } from "./inlineGuards.js";
import { evmCommon } from "../../../../common/ethereum/ethTx.js";
import { BLOCK_GAS_LIMIT } from "../state/params.js";
import { createEvmOnWasmPrecompiles } from "../precompiles/precompileBackends.js";
import type { StoreStateManager } from "../state/stateManager.js";

export interface EvmBlockContext {
  number: bigint;
  /** Seconds since the Unix epoch. */
  timestamp: bigint;
  baseFee: bigint;
}

export interface EvmRuntime {
  vm: VM;
  /** Replaced when a kept query VM runs for another block context (contextBlock). */
  block: Block;
  /** @ethereumjs/vm's runTx, handed out with the VM: this module is loaded only through vmLoader.ts. */
  runTx: typeof runTx;
}

/**
 * `budget`: for queries only (eth_call, eth_estimateGas); never for a block's txs. `inline`: a
 * query VM for the app's own thread, with the limits of inlineGuards.ts.
 */
export async function createEvmRuntime(
  chainId: bigint,
  stateManager: StoreStateManager,
  blockchain: EVMMockBlockchainInterface,
  context: EvmBlockContext,
  budget?: Ticker,
  inline = false,
): Promise<EvmRuntime> {
  // A copy per VM: each VM subscribes to its Common's events, so a shared one would keep every
  // VM (and the branches it holds) alive forever.
  const common: Common = evmCommon(chainId).copy();
  // The EVM is built here rather than from evmOpts, so that its BN254 and BLS12-381 precompiles run
  // on WebAssembly (precompileBackends.ts).
  const evm = createEvmOnWasmPrecompiles({ common, stateManager, blockchain, ...(budget ? { customOpcodes: budgetedJumps(common, budget) } : {}) });
  useWordOpcodes(evm);
  useSyncMemoryGas(evm);
  if (inline) {
    if (!budget) throw new Error("an inline query VM runs on a budget");
    guardForInline(evm, budget);
  }
  const vm = await createVM({ common, stateManager, blockchain, evm });
  if (budget) tickBeforeEachMessage(vm, budget);
  return { vm, block: contextBlock(vm, context), runTx };
}

/** The block `vm` runs txs in for `context`: a query VM kept for another height gets a new one. */
export function contextBlock(vm: VM, context: EvmBlockContext): Block {
  return createBlock(
    { header: { number: context.number, timestamp: context.timestamp, coinbase: COINBASE, gasLimit: BLOCK_GAS_LIMIT, baseFeePerGas: context.baseFee } },
    { common: vm.common },
  );
}
