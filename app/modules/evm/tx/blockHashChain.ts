// What the VM's BLOCKHASH opcode reads. In @ethereumjs/evm 10 the opcode answers 0 itself unless
// the block asked for is one of the 256 before the current one, and otherwise takes the hash of
// `blockchain.getBlock(n)`. Prague activates EIP-2935 (block hashes in a system contract), but the
// opcode reads that contract only under EIP-7709, which Prague does not activate, and runTx (unlike
// runBlock) never writes it: so the hashes come from here, out of blockinfo's retained hashes.
import type { EVMMockBlockchainInterface } from "@ethereumjs/evm";
import type { StateReader } from "../../../store/types.js";
import type { EvmBlockHashKeeper } from "../expectedKeepers.js";

const ZERO_HASH = new Uint8Array(32);
/** More than BLOCKHASH can ask for in one execution; a bound in case another caller asks for more. */
const MAX_ANSWERS = 512;

/**
 * A blockchain whose only service is the hash of a recent block of `state`; 0 for one it does not
 * hold. With `keepAnswers`, each answer is kept for the chain's life: for a chain over one block's
 * state (a tx's execution), where no tx writes blockinfo's hashes and the opcode asks only for the
 * 256 blocks before the current one. A loop of BLOCKHASH otherwise reads the store at 20 gas a read.
 * A query's chain reads through a state that changes between queries, so it keeps nothing.
 */
export function blockHashChain(blocks: EvmBlockHashKeeper, state: StateReader, keepAnswers = false): EVMMockBlockchainInterface {
  const answers = new Map<number, { hash: () => Uint8Array }>();
  const chain: EVMMockBlockchainInterface = {
    async getBlock(n: number) {
      const known = answers.get(n);
      if (known !== undefined) return known;
      const hash = Number.isSafeInteger(n) && n >= 0 ? blocks.blockHash(state, BigInt(n)) : undefined;
      // A hash of any other length (a header without one) is no block hash: 0, as for one not retained.
      const value = hash !== undefined && hash.length === 32 ? Uint8Array.from(hash) : ZERO_HASH;
      const block = { hash: () => value };
      if (keepAnswers && answers.size < MAX_ANSWERS) answers.set(n, block);
      return block;
    },
    async putBlock() {
      throw new Error("the EVM's block hashes are read-only");
    },
    shallowCopy: () => chain,
  };
  return chain;
}
