// cosmos.distribution.v1beta1.Query over committed state (REST: /cosmos/distribution/v1beta1/...).
// Rewards are read as a withdrawal in the queried block would compute them (the open period's
// rewards per token included), without writing anything. Argument errors are INVALID_ARGUMENT;
// an unknown validator or delegation NOT_FOUND, with the SDK's error text.
import { Query } from "../../../gen/cosmos/distribution/v1beta1/query_pb.js";
import { addressArg } from "../../../common/grpc/addressArg.js";
import { invalidArgument } from "../../../common/grpc/queryError.js";
import { parseAccAddress, parseValAddress, accAddressToString, valAddressToString } from "../../../common/address.js";
import type { QueryServices } from "../../query/service.js";
import type { StateReader } from "../../store/types.js";
import { addDecCoins, type DecCoin } from "./decCoins.js";
import { distributionErrors } from "./errors.js";
import type { DistributionValidator } from "./expectedKeepers.js";
import type { DistributionKeeper } from "./keeper.js";
import { calculateDelegationRewards, ratiosWithOpenPeriod } from "./rewards.js";
import { decCoinsToWire, decToWire } from "./wire.js";

const delegatorArg = (text: string) => addressArg(text, (t) => parseAccAddress(t, "delegator address"), "empty delegator address");
const validatorArg = (text: string) => addressArg(text, (t) => parseValAddress(t), "empty validator address");

/** A delegation's rewards at the queried height. */
export function pendingRewards(
  state: StateReader,
  k: DistributionKeeper,
  val: DistributionValidator,
  delegator: Uint8Array,
  shares: bigint,
  height: bigint,
): DecCoin[] {
  const { endingPeriod, ratioAt } = ratiosWithOpenPeriod(state, k, val);
  return calculateDelegationRewards(state, k, val, delegator, shares, endingPeriod, ratioAt, height);
}

export function registerDistributionQueries(services: QueryServices, k: DistributionKeeper): void {
  const existingValidator = (state: StateReader, text: string): DistributionValidator => {
    const val = k.staking.validatorView(state, validatorArg(text));
    if (!val) throw distributionErrors.noValidatorExists.wrap(text);
    return val;
  };
  const rewardsOf = (state: StateReader, val: DistributionValidator, delegator: Uint8Array, height: number): DecCoin[] => {
    const shares = k.staking.delegationShares(state, delegator, val.operator);
    if (shares === undefined) throw distributionErrors.noDelegationExists.wrap(`${accAddressToString(delegator)} to ${valAddressToString(val.operator)}`);
    return pendingRewards(state, k, val, delegator, shares, BigInt(height));
  };

  services.register(Query, {
    params: (_req, { state }) => ({ params: k.getParams(state) }),
    validatorDistributionInfo: (req, { state, height }) => {
      const val = existingValidator(state, req.validatorAddress);
      // The operator's own delegation, as the SDK asks for it: the valoper's bytes as the delegator.
      const selfBondRewards = rewardsOf(state, val, val.operator, height);
      return {
        // The SDK answers the operator's account address here, not its valoper form.
        operatorAddress: accAddressToString(val.operator),
        selfBondRewards: decCoinsToWire(selfBondRewards),
        commission: decCoinsToWire(k.commission(state, val.operator)),
      };
    },
    validatorOutstandingRewards: (req, { state }) => {
      const val = existingValidator(state, req.validatorAddress);
      return { rewards: { rewards: decCoinsToWire(k.outstanding(state, val.operator)) } };
    },
    validatorCommission: (req, { state }) => {
      const val = existingValidator(state, req.validatorAddress);
      return { commission: { commission: decCoinsToWire(k.commission(state, val.operator)) } };
    },
    validatorSlashes: (req, { state }) => {
      const operator = validatorArg(req.validatorAddress);
      if (req.endingHeight < req.startingHeight)
        throw invalidArgument(`starting height greater than ending height (${req.startingHeight} > ${req.endingHeight})`);
      const page = k.slashEventsPage(state, operator, req.startingHeight, req.endingHeight, req.pagination);
      return {
        slashes: page.items.map((e) => ({ validatorPeriod: e.validatorPeriod, fraction: decToWire(e.fraction) })),
        pagination: page.pagination,
      };
    },
    delegationRewards: (req, { state, height }) => {
      const delegator = delegatorArg(req.delegatorAddress);
      const val = existingValidator(state, req.validatorAddress);
      return { rewards: decCoinsToWire(rewardsOf(state, val, delegator, height)) };
    },
    delegationTotalRewards: (req, { state, height }) => {
      const delegator = delegatorArg(req.delegatorAddress);
      let total: DecCoin[] = [];
      const rewards = k.staking.delegationsOf(state, delegator).map(({ validator, shares }) => {
        const val = k.staking.validatorView(state, validator)!;
        const reward = pendingRewards(state, k, val, delegator, shares, BigInt(height));
        total = addDecCoins(total, reward);
        return { validatorAddress: valAddressToString(validator), reward: decCoinsToWire(reward) };
      });
      return { rewards, total: decCoinsToWire(total) };
    },
    delegatorValidators: (req, { state }) => {
      const delegator = delegatorArg(req.delegatorAddress);
      return { validators: k.staking.delegationsOf(state, delegator).map(({ validator }) => valAddressToString(validator)) };
    },
    delegatorWithdrawAddress: (req, { state }) => {
      const delegator = delegatorArg(req.delegatorAddress);
      return { withdrawAddress: accAddressToString(k.withdrawAddress(state, delegator)) };
    },
    communityPool: (_req, { state }) => ({ pool: decCoinsToWire(k.communityPool(state)) }),
  });
}
