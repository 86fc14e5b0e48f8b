// Changes to a validator record that move it in the set CometBFT runs with: its tokens, and
// whether it is jailed. The end block (validatorSet.ts) turns these into status changes.
import type { Validator } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import type { Context } from "../../context.js";
import { sdkErrors } from "../../../common/errors.js";
import { stakingErrors } from "./errors.js";
import { validatorAmounts, withAmounts, type StakingStore } from "./store.js";
import { valAddressToString } from "./valAddress.js";

/** Takes `amount` tokens from the validator without touching shares (SDK RemoveValidatorTokens). */
export function removeValidatorTokens(ctx: Context, keeper: StakingStore, operator: Uint8Array, validator: Validator, amount: bigint): Validator {
  const amounts = validatorAmounts(validator);
  if (amount < 0n || amount > amounts.tokens) throw sdkErrors.logic.wrap(`cannot remove ${amount} tokens from a validator holding ${amounts.tokens}`);
  const next = withAmounts(validator, { ...amounts, tokens: amounts.tokens - amount });
  keeper.setValidator(ctx, operator, next);
  return next;
}

/** The operator behind a consensus address, or the SDK's "not found" error. */
function operatorOf(ctx: Context, keeper: StakingStore, consAddress: Uint8Array): { operator: Uint8Array; validator: Validator } {
  const operator = keeper.validatorByConsAddress(ctx.store, consAddress);
  const validator = operator && keeper.getValidator(ctx.store, operator);
  if (!operator || !validator)
    throw stakingErrors.noValidatorFound.wrap(`no validator with consensus address ${Buffer.from(consAddress).toString("hex").toUpperCase()}`);
  return { operator, validator };
}

/** Jails a validator: the next end block takes it out of the set (SDK jailValidator). */
export function jailValidator(ctx: Context, keeper: StakingStore, operator: Uint8Array, validator: Validator): void {
  if (validator.jailed) throw stakingErrors.validatorJailed.wrap(`cannot jail already jailed validator ${valAddressToString(operator)}`);
  keeper.setValidator(ctx, operator, { ...validator, jailed: true });
}

export function unjailValidator(ctx: Context, keeper: StakingStore, operator: Uint8Array, validator: Validator): void {
  if (!validator.jailed) throw sdkErrors.logic.wrap(`cannot unjail already unjailed validator ${valAddressToString(operator)}`);
  keeper.setValidator(ctx, operator, { ...validator, jailed: false });
}

export function jailByConsAddress(ctx: Context, keeper: StakingStore, consAddress: Uint8Array): void {
  const { operator, validator } = operatorOf(ctx, keeper, consAddress);
  jailValidator(ctx, keeper, operator, validator);
}

export function unjailByConsAddress(ctx: Context, keeper: StakingStore, consAddress: Uint8Array): void {
  const { operator, validator } = operatorOf(ctx, keeper, consAddress);
  unjailValidator(ctx, keeper, operator, validator);
}
