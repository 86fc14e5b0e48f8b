// ProcessProposal's verdict on a block's txs, as the Cosmos SDK's default handler gives it: every
// tx must pass the proposal check (it decodes, and passes CheckTx's checks against the last
// committed state, in the proposal's order), and the txs together must fit the block's bytes, its
// gas (CometBFT's max_gas) and the EVM's block gas limit. Otherwise a byzantine proposer could
// fill blocks with undecodable or fee-less txs that every node stores forever.
//
// The accounting is proposalSelection.ts's, so a proposal an honest PrepareProposal built (over
// the same state, with a byte budget no larger than the block's) always passes.
import { cometTxHash } from "./cometTxHash.js";
import { protoBytesFieldSize } from "../../common/protobufSize.js";
import type { ProposalRejection } from "./processor.js";
import { evmGasOf, type ProposalBudget, type ProposalTxCheck } from "./proposalSelection.js";

export function validateProposalTxs(txs: readonly Uint8Array[], budget: ProposalBudget, check: ProposalTxCheck): ProposalRejection | undefined {
  const maxGas = budget.maxGas ?? -1n;
  let bytes = 0;
  let evmGas = 0n;
  let blockGas = 0n;
  for (const [index, tx] of txs.entries()) {
    // Named only in a rejection: hashing every accepted tx would cost more than checking the sizes.
    const id = () => `tx ${index} (${cometTxHash(tx)})`;
    bytes += protoBytesFieldSize(tx.length);
    if (budget.maxTxBytes >= 0 && bytes > budget.maxTxBytes)
      return { index, reason: `the txs up to ${id()} take ${bytes} bytes, more than the block's ${budget.maxTxBytes}` };
    const result = check(tx);
    if ((result.code ?? 0) !== 0) return { index, reason: `${id()} is invalid: ${result.codespace ?? ""} code ${result.code}: ${result.log ?? ""}` };
    evmGas += evmGasOf(tx, budget.evmGasLimit);
    if (evmGas > budget.evmGasLimit)
      return { index, reason: `the Ethereum txs up to ${id()} ask for ${evmGas} gas, more than the EVM block gas limit of ${budget.evmGasLimit}` };
    blockGas += result.gasWanted ?? 0n;
    if (maxGas >= 0n && blockGas > maxGas) return { index, reason: `the txs up to ${id()} want ${blockGas} gas, more than the block's max_gas of ${maxGas}` };
  }
  return undefined;
}
