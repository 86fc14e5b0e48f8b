// The consensus module's registered errors. The SDK's x/consensus answers a wrong authority with
// gov's ErrInvalidSigner and everything else with CometBFT's unregistered errors (codespace
// "undefined", code 1); this chain gives each failure a code of its own in the module's codespace,
// keeping the SDK's description for the authority, as the other governance-only messages here do.
import { GrpcCode, registerError } from "../../../common/errors.js";
import { MODULE_NAME } from "./keys.js";

export const consensusErrors = {
  invalidAuthority: registerError(MODULE_NAME, 2, "expected gov account as only signer for proposal message", GrpcCode.PERMISSION_DENIED),
  /** A part missing, or values CometBFT's ValidateBasic refuses. */
  invalidParams: registerError(MODULE_NAME, 3, "invalid consensus params"),
  /** Values valid on their own that the stored params do not allow to change to (vote extensions). */
  invalidUpdate: registerError(MODULE_NAME, 4, "invalid consensus params update", GrpcCode.FAILED_PRECONDITION),
} as const;
