// Runs eth_call-style executions of one call against the committed state at a query's height, as
// the next block would run them (number height + 1, the latest block's time, the next block's base
// fee, coinbase fee_collector, gas limit 30M, the latest block's hash in the EIP-2935 contract as
// the next block's start writes it), through the same runTx as FinalizeBlock, so gas
// used (intrinsic gas, refunds, the EIP-7623 floor) is exactly what the same tx would use on chain.
// Nonce checks are skipped. Every run starts from the committed state again and is dropped
// afterwards: the state manager is over a read-only view (queryState.ts) and is never settled. The
// VM is one kept for queries at the same block context (queryRuntimes.ts); release() gives it back.
// All runs of one runner spend one budget (queryLimits.ts): past it, run() throws geth's
// "execution aborted (timeout = 5s)".
import { getMinimumGasLimit } from "@ethereumjs/tx";
import { isFatal } from "../../../tx/processor.js";
import type { QueryBudget } from "../../../query/budget.js";
import { type QueryContext } from "../../../query/service.js";
import { QueryError } from "../../../../common/grpc/queryError.js";
import { AppError } from "../../../../common/errors.js";
import { callTx, feeCapOf, type ParsedCall } from "./callArgs.js";
import { evmError, evmErrors } from "../../../../common/ethereum/errors.js";
import type { EvmKeepers } from "../expectedKeepers.js";
import { nextBaseFee } from "../../../../common/ethereum/feeMarket.js";
import { BLOCK_GAS_LIMIT } from "../state/params.js";
import { decodeCommon } from "../../../../common/ethereum/ethTx.js";
import { QueryRuntimes, type QueryRuntime } from "./queryRuntimes.js";
import { recordParentHashInJournal } from "../state/historyStorage.js";
import type { EvmBlockContext } from "../tx/vmFactory.js";

// Two sets of kept VMs per keepers, i.e. per app (or query worker): the app's thread runs some
// calls itself, on VMs with inline limits (tx/inlineGuards.ts).
const runtimesByKeepers = new WeakMap<EvmKeepers, { budgeted: QueryRuntimes; inline: QueryRuntimes }>();
export function queryRuntimes(keepers: EvmKeepers, inline = false): QueryRuntimes {
  let runtimes = runtimesByKeepers.get(keepers);
  if (!runtimes) runtimesByKeepers.set(keepers, (runtimes = { budgeted: new QueryRuntimes(keepers), inline: new QueryRuntimes(keepers, true) }));
  return inline ? runtimes.inline : runtimes.budgeted;
}

/** A run's result: success, a revert (with its data) or another VM error, and the gas it took. */
export interface CallOutcome {
  ok: boolean;
  reverted: boolean;
  /** The VM's reason when it failed other than by REVERT ("out of gas", "invalid opcode", ...). */
  vmError: string;
  /** The returned bytes, or the revert data. */
  returnData: Uint8Array;
  /** Gas the tx would be charged: after refunds, at least the calldata floor. */
  gasUsed: bigint;
  /** Gas consumed before refunds: no smaller gas limit can let the same execution finish. */
  gasConsumed: bigint;
  /** Refund earned (before the cap that applies it). */
  refund: bigint;
}

export class CallRunner {
  /** Intrinsic gas (with the EIP-7623 calldata floor): no gas limit below it can run. */
  readonly minimumGas: bigint;

  /** False once a run threw: its VM may be mid-execution, so it is not kept for another query. */
  private reusable = true;

  private constructor(
    private readonly call: ParsedCall,
    private readonly runtimes: QueryRuntimes,
    private readonly chainId: bigint,
    private readonly context: EvmBlockContext,
    private readonly rt: QueryRuntime,
    private readonly nonce: bigint,
    private readonly balance: bigint,
    /** The hash of the query's own block, which the next block's start puts in the EIP-2935 contract. */
    private readonly latestHash: Uint8Array | undefined,
  ) {
    this.minimumGas = getMinimumGasLimit(callTx(call, BLOCK_GAS_LIMIT, nonce, decodeCommon(chainId)), call.from);
  }

