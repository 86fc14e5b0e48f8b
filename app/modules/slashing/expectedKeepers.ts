// What slashing needs from staking, declared here so the module imports nothing of staking's
// (the composition root hands it the real keeper, which has these with the same signatures).
import type { BondStatus } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";

/** A validator as staking describes it to other modules. */
export interface SlashingValidatorView {
  /** 20 bytes (valoper). */
  operator: Uint8Array;
  /** 20 bytes: CometBFT's address of the consensus key. */
  consAddress: Uint8Array;
  status: BondStatus;
  jailed: boolean;
  tokens: bigint;
  /** LegacyDec atomics. */
  delegatorShares: bigint;
  minSelfDelegation: bigint;
}

export interface SlashingStakingKeeper {
  validatorView(state: StateReader, operator: Uint8Array): SlashingValidatorView | undefined;
  validatorViewByConsAddress(state: StateReader, consAddress: Uint8Array): SlashingValidatorView | undefined;
  /** The delegation's shares (LegacyDec atomics), or undefined when there is none. */
  delegationShares(state: StateReader, delegator: Uint8Array, operator: Uint8Array): bigint | undefined;
  /** Cuts the stake bonded at `infractionHeight` by `fraction` of `power` x 10^6 tokens, burns it; returns the tokens burned. */
  slash(ctx: Context, consAddress: Uint8Array, infractionHeight: bigint, power: bigint, fraction: bigint): bigint;
  jail(ctx: Context, consAddress: Uint8Array): void;
  unjail(ctx: Context, consAddress: Uint8Array): void;
}
