// The bank module's registered errors: the SDK's codespace and codes.
import { registerError } from "../../../common/errors.js";
import { MODULE_NAME } from "./keys.js";

export const bankErrors = {
  noInputs: registerError(MODULE_NAME, 2, "no inputs to send transaction"),
  noOutputs: registerError(MODULE_NAME, 3, "no outputs to send transaction"),
  inputOutputMismatch: registerError(MODULE_NAME, 4, "sum inputs != sum outputs"),
  sendDisabled: registerError(MODULE_NAME, 5, "send transactions are disabled"),
  denomMetadataNotFound: registerError(MODULE_NAME, 6, "client denom metadata not found"),
  multipleSenders: registerError(MODULE_NAME, 9, "multiple senders not allowed"),
} as const;
