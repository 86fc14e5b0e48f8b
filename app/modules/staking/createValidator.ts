// Creating a validator (SDK msg server CreateValidator, and this chain's genesis validators): the
// record starts UNBONDED with its self-delegation in the not-bonded pool; the end block bonds it
// if it ranks into the set.
import { create } from "@bufbuild/protobuf";
import { BondStatus, ValidatorSchema, type Description, type Validator } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import type { Context } from "../../context.js";
import { formatDec } from "../../../sdk/math/dec.js";
import type { CommissionRates } from "./commission.js";
import { consensusAddress, encodeConsensusPubKey } from "./consensusKey.js";
import { delegate } from "./delegation.js";
import { stakingErrors } from "./errors.js";
import type { StakingStore } from "./store.js";
import { valAddressToString } from "./valAddress.js";
import { indexValidator, NEVER_UNBONDED } from "./validatorState.js";
import { decFromWire, decToWire } from "./wire.js";

export interface NewValidator {
  /** The operator account's 20 bytes; it self-delegates `amount`. */
  operator: Uint8Array;
  /** 32-byte ed25519 consensus key. */
  pubKey: Uint8Array;
  description: Description;
  commission: CommissionRates;
  minSelfDelegation: bigint;
  amount: bigint;
}

/** Checks against state, then creates the record and the self-delegation; returns the record. */
export function createValidator(ctx: Context, keeper: StakingStore, n: NewValidator): Validator {
  const minRate = decFromWire(keeper.getParams(ctx.store).minCommissionRate);
  if (n.commission.rate < minRate)
    throw stakingErrors.commissionLTMinRate.wrap(`cannot set validator commission to less than minimum rate of ${formatDec(minRate)}`);
  if (keeper.getValidator(ctx.store, n.operator)) throw stakingErrors.validatorOwnerExists.wrap(valAddressToString(n.operator));
  const consAddress = consensusAddress(n.pubKey);
  if (keeper.validatorByConsAddress(ctx.store, consAddress)) throw stakingErrors.validatorPubKeyExists.wrap(Buffer.from(n.pubKey).toString("base64"));

  const validator = create(ValidatorSchema, {
    operatorAddress: valAddressToString(n.operator),
    consensusPubkey: encodeConsensusPubKey(n.pubKey),
    status: BondStatus.UNBONDED,
    tokens: "0",
    delegatorShares: decToWire(0n),
    description: n.description,
    unbondingTime: NEVER_UNBONDED(),
    commission: {
      commissionRates: { rate: decToWire(n.commission.rate), maxRate: decToWire(n.commission.maxRate), maxChangeRate: decToWire(n.commission.maxChangeRate) },
      updateTime: ctx.header.time,
    },
    minSelfDelegation: n.minSelfDelegation.toString(),
  });
  keeper.setValidator(ctx, n.operator, validator);
  keeper.setValidatorByConsAddress(ctx, consAddress, n.operator);
  indexValidator(ctx, keeper, n.operator, validator);
  keeper.hooks.afterValidatorCreated?.(ctx, n.operator);
  delegate(ctx, keeper, n.operator, n.operator, n.amount);
  return keeper.getValidator(ctx.store, n.operator)!;
}
