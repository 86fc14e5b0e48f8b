// Staking messages (cosmos.staking.v1beta1) as Anys ready for a tx body.
import type { Any } from "@bufbuild/protobuf/wkt";
import { MsgDelegateSchema, MsgUndelegateSchema } from "../../gen/cosmos/staking/v1beta1/tx_pb.js";
import type { Coin } from "./coins.js";
import { packAny } from "./registry.js";

export interface DelegationInput {
  delegatorAddress: string;
  /** unitvaloper1... */
  validatorAddress: string;
  amount: Coin;
}

/** `/cosmos.staking.v1beta1.MsgDelegate` packed in an Any. */
export function msgDelegate(input: DelegationInput): Any {
  return packAny(MsgDelegateSchema, { ...input });
}

/** `/cosmos.staking.v1beta1.MsgUndelegate` packed in an Any: the tokens return after the unbonding period. */
export function msgUndelegate(input: DelegationInput): Any {
  return packAny(MsgUndelegateSchema, { ...input });
}
