// cosmos.staking.v1beta1 Msg service: stateless checks first (they run in CheckTx), then the
// checks against state and the state change, in the SDK msg server's order. The validator
// messages (create, edit) are in msgValidator.ts, governance's MsgUpdateParams in paramsMsg.ts.
import {
  MsgBeginRedelegateResponseSchema,
  MsgBeginRedelegateSchema,
  MsgCancelUnbondingDelegationResponseSchema,
  MsgCancelUnbondingDelegationSchema,
  MsgDelegateResponseSchema,
  MsgDelegateSchema,
  MsgUndelegateResponseSchema,
  MsgUndelegateSchema,
} from "../../../gen/cosmos/staking/v1beta1/tx_pb.js";
import { sdkErrors } from "../../../common/errors.js";
import type { MsgHandler, MsgRouter } from "../../tx/msgRouter.js";
import { accAddressToString } from "../../../common/address.js";
import { cancelUnbondingDelegation } from "./cancelUnbonding.js";
import { delegate, requireValidator, sharesToUnbond, undelegate } from "./delegation.js";
import { emitCancelUnbondingDelegation, emitDelegate, emitRedelegate, emitUnbond } from "./events.js";
import type { StakingKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { checkBondDenom, delegatorArg, positiveCoin } from "./msgArgs.js";
import { msgCreateValidatorHandler, msgEditValidatorHandler } from "./msgValidator.js";
import { msgUpdateParamsHandler } from "./paramsMsg.js";
import { beginRedelegation } from "./redelegation.js";
import { formatRfc3339 } from "./time.js";
import { parseValAddress, valAddressToString } from "./valAddress.js";

type PairMsg = { delegatorAddress: string; validatorAddress: string };

function parsePair(msg: PairMsg): { delegator: Uint8Array; operator: Uint8Array } {
  return { operator: parseValAddress(msg.validatorAddress), delegator: delegatorArg(msg.delegatorAddress) };
}

export function msgDelegateHandler(keeper: StakingKeeper): MsgHandler<typeof MsgDelegateSchema, typeof MsgDelegateResponseSchema> {
  return {
    request: MsgDelegateSchema,
    response: MsgDelegateResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [delegatorArg(msg.delegatorAddress)],
    validateBasic: (msg) => {
      parsePair(msg);
      positiveCoin(msg.amount, "invalid delegation amount");
    },
    handle: (ctx, msg) => {
      const { delegator, operator } = parsePair(msg);
      const coin = positiveCoin(msg.amount, "invalid delegation amount");
      requireValidator(ctx, keeper, operator);
      checkBondDenom(ctx, keeper, coin.denom);
      const newShares = delegate(ctx, keeper, delegator, operator, coin.amount);
      emitDelegate(ctx, valAddressToString(operator), accAddressToString(delegator), coin, newShares);
      return {};
    },
  };
}

export function msgUndelegateHandler(keeper: StakingKeeper): MsgHandler<typeof MsgUndelegateSchema, typeof MsgUndelegateResponseSchema> {
  return {
    request: MsgUndelegateSchema,
    response: MsgUndelegateResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [delegatorArg(msg.delegatorAddress)],
    validateBasic: (msg) => {
      parsePair(msg);
      positiveCoin(msg.amount, "invalid shares amount");
    },
    handle: (ctx, msg) => {
      const { delegator, operator } = parsePair(msg);
      const coin = positiveCoin(msg.amount, "invalid shares amount");
      const shares = sharesToUnbond(ctx, keeper, delegator, operator, coin.amount);
      checkBondDenom(ctx, keeper, coin.denom);
      const { completionTime, amount } = undelegate(ctx, keeper, delegator, operator, shares);
      const paid = { denom: coin.denom, amount };
      emitUnbond(ctx, valAddressToString(operator), accAddressToString(delegator), paid, formatRfc3339(completionTime));
      return { completionTime, amount: { denom: paid.denom, amount: paid.amount.toString() } };
    },
  };
}

export function msgBeginRedelegateHandler(keeper: StakingKeeper): MsgHandler<typeof MsgBeginRedelegateSchema, typeof MsgBeginRedelegateResponseSchema> {
  const parse = (msg: { delegatorAddress: string; validatorSrcAddress: string; validatorDstAddress: string }) => ({
    src: parseValAddress(msg.validatorSrcAddress, "source validator address"),
    dst: parseValAddress(msg.validatorDstAddress, "destination validator address"),
    delegator: delegatorArg(msg.delegatorAddress),
  });
  return {
    request: MsgBeginRedelegateSchema,
    response: MsgBeginRedelegateResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [delegatorArg(msg.delegatorAddress)],
    validateBasic: (msg) => {
      parse(msg);
      positiveCoin(msg.amount, "invalid shares amount");
    },
    handle: (ctx, msg) => {
      const { src, dst, delegator } = parse(msg);
      const coin = positiveCoin(msg.amount, "invalid shares amount");
      const shares = sharesToUnbond(ctx, keeper, delegator, src, coin.amount);
      checkBondDenom(ctx, keeper, coin.denom);
      const completionTime = beginRedelegation(ctx, keeper, delegator, src, dst, shares);
      emitRedelegate(ctx, msg.validatorSrcAddress, msg.validatorDstAddress, coin, formatRfc3339(completionTime));
      return { completionTime };
    },
  };
}

export function msgCancelUnbondingDelegationHandler(
  keeper: StakingKeeper,
): MsgHandler<typeof MsgCancelUnbondingDelegationSchema, typeof MsgCancelUnbondingDelegationResponseSchema> {
  const check = (msg: { delegatorAddress: string; validatorAddress: string; creationHeight: bigint; amount?: Parameters<typeof positiveCoin>[0] }) => {
    const pair = parsePair(msg);
    const coin = positiveCoin(msg.amount, "invalid amount");
    if (msg.creationHeight <= 0n) throw sdkErrors.invalidRequest.wrap("invalid height");
    return { ...pair, coin };
  };
  return {
    request: MsgCancelUnbondingDelegationSchema,
    response: MsgCancelUnbondingDelegationResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [delegatorArg(msg.delegatorAddress)],
    validateBasic: (msg) => void check(msg),
    handle: (ctx, msg) => {
      const { delegator, operator, coin } = check(msg);
      checkBondDenom(ctx, keeper, coin.denom);
      cancelUnbondingDelegation(ctx, keeper, delegator, operator, msg.creationHeight, coin.amount);
      emitCancelUnbondingDelegation(ctx, msg.validatorAddress, msg.delegatorAddress, coin, msg.creationHeight);
      return {};
    },
  };
}

export function registerStakingMsgs(msgs: MsgRouter, keeper: StakingKeeper): void {
  msgs.register(msgCreateValidatorHandler(keeper));
  msgs.register(msgEditValidatorHandler(keeper));
  msgs.register(msgDelegateHandler(keeper));
  msgs.register(msgBeginRedelegateHandler(keeper));
  msgs.register(msgUndelegateHandler(keeper));
  msgs.register(msgCancelUnbondingDelegationHandler(keeper));
  msgs.register(msgUpdateParamsHandler(keeper));
}
