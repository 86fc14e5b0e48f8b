// The one authority check every governance-only message makes, in any module. This is the sole
// place the "invalid authority; expected X, got Y" text is written. Which address is the authority
// (the gov module account) is the composition root's choice, handed to each keeper that needs it,
// as the SDK's app wiring does (app/modules.ts).
import type { RegisteredError } from "../../common/errors.js";

/**
 * Throws `error` unless `authority` is `expected`. Compares strings, as the SDK does: only the
 * canonical (lower-case) spelling is accepted.
 */
export function checkAuthority(expected: string, authority: string, error: RegisteredError): void {
  if (authority !== expected) throw error.wrap(`invalid authority; expected ${expected}, got ${authority}`);
}
