// chain.evm.Query/Call and /EstimateGas: eth_call and eth_estimateGas over callRunner.ts. A revert
// or VM error is an answer (reverted / vm_error with the revert data), not a gRPC error; a call
// that cannot start (bad arguments, fee cap below the base fee, funds short of gas x price + value,
// gas below the intrinsic gas) is INVALID_ARGUMENT with geth's wording. Each query waits for its
// turn in the app's execution queue and then has CALL_TIMEOUT_MS for all its runs (queryLimits.ts):
// RESOURCE_EXHAUSTED when the queue is full or the time is up. An eth_call the app's thread runs
// itself (QueryContext.inline) runs at once within the inline limits, or throws InlineLimitError.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { QueryCallRequest, QueryCallResponseSchema, QueryEstimateGasRequest, QueryEstimateGasResponseSchema } from "../../../../gen/chain/evm/query_pb.js";
import type { QueryContext } from "../../../query/service.js";
import { parseCallArgs, type ParsedCall } from "./callArgs.js";
import type { QueryBudget } from "../../../query/budget.js";
import { InlineLimitError } from "../../../query/inlineGate.js";
import { CallRunner, type CallOutcome } from "./callRunner.js";
import type { EvmKeepers } from "../expectedKeepers.js";
import { lowestSufficientGas } from "./gasSearch.js";
import { BLOCK_GAS_LIMIT } from "../state/params.js";
import { callBudget, CALL_TIMEOUT_MS, INLINE_CALL_BYTES, INLINE_CALL_MS, inlineCallBudget } from "./queryLimits.js";
import type { WorkQueue } from "../../../query/workQueue.js";

/**
 * eth_call. Gas 0 means the cap: 30M, or when the call pays a gas price, as much as the balance
 * pays for (so a priced call without a gas limit does not fail for the funds of 30M gas).
 */
export async function callQuery(
  keepers: EvmKeepers,
  queue: WorkQueue,
  req: QueryCallRequest,
  ctx: QueryContext,
  timeoutMs = CALL_TIMEOUT_MS,
  inlineMs = INLINE_CALL_MS,
): Promise<MessageInitShape<typeof QueryCallResponseSchema>> {
  const call = parseCallArgs(req.args);
  // On the app's own thread (QueryContext.inline): no queue, since it runs at once and briefly.
  if (ctx.inline) {
    if (call.bytes > INLINE_CALL_BYTES) throw new InlineLimitError(`call data and access list past ${INLINE_CALL_BYTES} bytes`);
    return runCall(keepers, ctx, call, inlineCallBudget(ctx.signal, inlineMs));
  }
  return queue.run(() => runCall(keepers, ctx, call, callBudget(ctx.signal, timeoutMs)), ctx.signal);
}

async function runCall(keepers: EvmKeepers, ctx: QueryContext, call: ParsedCall, budget: QueryBudget) {
  const runner = await CallRunner.create(keepers, ctx, call, budget);
  try {
    const gas = call.gas === 0n ? runner.gasCap() : call.gas > BLOCK_GAS_LIMIT ? BLOCK_GAS_LIMIT : call.gas;
    return answer(await runner.run(gas));
  } finally {
    runner.release();
  }
}

/**
 * eth_estimateGas: the smallest gas limit with which the call succeeds, searched between its
 * intrinsic gas and the cap (the gas asked for when it is at least the intrinsic gas, else 30M;
 * less when a priced call's balance pays for less). A call that fails at the cap answers with the
 * failure, and `gas` is that cap.
 */
export async function estimateGasQuery(
  keepers: EvmKeepers,
  queue: WorkQueue,
  req: QueryEstimateGasRequest,
  ctx: QueryContext,
  timeoutMs = CALL_TIMEOUT_MS,
): Promise<MessageInitShape<typeof QueryEstimateGasResponseSchema>> {
  const call = parseCallArgs(req.args);
  return queue.run(async () => {
    const runner = await CallRunner.create(keepers, ctx, call, callBudget(ctx.signal, timeoutMs));
    try {
      runner.assertValueCovered();
      let cap = runner.gasCap();
      if (call.gas >= runner.minimumGas && call.gas < cap) cap = call.gas;
      const atCap = await runner.run(cap);
      if (!atCap.ok) return { gas: cap, reverted: atCap.reverted, returnData: atCap.returnData, vmError: atCap.vmError };
      const gas = await lowestSufficientGas(async (limit) => (await runner.run(limit)).ok, runner.minimumGas, cap, atCap);
      return { gas };
    } finally {
      runner.release();
    }
  }, ctx.signal);
}

function answer(outcome: CallOutcome): { returnData: Uint8Array; gasUsed: bigint; reverted: boolean; vmError: string } {
  return { returnData: outcome.returnData, gasUsed: outcome.gasUsed, reverted: outcome.reverted, vmError: outcome.vmError };
}
