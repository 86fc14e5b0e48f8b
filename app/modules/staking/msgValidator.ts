// MsgCreateValidator and MsgEditValidator: the SDK's stateless checks (MsgCreateValidator.Validate
// and the edit checks at the top of its msg server), then the state checks and changes.
import type { Any } from "@bufbuild/protobuf/wkt";
import {
  MsgCreateValidatorResponseSchema,
  MsgCreateValidatorSchema,
  MsgEditValidatorResponseSchema,
  MsgEditValidatorSchema,
  type MsgCreateValidator,
  type MsgEditValidator,
} from "../../../gen/cosmos/staking/v1beta1/tx_pb.js";
import type { CommissionRates as WireRates } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { sdkErrors } from "../../../common/errors.js";
import { DEC_ONE, formatDec } from "../../../sdk/math/dec.js";
import type { MsgHandler } from "../../tx/msgRouter.js";
import { validateCommissionRates, validateNewRate, type CommissionRates } from "./commission.js";
import { decodeConsensusPubKey, ED25519_PUBKEY_TYPE_URL } from "./consensusKey.js";
import { createValidator } from "./createValidator.js";
import { ensureLength, isEmptyDescription, updateDescription } from "./description.js";
import { requireValidator } from "./delegation.js";
import { stakingErrors } from "./errors.js";
import { emitCreateValidator, emitEditValidator } from "./events.js";
import type { StakingKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { checkBondDenom, positiveCoin, positiveInt } from "./msgArgs.js";
import { parseValAddress } from "./valAddress.js";
import { decFromWire, decToWire, intFromWire } from "./wire.js";

function consensusKey(any: Any | undefined): Uint8Array {
  if (!any) throw stakingErrors.emptyValidatorPubKey.wrap("pubkey is missing");
  if (any.typeUrl !== ED25519_PUBKEY_TYPE_URL) {
    throw stakingErrors.validatorPubKeyTypeNotSupported.wrap(`got: ${any.typeUrl.slice(0, 100)}, expected: ${ED25519_PUBKEY_TYPE_URL}`);
  }
  return decodeConsensusPubKey(any);
}

function rates(r: WireRates | undefined): CommissionRates {
  if (!r || (r.rate === "" && r.maxRate === "" && r.maxChangeRate === "")) throw sdkErrors.invalidRequest.wrap("empty commission");
  return { rate: decFromWire(r.rate), maxRate: decFromWire(r.maxRate), maxChangeRate: decFromWire(r.maxChangeRate) };
}

/** Everything MsgCreateValidator.Validate checks, parsed. */
function parseCreate(msg: MsgCreateValidator) {
  const operator = parseValAddress(msg.validatorAddress);
  const pubKey = consensusKey(msg.pubkey);
  const value = positiveCoin(msg.value, "invalid delegation amount");
  if (isEmptyDescription(msg.description)) throw sdkErrors.invalidRequest.wrap("empty description");
  const commission = rates(msg.commission);
  validateCommissionRates(commission);
  const minSelfDelegation = positiveInt(msg.minSelfDelegation, "minimum self delegation");
  if (value.amount < minSelfDelegation) throw stakingErrors.selfDelegationBelowMinimum.wrap(`${value.amount} is below ${minSelfDelegation}`);
  return { operator, pubKey, value, description: ensureLength(msg.description!), commission, minSelfDelegation };
}

export function msgCreateValidatorHandler(keeper: StakingKeeper): MsgHandler<typeof MsgCreateValidatorSchema, typeof MsgCreateValidatorResponseSchema> {
  return {
    request: MsgCreateValidatorSchema,
    response: MsgCreateValidatorResponseSchema,
    module: MODULE_NAME,
    // The operator signs: the validator address's bytes are its account.
    signers: (msg) => [parseValAddress(msg.validatorAddress)],
    validateBasic: (msg) => void parseCreate(msg),
    handle: (ctx, msg) => {
      const p = parseCreate(msg);
      checkBondDenom(ctx, keeper, p.value.denom);
      createValidator(ctx, keeper, { ...p, amount: p.value.amount });
      emitCreateValidator(ctx, msg.validatorAddress, p.value);
      return {};
    },
  };
}

/** The optional fields of an edit, parsed: undefined leaves a field as it is. */
function parseEdit(msg: MsgEditValidator): { operator: Uint8Array; rate: bigint | undefined; minSelfDelegation: bigint | undefined } {
  const operator = parseValAddress(msg.validatorAddress);
  if (isEmptyDescription(msg.description)) throw sdkErrors.invalidRequest.wrap("empty description");
  const minSelfDelegation = msg.minSelfDelegation === "" ? undefined : positiveInt(msg.minSelfDelegation, "minimum self delegation");
  const rate = msg.commissionRate === "" ? undefined : decFromWire(msg.commissionRate);
  if (rate !== undefined && (rate < 0n || rate > DEC_ONE)) throw sdkErrors.invalidRequest.wrap("commission rate must be between 0 and 1 (inclusive)");
  return { operator, rate, minSelfDelegation };
}

export function msgEditValidatorHandler(keeper: StakingKeeper): MsgHandler<typeof MsgEditValidatorSchema, typeof MsgEditValidatorResponseSchema> {
  return {
    request: MsgEditValidatorSchema,
    response: MsgEditValidatorResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseValAddress(msg.validatorAddress)],
    validateBasic: (msg) => void parseEdit(msg),
    handle: (ctx, msg) => {
      const { operator, rate, minSelfDelegation } = parseEdit(msg);
      const minRate = decFromWire(keeper.getParams(ctx.store).minCommissionRate);
      if (rate !== undefined && rate < minRate)
        throw sdkErrors.invalidRequest.wrap(`commission rate cannot be less than the min commission rate ${formatDec(minRate)}`);
      const validator = requireValidator(ctx, keeper, operator);
      const next = { ...validator, description: updateDescription(validator.description, msg.description!) };

      const current = validator.commission!;
      if (rate !== undefined) {
        const r = current.commissionRates!;
        validateNewRate(rates(r), current.updateTime, rate, ctx.header.time);
        keeper.hooks.beforeValidatorModified?.(ctx, operator);
        next.commission = { ...current, commissionRates: { ...r, rate: decToWire(rate) }, updateTime: ctx.header.time };
      }
      if (minSelfDelegation !== undefined) {
        if (minSelfDelegation <= intFromWire(validator.minSelfDelegation))
          throw stakingErrors.minSelfDelegationDecreased.wrap(`${minSelfDelegation} is not above ${validator.minSelfDelegation}`);
        if (minSelfDelegation > intFromWire(validator.tokens))
          throw stakingErrors.selfDelegationBelowMinimum.wrap(`${minSelfDelegation} is above the validator's ${validator.tokens} tokens`);
        next.minSelfDelegation = minSelfDelegation.toString();
      }
      keeper.setValidator(ctx, operator, next);
      emitEditValidator(ctx, decFromWire(next.commission!.commissionRates!.rate), intFromWire(next.minSelfDelegation));
      return {};
    },
  };
}
