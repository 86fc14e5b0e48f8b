// What staking tells other modules about validators and delegations as they change, with the SDK's
// hook names and call points (x/staking types.StakingHooks). Distribution settles rewards around
// every change of stake; slashing keeps signing records for bonded validators. A hook that throws
// fails the transition that called it, as a returned error does in the SDK.
import type { Context } from "../../context.js";

export interface StakingHooks {
  /** A validator record was created (MsgCreateValidator, genesis). */
  afterValidatorCreated?(ctx: Context, operator: Uint8Array): void;
  /** A validator's description or commission is about to change (MsgEditValidator). */
  beforeValidatorModified?(ctx: Context, operator: Uint8Array): void;
  /** An unbonded validator with no delegations left was deleted. */
  afterValidatorRemoved?(ctx: Context, consAddress: Uint8Array, operator: Uint8Array): void;
  /** The validator entered the active set (status BONDED). */
  afterValidatorBonded?(ctx: Context, consAddress: Uint8Array, operator: Uint8Array): void;
  /** The validator left the active set (status UNBONDING): jailed, or out-ranked, or without power. */
  afterValidatorBeginUnbonding?(ctx: Context, consAddress: Uint8Array, operator: Uint8Array): void;
  /** A delegation (delegator, validator) is about to be created. */
  beforeDelegationCreated?(ctx: Context, delegator: Uint8Array, operator: Uint8Array): void;
  /** An existing delegation's shares are about to change. */
  beforeDelegationSharesModified?(ctx: Context, delegator: Uint8Array, operator: Uint8Array): void;
  /** A delegation is about to be deleted (all its shares were removed). */
  beforeDelegationRemoved?(ctx: Context, delegator: Uint8Array, operator: Uint8Array): void;
  /** A delegation was created or its shares changed, and it still exists. */
  afterDelegationModified?(ctx: Context, delegator: Uint8Array, operator: Uint8Array): void;
  /** The validator's tokens are about to be cut by `fraction` (LegacyDec atomics, x 10^18). */
  beforeValidatorSlashed?(ctx: Context, operator: Uint8Array, fraction: bigint): void;
}

/** Hook names, for iterating the optional members in one fixed order. */
const HOOK_NAMES = [
  "afterValidatorCreated",
  "beforeValidatorModified",
  "afterValidatorRemoved",
  "afterValidatorBonded",
  "afterValidatorBeginUnbonding",
  "beforeDelegationCreated",
  "beforeDelegationSharesModified",
  "beforeDelegationRemoved",
  "afterDelegationModified",
  "beforeValidatorSlashed",
] as const satisfies readonly (keyof StakingHooks)[];

/** Several modules' hooks as one, called in the order given (the composition root's order). */
export function multiStakingHooks(...all: readonly StakingHooks[]): Required<StakingHooks> {
  const combined = {} as Record<(typeof HOOK_NAMES)[number], (...args: never[]) => void>;
  for (const name of HOOK_NAMES) {
    combined[name] = (...args: never[]) => {
      for (const hooks of all) (hooks[name] as ((...a: never[]) => void) | undefined)?.(...args);
    };
  }
  return combined as Required<StakingHooks>;
}
