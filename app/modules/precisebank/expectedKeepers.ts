// What precisebank needs from the bank and auth modules, and nothing more. It never mints: the
// interface has no mint, so reconciling fractions cannot create coins.
import type { Context } from "../../context.js";
import type { Coin } from "../../coins/coins.js";
import type { StateReader } from "../../store/types.js";

export interface PrecisebankBankKeeper {
  getBalance(state: StateReader, address: Uint8Array, denom: string): bigint;
  getSupply(state: StateReader, denom: string): bigint;
  send(ctx: Context, from: Uint8Array, to: Uint8Array, coins: readonly Coin[]): void;
  sendToModule(ctx: Context, from: Uint8Array, moduleName: string, coins: readonly Coin[]): void;
  sendFromModule(ctx: Context, moduleName: string, to: Uint8Array, coins: readonly Coin[]): void;
  /** Destroys coins held by a module account and lowers the supply by as much. */
  burn(ctx: Context, moduleName: string, coins: readonly Coin[]): void;
  /** Takes coins from an account and credits no one, the supply unchanged: the mempool's check state only. */
  withhold(ctx: Context, address: Uint8Array, coins: readonly Coin[]): void;
}

export interface PrecisebankAccountKeeper {
  /** Permissions of a module account this chain creates, undefined when it has none by that name. */
  moduleAccountPermissions(name: string): string[] | undefined;
  /** Creates the account on first receipt of funds, which may be a fraction only. */
  ensureAccount(ctx: Context, address: Uint8Array): void;
}
