// The evidence module's registered errors: the SDK's x/evidence codes and descriptions.
import { GrpcCode, registerError } from "../../../common/errors.js";
import { MODULE_NAME } from "./keys.js";

export const evidenceErrors = {
  /** What a submitted Equivocation gets: neither the SDK's default app nor this chain routes one. */
  noEvidenceHandlerExists: registerError(MODULE_NAME, 2, "unregistered handler for evidence type", GrpcCode.UNIMPLEMENTED),
  invalidEvidence: registerError(MODULE_NAME, 3, "invalid evidence"),
  noEvidenceExists: registerError(MODULE_NAME, 4, "evidence does not exist", GrpcCode.NOT_FOUND),
  evidenceExists: registerError(MODULE_NAME, 5, "evidence already exists", GrpcCode.ALREADY_EXISTS),
} as const;
