// The taxrail module's registered errors. The SDK has no taxrail module, so codes start at 2
// (1 is reserved for "internal" in every SDK codespace); invalidAuthority keeps the description of
// the SDK's gov ErrInvalidSigner, which its modules return for the same failure.
import { GrpcCode, registerError } from "../../../common/errors.js";
import { MODULE_NAME } from "./keys.js";

export const taxrailErrors = {
  invalidAuthority: registerError(MODULE_NAME, 2, "expected gov account as only signer for proposal message", GrpcCode.PERMISSION_DENIED),
  invalidJurisdictionCode: registerError(MODULE_NAME, 3, "invalid jurisdiction code"),
  unauthorized: registerError(MODULE_NAME, 4, "signer is not the jurisdiction's authority", GrpcCode.PERMISSION_DENIED),
  invalidRate: registerError(MODULE_NAME, 5, "invalid tax rate"),
  insufficientTaxBalance: registerError(MODULE_NAME, 6, "insufficient jurisdiction tax balance", GrpcCode.FAILED_PRECONDITION),
  invalidAmount: registerError(MODULE_NAME, 7, "invalid amount"),
  invalidRecipient: registerError(MODULE_NAME, 8, "invalid recipient"),
  invalidParams: registerError(MODULE_NAME, 9, "invalid params"),
} as const;
