// Distribution messages (cosmos.distribution.v1beta1) as Anys ready for a tx body: withdrawing a
// delegation's rewards or a validator's commission, setting where rewards go, funding the
// community pool.
import type { Any } from "@bufbuild/protobuf/wkt";
import {
  MsgFundCommunityPoolSchema,
  MsgSetWithdrawAddressSchema,
  MsgWithdrawDelegatorRewardSchema,
  MsgWithdrawValidatorCommissionSchema,
} from "../../gen/cosmos/distribution/v1beta1/tx_pb.js";
import type { Coin } from "./coins.js";
import { packAny } from "./registry.js";

/** `/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward`: the delegation's whole rewards to the withdraw address. */
export function msgWithdrawDelegatorReward(input: { delegatorAddress: string; /** unitvaloper1... */ validatorAddress: string }): Any {
  return packAny(MsgWithdrawDelegatorRewardSchema, { ...input });
}

/** `/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission`, signed by the operator's account. */
export function msgWithdrawValidatorCommission(input: { /** unitvaloper1... */ validatorAddress: string }): Any {
  return packAny(MsgWithdrawValidatorCommissionSchema, { ...input });
}

/** `/cosmos.distribution.v1beta1.MsgSetWithdrawAddress`: where the delegator's rewards (and commission) go. */
export function msgSetWithdrawAddress(input: { delegatorAddress: string; withdrawAddress: string }): Any {
  return packAny(MsgSetWithdrawAddressSchema, { ...input });
}

/** `/cosmos.distribution.v1beta1.MsgFundCommunityPool`; `amount` sorted by denom. */
export function msgFundCommunityPool(input: { depositor: string; amount: readonly Coin[] }): Any {
  return packAny(MsgFundCommunityPoolSchema, { depositor: input.depositor, amount: input.amount.map((c) => ({ ...c })) });
}
