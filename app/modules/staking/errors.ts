// The staking module's registered errors: the SDK's codespace and codes (x/staking/types/errors.go,
// v0.50) for the failures this chain can produce, and one code of our own past the SDK's range.
import { GrpcCode, registerError } from "../../../common/errors.js";

export const stakingErrors = {
  noValidatorFound: registerError("staking", 3, "validator does not exist", GrpcCode.NOT_FOUND),
  selfDelegationBelowMinimum: registerError("staking", 16, "validator's self delegation must be greater than their minimum self delegation"),
  noDelegation: registerError("staking", 19, "no delegation for (address, validator) tuple", GrpcCode.NOT_FOUND),
  insufficientShares: registerError("staking", 22, "insufficient delegation shares"),
  notEnoughDelegationShares: registerError("staking", 24, "not enough delegation shares"),
  maxUnbondingDelegationEntries: registerError("staking", 27, "too many unbonding delegation entries for (delegator, validator) tuple"),
  delegatorShareExRateInvalid: registerError("staking", 34, "cannot delegate to validators with invalid (zero) ex-rate"),
  /** Ours: validators come from genesis and never leave the set (no exit, jailing or slashing). */
  validatorExitUnsupported: registerError("staking", 100, "validator exit is not supported: a bonded validator must keep at least one unit of voting power"),
} as const;
