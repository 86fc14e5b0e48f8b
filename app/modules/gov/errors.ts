// The gov module's registered errors: the SDK's codespace (the module name) and v0.50 codes
// (x/gov/types/errors.go), plus its older "unknown proposal" (code 2), which says more than
// v0.50's raw store error.
import { GrpcCode, registerError } from "../../../common/errors.js";
import { MODULE_NAME as GOV } from "./keys.js";

export const govErrors = {
  unknownProposal: registerError(GOV, 2, "unknown proposal", GrpcCode.NOT_FOUND),
  inactiveProposal: registerError(GOV, 3, "inactive proposal", GrpcCode.FAILED_PRECONDITION),
  alreadyActiveProposal: registerError(GOV, 4, "proposal already active", GrpcCode.FAILED_PRECONDITION),
  invalidProposalContent: registerError(GOV, 5, "invalid proposal content"),
  invalidProposalType: registerError(GOV, 6, "invalid proposal type"),
  invalidVote: registerError(GOV, 7, "invalid vote option"),
  invalidGenesis: registerError(GOV, 8, "invalid genesis state"),
  noProposalHandlerExists: registerError(GOV, 9, "no handler exists for proposal type"),
  unroutableProposalMsg: registerError(GOV, 10, "proposal message not recognized by router"),
  noProposalMsgs: registerError(GOV, 11, "no messages proposed"),
  invalidProposalMsg: registerError(GOV, 12, "invalid proposal message"),
  invalidSigner: registerError(GOV, 13, "expected gov account as only signer for proposal message", GrpcCode.PERMISSION_DENIED),
  metadataTooLong: registerError(GOV, 15, "metadata too long"),
  minDepositTooSmall: registerError(GOV, 16, "minimum deposit is too small"),
  invalidProposer: registerError(GOV, 18, "invalid proposer", GrpcCode.PERMISSION_DENIED),
  votingPeriodEnded: registerError(GOV, 20, "voting period already ended", GrpcCode.FAILED_PRECONDITION),
  invalidProposal: registerError(GOV, 21, "invalid proposal", GrpcCode.FAILED_PRECONDITION),
  summaryTooLong: registerError(GOV, 22, "summary too long"),
  invalidDepositDenom: registerError(GOV, 23, "invalid deposit denom"),
} as const;
