// The tx router: each CometBFT tx goes to the pipeline of its encoding (txEncoding.ts), and so
// does each tx of a block proposal for its verification (proposalValidation.ts). Gas estimation is
// the Cosmos pipeline's; Ethereum estimation belongs to eth_estimateGas.
import { evmError, evmErrors } from "../../common/ethereum/errors.js";
import { errorResult } from "../../common/errors.js";
import { withAdmittedResults } from "./admittedTxs.js";
import { selectProposalTxs } from "./proposalSelection.js";
import { ProposalMemo } from "./proposalMemo.js";
import { validateProposalTxs } from "./proposalValidation.js";
import type { AdmittedResults, BlockLimits, ProposalRejection, SimulationResult } from "./processor.js";
import { isFatal, TX_DECODE_ERROR, type TxEnv, type TxProcessor, type TxResult } from "./processor.js";
import { txEncoding } from "./txEncoding.js";

/**
 * A pipeline's verification of one tx of a block proposal: decoding and CheckTx's checks against
 * `env.state` (a throwaway branch of committed state), no execution; its writes (sequence, fee)
 * stay in `env.state` so the sender's next tx in the proposal is checked after it.
 */
interface ProposalTxVerifier {
  validateForProposal(env: TxEnv, tx: Uint8Array): TxResult;
}

/** The Cosmos pipeline as the router needs it. */
export type CosmosTxPipeline = TxProcessor & ProposalTxVerifier;

/** The Ethereum pipeline as the router needs it: CheckTx is synchronous, delivery is not (the VM is async). */
export interface EthereumTxPipeline extends ProposalTxVerifier {
  check(env: TxEnv, tx: Uint8Array, recheck: boolean): TxResult;
  checkAhead?(env: TxEnv, tx: Uint8Array): Promise<void> | undefined;
  deliver(env: TxEnv, tx: Uint8Array): Promise<TxResult>;
}

function refused(tx: Uint8Array): TxResult {
  if (txEncoding(tx) === "blob")
    return { ...errorResult(evmError(evmErrors.unsupportedTxType, "blob transactions are not supported")), gasWanted: 0n, gasUsed: 0n };
  const first = tx.length === 0 ? "an empty tx" : `first byte 0x${tx[0]!.toString(16).padStart(2, "0")}`;
  return { ...TX_DECODE_ERROR, log: `tx parse error: neither a Cosmos TxRaw nor an Ethereum transaction (${first})`, gasWanted: 0n, gasUsed: 0n };
}

export class RoutingTxProcessor implements TxProcessor {
  /** The proposal this node selected last: ProcessProposal of its own block accepts it unverified again. */
  private readonly prepared = new ProposalMemo();

  constructor(
    private readonly cosmos: CosmosTxPipeline,
    private readonly ethereum: EthereumTxPipeline,
    /** Gas all of a block's Ethereum txs may ask for together: the EVM's block gas limit. */
    private readonly evmGasLimit: bigint,
  ) {}

  check(env: TxEnv, tx: Uint8Array, recheck: boolean): TxResult {
    switch (txEncoding(tx)) {
      case "cosmos":
        return this.cosmos.check(env, tx, recheck);
      case "ethereum":
        return this.ethereum.check(env, tx, recheck);
      default:
        return refused(tx);
    }
  }

  /** Only Ethereum txs have work to start ahead (their sender recovery). */
  checkAhead(env: TxEnv, tx: Uint8Array): Promise<void> | undefined {
    return txEncoding(tx) === "ethereum" ? this.ethereum.checkAhead?.(env, tx) : undefined;
  }

  /** A promise only for Ethereum txs, so Cosmos txs keep their synchronous path. */
  deliver(env: TxEnv, tx: Uint8Array): TxResult | Promise<TxResult> {
    switch (txEncoding(tx)) {
      case "cosmos":
        return this.cosmos.deliver(env, tx);
      case "ethereum":
        return this.ethereum.deliver(env, tx);
      default:
        return refused(tx);
    }
  }

  /** The byte budget, the block's gas and the EVM's block gas limit, valid txs only: see proposalSelection.ts. */
  selectForProposal(env: TxEnv, txs: readonly Uint8Array[], limits: BlockLimits, admitted?: AdmittedResults): Uint8Array[] {
    const budget = { ...limits, evmGasLimit: this.evmGasLimit };
    const verify = (at: TxEnv, tx: Uint8Array) => this.validateForProposal(at, tx);
    const selected = withAdmittedResults(txs, admitted, env, verify, (check) => selectProposalTxs(txs, budget, check));
    this.prepared.remember({ env, txs: selected, maxTxBytes: limits.maxTxBytes, maxGas: limits.maxGas });
    return selected;
  }

  /**
   * ProcessProposal's verdict: see proposalValidation.ts. A proposal this node just selected from
   * the same state is accepted without verifying its txs a second time (proposalMemo.ts), and
   * txs this node's mempool admitted in the same order take CheckTx's results (admittedTxs.ts).
   */
  validateProposal(env: TxEnv, txs: readonly Uint8Array[], limits: BlockLimits, admitted?: AdmittedResults): ProposalRejection | undefined {
    if (this.prepared.accepts({ env, txs, maxTxBytes: limits.maxTxBytes, maxGas: limits.maxGas })) return undefined;
    const budget = { ...limits, evmGasLimit: this.evmGasLimit };
    const verify = (at: TxEnv, tx: Uint8Array) => this.validateForProposal(at, tx);
    return withAdmittedResults(txs, admitted, env, verify, (check) => validateProposalTxs(txs, budget, check));
  }

  /**
   * One proposal tx through its pipeline. Ethereum txs get their whole CheckTx too (nonce, balance,
   * fee cap), not only decoding, sender recovery and chain id: an Ethereum tx moves its sender's
   * sequence, so the sender's Cosmos tx after it in the same block is only checkable after it.
   * An exception from tx code is a failed check (the same on every node); store failures halt.
   */
  validateForProposal(env: TxEnv, tx: Uint8Array): TxResult {
    try {
      switch (txEncoding(tx)) {
        case "cosmos":
          return this.cosmos.validateForProposal(env, tx);
        case "ethereum":
          return this.ethereum.validateForProposal(env, tx);
        default:
          return refused(tx);
      }
    } catch (err) {
      if (isFatal(err)) throw err;
      return errorResult(err);
    }
  }

  /** Gas estimation is the Cosmos pipeline's; Ethereum estimation belongs to eth_estimateGas. */
  simulate(env: TxEnv, tx: Uint8Array): SimulationResult {
    if (!this.cosmos.simulate) throw new Error("the Cosmos tx processor does not simulate");
    return this.cosmos.simulate(env, tx);
  }
}
