// What the EVM needs from auth, precisebank and blockinfo, and nothing more. It has no mint and no
// bank access: every native-coin movement of the EVM is a precisebank send or burn in aunit.
import type { Context } from "../../context.js";
import type { KVReader, KVStore } from "../../store/types.js";

/** The part of an auth account the EVM reads: its sequence is the Ethereum nonce. */
export interface EvmAccountRecord {
  address: Uint8Array;
  sequence: bigint;
}

export interface EvmAccountKeeper {
  /** The auth module's store in this context. */
  store(ctx: Context): KVStore;
  getAccount(authStore: KVReader, address: Uint8Array): EvmAccountRecord | undefined;
  /** Receives the record `getAccount` returned with only `sequence` changed (pubkey and number kept). */
  setAccount(authStore: KVStore, account: EvmAccountRecord): void;
  /** Creates the account (next account number) when the address has none. */
  ensureAccount(authStore: KVStore, address: Uint8Array): void;
  /** The module account's name when `address` is one. */
  isModuleAddress(address: Uint8Array): string | undefined;
}

export interface EvmPrecisebankKeeper {
  /** The extended balance in aunit (uunit x 10^12 + fraction); `state` is the whole state. */
  getBalance(state: KVReader, address: Uint8Array): bigint;
  sendExtended(ctx: Context, from: Uint8Array, to: Uint8Array, amount: bigint): void;
  burnExtended(ctx: Context, from: Uint8Array, amount: bigint): void;
}

/** What BLOCKHASH reads: the hashes of recent blocks (blockinfo keeps the last 256 and the current one). */
export interface EvmBlockHashKeeper {
  /** The hash of block `height`, or undefined when it is not retained; `state` is the whole state. */
  blockHash(state: KVReader, height: bigint): Uint8Array | undefined;
}

export interface EvmKeepers {
  accounts: EvmAccountKeeper;
  precisebank: EvmPrecisebankKeeper;
  blocks: EvmBlockHashKeeper;
}
