// What gov needs from other modules, and nothing more.
import type { Context } from "../../context.js";
import type { Coin } from "../../coins/coins.js";
import type { KVReader } from "../../store/types.js";

/** A bonded validator as the tally sees it. Shares are LegacyDec atomics (x 10^18). */
export interface BondedValidatorView {
  /** Operator address bytes: the same 20 bytes as the operator's account address. */
  operator: Uint8Array;
  tokens: bigint;
  delegatorShares: bigint;
}

/** `state` is always the whole state (a root view or branch), never a module's namespace. */
export interface GovStakingKeeper {
  /** The sum of bonded validators' tokens. */
  totalBondedTokens(state: KVReader): bigint;
  /** Bonded validators, ascending by operator address. */
  bondedValidators(state: KVReader): BondedValidatorView[];
  /** A delegator's delegations, ascending by validator address; shares are LegacyDec atomics. */
  delegationsOf(state: KVReader, delegator: Uint8Array): { validator: Uint8Array; shares: bigint }[];
}

export interface GovBankKeeper {
  /** Bank's own namespace of the state, for getBalance. */
  store(ctx: Context): KVReader;
  getBalance(bankStore: KVReader, address: Uint8Array, denom: string): bigint;
  sendToModule(ctx: Context, from: Uint8Array, moduleName: string, coins: readonly Coin[]): void;
  sendFromModule(ctx: Context, moduleName: string, to: Uint8Array, coins: readonly Coin[]): void;
  burn(ctx: Context, moduleName: string, coins: readonly Coin[]): void;
}
