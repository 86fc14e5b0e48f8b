// The Ethereum tx pipeline: decode and authenticate (ethTx.ts), the stateful checks
// (ethTxChecks.ts), then in FinalizeBlock runTx on @ethereumjs/vm over a StoreStateManager on the
// tx's own branch, settle() (nonces, code, storage, balances as precisebank sends and burns), the
// receipt and the events. A tx that fails before execution changes nothing; one that executes is
// included even when it reverts or runs out of gas (status 0, gas paid, nonce used), with code 0
// as in Ethermint: the EVM status is in the receipt and the `ethereum_tx` event. So is one that
// fails after it ran (settle() refuses it): its writes go, it pays its whole gas limit, and its
// receipt says status 0 with that gas, because in Ethereum every tx that moved a nonce has one.
//
// Fees: the sender pays gasUsed x effective gas price at the block's base fee (its EvmBlock
// record's, set by the evm begin block: feeMarket.ts), all of it to the coinbase, which is the
// fee_collector module account (the proposer's consensus address holds no account here), in one
// send. The base fee part is burned once for the block, by the evm end block (feeBurn.ts): the
// block's gas used x its base fee.
import { Address, bytesToHex, createContractAddress } from "@ethereumjs/util";
import type { RunTxResult } from "@ethereumjs/vm";
import { Context, QuietContext, type AbciEvent } from "../../../context.js";
import { AppError, errorResult } from "../../../../common/errors.js";
import { accountText } from "../../../tx/addressText.js";
import { isFatal, type TxEnv, type TxResult } from "../../../tx/processor.js";
import { markIndexed } from "../../../tx/eventIndex.js";
import { cometTxHash } from "../../../tx/cometTxHash.js";
import { evmError, evmErrors } from "../../../../common/ethereum/errors.js";
import { blockHashChain } from "./blockHashChain.js";
import { decodeAhead, decodeEthTx, effectiveGasPrice, recoversAhead, upfrontCost, type DecodedEthTx } from "../../../../common/ethereum/ethTx.js";
import { checkEthTx } from "./ethTxChecks.js";
import type { EvmKeepers } from "../expectedKeepers.js";
import { BLOOM_BYTES, type EvmBlockRecord } from "../state/evmBlocks.js";
import { MODULE_NAME } from "../state/keys.js";
import { BLOCK_GAS_LIMIT } from "../state/params.js";
import { blockPosition } from "../state/receipts.js";
import { StoreStateManager } from "../state/stateManager.js";
import { COINBASE } from "./coinbase.js";
import type { EvmRuntime } from "./vmFactory.js";
import { loadVm } from "./vmLoader.js";

/** The VM a block's txs run on, one after the other; its state manager follows each tx's branch. */
interface BlockRuntime {
  /** The block's state (every tx's branch is a child of it) and its header's numbers. */
  state: TxEnv["state"];
  key: string;
  runtime: EvmRuntime;
  sm: StoreStateManager;
}

export class EthTxProcessor {
  /**
   * Building a VM costs about as much as running a token transfer, so a block's txs share one.
   * Rebuilt for each block, and dropped whenever a run throws, so nothing an aborted run leaves in
   * the VM can reach the next tx; every validator (and a replay) runs the block's txs in the same
   * order on a VM built at the same point, so reuse cannot make them disagree.
   */
  private blockRuntime: BlockRuntime | undefined;

  constructor(private readonly keepers: EvmKeepers) {}

