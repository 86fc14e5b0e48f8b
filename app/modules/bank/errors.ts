// The bank module's registered errors: the SDK's codespace and codes.
import { registerError } from "../../../common/errors.js";

export const bankErrors = {
  noInputs: registerError("bank", 2, "no inputs to send transaction"),
  noOutputs: registerError("bank", 3, "no outputs to send transaction"),
  inputOutputMismatch: registerError("bank", 4, "sum inputs != sum outputs"),
  sendDisabled: registerError("bank", 5, "send transactions are disabled"),
  denomMetadataNotFound: registerError("bank", 6, "client denom metadata not found"),
  multipleSenders: registerError("bank", 9, "multiple senders not allowed"),
} as const;
