// The identity module's registered errors. The SDK has no identity module, so codes start at 2
// (1 is reserved for "internal" in every SDK codespace); invalidAuthority keeps the description of
// the SDK's gov ErrInvalidSigner, which its modules return for the same failure.
import { GrpcCode, registerError } from "../../../common/errors.js";
import { MODULE_NAME } from "./keys.js";

export const identityErrors = {
  invalidAuthority: registerError(MODULE_NAME, 2, "expected gov account as only signer for proposal message", GrpcCode.PERMISSION_DENIED),
  unauthorizedIssuer: registerError(MODULE_NAME, 3, "unauthorized issuer", GrpcCode.PERMISSION_DENIED),
  invalidCredentialHash: registerError(MODULE_NAME, 4, "invalid credential hash"),
  invalidCredentialType: registerError(MODULE_NAME, 5, "invalid credential type"),
  credentialNotFound: registerError(MODULE_NAME, 6, "credential not found", GrpcCode.NOT_FOUND),
  credentialAlreadyRevoked: registerError(MODULE_NAME, 7, "credential already revoked", GrpcCode.FAILED_PRECONDITION),
  notCredentialIssuer: registerError(MODULE_NAME, 8, "signer is neither the credential's issuer nor the gov module account", GrpcCode.PERMISSION_DENIED),
  duplicateCredential: registerError(MODULE_NAME, 9, "an active credential with the same subject, type and hash exists", GrpcCode.ALREADY_EXISTS),
  issuerAlreadyExists: registerError(MODULE_NAME, 10, "issuer already exists", GrpcCode.ALREADY_EXISTS),
  issuerNotFound: registerError(MODULE_NAME, 11, "issuer not found", GrpcCode.NOT_FOUND),
  invalidIssuerName: registerError(MODULE_NAME, 12, "invalid issuer name"),
  invalidParams: registerError(MODULE_NAME, 13, "invalid params"),
} as const;