  /**
   * Mempool admission, synchronous: no execution. On success the sender's sequence is bumped in
   * the check state (as the Cosmos ante does), so the sender's next nonce is accepted next and
   * replays are "nonce too low". The balance is checked per tx, not net of the sender's pending txs.
   * The fee cap must cover the base fee the next block will have (from the last committed block's record).
   */
  check(env: TxEnv, bytes: Uint8Array, _recheck: boolean): TxResult {
    const branch = env.state.branch();
    // Its result carries no events, so the fee burn's are not built.
    const ctx = new QuietContext(env.header, branch, env.logger);
    let d: DecodedEthTx;
    try {
      const params = this.keepers.evm.getParams(branch);
      d = decodeEthTx(bytes, params.chainId);
      checkEthTx(ctx, this.keepers, d, this.keepers.evm.baseFeeAt(branch, env.header.height, params));
      this.useNonce(ctx, d);
      // The upfront cost leaves the sender in the mempool's state (as the Cosmos ante deducts fees),
      // so its later pending txs are checked against what is left.
      const upfront = upfrontCost(d.tx);
      if (upfront > 0n) this.keepers.precisebank.withholdExtended(ctx, d.sender.bytes, upfront);
    } catch (err) {
      return failed(err);
    }
    branch.write();
    return { gasWanted: d.tx.gasLimit, gasUsed: 0n };
  }

  /** Starts recovering the tx's sender on another thread, when the app has them (ethTx.ts, decodeAhead). */
  checkAhead(env: TxEnv, bytes: Uint8Array): Promise<void> | undefined {
    return recoversAhead() ? decodeAhead(bytes, this.keepers.evm.getParams(env.state).chainId) : undefined;
  }

  /**
   * A block proposal's tx (PrepareProposal and ProcessProposal): exactly CheckTx's checks (decode,
   * sender recovery, chain id, gas limit, fee cap against the block's base fee, nonce, balance)
   * against the proposal's branch of committed state; the nonce and upfront cost it takes stay in
   * that branch, so the sender's next tx in the proposal, of either encoding, is checked after it.
   */
  validateForProposal(env: TxEnv, bytes: Uint8Array): TxResult {
    return this.check(env, bytes, false);
  }

  /** Executes a tx of a block; asynchronous because the VM is. */
  async deliver(env: TxEnv, bytes: Uint8Array): Promise<TxResult> {
    const branch = env.state.branch();
    const ctx = new Context(env.header, branch, env.logger);
    const params = this.keepers.evm.getParams(branch);
    const evmBlock = this.keepers.evm.currentBlock(branch, env.header.height);
    const baseFee = BigInt(evmBlock.baseFee);
    let d: DecodedEthTx;
    try {
      d = decodeEthTx(bytes, params.chainId, true);
      checkEthTx(ctx, this.keepers, d, baseFee);
    } catch (err) {
      return failed(err);
    }
    const gasWanted = d.tx.gasLimit;
    const position = blockPosition(evmBlock);
    // The block's EVM gas is bounded: a tx that would exceed it does not run (and changes nothing).
    if (position.cumulativeGasUsed + gasWanted > BLOCK_GAS_LIMIT) {
      return failed(evmError(evmErrors.gasLimitTooHigh, `block gas used ${position.cumulativeGasUsed} + gas limit ${gasWanted} > ${BLOCK_GAS_LIMIT}`));
    }
    let sm: StoreStateManager | undefined;
    let result: RunTxResult;
    try {
      // Awaited only when it is built: an await costs a turn of the microtask queue per tx.
      const { runtime, sm: manager } =
        this.blockRuntimeFor(env, params.chainId, evmBlock.time, baseFee) ?? (await this.buildRuntime(env, params.chainId, evmBlock.time, baseFee));
      sm = manager;
      sm.attach(ctx);
      result = await runtime.runTx(runtime.vm, {
        tx: d.tx,
        block: runtime.block,
        skipBalance: false,
        skipNonce: false,
        blockGasUsed: position.cumulativeGasUsed,
      });
      sm.settle(result.totalGasSpent * baseFee);
    } catch (err) {
      // The checks above make runTx's own refusals unreachable, so this is a failure after the tx
      // ran (e.g. value for a module account): its writes go, but it is still included.
      sm?.discard();
      this.blockRuntime = undefined;
      if (isFatal(err)) throw err;
      return this.includeFailed(env, d, evmBlock, err instanceof AppError ? err : evmError(evmErrors.execution, "the EVM failed to execute the transaction"));
    }
    this.record(ctx, d, evmBlock, {
      failure: result.execResult.exceptionError?.error,
      gasUsed: result.totalGasSpent,
      logs: result.execResult.logs ?? [],
      bloom: result.bloom.bitvector,
      contract: result.createdAddress,
    });
    branch.write();
    return { gasWanted, gasUsed: result.totalGasSpent, events: ctx.events };
  }

