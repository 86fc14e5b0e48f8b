// The voting module's registered errors. The SDK has no voting module, so codes start at 2 (1 is
// reserved for "internal" in every SDK codespace); invalidAuthority keeps the description of the
// SDK's gov ErrInvalidSigner, which its modules return for the same failure.
import { GrpcCode, registerError } from "../../../common/errors.js";
import { MODULE_NAME } from "./keys.js";

export const votingErrors = {
  invalidAuthority: registerError(MODULE_NAME, 2, "expected gov account as only signer for proposal message", GrpcCode.PERMISSION_DENIED),
  electoralAuthorityAlreadyExists: registerError(MODULE_NAME, 3, "electoral authority already exists", GrpcCode.ALREADY_EXISTS),
  electoralAuthorityNotFound: registerError(MODULE_NAME, 4, "electoral authority not found", GrpcCode.NOT_FOUND),
  invalidName: registerError(MODULE_NAME, 5, "invalid electoral authority name"),
  unauthorizedElectoralAuthority: registerError(MODULE_NAME, 6, "signer is not an electoral authority", GrpcCode.PERMISSION_DENIED),
  invalidElection: registerError(MODULE_NAME, 7, "invalid election title or description"),
  invalidOptions: registerError(MODULE_NAME, 8, "invalid election options"),
  invalidVotingPeriod: registerError(MODULE_NAME, 9, "invalid voting period"),
  invalidCredentialType: registerError(MODULE_NAME, 10, "invalid eligibility credential type"),
  electionNotFound: registerError(MODULE_NAME, 11, "election not found", GrpcCode.NOT_FOUND),
  notElectionAuthority: registerError(MODULE_NAME, 12, "signer is neither the election's authority nor the gov module account", GrpcCode.PERMISSION_DENIED),
  electionEnded: registerError(MODULE_NAME, 13, "election is closed or cancelled", GrpcCode.FAILED_PRECONDITION),
  electionNotOpen: registerError(MODULE_NAME, 14, "election is not open for voting", GrpcCode.FAILED_PRECONDITION),
  notEligible: registerError(MODULE_NAME, 15, "voter holds no valid credential of the election's eligibility type", GrpcCode.PERMISSION_DENIED),
  alreadyRegistered: registerError(MODULE_NAME, 16, "voter already registered for this election", GrpcCode.ALREADY_EXISTS),
  notRegistered: registerError(MODULE_NAME, 17, "voter is not registered for this election", GrpcCode.FAILED_PRECONDITION),
  alreadyVoted: registerError(MODULE_NAME, 18, "voter already voted in this election", GrpcCode.ALREADY_EXISTS),
  invalidOption: registerError(MODULE_NAME, 19, "option is not one of the election's options"),
  invalidParams: registerError(MODULE_NAME, 20, "invalid params"),
} as const;
