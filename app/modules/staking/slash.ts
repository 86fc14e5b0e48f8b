// Slashing a validator for an infraction at a known height (SDK Keeper.Slash): the stake that
// was bonded to it then loses `fraction`, taken first from unbonding delegations and
// redelegations begun at or after the infraction, the rest from the validator's tokens. Slashed
// tokens are burned from the pool that holds them.
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import { BondStatus, type Redelegation, type UnbondingDelegation } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { BONDED_POOL, NOT_BONDED_POOL } from "../../../common/moduleAccounts.js";
import { sdkErrors } from "../../../common/errors.js";
import { DEC_ONE, decMul, decMulInt, decTruncate } from "../../../sdk/math/dec.js";
import type { Context } from "../../context.js";
import { unbond } from "./delegation.js";
import { tokensFromConsensusPower } from "./params.js";
import { validatorAmounts, type StakingStore } from "./store.js";
import { compareTime } from "./time.js";
import { valAddressToString } from "./valAddress.js";
import { removeValidatorTokens } from "./validatorState.js";
import { decFromWire, intFromWire } from "./wire.js";

/** Burns `amount` of the bond denom from a pool; nothing to burn is no call (SDK burn*Tokens). */
export function burnFromPool(ctx: Context, keeper: StakingStore, pool: typeof BONDED_POOL | typeof NOT_BONDED_POOL, amount: bigint): void {
  if (amount <= 0n) return;
  keeper.bank.burn(ctx, pool, [{ denom: keeper.getParams(ctx.store).bondDenom, amount }]);
}

/** a / b for whole numbers as a LegacyDec, its last digit rounded up (LegacyDec.QuoRoundUp). */
function quoRoundUp(a: bigint, b: bigint): bigint {
  const scaled = (a * DEC_ONE * DEC_ONE) / b;
  return scaled / DEC_ONE + (scaled % DEC_ONE === 0n ? 0n : 1n);
}

/** An entry that matured at `now` has left the validator's stake and can no longer be slashed. */
function stillSlashable(entry: { completionTime?: Timestamp | undefined; unbondingOnHoldRefCount: bigint }, now: Timestamp): boolean {
  const mature = entry.completionTime !== undefined && compareTime(entry.completionTime, now) <= 0;
  return !mature || entry.unbondingOnHoldRefCount > 0n;
}

/**
 * Cuts each slashable entry by `fraction` of its initial balance, at most its balance; burns the
 * cut from the not-bonded pool. Returns what the entries should have lost (SDK SlashUnbondingDelegation).
 */
function slashUnbondingDelegation(
  ctx: Context,
  keeper: StakingStore,
  ubd: UnbondingDelegation,
  delegator: Uint8Array,
  operator: Uint8Array,
  infractionHeight: bigint,
  fraction: bigint,
): bigint {
  let owed = 0n;
  let burned = 0n;
  for (const entry of ubd.entries) {
    if (entry.creationHeight < infractionHeight || !stillSlashable(entry, ctx.header.time)) continue;
    const cut = decTruncate(decMulInt(fraction, intFromWire(entry.initialBalance, "initial_balance")));
    owed += cut;
    const balance = intFromWire(entry.balance, "unbonding balance");
    const taken = cut < balance ? cut : balance;
    if (taken === 0n) continue;
    burned += taken;
    entry.balance = (balance - taken).toString();
  }
  if (burned > 0n) keeper.setUnbondingDelegation(ctx, delegator, operator, ubd);
  burnFromPool(ctx, keeper, NOT_BONDED_POOL, burned);
  return owed;
}

/**
 * Redelegated stake now sits with the destination validator: each slashable entry unbonds
 * `fraction` of the shares it created there and burns their tokens from the destination's pool.
 * Returns what the entries should have lost (SDK SlashRedelegation).
 */
