// What distribution needs from staking, bank and auth, and nothing more. Staking's keeper meets
// DistributionStakingKeeper structurally; the hooks distribution hands back meet staking's
// StakingHooks the same way (app/modules.ts wires both).
import type { Coin } from "../../coins/coins.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";

/** What distribution reads of a validator (staking's ValidatorView). */
export interface DistributionValidator {
  operator: Uint8Array;
  consAddress: Uint8Array;
  tokens: bigint;
  /** LegacyDec atomics. */
  delegatorShares: bigint;
  /** LegacyDec atomics: the current commission rate. */
  commissionRate: bigint;
}

export interface DistributionStakingKeeper {
  bondDenom(state: StateReader): string;
  validatorView(state: StateReader, operator: Uint8Array): DistributionValidator | undefined;
  validatorViewByConsAddress(state: StateReader, consAddress: Uint8Array): DistributionValidator | undefined;
  /** Ascending by operator. */
  allValidatorViews(state: StateReader): DistributionValidator[];
  /** LegacyDec atomics; undefined when there is no such delegation. */
  delegationShares(state: StateReader, delegator: Uint8Array, operator: Uint8Array): bigint | undefined;
  /** Ascending by delegator. */
  validatorDelegations(state: StateReader, operator: Uint8Array): { delegator: Uint8Array; shares: bigint }[];
  /** Ascending by validator. */
  delegationsOf(state: StateReader, delegator: Uint8Array): { validator: Uint8Array; shares: bigint }[];
}

export interface DistributionBankKeeper {
  getAllBalances(state: StateReader, address: Uint8Array): Coin[];
  getBalance(state: StateReader, address: Uint8Array, denom: string): bigint;
  sendToModule(ctx: Context, from: Uint8Array, moduleName: string, coins: readonly Coin[]): void;
  sendFromModule(ctx: Context, moduleName: string, to: Uint8Array, coins: readonly Coin[]): void;
  send(ctx: Context, from: Uint8Array, to: Uint8Array, coins: readonly Coin[]): void;
}

export interface DistributionAccountKeeper {
  /** Permissions of a module account this chain creates, undefined when it has none by that name. */
  moduleAccountPermissions(name: string): string[] | undefined;
  /** The module name when `address` is a module account's. */
  isModuleAddress(address: Uint8Array): string | undefined;
}

/** The staking hooks distribution implements (structurally staking's StakingHooks). */
export interface DistributionHooks {
  afterValidatorCreated(ctx: Context, operator: Uint8Array): void;
  afterValidatorRemoved(ctx: Context, consAddress: Uint8Array, operator: Uint8Array): void;
  beforeDelegationCreated(ctx: Context, delegator: Uint8Array, operator: Uint8Array): void;
  beforeDelegationSharesModified(ctx: Context, delegator: Uint8Array, operator: Uint8Array): void;
  afterDelegationModified(ctx: Context, delegator: Uint8Array, operator: Uint8Array): void;
  beforeValidatorSlashed(ctx: Context, operator: Uint8Array, fraction: bigint): void;
}
