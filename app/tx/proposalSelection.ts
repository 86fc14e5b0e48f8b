// What a proposer puts in its block. CometBFT offers the mempool's txs in order; we keep that
// order and take txs while they fit the block's byte budget and the EVM's block gas limit (each
// Ethereum tx counted at its gas limit, as FinalizeBlock counts it). At the first tx that does not
// fit we stop: skipping it and taking a later one could take a sender's next nonce (or sequence)
// without the one before, and that tx would then fail in the block and leave the mempool. What is
// left over stays in the mempool for the next block.
//
// With a `check` (the proposal verification ProcessProposal runs, validateProposal in
// proposalValidation.ts), a tx that fails it is left out and the next one considered: the check
// runs against the proposal's own state, so a sender's later tx whose predecessor was left out
// fails its sequence (or nonce) check and is left out too. So the proposer builds only blocks
// every honest validator accepts, whatever its mempool holds.
import { decode } from "@ethereumjs/rlp";
import { protoBytesFieldSize } from "../../common/protobufSize.js";
import type { TxResult } from "./processor.js";
import { txEncoding } from "./txEncoding.js";

export interface ProposalBudget {
  /** CometBFT's max_tx_bytes for the proposal (negative = no limit). */
  maxTxBytes: number;
  /** Gas all the block's Ethereum txs may ask for together. */
  evmGasLimit: bigint;
  /** Gas wanted by all the block's txs together, CometBFT's block max_gas (negative or absent = no limit). */
  maxGas?: bigint;
}

/** One tx's proposal verification against the proposal's state so far; code 0 accepts it. */
export type ProposalTxCheck = (tx: Uint8Array) => TxResult;

export function selectProposalTxs(txs: readonly Uint8Array[], budget: ProposalBudget, check?: ProposalTxCheck): Uint8Array[] {
  const out: Uint8Array[] = [];
  const maxGas = budget.maxGas ?? -1n;
  let bytes = 0;
  let gas = 0n;
  let blockGas = 0n;
  for (const tx of txs) {
    const size = protoBytesFieldSize(tx.length);
    // A tx no block can hold would stop every later proposal: leave it out (CheckTx admits none).
    if (budget.maxTxBytes >= 0 && size > budget.maxTxBytes) continue;
    if (budget.maxTxBytes >= 0 && bytes + size > budget.maxTxBytes) break;
    // Likewise a gas limit above the block's: FinalizeBlock refuses it without running, so it costs no gas.
    const txGas = evmGasOf(tx, budget.evmGasLimit);
    if (gas + txGas > budget.evmGasLimit) break;
    if (check) {
      const result = check(tx);
      if ((result.code ?? 0) !== 0) continue;
      // The check's writes stay in the proposal's state, but nothing after this tx is taken.
      const wanted = result.gasWanted ?? 0n;
      if (maxGas >= 0n && blockGas + wanted > maxGas) break;
      blockGas += wanted;
    }
    bytes += size;
    gas += txGas;
    out.push(tx);
  }
  return out;
}

/**
 * The EVM block gas a tx takes in a proposal: an Ethereum tx's gas limit, 0 for anything else and
 * for an Ethereum tx asking more than the whole block (FinalizeBlock refuses it without running).
 */
export function evmGasOf(tx: Uint8Array, evmGasLimit: bigint): bigint {
  const asked = txEncoding(tx) === "ethereum" ? ethTxGasLimit(tx) : 0n;
  return asked > evmGasLimit ? 0n : asked;
}

// The gas limit's position in each Ethereum tx type's RLP field list.
const GAS_LIMIT_FIELD: Record<number, number> = { 0x01: 3, 0x02: 4, 0x04: 4 };
const LEGACY_GAS_LIMIT_FIELD = 2;

/**
 * The gas limit an Ethereum tx asks for, read from its RLP without decoding the whole tx or
 * recovering its sender. A tx that does not parse counts 0: it will fail in the block without
 * running (CheckTx keeps such txs out of an honest proposer's mempool anyway).
 */
export function ethTxGasLimit(tx: Uint8Array): bigint {
  try {
    const typed = tx[0]! < 0xc0;
    const fields = decode(typed ? tx.subarray(1) : tx);
    const index = typed ? GAS_LIMIT_FIELD[tx[0]!] : LEGACY_GAS_LIMIT_FIELD;
    if (!Array.isArray(fields) || index === undefined) return 0n;
    const field = fields[index];
    if (!(field instanceof Uint8Array) || field.length > 32) return 0n;
    return field.length === 0 ? 0n : BigInt(`0x${Buffer.from(field).toString("hex")}`);
  } catch {
    return 0n;
  }
}
