// cosmos.distribution.v1beta1.Msg: stateless checks in validateBasic (CheckTx runs them), then the
// checks against state and the change, in the SDK msg server's order. UpdateParams and
// CommunityPoolSpend are governance-only. Responses carry the amounts paid.
import type { DescMessage } from "@bufbuild/protobuf";
import {
  MsgCommunityPoolSpendResponseSchema,
  MsgCommunityPoolSpendSchema,
  MsgDepositValidatorRewardsPoolResponseSchema,
  MsgDepositValidatorRewardsPoolSchema,
  MsgFundCommunityPoolResponseSchema,
  MsgFundCommunityPoolSchema,
  MsgSetWithdrawAddressResponseSchema,
  MsgSetWithdrawAddressSchema,
  MsgUpdateParamsResponseSchema,
  MsgUpdateParamsSchema,
  MsgWithdrawDelegatorRewardResponseSchema,
  MsgWithdrawDelegatorRewardSchema,
  MsgWithdrawValidatorCommissionResponseSchema,
  MsgWithdrawValidatorCommissionSchema,
} from "../../../gen/cosmos/distribution/v1beta1/tx_pb.js";
import { accAddressToString, parseAccAddress, parseValAddress, valAddressToString } from "../../../common/address.js";
import { sdkErrors } from "../../../common/errors.js";
import { parseCoins, toWireCoins, type Coin } from "../../coins/coins.js";
import { governanceOnly } from "../../tx/authority.js";
import type { MsgHandler } from "../../tx/msgRouter.js";
import { allocateTokensToValidator } from "./allocation.js";
import { decCoinsFromCoins } from "./decCoins.js";
import { distributionErrors } from "./errors.js";
import type { DistributionKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { validateParams } from "./params.js";
import { decFromWire } from "./wire.js";
import {
  distributeFromCommunityPool,
  fundCommunityPool,
  isBlockedAddress,
  setWithdrawAddress,
  withdrawDelegationRewards,
  withdrawValidatorCommission,
} from "./withdraw.js";
import { DISTRIBUTION_ACCOUNT } from "../../../common/moduleAccounts.js";

type Handler<I extends DescMessage, O extends DescMessage> = MsgHandler<I, O>;

/** A non-empty, sorted list of positive coins (validateAmount). */
function amountOf(coins: readonly { denom: string; amount: string }[]): Coin[] {
  if (coins.length === 0) throw sdkErrors.invalidCoins.wrap("amount cannot be empty");
  return parseCoins(coins);
}

export function msgSetWithdrawAddressHandler(k: DistributionKeeper): Handler<typeof MsgSetWithdrawAddressSchema, typeof MsgSetWithdrawAddressResponseSchema> {
  return {
    request: MsgSetWithdrawAddressSchema,
    response: MsgSetWithdrawAddressResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.delegatorAddress, "delegator address")],
    validateBasic: (msg) => {
      parseAccAddress(msg.delegatorAddress, "delegator address");
      parseAccAddress(msg.withdrawAddress, "withdraw address");
    },
    handle: (ctx, msg, [delegator]) => {
      setWithdrawAddress(ctx, k, delegator!, parseAccAddress(msg.withdrawAddress, "withdraw address"));
      return {};
    },
  };
}

export function msgWithdrawDelegatorRewardHandler(
  k: DistributionKeeper,
): Handler<typeof MsgWithdrawDelegatorRewardSchema, typeof MsgWithdrawDelegatorRewardResponseSchema> {
  return {
    request: MsgWithdrawDelegatorRewardSchema,
    response: MsgWithdrawDelegatorRewardResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.delegatorAddress, "delegator address")],
    validateBasic: (msg) => {
      parseAccAddress(msg.delegatorAddress, "delegator address");
      parseValAddress(msg.validatorAddress);
    },
    handle: (ctx, msg, [delegator]) => ({ amount: toWireCoins(withdrawDelegationRewards(ctx, k, delegator!, parseValAddress(msg.validatorAddress))) }),
  };
}

export function msgWithdrawValidatorCommissionHandler(
  k: DistributionKeeper,
): Handler<typeof MsgWithdrawValidatorCommissionSchema, typeof MsgWithdrawValidatorCommissionResponseSchema> {
  return {
    request: MsgWithdrawValidatorCommissionSchema,
    response: MsgWithdrawValidatorCommissionResponseSchema,
    module: MODULE_NAME,
    // The operator's account signs: the same 20 bytes as the valoper address.
    signers: (msg) => [parseValAddress(msg.validatorAddress)],
    validateBasic: (msg) => {
      parseValAddress(msg.validatorAddress);
    },
    handle: (ctx, _msg, [operator]) => ({ amount: toWireCoins(withdrawValidatorCommission(ctx, k, operator!)) }),
  };
}

