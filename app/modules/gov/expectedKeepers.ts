// What gov needs from other modules, and nothing more. Reads take the whole state (a block's
// `ctx.store` or a query's committed state), never a module's namespace; writes take the Context.
import type { Context } from "../../context.js";
import type { Coin } from "../../coins/coins.js";
import type { StateReader } from "../../store/types.js";

/** A bonded validator as the tally sees it. Shares are LegacyDec atomics (x 10^18). */
export interface BondedValidatorView {
  /** Operator address bytes: the same 20 bytes as the operator's account address. */
  operator: Uint8Array;
  tokens: bigint;
  delegatorShares: bigint;
}

export interface GovStakingKeeper {
  /** The sum of bonded validators' tokens. */
  totalBondedTokens(state: StateReader): bigint;
  /** Bonded validators, ascending by operator address. */
  bondedValidators(state: StateReader): BondedValidatorView[];
  /** A delegator's delegations, ascending by validator address; shares are LegacyDec atomics. */
  delegationsOf(state: StateReader, delegator: Uint8Array): { validator: Uint8Array; shares: bigint }[];
}

export interface GovBankKeeper {
  getBalance(state: StateReader, address: Uint8Array, denom: string): bigint;
  sendToModule(ctx: Context, from: Uint8Array, moduleName: string, coins: readonly Coin[]): void;
  sendFromModule(ctx: Context, moduleName: string, to: Uint8Array, coins: readonly Coin[]): void;
  burn(ctx: Context, moduleName: string, coins: readonly Coin[]): void;
}