  /** The block's VM if this block already built it. */
  private blockRuntimeFor(env: TxEnv, chainId: bigint, time: bigint, baseFee: bigint): BlockRuntime | undefined {
    const cached = this.blockRuntime;
    return cached && cached.state === env.state && cached.key === runtimeKey(env, chainId, time, baseFee) ? cached : undefined;
  }

  /** Builds the block's VM, on its first Ethereum tx. */
  private async buildRuntime(env: TxEnv, chainId: bigint, time: bigint, baseFee: bigint): Promise<BlockRuntime> {
    const key = runtimeKey(env, chainId, time, baseFee);
    this.blockRuntime = undefined;
    const sm = new StoreStateManager(this.keepers, new Context(env.header, env.state.branch(), env.logger));
    // Block hashes are the block state's: no tx writes them.
    const blockchain = blockHashChain(this.keepers.blocks, env.state, true);
    const { createEvmRuntime } = await loadVm();
    const runtime = await createEvmRuntime(chainId, sm, blockchain, { number: env.header.height, timestamp: time, baseFee });
    this.blockRuntime = { state: env.state, key, runtime, sm };
    return this.blockRuntime;
  }

  /** The sender's sequence becomes the tx's nonce + 1 (its account is created if it has none). */
  private useNonce(ctx: Context, d: DecodedEthTx): void {
    const { accounts } = this.keepers;
    accounts.ensureAccount(ctx, d.sender.bytes);
    accounts.setAccount(ctx, { ...accounts.getAccount(ctx.store, d.sender.bytes)!, sequence: d.tx.nonce + 1n });
  }

  /**
   * Includes a tx that failed after it ran, in a fresh branch (its own writes are gone): it uses
   * its nonce and pays gas limit x effective price to fee_collector (the end block burns the base
   * fee part), or the same bytes could be included again and again for free; and like any included
   * tx it gets a receipt (status 0, gas used = its gas limit, no logs) and a place in its block's
   * record, whose gas used, and so the 30M cap, the next base fee and the end block's burn, count
   * that whole gas limit. ABCI code 0, as for a revert; the `ethereum_tx` event's ethereumTxFailed
   * carries `failure`'s message.
   */
  private includeFailed(env: TxEnv, d: DecodedEthTx, evmBlock: EvmBlockRecord, failure: AppError): TxResult {
    const branch = env.state.branch();
    const ctx = new Context(env.header, branch, env.logger);
    const { gasLimit, to, nonce } = d.tx;
    try {
      const { precisebank } = this.keepers;
      const baseFee = BigInt(evmBlock.baseFee);
      this.useNonce(ctx, d);
      const fee = gasLimit * effectiveGasPrice(d.tx, baseFee);
      if (fee > 0n) precisebank.sendExtended(ctx, d.sender.bytes, COINBASE.bytes, fee);
    } catch (err) {
      // The checks guarantee the funds; if they fall short, nothing is charged rather than half,
      // and the tx is not included.
      return failed(isFatal(err) ? err : failure);
    }
    this.record(ctx, d, evmBlock, {
      failure: failure.message,
      gasUsed: gasLimit,
      logs: [],
      bloom: new Uint8Array(BLOOM_BYTES),
      // As geth: a creation's receipt names the address it would have created, whatever its status.
      contract: to === undefined ? createContractAddress(d.sender, nonce) : undefined,
    });
    branch.write();
    return { gasWanted: gasLimit, gasUsed: gasLimit, events: ctx.events };
  }

