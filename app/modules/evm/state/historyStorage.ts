// EIP-2935 (Prague): the hashes of the last 8191 blocks in the storage of a system contract, a ring
// buffer indexed by block number modulo 8191, which any contract can ask for a hash older than
// BLOCKHASH's 256 blocks (OpenZeppelin's Blockhash library does). Ethereum fills it with a system
// call at the start of each block; here the evm begin block writes the same slot directly, and puts
// the contract's code at its address first when the address has none (a chain's first block). The
// opcode BLOCKHASH does not read it (blockHashChain.ts).
import { Address, equalsBytes } from "@ethereumjs/util";
import type { KVStore } from "../../../store/types.js";
import { putContractCode } from "./contractCode.js";
import { codeHashKey, storageKey, trimStorageValue } from "./keys.js";
import { wordToBytes } from "../tx/words.js";

/** Where Ethereum's history contract lives (EIP-2935's HISTORY_STORAGE_ADDRESS). */
export const HISTORY_STORAGE_ADDRESS = Uint8Array.from(Buffer.from("0000f90827f1c53a10cb7a02335b175320002935", "hex"));

/** Whether `address` is the history contract's, which genesis neither exports nor imports. */
export function isHistoryContract(address: Uint8Array): boolean {
  return equalsBytes(address, HISTORY_STORAGE_ADDRESS);
}

/** Blocks the contract serves (EIP-2935's HISTORY_SERVE_WINDOW), and the ring buffer's length. */
export const HISTORY_SERVE_WINDOW = 8191n;

/**
 * The contract's runtime code, byte for byte EIP-2935's. Called by anyone with a 32-byte block
 * number n, it returns slot n mod 8191 when n is below the current block and at most 8191 blocks
 * back, and reverts otherwise (other calldata sizes too); called by the system address
 * (0xff..fe, which no key signs for), it stores its calldata as the parent block's hash.
 */
export const HISTORY_STORAGE_CODE = Uint8Array.from(
  Buffer.from(
    "3373fffffffffffffffffffffffffffffffffffffffe14604657602036036042575f35600143038111604257611fff81430311604257611fff9006545f5260205ff35b5f5ffd5b5f35611fff60014303065500",
    "hex",
  ),
);

/** The slot that holds block `number`'s hash. */
export function historySlot(number: bigint): Uint8Array {
  return wordToBytes(number % HISTORY_SERVE_WINDOW);
}

/**
 * The value stored for a block hash: a hash that is not 32 bytes (a header without one) stores 0,
 * as BLOCKHASH answers 0 for it.
 */
export function historyValue(hash: Uint8Array): Uint8Array {
  return hash.length === 32 ? trimStorageValue(hash) : new Uint8Array();
}

/**
 * The start of block `height`: the contract's code at its address if it has none, then the parent
 * block's hash in its slot, when there is a parent (`parentHash` undefined at the chain's first
 * block). Deterministic: what it writes depends on the state and the arguments alone.
 */
export function recordParentHash(evmStore: KVStore, height: bigint, parentHash: Uint8Array | undefined): void {
  if (!evmStore.has(codeHashKey(HISTORY_STORAGE_ADDRESS))) putContractCode(evmStore, HISTORY_STORAGE_ADDRESS, HISTORY_STORAGE_CODE);
  if (parentHash === undefined || height === 0n) return;
  const key = storageKey(HISTORY_STORAGE_ADDRESS, historySlot(height - 1n));
  const value = historyValue(parentHash);
  // An empty slot stays untouched, as settle() writes nothing the EVM left as it was.
  if (value.length > 0) evmStore.set(key, value);
  else if (evmStore.has(key)) evmStore.delete(key);
}

/** What recordParentHashInJournal asks of a state manager (StoreStateManager has it). */
interface HistoryJournal {
  putStorage(address: Address, slot: Uint8Array, value: Uint8Array): Promise<void>;
}

/** HISTORY_STORAGE_ADDRESS as the state manager takes addresses. */
const historyAddress = new Address(HISTORY_STORAGE_ADDRESS);

/**
 * recordParentHash's slot write for block `height`, in a state manager's journal: for an eth_call,
 * which runs as the block after its state's, so the contract answers that state's own block as the
 * next block will. The journal is dropped with the query; the store is never written. The code is
 * not looked up: any state with a parent block has it, put by the chain's first block.
 */
export async function recordParentHashInJournal(sm: HistoryJournal, height: bigint, parentHash: Uint8Array | undefined): Promise<void> {
  if (parentHash === undefined || height === 0n) return;
  await sm.putStorage(historyAddress, historySlot(height - 1n), historyValue(parentHash));
}
