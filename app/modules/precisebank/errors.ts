// The precisebank module's registered errors. The SDK has no such module (Kava's returns the SDK's
// root errors), so codes start at 2; 1 is "internal" in every SDK codespace.
import { GrpcCode, registerError } from "../../../common/errors.js";
import { MODULE_NAME } from "./keys.js";

export const precisebankErrors = {
  insufficientFunds: registerError(MODULE_NAME, 2, "insufficient funds"),
  invalidAmount: registerError(MODULE_NAME, 3, "invalid amount"),
  reserveAccount: registerError(MODULE_NAME, 4, "the reserve account is moved only by the precisebank module", GrpcCode.PERMISSION_DENIED),
} as const;
