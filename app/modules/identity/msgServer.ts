// chain.identity.Msg: formats and the governance authority are checked in validateBasic (it runs
// in CheckTx, before any fee is taken, and before every execution: app/tx/msgRouter.ts), issuer
// permissions and existence in handle, against the block's state.
import {
  MsgAddIssuerResponseSchema,
  MsgAddIssuerSchema,
  MsgIssueCredentialResponseSchema,
  MsgIssueCredentialSchema,
  MsgRemoveIssuerResponseSchema,
  MsgRemoveIssuerSchema,
  MsgRevokeCredentialResponseSchema,
  MsgRevokeCredentialSchema,
  MsgUpdateParamsResponseSchema,
  MsgUpdateParamsSchema,
} from "../../../gen/chain/identity/tx_pb.js";
import { equalBytes } from "../../store/bytes.js";
import type { MsgHandler } from "../../tx/msgRouter.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import { governanceOnly } from "../../tx/authority.js";
import { identityErrors } from "./errors.js";
import { emitCredentialIssued, emitCredentialRevoked, emitIssuerAdded, emitIssuerRemoved } from "./events.js";
import type { IdentityKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import { normalizeCredentialHash, validateCredentialType, validateIssuerName } from "./validation.js";

export function msgAddIssuerHandler(keeper: IdentityKeeper): MsgHandler<typeof MsgAddIssuerSchema, typeof MsgAddIssuerResponseSchema> {
  return governanceOnly(keeper.authority, identityErrors.invalidAuthority, {
    request: MsgAddIssuerSchema,
    response: MsgAddIssuerResponseSchema,
    module: MODULE_NAME,
    validateBasic: (msg) => {
      parseAccAddress(msg.issuerAddress, "issuer address");
      validateIssuerName(msg.name);
    },
    handle: (ctx, msg) => {
      const address = parseAccAddress(msg.issuerAddress, "issuer address");
      keeper.addIssuer(ctx, address, msg.name, ctx.header.time);
      emitIssuerAdded(ctx, accAddressToString(address), msg.name);
      return {};
    },
  });
}

export function msgRemoveIssuerHandler(keeper: IdentityKeeper): MsgHandler<typeof MsgRemoveIssuerSchema, typeof MsgRemoveIssuerResponseSchema> {
  return governanceOnly(keeper.authority, identityErrors.invalidAuthority, {
    request: MsgRemoveIssuerSchema,
    response: MsgRemoveIssuerResponseSchema,
    module: MODULE_NAME,
    validateBasic: (msg) => {
      parseAccAddress(msg.issuerAddress, "issuer address");
    },
    handle: (ctx, msg) => {
      const address = parseAccAddress(msg.issuerAddress, "issuer address");
      keeper.removeIssuer(ctx, address);
      emitIssuerRemoved(ctx, accAddressToString(address));
      return {};
    },
  });
}

export function msgUpdateParamsHandler(keeper: IdentityKeeper): MsgHandler<typeof MsgUpdateParamsSchema, typeof MsgUpdateParamsResponseSchema> {
  return governanceOnly(keeper.authority, identityErrors.invalidAuthority, {
    request: MsgUpdateParamsSchema,
    response: MsgUpdateParamsResponseSchema,
    module: MODULE_NAME,
    validateBasic: (msg) => {
      if (!msg.params) throw identityErrors.invalidParams.wrap("params missing");
      validateCredentialType(msg.params.attestedCredentialType, "params.attested_credential_type");
    },
    handle: (ctx, msg) => {
      keeper.setParams(ctx, msg.params!); // present: validateBasic checked it
      return {};
    },
  });
}

export function msgIssueCredentialHandler(keeper: IdentityKeeper): MsgHandler<typeof MsgIssueCredentialSchema, typeof MsgIssueCredentialResponseSchema> {
  return {
    request: MsgIssueCredentialSchema,
    response: MsgIssueCredentialResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.issuer, "issuer")],
    validateBasic: (msg) => {
      parseAccAddress(msg.issuer, "issuer");
      parseAccAddress(msg.subject, "subject");
      validateCredentialType(msg.credentialType);
      normalizeCredentialHash(msg.credentialHash);
    },
    handle: (ctx, msg, [issuer]) => {
      const subject = parseAccAddress(msg.subject, "subject");
      const credentialHash = normalizeCredentialHash(msg.credentialHash);
      if (!keeper.isAuthorizedIssuer(ctx.store, issuer!)) throw identityErrors.unauthorizedIssuer.wrap(`${msg.issuer} is not an authorized issuer`);
      const c = keeper.issueCredential(ctx, { issuer: issuer!, subject, credentialType: msg.credentialType, credentialHash });
      emitCredentialIssued(ctx, {
        credentialId: c.id,
        subject: c.subject,
        issuer: c.issuer,
        credentialType: c.credentialType,
        credentialHash: c.credentialHash,
      });
      return { credentialId: c.id };
    },
  };
}

/**
 * The credential's issuer may revoke it, even after governance removed that issuer (revoking only
 * withdraws trust, and it keeps a later re-authorization from reviving the credential); so may the
 * gov module account, through a proposal. Nobody else.
 */
export function msgRevokeCredentialHandler(keeper: IdentityKeeper): MsgHandler<typeof MsgRevokeCredentialSchema, typeof MsgRevokeCredentialResponseSchema> {
  return {
    request: MsgRevokeCredentialSchema,
    response: MsgRevokeCredentialResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.signer, "signer")],
    validateBasic: (msg) => {
      parseAccAddress(msg.signer, "signer");
      if (msg.credentialId === 0n) throw identityErrors.credentialNotFound.wrap("credential 0 (ids start at 1)");
    },
    handle: (ctx, msg, [signer]) => {
      const credential = keeper.getCredential(ctx.store, msg.credentialId);
      if (!credential) throw identityErrors.credentialNotFound.wrap(`credential ${msg.credentialId}`);
      if (!equalBytes(signer!, parseAccAddress(credential.issuer, "credential issuer")) && accAddressToString(signer!) !== keeper.authority) {
        throw identityErrors.notCredentialIssuer.wrap(`${msg.signer} may not revoke credential ${msg.credentialId} issued by ${credential.issuer}`);
      }
      const revoked = keeper.revokeCredential(ctx, msg.credentialId);
      emitCredentialRevoked(ctx, revoked.id, revoked.subject, accAddressToString(signer!));
      return {};
    },
  };
}
