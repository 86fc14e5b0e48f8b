// The tx router: each CometBFT tx goes to the pipeline of its encoding (txEncoding.ts). Gas
// estimation is the Cosmos pipeline's; Ethereum estimation belongs to eth_estimateGas.
import { evmError, evmErrors } from "../../common/ethereum/errors.js";
import { errorResult } from "../../common/errors.js";
import { selectProposalTxs } from "./proposalSelection.js";
import type { SimulationResult } from "./processor.js";
import { TX_DECODE_ERROR, type TxEnv, type TxProcessor, type TxResult } from "./processor.js";
import { txEncoding } from "./txEncoding.js";

/** The Ethereum pipeline as the router needs it: CheckTx is synchronous, delivery is not (the VM is async). */
export interface EthereumTxPipeline {
  check(env: TxEnv, tx: Uint8Array, recheck: boolean): TxResult;
  deliver(env: TxEnv, tx: Uint8Array): Promise<TxResult>;
}

function refused(tx: Uint8Array): TxResult {
  if (txEncoding(tx) === "blob")
    return { ...errorResult(evmError(evmErrors.unsupportedTxType, "blob transactions are not supported")), gasWanted: 0n, gasUsed: 0n };
  const first = tx.length === 0 ? "an empty tx" : `first byte 0x${tx[0]!.toString(16).padStart(2, "0")}`;
  return { ...TX_DECODE_ERROR, log: `tx parse error: neither a Cosmos TxRaw nor an Ethereum transaction (${first})`, gasWanted: 0n, gasUsed: 0n };
}

export class RoutingTxProcessor implements TxProcessor {
  constructor(
    private readonly cosmos: TxProcessor,
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

  /** Byte budget and the EVM's block gas limit together: see proposalSelection.ts. */
  selectForProposal(txs: readonly Uint8Array[], maxTxBytes: number): Uint8Array[] {
    return selectProposalTxs(txs, { maxTxBytes, evmGasLimit: this.evmGasLimit });
  }

  /** Gas estimation is the Cosmos pipeline's; Ethereum estimation belongs to eth_estimateGas. */
  simulate(env: TxEnv, tx: Uint8Array): SimulationResult {
    if (!this.cosmos.simulate) throw new Error("the Cosmos tx processor does not simulate");
    return this.cosmos.simulate(env, tx);
  }
}