export function msgFundCommunityPoolHandler(k: DistributionKeeper): Handler<typeof MsgFundCommunityPoolSchema, typeof MsgFundCommunityPoolResponseSchema> {
  return {
    request: MsgFundCommunityPoolSchema,
    response: MsgFundCommunityPoolResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.depositor, "depositor address")],
    validateBasic: (msg) => {
      parseAccAddress(msg.depositor, "depositor address");
      amountOf(msg.amount);
    },
    handle: (ctx, msg, [depositor]) => {
      fundCommunityPool(ctx, k, depositor!, amountOf(msg.amount));
      return {};
    },
  };
}

export function msgDepositValidatorRewardsPoolHandler(
  k: DistributionKeeper,
): Handler<typeof MsgDepositValidatorRewardsPoolSchema, typeof MsgDepositValidatorRewardsPoolResponseSchema> {
  return {
    request: MsgDepositValidatorRewardsPoolSchema,
    response: MsgDepositValidatorRewardsPoolResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.depositor, "depositor address")],
    validateBasic: (msg) => {
      parseAccAddress(msg.depositor, "depositor address");
      parseValAddress(msg.validatorAddress);
      amountOf(msg.amount);
    },
    handle: (ctx, msg, [depositor]) => {
      const operator = parseValAddress(msg.validatorAddress);
      const val = k.staking.validatorView(ctx.store, operator);
      if (!val) throw distributionErrors.noValidatorExists.wrap(valAddressToString(operator));
      const amount = amountOf(msg.amount);
      k.bank.sendToModule(ctx, depositor!, DISTRIBUTION_ACCOUNT, amount);
      allocateTokensToValidator(ctx, k, val, decCoinsFromCoins(amount));
      return {};
    },
  };
}

export function msgUpdateParamsHandler(k: DistributionKeeper): Handler<typeof MsgUpdateParamsSchema, typeof MsgUpdateParamsResponseSchema> {
  return governanceOnly(k.authority, distributionErrors.invalidAuthority, {
    request: MsgUpdateParamsSchema,
    response: MsgUpdateParamsResponseSchema,
    module: MODULE_NAME,
    validateBasic: (msg) => {
      if (!msg.params) throw distributionErrors.invalidParams.wrap("params are required");
      const p = msg.params;
      if (decFromWire(p.baseProposerReward) !== 0n || decFromWire(p.bonusProposerReward) !== 0n)
        throw sdkErrors.invalidRequest.wrap("cannot update base or bonus proposer reward because these are deprecated fields");
      validateParams(p);
    },
    handle: (ctx, msg) => {
      k.setParams(ctx, msg.params!);
      return {};
    },
  });
}

export function msgCommunityPoolSpendHandler(k: DistributionKeeper): Handler<typeof MsgCommunityPoolSpendSchema, typeof MsgCommunityPoolSpendResponseSchema> {
  return governanceOnly(k.authority, distributionErrors.invalidAuthority, {
    request: MsgCommunityPoolSpendSchema,
    response: MsgCommunityPoolSpendResponseSchema,
    module: MODULE_NAME,
    validateBasic: (msg) => {
      amountOf(msg.amount);
      parseAccAddress(msg.recipient, "recipient address");
    },
    handle: (ctx, msg) => {
      const recipient = parseAccAddress(msg.recipient, "recipient address");
      if (isBlockedAddress(k, recipient)) throw sdkErrors.unauthorized.wrap(`${accAddressToString(recipient)} is not allowed to receive external funds`);
      distributeFromCommunityPool(ctx, k, recipient, amountOf(msg.amount));
      ctx.logger.info({ amount: msg.amount, recipient: msg.recipient }, "transferred from the community pool to recipient");
      return {};
    },
  });
}

/** Every distribution message handler, in the Msg service's order. */
export function distributionMsgHandlers(k: DistributionKeeper): MsgHandler[] {
  return [
    msgSetWithdrawAddressHandler(k),
    msgWithdrawDelegatorRewardHandler(k),
    msgWithdrawValidatorCommissionHandler(k),
    msgFundCommunityPoolHandler(k),
    msgUpdateParamsHandler(k),
    msgCommunityPoolSpendHandler(k),
    msgDepositValidatorRewardsPoolHandler(k),
  ] as unknown as MsgHandler[];
}
