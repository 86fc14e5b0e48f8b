// Identity messages as Anys ready for a tx body (chain.identity). Issue and revoke are signed by
// the issuer; add-issuer, remove-issuer and update-params only travel inside gov proposals.
import type { Any } from "@bufbuild/protobuf/wkt";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ParamsSchema } from "../../gen/chain/identity/identity_pb.js";
import {
  MsgAddIssuerSchema,
  MsgIssueCredentialSchema,
  MsgRemoveIssuerSchema,
  MsgRevokeCredentialSchema,
  MsgUpdateParamsSchema,
} from "../../gen/chain/identity/tx_pb.js";
import { packAny } from "./registry.js";

/** "0x" and 64 hex digits (either case): the SHA-256 of the off-chain document. */
export const CREDENTIAL_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;

/**
 * Credential types are short machine names ("kyc", "residency.eu", "age_18-plus"): lower-case so
 * "KYC" and "kyc" can never be two types, and without 0x00 so the chain's duplicate index key is
 * unambiguous. The same rule holds for the attested_credential_type param.
 */
export const CREDENTIAL_TYPE_PATTERN = /^[a-z0-9][a-z0-9_.-]{0,63}$/;

export interface MsgIssueCredentialInput {
  issuer: string;
  subject: string;
  credentialType: string;
  credentialHash: string;
}

/** `/chain.identity.MsgIssueCredential` packed in an Any. */
export function msgIssueCredential(input: MsgIssueCredentialInput): Any {
  if (!CREDENTIAL_HASH_PATTERN.test(input.credentialHash))
    throw new Error(`credential hash "${input.credentialHash.slice(0, 80)}" is not 0x followed by 64 hex digits (a SHA-256 digest)`);
  return packAny(MsgIssueCredentialSchema, input);
}

/** `/chain.identity.MsgRevokeCredential` packed in an Any; `signer` is the issuer (or gov). */
export function msgRevokeCredential(input: { signer: string; credentialId: bigint }): Any {
  return packAny(MsgRevokeCredentialSchema, input);
}

/** `/chain.identity.MsgAddIssuer` for a gov proposal; `authority` is the gov module account. */
export function msgAddIssuer(input: { authority: string; issuerAddress: string; name: string }): Any {
  return packAny(MsgAddIssuerSchema, input);
}

/** `/chain.identity.MsgRemoveIssuer` for a gov proposal. */
export function msgRemoveIssuer(input: { authority: string; issuerAddress: string }): Any {
  return packAny(MsgRemoveIssuerSchema, input);
}

/** `/chain.identity.MsgUpdateParams` for a gov proposal: the module's whole params. */
export function msgUpdateIdentityParams(input: { authority: string; params: MessageInitShape<typeof ParamsSchema> }): Any {
  return packAny(MsgUpdateParamsSchema, input);
}