  /**
   * Prepares runs of `call` at the query's height; refuses a fee cap below the next block's base
   * fee. With `ctx.inline`, on a VM with inline limits.
   */
  static async create(keepers: EvmKeepers, ctx: QueryContext, call: ParsedCall, budget: QueryBudget): Promise<CallRunner> {
    const height = BigInt(ctx.height);
    const params = keepers.evm.getParams(ctx.state);
    const latest = keepers.evm.getBlock(ctx.state, height);
    const baseFee = nextBaseFee(latest, params);
    const cap = feeCapOf(call.price);
    if (call.price.kind !== "none" && cap < baseFee) {
      throw evmError(evmErrors.feeCapTooLow, `address ${call.from.toString()}, maxFeePerGas: ${cap}, baseFee: ${baseFee}`);
    }
    // Without a price the block's base fee reads 0 (as geth's eth_call has it), so a zero price is valid.
    const context = { number: height + 1n, timestamp: latest?.time ?? 0n, baseFee: call.price.kind === "none" ? 0n : baseFee };
    const runtimes = queryRuntimes(keepers, ctx.inline);
    const rt = await runtimes.take(params.chainId, context, ctx.state, budget);
    let account;
    try {
      account = await rt.sm.getAccount(call.from);
    } catch (err) {
      runtimes.release(params.chainId, rt, false);
      throw err;
    }
    return new CallRunner(call, runtimes, params.chainId, context, rt, call.nonce ?? account?.nonce ?? 0n, account?.balance ?? 0n, latest?.hash);
  }

  /** Gives the VM back for the next query; call it once, after the last run. */
  release(): void {
    this.runtimes.release(this.chainId, this.rt, this.reusable);
  }

  /** Refuses a call whose value alone is more than the sender holds (geth's estimator's first check). */
  assertValueCovered(): void {
    if (this.call.value > this.balance) {
      throw evmError(
        evmErrors.insufficientFunds,
        `insufficient funds for transfer: address ${this.call.from.toString()} have ${this.balance} want ${this.call.value}`,
      );
    }
  }

  /**
   * The gas limit a run gets when none is asked for: the cap (30M), or when the call pays a gas
   * price, what the balance pays for after the value if that is less; never below the intrinsic
   * gas, so a sender that cannot pay even that hears "insufficient funds" from run().
   */
  gasCap(): bigint {
    const cap = feeCapOf(this.call.price);
    let gas = BLOCK_GAS_LIMIT;
    if (cap > 0n) {
      const allowance = this.balance > this.call.value ? (this.balance - this.call.value) / cap : 0n;
      if (allowance < gas) gas = allowance;
    }
    return gas > this.minimumGas ? gas : this.minimumGas;
  }

  /** Runs the call with `gasLimit` on a fresh copy of the state. Pre-execution refusals throw. */
  async run(gasLimit: bigint): Promise<CallOutcome> {
    if (gasLimit < this.minimumGas) throw evmError(evmErrors.intrinsicGas, `have ${gasLimit}, want ${this.minimumGas}`);
    if (gasLimit > BLOCK_GAS_LIMIT) throw evmError(evmErrors.gasLimitTooHigh, `tx gas limit ${gasLimit}, block gas limit ${BLOCK_GAS_LIMIT}`);
    const tx = callTx(this.call, gasLimit, this.nonce, decodeCommon(this.chainId));
    const want = gasLimit * feeCapOf(this.call.price) + this.call.value;
    if (this.balance < want) throw evmError(evmErrors.insufficientFunds, `address ${this.call.from.toString()} have ${this.balance} want ${want}`);
    const { sm, runtime } = this.rt;
    sm.discard();
    try {
      await recordParentHashInJournal(sm, this.context.number, this.latestHash);
      // The nonce the call asked for stands in for the sender's (it decides a created contract's address).
      if (this.call.nonce !== undefined) await sm.modifyAccountFields(this.call.from, { nonce: this.nonce });
      const result = await runtime.runTx(runtime.vm, { tx, block: runtime.block, skipNonce: true, skipBalance: false });
      const failure = result.execResult.exceptionError?.error;
      const consumed = result.execResult.executionGasUsed + tx.getIntrinsicGas();
      return {
        ok: failure === undefined,
        reverted: failure === "revert",
        vmError: failure === undefined || failure === "revert" ? "" : failure,
        returnData: result.execResult.returnValue,
        gasUsed: result.totalGasSpent,
        gasConsumed: consumed > this.minimumGas ? consumed : this.minimumGas,
        refund: result.gasRefund ?? 0n,
      };
    } catch (err) {
      this.reusable = false;
      // Fatal errors, our own refusals and the budget's (timeout, cancel) pass as they are.
      if (isFatal(err) || err instanceof AppError || err instanceof QueryError) throw err;
      // runTx's own refusals (e.g. EIP-3607: a sender with code); its message ends with VM details.
      throw evmError(evmErrors.execution, ((err as Error).message ?? String(err)).replace(/ \(vm hf=.*$/s, ""));
    } finally {
      sm.discard();
    }
  }
}
