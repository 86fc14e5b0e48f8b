// The identity module's registered errors. The SDK has no identity module, so codes start at 2
// (1 is reserved for "internal" in every SDK codespace); invalidAuthority keeps the description of
// the SDK's gov ErrInvalidSigner, which its modules return for the same failure.
import { GrpcCode, registerError } from "../../../common/errors.js";

const IDENTITY = "identity";

export const identityErrors = {
  invalidAuthority: registerError(IDENTITY, 2, "expected gov account as only signer for proposal message", GrpcCode.PERMISSION_DENIED),
  unauthorizedIssuer: registerError(IDENTITY, 3, "unauthorized issuer", GrpcCode.PERMISSION_DENIED),
  invalidCredentialHash: registerError(IDENTITY, 4, "invalid credential hash"),
  invalidCredentialType: registerError(IDENTITY, 5, "invalid credential type"),
  credentialNotFound: registerError(IDENTITY, 6, "credential not found", GrpcCode.NOT_FOUND),
  credentialAlreadyRevoked: registerError(IDENTITY, 7, "credential already revoked", GrpcCode.FAILED_PRECONDITION),
  notCredentialIssuer: registerError(IDENTITY, 8, "signer is neither the credential's issuer nor the gov module account", GrpcCode.PERMISSION_DENIED),
  duplicateCredential: registerError(IDENTITY, 9, "an active credential with the same subject, type and hash exists", GrpcCode.ALREADY_EXISTS),
  issuerAlreadyExists: registerError(IDENTITY, 10, "issuer already exists", GrpcCode.ALREADY_EXISTS),
  issuerNotFound: registerError(IDENTITY, 11, "issuer not found", GrpcCode.NOT_FOUND),
  invalidIssuerName: registerError(IDENTITY, 12, "invalid issuer name"),
  invalidParams: registerError(IDENTITY, 13, "invalid params"),
} as const;
