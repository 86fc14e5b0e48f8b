// The precisebank module's registered errors. The SDK has no such module (Kava's returns the SDK's
// root errors), so codes start at 2; 1 is "internal" in every SDK codespace.
import { GrpcCode, registerError } from "../../../common/errors.js";

const PRECISEBANK = "precisebank";

export const precisebankErrors = {
  insufficientFunds: registerError(PRECISEBANK, 2, "insufficient funds"),
  invalidAmount: registerError(PRECISEBANK, 3, "invalid amount"),
  reserveAccount: registerError(PRECISEBANK, 4, "the reserve account is moved only by the precisebank module", GrpcCode.PERMISSION_DENIED),
} as const;