function slashRedelegation(
  ctx: Context,
  keeper: StakingStore,
  delegator: Uint8Array,
  dst: Uint8Array,
  red: Redelegation,
  infractionHeight: bigint,
  fraction: bigint,
): bigint {
  let owed = 0n;
  let bondedBurn = 0n;
  let notBondedBurn = 0n;
  for (const entry of red.entries) {
    if (entry.creationHeight < infractionHeight || !stillSlashable(entry, ctx.header.time)) continue;
    owed += decTruncate(decMulInt(fraction, intFromWire(entry.initialBalance, "initial_balance")));
    let shares = decMul(fraction, decFromWire(entry.sharesDst));
    if (shares === 0n) continue;
    // The delegation may have shrunk or gone since: take at most what it holds.
    const held = keeper.getDelegation(ctx.store, delegator, dst);
    if (!held) continue;
    const heldShares = decFromWire(held.shares);
    if (shares > heldShares) shares = heldShares;
    const tokens = unbond(ctx, keeper, delegator, dst, shares);
    const dstValidator = keeper.getValidator(ctx.store, dst);
    if (dstValidator?.status === BondStatus.BONDED) bondedBurn += tokens;
    else notBondedBurn += tokens;
  }
  burnFromPool(ctx, keeper, BONDED_POOL, bondedBurn);
  burnFromPool(ctx, keeper, NOT_BONDED_POOL, notBondedBurn);
  return owed;
}

/** Returns the tokens burned from the validator itself, as the SDK's Slash. */
export function slash(ctx: Context, keeper: StakingStore, consAddress: Uint8Array, infractionHeight: bigint, power: bigint, fraction: bigint): bigint {
  if (fraction < 0n) throw sdkErrors.logic.wrap(`attempted to slash with a negative slash factor ${fraction}`);
  const slashAmount = decTruncate(decMulInt(fraction, tokensFromConsensusPower(power)));
  const operator = keeper.validatorByConsAddress(ctx.store, consAddress);
  // Overslashed and removed already: nothing is left to slash.
  if (!operator) return 0n;
  const validator = keeper.getValidator(ctx.store, operator);
  if (!validator) return 0n;
  if (validator.status === BondStatus.UNBONDED) throw sdkErrors.logic.wrap(`should not be slashing unbonded validator ${valAddressToString(operator)}`);
  keeper.hooks.beforeValidatorModified?.(ctx, operator);
  if (infractionHeight > ctx.header.height) {
    throw sdkErrors.logic.wrap(`impossible attempt to slash future infraction at height ${infractionHeight} but we are at height ${ctx.header.height}`);
  }

  let remaining = slashAmount;
  // An infraction in this very block has no unbondings begun since it.
  if (infractionHeight < ctx.header.height) {
    for (const { delegator, ubd } of [...keeper.unbondingDelegationsFrom(ctx.store, operator)]) {
      remaining -= slashUnbondingDelegation(ctx, keeper, ubd, delegator, operator, infractionHeight, fraction);
    }
    for (const { delegator, dst, red } of keeper.redelegationsFromSrc(ctx.store, operator)) {
      remaining -= slashRedelegation(ctx, keeper, delegator, dst, red, infractionHeight, fraction);
    }
  }

  const current = keeper.getValidator(ctx.store, operator)!;
  const tokens = validatorAmounts(current).tokens;
  let toBurn = remaining < tokens ? remaining : tokens;
  if (toBurn < 0n) toBurn = 0n;
  if (toBurn === 0n) return 0n;
  const effective = quoRoundUp(toBurn, tokens);
  keeper.hooks.beforeValidatorSlashed?.(ctx, operator, effective > DEC_ONE ? DEC_ONE : effective);
  removeValidatorTokens(ctx, keeper, operator, current, toBurn);
  burnFromPool(ctx, keeper, current.status === BondStatus.BONDED ? BONDED_POOL : NOT_BONDED_POOL, toBurn);
  return toBurn;
}
