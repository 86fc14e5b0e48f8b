// The identity module's storage schema, under the `identity/` namespace. Addresses are their 20
// bytes and ids are u64 big-endian, so `0x04 | subject | id` lists a subject's credentials in id
// order and `0x03 | id` lists all credentials in issue order.
import { sha256 } from "@noble/hashes/sha2.js";
import { readU64be, u64be } from "../../store/keyEncoding.js";

export const MODULE_NAME = "identity";

/** chain.identity.Params */
export const PARAMS_KEY = Uint8Array.of(0x01);
/** 0x02 | issuer address(20) → chain.identity.Issuer */
export const ISSUER_PREFIX = Uint8Array.of(0x02);
/** 0x03 | id(u64 BE) → chain.identity.Credential */
export const CREDENTIAL_PREFIX = Uint8Array.of(0x03);
/** 0x04 | subject address(20) | id(u64 BE) → empty: every credential (active or revoked) of a subject */
export const SUBJECT_PREFIX = Uint8Array.of(0x04);
/**
 * 0x05 | sha256(subject(20) | 0x00 | type | 0x00 | hash) → id(u64 BE): the ACTIVE credential with
 * that content, so a duplicate is found in one read. Deleted on revoke, so the same document may be
 * issued again afterwards. Neither the type nor the hash can contain 0x00, so the digest input is
 * unambiguous.
 */
export const ACTIVE_CONTENT_PREFIX = Uint8Array.of(0x05);
/** The id the next issued credential gets (u64 BE); absent means 1. */
export const NEXT_CREDENTIAL_ID_KEY = Uint8Array.of(0x06);

const utf8 = new TextEncoder();
const join = (...parts: Uint8Array[]) => Buffer.concat(parts);

export { readU64be, u64be };

export const issuerKey = (address: Uint8Array) => join(ISSUER_PREFIX, address);
export const credentialKey = (id: bigint) => join(CREDENTIAL_PREFIX, u64be(id));
export const subjectCredentialsPrefix = (subject: Uint8Array) => join(SUBJECT_PREFIX, subject);
export const subjectCredentialKey = (subject: Uint8Array, id: bigint) => join(SUBJECT_PREFIX, subject, u64be(id));

/** `hash` is the stored (lower-case) form, so two spellings of one digest map to one key. */
export function activeContentKey(subject: Uint8Array, credentialType: string, hash: string): Uint8Array {
  const sep = Uint8Array.of(0);
  return join(ACTIVE_CONTENT_PREFIX, sha256(join(subject, sep, utf8.encode(credentialType), sep, utf8.encode(hash))));
}
