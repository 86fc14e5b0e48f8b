// CometBFT txs are opaque bytes in two encodings, told apart by the first byte (ARCHITECTURE.md,
// "Transactions"): a Cosmos TxRaw is protobuf whose first field is body_bytes (tag 0x0a); a raw
// Ethereum tx is typed (0x01 EIP-2930, 0x02 EIP-1559, 0x04 EIP-7702; 0x03 is a blob tx, which we
// refuse) or a legacy RLP list (0xc0 and up). Anything else parses as neither.
import { evmError, evmErrors } from "../../common/ethereum/errors.js";
import { errorResult } from "../../common/errors.js";
import { BLOCK_GAS_LIMIT } from "../modules/evm/params.js";
import { selectProposalTxs } from "./proposalSelection.js";
import type { SimulationResult } from "./cosmosTxProcessor.js";
import { TX_DECODE_ERROR, type TxEnv, type TxProcessor, type TxResult } from "./processor.js";

/** The Ethereum pipeline as the router needs it: CheckTx is synchronous, delivery is not (the VM is async). */
export interface EthereumTxPipeline {
  check(env: TxEnv, tx: Uint8Array, recheck: boolean): TxResult;
  deliver(env: TxEnv, tx: Uint8Array): Promise<TxResult>;
}

export type TxEncoding = "cosmos" | "ethereum" | "blob" | "unknown";

export function txEncoding(tx: Uint8Array): TxEncoding {
  const first = tx[0];
  if (first === undefined) return "unknown";
  if (first === 0x0a) return "cosmos";
  if (first === 0x01 || first === 0x02 || first === 0x04 || first >= 0xc0) return "ethereum";
  if (first === 0x03) return "blob";
  return "unknown";
}

function refused(tx: Uint8Array): TxResult {
  if (txEncoding(tx) === "blob") return { ...errorResult(evmError(evmErrors.unsupportedTxType, "blob transactions are not supported")), gasWanted: 0n, gasUsed: 0n };
  const first = tx.length === 0 ? "an empty tx" : `first byte 0x${tx[0]!.toString(16).padStart(2, "0")}`;
  return { ...TX_DECODE_ERROR, log: `tx parse error: neither a Cosmos TxRaw nor an Ethereum transaction (${first})`, gasWanted: 0n, gasUsed: 0n };
}

export class RoutingTxProcessor implements TxProcessor {
  constructor(
    private readonly cosmos: TxProcessor,
    private readonly ethereum: EthereumTxPipeline,
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
    return selectProposalTxs(txs, { maxTxBytes, evmGasLimit: BLOCK_GAS_LIMIT });
  }

  /** Gas estimation is the Cosmos pipeline's; Ethereum estimation belongs to eth_estimateGas. */
  simulate(env: TxEnv, tx: Uint8Array): SimulationResult {
    if (!this.cosmos.simulate) throw new Error("the Cosmos tx processor does not simulate");
    return this.cosmos.simulate(env, tx);
  }
}
