// What the EVM needs from auth, precisebank and blockinfo, and nothing more. It has no mint and no
// bank access: every native-coin movement of the EVM is a precisebank send or burn in aunit.
import type { Context } from "../../context.js";
import type { EvmKeeper } from "./state/keeper.js";
import type { StateReader } from "../../store/types.js";

/** The part of an auth account the EVM reads: its sequence is the Ethereum nonce. */
export interface EvmAccountRecord {
  address: Uint8Array;
  sequence: bigint;
}

export interface EvmAccountKeeper {
  getAccount(state: StateReader, address: Uint8Array): EvmAccountRecord | undefined;
  /** Receives the record `getAccount` returned with only `sequence` changed (pubkey and number kept). */
  setAccount(ctx: Context, account: EvmAccountRecord): void;
  /** Creates the account (next account number) when the address has none. */
  ensureAccount(ctx: Context, address: Uint8Array): void;
  /** The module account's name when `address` is one. */
  isModuleAddress(address: Uint8Array): string | undefined;
}

export interface EvmPrecisebankKeeper {
  /** The extended balance in aunit (uunit x 10^12 + fraction); `state` is the whole state. */
  getBalance(state: StateReader, address: Uint8Array): bigint;
  sendExtended(ctx: Context, from: Uint8Array, to: Uint8Array, amount: bigint): void;
  burnExtended(ctx: Context, from: Uint8Array, amount: bigint): void;
  /** What CheckTx takes from a sender in the mempool's check state (no reserve, remainder or supply moves). */
  withholdExtended(ctx: Context, from: Uint8Array, amount: bigint): void;
}

/** What BLOCKHASH reads: the hashes of recent blocks (blockinfo keeps the last 256 and the current one). */
export interface EvmBlockHashKeeper {
  /** The hash of block `height`, or undefined when it is not retained; `state` is the whole state. */
  blockHash(state: StateReader, height: bigint): Uint8Array | undefined;
}

/** The module's own keeper and the other modules' parts it uses. */
export interface EvmKeepers {
  evm: EvmKeeper;
  accounts: EvmAccountKeeper;
  precisebank: EvmPrecisebankKeeper;
  blocks: EvmBlockHashKeeper;
}
