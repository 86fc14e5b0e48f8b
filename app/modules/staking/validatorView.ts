// What other modules read about a validator (distribution, slashing, evidence): the record's
// numbers in bigint form, without its wire encoding.
import type { BondStatus, Validator } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { consensusAddress, decodeConsensusPubKey } from "./consensusKey.js";
import { decFromWire, intFromWire } from "./wire.js";

export interface ValidatorView {
  /** 20 bytes (valoper). */
  operator: Uint8Array;
  /** 20 bytes: CometBFT's address of the consensus key. */
  consAddress: Uint8Array;
  status: BondStatus;
  jailed: boolean;
  tokens: bigint;
  /** LegacyDec atomics. */
  delegatorShares: bigint;
  /** LegacyDec atomics: the current commission rate. */
  commissionRate: bigint;
  minSelfDelegation: bigint;
}

export function validatorView(operator: Uint8Array, v: Validator): ValidatorView {
  return {
    operator,
    consAddress: consensusAddress(decodeConsensusPubKey(v.consensusPubkey)),
    status: v.status,
    jailed: v.jailed,
    tokens: intFromWire(v.tokens, "validator tokens"),
    delegatorShares: decFromWire(v.delegatorShares),
    commissionRate: decFromWire(v.commission?.commissionRates?.rate ?? ""),
    minSelfDelegation: intFromWire(v.minSelfDelegation, "min_self_delegation"),
  };
}
