// The staking module's registered errors: the SDK's codespace (the module name) and codes
// (x/staking/types/errors.go, v0.50) for the failures this chain can produce, and one code of our
// own past the SDK's range.
import { GrpcCode, registerError } from "../../../common/errors.js";
import { MODULE_NAME } from "./keys.js";

export const stakingErrors = {
  noValidatorFound: registerError(MODULE_NAME, 3, "validator does not exist", GrpcCode.NOT_FOUND),
  validatorJailed: registerError(MODULE_NAME, 7, "validator for this address is currently jailed"),
  selfDelegationBelowMinimum: registerError(MODULE_NAME, 16, "validator's self delegation must be greater than their minimum self delegation"),
  noDelegation: registerError(MODULE_NAME, 19, "no delegation for (address, validator) tuple", GrpcCode.NOT_FOUND),
  insufficientShares: registerError(MODULE_NAME, 22, "insufficient delegation shares"),
  notEnoughDelegationShares: registerError(MODULE_NAME, 24, "not enough delegation shares"),
  maxUnbondingDelegationEntries: registerError(MODULE_NAME, 27, "too many unbonding delegation entries for (delegator, validator) tuple"),
  delegatorShareExRateInvalid: registerError(MODULE_NAME, 34, "cannot delegate to validators with invalid (zero) ex-rate"),
  /** Ours: validators come from genesis and never leave the set (no exit, jailing or slashing). */
  validatorExitUnsupported: registerError(MODULE_NAME, 100, "validator exit is not supported: a bonded validator must keep at least one unit of voting power"),
} as const;
