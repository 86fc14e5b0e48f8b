// What staking needs from the bank and auth modules, and nothing more.
import type { Context } from "../../context.js";
import type { Coin } from "../../coins/coins.js";
import type { StateReader } from "../../store/types.js";

export interface StakingBankKeeper {
  /** `state` is the whole state (a block's `ctx.store` or a query's committed state). */
  getBalance(state: StateReader, address: Uint8Array, denom: string): bigint;
  send(ctx: Context, from: Uint8Array, to: Uint8Array, coins: readonly Coin[]): void;
  sendToModule(ctx: Context, from: Uint8Array, moduleName: string, coins: readonly Coin[]): void;
  sendFromModule(ctx: Context, moduleName: string, to: Uint8Array, coins: readonly Coin[]): void;
  /** Slashed stake is destroyed from the pool that held it. */
  burn(ctx: Context, moduleName: string, coins: readonly Coin[]): void;
}

export interface StakingAccountKeeper {
  /** Permissions of a module account this chain creates, undefined when it has none by that name. */
  moduleAccountPermissions(name: string): string[] | undefined;
}
