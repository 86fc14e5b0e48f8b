// What taxrail needs from other modules, and nothing more; app/modules.ts wires the real keepers.
import type { Coin } from "../../coins/coins.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";

/** From registry: who is this jurisdiction's authority (bech32), if it has one. */
export interface TaxrailJurisdictionKeeper {
  jurisdictionAuthority(state: StateReader, jurisdictionCode: string): string | undefined;
}

/** From bank: moving coins into and out of the taxrail module account, and reading balances. */
export interface TaxrailBankKeeper {
  getBalance(state: StateReader, address: Uint8Array, denom: string): bigint;
  getAllBalances(state: StateReader, address: Uint8Array): Coin[];
  sendToModule(ctx: Context, from: Uint8Array, moduleName: string, coins: readonly Coin[]): void;
  sendFromModule(ctx: Context, moduleName: string, to: Uint8Array, coins: readonly Coin[]): void;
}

/** From auth: whether an address is a module account's (those receive only through their modules). */
export interface TaxrailAccountKeeper {
  isModuleAddress(address: Uint8Array): string | undefined;
}
