// The gov module account and the one authority check every governance-only message makes, in any
// module. This is the sole place the "invalid authority; expected X, got Y" text is written.
import type { RegisteredError } from "../../common/errors.js";
import { accAddressToString } from "../../common/address.js";
import { moduleAddress } from "../../common/moduleAccounts.js";

/** sha256("gov")[:20]: no key controls it, so only a passed proposal can sign for it. */
export function govModuleAddress(): Uint8Array {
  return moduleAddress("gov");
}

/** unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc */
export const GOV_AUTHORITY = accAddressToString(govModuleAddress());

/**
 * Throws `error` unless `authority` is the gov module account. Compares strings, as the SDK does:
 * only the canonical (lower-case) spelling is accepted.
 */
export function checkAuthority(authority: string, error: RegisteredError): void {
  if (authority !== GOV_AUTHORITY) throw error.wrap(`invalid authority; expected ${GOV_AUTHORITY}, got ${authority}`);
}
