// The one authority check every governance-only message makes, in any module. This is the sole
// place the "invalid authority; expected X, got Y" text is written. Which address is the authority
// (the gov module account) is the composition root's choice, handed to each keeper that needs it,
// as the SDK's app wiring does (app/modules.ts).
import type { DescField, DescMessage, MessageShape } from "@bufbuild/protobuf";
import { parseAccAddress } from "../../common/address.js";
import type { RegisteredError } from "../../common/errors.js";
import type { MsgHandler } from "./msgRouter.js";

/**
 * Throws `error` unless `authority` is `expected`. Compares strings, as the SDK does: only the
 * canonical (lower-case) spelling is accepted.
 */
export function checkAuthority(expected: string, authority: string, error: RegisteredError): void {
  if (authority !== expected) throw error.wrap(`invalid authority; expected ${expected}, got ${authority}`);
}

/** A handler of a governance-only message, less what governanceOnly adds. */
export type GovernanceOnlyHandler<I extends DescMessage, O extends DescMessage> = Omit<MsgHandler<I, O>, "signers">;

/**
 * A governance-only message's handler: its `authority` field is its only signer and must be
 * `expected`, checked before the message's own stateless checks (so before any fee is taken).
 */
export function governanceOnly<I extends DescMessage & { field: Record<"authority", DescField> }, O extends DescMessage>(
  expected: string,
  error: RegisteredError,
  handler: GovernanceOnlyHandler<I, O>,
): MsgHandler<I, O> {
  // The constraint on I guarantees the field; TypeScript cannot carry it into MessageShape<I>.
  const authorityOf = (msg: MessageShape<I>): string => (msg as unknown as { authority: string }).authority;
  return {
    ...handler,
    signers: (msg) => [parseAccAddress(authorityOf(msg), "authority")],
    validateBasic: (msg) => {
      checkAuthority(expected, authorityOf(msg), error);
      handler.validateBasic?.(msg);
    },
  };
}
