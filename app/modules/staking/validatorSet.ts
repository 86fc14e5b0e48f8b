// The validator set CometBFT runs with: each validator's power is its tokens in whole units
// (POWER_REDUCTION) while bonded. End-block hands CometBFT only the validators whose power
// changed since the last power recorded for them, as the SDK's ApplyAndReturnValidatorSetUpdates.
import type { Validator } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import type { Context } from "../../context.js";
import type { ValidatorUpdate } from "../../module.js";
import { decodeConsensusPubKey } from "./consensusKey.js";
import { isBonded, validatorAmounts, type StakingStore } from "./store.js";
import { consensusPower } from "./params.js";

export function currentPower(v: Validator): bigint {
  return isBonded(v) && !v.jailed ? consensusPower(validatorAmounts(v).tokens) : 0n;
}

export function validatorUpdate(v: Validator, power: bigint): ValidatorUpdate {
  return { pubKey: { sum: { case: "ed25519", value: decodeConsensusPubKey(v.consensusPubkey) } }, power };
}

/**
 * Records each validator's current power and returns updates for those whose power changed,
 * ascending by operator address. Validator records are never deleted, so walking them covers
 * every validator CometBFT has.
 */
export function applyValidatorSetUpdates(ctx: Context, keeper: StakingStore): ValidatorUpdate[] {
  const updates: ValidatorUpdate[] = [];
  for (const { operator, validator } of [...keeper.validators(ctx.store)]) {
    const power = currentPower(validator);
    if (power === (keeper.getLastValidatorPower(ctx.store, operator) ?? 0n)) continue;
    keeper.setLastValidatorPower(ctx, operator, power);
    updates.push(validatorUpdate(validator, power));
  }
  return updates;
}
