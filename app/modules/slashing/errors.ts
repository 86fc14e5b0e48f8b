// The slashing module's registered errors: the SDK's x/slashing codes and descriptions, plus one
// code of this chain's for params the SDK refuses with an unregistered error.
import { GrpcCode, registerError } from "../../../common/errors.js";
import { MODULE_NAME } from "./keys.js";

export const slashingErrors = {
  noValidatorForAddress: registerError(MODULE_NAME, 2, "address is not associated with any known validator", GrpcCode.NOT_FOUND),
  badValidatorAddr: registerError(MODULE_NAME, 3, "validator does not exist for that address"),
  validatorJailed: registerError(MODULE_NAME, 4, "validator still jailed; cannot be unjailed", GrpcCode.FAILED_PRECONDITION),
  validatorNotJailed: registerError(MODULE_NAME, 5, "validator not jailed; cannot be unjailed", GrpcCode.FAILED_PRECONDITION),
  missingSelfDelegation: registerError(MODULE_NAME, 6, "validator has no self-delegation; cannot be unjailed", GrpcCode.FAILED_PRECONDITION),
  selfDelegationTooLowToUnjail: registerError(
    MODULE_NAME,
    7,
    "validator's self delegation less than minimum; cannot be unjailed",
    GrpcCode.FAILED_PRECONDITION,
  ),
  noSigningInfoFound: registerError(MODULE_NAME, 8, "no validator signing info found", GrpcCode.NOT_FOUND),
  validatorTombstoned: registerError(MODULE_NAME, 9, "validator already tombstoned", GrpcCode.FAILED_PRECONDITION),
  invalidSigner: registerError(MODULE_NAME, 10, "expected authority account as only signer for proposal message", GrpcCode.PERMISSION_DENIED),
  invalidConsPubKey: registerError(MODULE_NAME, 11, "invalid consensus pubkey"),
  /** The SDK answers these with Params.Validate's plain error (codespace "undefined"). */
  invalidParams: registerError(MODULE_NAME, 12, "invalid slashing params"),
} as const;