  /** The receipt, its location, the tx in its block's record, and the `message`, `ethereum_tx` and `tx_log` events. */
  private record(ctx: Context, d: DecodedEthTx, evmBlock: EvmBlockRecord, outcome: Outcome): void {
    const { tx, sender, hash } = d;
    const { failure, gasUsed, logs, bloom, contract } = outcome;
    const position = blockPosition(evmBlock);
    const txHash = bytesToHex(hash);
    const height = ctx.header.height;
    this.keepers.evm.storeReceipt(ctx, {
      txHash: hash,
      status: failure === undefined ? 1 : 0,
      cumulativeGasUsed: position.cumulativeGasUsed + gasUsed,
      gasUsed,
      logs: logs.map(([address, topics, data]) => ({ address, topics, data })),
      bloom,
      contractAddress: contract?.bytes ?? new Uint8Array(),
      effectiveGasPrice: effectiveGasPrice(tx, BigInt(evmBlock.baseFee)).toString(),
      blockHeight: height,
      txIndex: position.index,
      from: sender.bytes,
      to: tx.to?.bytes ?? new Uint8Array(),
      txType: tx.type,
      firstLogIndex: position.logIndex,
    });
    this.keepers.evm.addIncludedTx(ctx, evmBlock, { hash, gasUsed, logCount: logs.length, bloom });
    const events: AbciEvent[] = [];
    const emit = (type: string, attributes: Record<string, string>) => events.push(abciEvent(type, attributes));
    emit("message", { action: "ethereum_tx", module: MODULE_NAME, sender: accountText(sender.bytes) });
    emit("ethereum_tx", {
      ethereumTxHash: txHash,
      txHash: cometTxHash(d.bytes),
      txIndex: String(position.index),
      txGasUsed: String(gasUsed),
      recipient: (tx.to ?? contract)?.toString() ?? "",
      ...(failure === undefined ? {} : { ethereumTxFailed: failure }),
    });
    logs.forEach(([address, topics, data], i) => {
      const log = {
        address: new Address(address).toString(),
        topics: topics.map(bytesToHex),
        data: bytesToHex(data),
        blockNumber: Number(height),
        transactionHash: txHash,
        transactionIndex: position.index,
        logIndex: position.logIndex + i,
        removed: false,
      };
      emit("tx_log", { txLog: JSON.stringify(log) });
    });
    // The settlement's (or the failed tx's charge's) transfer and burn events, already in ctx, follow
    // the tx's own, indexed as every tx's are.
    markIndexed(ctx.events);
    ctx.events.unshift(...events);
  }
}

/** What a block's VM is built for: a tx of another block (or another header) gets another VM. */
function runtimeKey(env: TxEnv, chainId: bigint, time: bigint, baseFee: bigint): string {
  return `${chainId}/${env.header.height}/${time}/${baseFee}`;
}

/** What a tx's receipt says of its execution. */
interface Outcome {
  /** The EVM's error (`revert`, `out of gas`, ...) or the failure after the run; undefined: success. */
  failure: string | undefined;
  gasUsed: bigint;
  logs: NonNullable<RunTxResult["execResult"]["logs"]>;
  bloom: Uint8Array;
  /** The created contract's address for a creation. */
  contract: Address | undefined;
}

/**
 * What CometBFT's tx indexer leaves out of an Ethereum tx's own events (the settlement's events
 * follow the rules of every tx's, app/tx/eventIndex.ts): positions and gas, and each log's JSON,
 * which no client searches by (logs are found through eth_getLogs) and which would make one index
 * key per log as long as the log.
 */
const UNINDEXED = new Set(["ethereum_tx.txIndex", "ethereum_tx.txGasUsed", "tx_log.txLog"]);

/** As Context.emit builds it: attributes sorted by key; indexed unless UNINDEXED says otherwise. */
function abciEvent(type: string, attributes: Record<string, string>): AbciEvent {
  return {
    type,
    attributes: Object.keys(attributes)
      .sort()
      .map((key) => ({ key, value: attributes[key]!, index: !UNINDEXED.has(`${type}.${key}`) })),
  };
}

function failed(err: unknown): TxResult {
  if (isFatal(err)) throw err;
  const { codespace, code, log } = errorResult(err);
  return { codespace, code, log, gasWanted: 0n, gasUsed: 0n };
}
