// Cancelling (part of) an unbonding delegation entry before it matures (SDK
// MsgCancelUnbondingDelegation): the tokens are delegated back to the same validator from the
// not-bonded pool, and the entry shrinks or goes.
import type { Context } from "../../context.js";
import { sdkErrors } from "../../../common/errors.js";
import { delegate, requireValidator } from "./delegation.js";
import { stakingErrors } from "./errors.js";
import { validatorAmounts, type StakingStore } from "./store.js";
import { BondStatus } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { invalidExRate } from "./shares.js";
import { compareTime } from "./time.js";
import { accAddressToString } from "../../../common/address.js";
import { valAddressToString } from "./valAddress.js";
import { intFromWire } from "./wire.js";

export function cancelUnbondingDelegation(
  ctx: Context,
  keeper: StakingStore,
  delegator: Uint8Array,
  operator: Uint8Array,
  creationHeight: bigint,
  amount: bigint,
): void {
  const validator = requireValidator(ctx, keeper, operator);
  if (invalidExRate(validatorAmounts(validator))) throw stakingErrors.delegatorShareExRateInvalid.wrap(valAddressToString(operator));
  if (validator.jailed) throw stakingErrors.validatorJailed.wrap(valAddressToString(operator));
  const ubd = keeper.getUnbondingDelegation(ctx.store, delegator, operator);
  if (!ubd) {
    throw stakingErrors.noUnbondingDelegation.wrap(
      `unbonding delegation with delegator ${accAddressToString(delegator)} not found for validator ${valAddressToString(operator)}`,
    );
  }
  const index = ubd.entries.findIndex((e) => e.creationHeight === creationHeight);
  if (index < 0) throw sdkErrors.notFound.wrap(`unbonding delegation entry is not found at block height ${creationHeight}`);
  const entry = ubd.entries[index]!;
  const balance = intFromWire(entry.balance, "unbonding balance");
  if (balance < amount) throw sdkErrors.invalidRequest.wrap("amount is greater than the unbonding delegation entry balance");
  if (entry.completionTime && compareTime(entry.completionTime, ctx.header.time) < 0)
    throw sdkErrors.invalidRequest.wrap("unbonding delegation is already processed");

  // The tokens wait in the not-bonded pool, as those of an unbonding validator.
  delegate(ctx, keeper, delegator, operator, amount, { account: false, status: BondStatus.UNBONDING });
  if (balance === amount) ubd.entries.splice(index, 1);
  else {
    entry.balance = (balance - amount).toString();
    entry.initialBalance = (intFromWire(entry.initialBalance, "initial_balance") - amount).toString();
  }
  keeper.setUnbondingDelegation(ctx, delegator, operator, ubd);
}
