// What staking needs from the bank and auth modules, and nothing more.
import type { Context } from "../../context.js";
import type { Coin } from "../../coins/coins.js";
import type { KVReader } from "../../store/types.js";

/** The bank module's store namespace, which `getBalance` reads. */
export const BANK_STORE = "bank";

export interface StakingBankKeeper {
  send(ctx: Context, from: Uint8Array, to: Uint8Array, coins: readonly Coin[]): void;
  sendToModule(ctx: Context, from: Uint8Array, moduleName: string, coins: readonly Coin[]): void;
  sendFromModule(ctx: Context, moduleName: string, to: Uint8Array, coins: readonly Coin[]): void;
  /** `bankStore` is the bank namespace (moduleReader(state, BANK_STORE)). */
  getBalance(bankStore: KVReader, address: Uint8Array, denom: string): bigint;
}

export interface StakingAccountKeeper {
  /** Permissions of a module account this chain creates, undefined when it has none by that name. */
  moduleAccountPermissions(name: string): string[] | undefined;
}
