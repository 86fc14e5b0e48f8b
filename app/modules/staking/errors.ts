// The staking module's registered errors: the SDK's codespace (the module name) and codes
// (x/staking/types/errors.go, v0.50) for the failures this chain can produce, plus one code of
// this chain's for invalid params. A wrong authority gets staking's own ErrInvalidSigner (the SDK's
// msg server wraps gov's; the description is the same).
import { GrpcCode, registerError } from "../../../common/errors.js";
import { MODULE_NAME } from "./keys.js";

export const stakingErrors = {
  noValidatorFound: registerError(MODULE_NAME, 3, "validator does not exist", GrpcCode.NOT_FOUND),
  validatorOwnerExists: registerError(MODULE_NAME, 4, "validator already exist for this operator address; must use new validator operator address"),
  validatorPubKeyExists: registerError(MODULE_NAME, 5, "validator already exist for this pubkey; must use new validator pubkey"),
  validatorPubKeyTypeNotSupported: registerError(MODULE_NAME, 6, "validator pubkey type is not supported"),
  validatorJailed: registerError(MODULE_NAME, 7, "validator for this address is currently jailed"),
  badRemoveValidator: registerError(MODULE_NAME, 8, "failed to remove validator"),
  commissionNegative: registerError(MODULE_NAME, 9, "commission must be positive"),
  commissionHuge: registerError(MODULE_NAME, 10, "commission cannot be more than 100%"),
  commissionGTMaxRate: registerError(MODULE_NAME, 11, "commission cannot be more than the max rate"),
  commissionUpdateTime: registerError(MODULE_NAME, 12, "commission cannot be changed more than once in 24h"),
  commissionChangeRateNegative: registerError(MODULE_NAME, 13, "commission change rate must be positive"),
  commissionChangeRateGTMaxRate: registerError(MODULE_NAME, 14, "commission change rate cannot be more than the max rate"),
  commissionGTMaxChangeRate: registerError(MODULE_NAME, 15, "commission cannot be changed more than max change rate"),
  selfDelegationBelowMinimum: registerError(MODULE_NAME, 16, "validator's self delegation must be greater than their minimum self delegation"),
  minSelfDelegationDecreased: registerError(MODULE_NAME, 17, "minimum self delegation cannot be decrease"),
  noDelegation: registerError(MODULE_NAME, 19, "no delegation for (address, validator) tuple", GrpcCode.NOT_FOUND),
  insufficientShares: registerError(MODULE_NAME, 22, "insufficient delegation shares"),
  notEnoughDelegationShares: registerError(MODULE_NAME, 24, "not enough delegation shares"),
  noUnbondingDelegation: registerError(MODULE_NAME, 26, "no unbonding delegation found", GrpcCode.NOT_FOUND),
  maxUnbondingDelegationEntries: registerError(MODULE_NAME, 27, "too many unbonding delegation entries for (delegator, validator) tuple"),
  noRedelegation: registerError(MODULE_NAME, 28, "no redelegation found", GrpcCode.NOT_FOUND),
  selfRedelegation: registerError(MODULE_NAME, 29, "cannot redelegate to the same validator"),
  tinyRedelegationAmount: registerError(MODULE_NAME, 30, "too few tokens to redelegate (truncates to zero tokens)"),
  badRedelegationDst: registerError(MODULE_NAME, 31, "redelegation destination validator not found"),
  transitiveRedelegation: registerError(
    MODULE_NAME,
    32,
    "redelegation to this validator already in progress; first redelegation to this validator must complete before next redelegation",
  ),
  maxRedelegationEntries: registerError(MODULE_NAME, 33, "too many redelegation entries for (delegator, src-validator, dst-validator) tuple"),
  delegatorShareExRateInvalid: registerError(MODULE_NAME, 34, "cannot delegate to validators with invalid (zero) ex-rate"),
  noHistoricalInfo: registerError(MODULE_NAME, 38, "no historical info found", GrpcCode.NOT_FOUND),
  emptyValidatorPubKey: registerError(MODULE_NAME, 39, "empty validator public key"),
  commissionLTMinRate: registerError(MODULE_NAME, 40, "commission cannot be less than min rate"),
  invalidSigner: registerError(MODULE_NAME, 43, "expected authority account as only signer for proposal message", GrpcCode.PERMISSION_DENIED),
  /** The SDK answers these with Params.Validate's plain error (codespace "undefined"). */
  invalidParams: registerError(MODULE_NAME, 101, "invalid staking params"),
} as const;
