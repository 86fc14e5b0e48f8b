// The distribution module's registered errors: the SDK's codespace (the module name) and v0.50
// codes (x/distribution/types/errors.go). A wrong authority gets a code of its own in this
// codespace with the SDK's description (the SDK answers with gov's ErrInvalidSigner), as the
// other governance-only messages here do.
import { GrpcCode, registerError } from "../../../common/errors.js";
import { MODULE_NAME } from "./keys.js";

export const distributionErrors = {
  emptyDelegatorAddr: registerError(MODULE_NAME, 2, "delegator address is empty"),
  emptyWithdrawAddr: registerError(MODULE_NAME, 3, "withdraw address is empty"),
  emptyValidatorAddr: registerError(MODULE_NAME, 4, "validator address is empty"),
  emptyDelegationDistInfo: registerError(MODULE_NAME, 5, "no delegation distribution info", GrpcCode.NOT_FOUND),
  noValidatorDistInfo: registerError(MODULE_NAME, 6, "no validator distribution info", GrpcCode.NOT_FOUND),
  noValidatorCommission: registerError(MODULE_NAME, 7, "no validator commission to withdraw", GrpcCode.FAILED_PRECONDITION),
  setWithdrawAddrDisabled: registerError(MODULE_NAME, 8, "set withdraw address disabled", GrpcCode.FAILED_PRECONDITION),
  badDistribution: registerError(MODULE_NAME, 9, "community pool does not have sufficient coins to distribute", GrpcCode.FAILED_PRECONDITION),
  invalidProposalAmount: registerError(MODULE_NAME, 10, "invalid community pool spend proposal amount"),
  emptyProposalRecipient: registerError(MODULE_NAME, 11, "invalid community pool spend proposal recipient"),
  noValidatorExists: registerError(MODULE_NAME, 12, "validator does not exist", GrpcCode.NOT_FOUND),
  noDelegationExists: registerError(MODULE_NAME, 13, "delegation does not exist", GrpcCode.NOT_FOUND),
  invalidAuthority: registerError(MODULE_NAME, 14, "expected gov account as only signer for proposal message", GrpcCode.PERMISSION_DENIED),
  invalidParams: registerError(MODULE_NAME, 15, "invalid distribution params"),
} as const;
