// What the VM's BLOCKHASH opcode reads. In @ethereumjs/evm 10 the opcode answers 0 itself unless
// the block asked for is one of the 256 before the current one, and otherwise takes the hash of
// `blockchain.getBlock(n)`. Prague activates EIP-2935 (block hashes in a system contract), but the
// opcode reads that contract only under EIP-7709, which Prague does not activate, and runTx (unlike
// runBlock) never writes it: so the hashes come from here, out of blockinfo's retained hashes.
import type { EVMMockBlockchainInterface } from "@ethereumjs/evm";
import type { StateReader } from "../../../store/types.js";
import type { EvmBlockHashKeeper } from "../expectedKeepers.js";

const ZERO_HASH = new Uint8Array(32);

/** A blockchain whose only service is the hash of a recent block of `state`; 0 for one it does not hold. */
export function blockHashChain(blocks: EvmBlockHashKeeper, state: StateReader): EVMMockBlockchainInterface {
  const chain: EVMMockBlockchainInterface = {
    async getBlock(n: number) {
      const hash = Number.isSafeInteger(n) && n >= 0 ? blocks.blockHash(state, BigInt(n)) : undefined;
      // A hash of any other length (a header without one) is no block hash: 0, as for one not retained.
      const value = hash !== undefined && hash.length === 32 ? Uint8Array.from(hash) : ZERO_HASH;
      return { hash: () => value };
    },
    async putBlock() {
      throw new Error("the EVM's block hashes are read-only");
    },
    shallowCopy: () => chain,
  };
  return chain;
}
