// Stateless format rules shared by the messages (validateBasic) and genesis, so a record genesis
// accepts is one a transaction could have written.
import { CREDENTIAL_HASH_PATTERN, CREDENTIAL_TYPE_PATTERN } from "../../../sdk/tx/identityMessages.js";
import { identityErrors } from "./errors.js";

// One rule for the client and the chain, so the CLI refuses exactly what the chain would.
export { CREDENTIAL_HASH_PATTERN, CREDENTIAL_TYPE_PATTERN };
export const MAX_ISSUER_NAME_LENGTH = 140;

/** Quotes user text in an error message without letting it grow the log unboundedly. */
const quote = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}...` : text);

export function validateCredentialType(type: string, field = "credential_type"): void {
  if (!CREDENTIAL_TYPE_PATTERN.test(type)) {
    throw identityErrors.invalidCredentialType.wrap(`${field} ${quote(type)} must match ${CREDENTIAL_TYPE_PATTERN.source}`);
  }
}

/** Returns the stored form: lower-case, so one digest has one spelling on chain. */
export function normalizeCredentialHash(hash: string, field = "credential_hash"): string {
  if (!CREDENTIAL_HASH_PATTERN.test(hash)) {
    throw identityErrors.invalidCredentialHash.wrap(`${field} ${quote(hash)} must be 0x followed by 64 hex digits (a SHA-256 digest)`);
  }
  return hash.toLowerCase();
}

/** A display name: not blank, at most 140 characters (code points), no control characters. */
export function validateIssuerName(name: string, field = "name"): void {
  if (name.trim() === "") throw identityErrors.invalidIssuerName.wrap(`${field} is empty`);
  const length = [...name].length;
  if (length > MAX_ISSUER_NAME_LENGTH) throw identityErrors.invalidIssuerName.wrap(`${field} has ${length} characters, more than ${MAX_ISSUER_NAME_LENGTH}`);
  if (/\p{Cc}/u.test(name)) throw identityErrors.invalidIssuerName.wrap(`${field} contains control characters`);
}
