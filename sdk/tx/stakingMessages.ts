// Staking messages (cosmos.staking.v1beta1) as Anys ready for a tx body. Decimal inputs (rates)
// are decimal text ("0.1"); the wire form carries LegacyDec atomics, which these helpers write.
import { create, toBinary } from "@bufbuild/protobuf";
import type { Any } from "@bufbuild/protobuf/wkt";
import { PubKeySchema as Ed25519PubKeySchema } from "../../gen/cosmos/crypto/ed25519/keys_pb.js";
import {
  MsgBeginRedelegateSchema,
  MsgCancelUnbondingDelegationSchema,
  MsgCreateValidatorSchema,
  MsgDelegateSchema,
  MsgEditValidatorSchema,
  MsgUndelegateSchema,
  MsgUpdateParamsSchema,
} from "../../gen/cosmos/staking/v1beta1/tx_pb.js";
import { parseDec } from "../math/dec.js";
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

export interface RedelegationInput {
  delegatorAddress: string;
  /** unitvaloper1... the delegation moves from */
  validatorSrcAddress: string;
  /** unitvaloper1... it moves to */
  validatorDstAddress: string;
  amount: Coin;
}

/** `/cosmos.staking.v1beta1.MsgBeginRedelegate`: moves a delegation at once, without the unbonding wait. */
export function msgBeginRedelegate(input: RedelegationInput): Any {
  return packAny(MsgBeginRedelegateSchema, { ...input });
}

/** `/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation`: delegates back (part of) the entry created at `creationHeight`. */
export function msgCancelUnbondingDelegation(input: DelegationInput & { creationHeight: bigint }): Any {
  return packAny(MsgCancelUnbondingDelegationSchema, { ...input });
}

export interface ValidatorDescription {
  moniker: string;
  identity?: string;
  website?: string;
  securityContact?: string;
  details?: string;
}

export interface CreateValidatorInput {
  /** unitvaloper1... of the signing account: the operator. */
  validatorAddress: string;
  /** The 32-byte ed25519 consensus public key (CometBFT's priv_validator_key.json `pub_key`). */
  consensusPubKey: Uint8Array;
  description: ValidatorDescription;
  /** Decimal text: the rate now, the most it may ever be, the most it may rise in a day. */
  commission: { rate: string; maxRate: string; maxChangeRate: string };
  /** Integer text of the bond denom; the self-delegation must stay at least this. */
  minSelfDelegation: string;
  /** The self-delegation, in the bond denom. */
  value: Coin;
}

/** `/cosmos.crypto.ed25519.PubKey` in an Any, as a validator's consensus key travels. */
export function ed25519ConsensusKey(key: Uint8Array): Any {
  return {
    $typeName: "google.protobuf.Any",
    typeUrl: `/${Ed25519PubKeySchema.typeName}`,
    value: toBinary(Ed25519PubKeySchema, create(Ed25519PubKeySchema, { key })),
  };
}

const decAtomics = (text: string) => parseDec(text).toString();

/** `/cosmos.staking.v1beta1.MsgCreateValidator` packed in an Any. */
export function msgCreateValidator(input: CreateValidatorInput): Any {
  return packAny(MsgCreateValidatorSchema, {
    description: input.description,
    commission: {
      rate: decAtomics(input.commission.rate),
      maxRate: decAtomics(input.commission.maxRate),
      maxChangeRate: decAtomics(input.commission.maxChangeRate),
    },
    minSelfDelegation: input.minSelfDelegation,
    validatorAddress: input.validatorAddress,
    pubkey: ed25519ConsensusKey(input.consensusPubKey),
    value: input.value,
  });
}

/** The SDK's placeholder for a description field an edit leaves as it is. */
export const DO_NOT_MODIFY = "[do-not-modify]";

export interface EditValidatorInput {
  validatorAddress: string;
  /** Fields left out keep their value. */
  description?: Partial<ValidatorDescription>;
  /** Decimal text; left out: unchanged. */
  commissionRate?: string;
  /** Integer text; left out: unchanged. */
  minSelfDelegation?: string;
}

/** `/cosmos.staking.v1beta1.MsgEditValidator` packed in an Any. */
export function msgEditValidator(input: EditValidatorInput): Any {
  const d = input.description ?? {};
  return packAny(MsgEditValidatorSchema, {
    description: {
      moniker: d.moniker ?? DO_NOT_MODIFY,
      identity: d.identity ?? DO_NOT_MODIFY,
      website: d.website ?? DO_NOT_MODIFY,
      securityContact: d.securityContact ?? DO_NOT_MODIFY,
      details: d.details ?? DO_NOT_MODIFY,
    },
    validatorAddress: input.validatorAddress,
    commissionRate: input.commissionRate === undefined ? "" : decAtomics(input.commissionRate),
    minSelfDelegation: input.minSelfDelegation ?? "",
  });
}

export interface UpdateStakingParamsInput {
  /** The gov module account: the message runs only from a passed proposal. */
  authority: string;
  /** Every param, replacing the chain's. */
  params: {
    unbondingSeconds: bigint;
    maxValidators: number;
    maxEntries: number;
    historicalEntries: number;
    bondDenom: string;
    /** Decimal text, "0.05" for 5 %. */
    minCommissionRate: string;
  };
}

/** `/cosmos.staking.v1beta1.MsgUpdateParams` packed in an Any, for a proposal's messages. */
export function msgUpdateStakingParams(input: UpdateStakingParamsInput): Any {
  const { unbondingSeconds, minCommissionRate, ...rest } = input.params;
  return packAny(MsgUpdateParamsSchema, {
    authority: input.authority,
    params: { ...rest, unbondingTime: { seconds: unbondingSeconds }, minCommissionRate: parseDec(minCommissionRate).toString() },
  });
}
