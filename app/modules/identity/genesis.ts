// Identity genesis: chain.identity.GenesisState in proto-JSON with snake_case names. Every record
// is held to the rules a transaction would be held to, and the indexes (by subject, active
// content) are rebuilt from the records rather than read from the file.
import { create, fromJson, toJson } from "@bufbuild/protobuf";
import { CredentialSchema, CredentialStatus, GenesisStateSchema, type GenesisState } from "../../../gen/chain/identity/identity_pb.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import { defaultIdentityParams, type IdentityKeeper } from "./keeper.js";
import { normalizeCredentialHash, validateCredentialType, validateIssuerName } from "./validation.js";

export function defaultIdentityGenesis(): unknown {
  const g = create(GenesisStateSchema, { params: defaultIdentityParams(), issuers: [], credentials: [], nextCredentialId: 1n });
  return toJson(GenesisStateSchema, g, { useProtoFieldName: true, alwaysEmitImplicit: true });
}

/** Runs `check`, turning any failure into a plain error naming the genesis field. */
function at<T>(where: string, check: () => T): T {
  try {
    return check();
  } catch (err) {
    throw new Error(`identity genesis${where ? ` ${where}` : ""}: ${(err as Error).message}`);
  }
}

function parseGenesis(raw: unknown): GenesisState {
  return at("", () => fromJson(GenesisStateSchema, raw as never));
}

export function initIdentityGenesis(ctx: Context, keeper: IdentityKeeper, raw: unknown): void {
  const g = parseGenesis(raw);
  const params = g.params ?? defaultIdentityParams();
  at("params.attested_credential_type", () => validateCredentialType(params.attestedCredentialType, "attested_credential_type"));
  keeper.setParams(ctx, params);

  for (const [i, issuer] of g.issuers.entries()) {
    const where = `issuers[${i}]`;
    const address = at(`${where}.address`, () => parseAccAddress(issuer.address, "address"));
    at(`${where}.name`, () => validateIssuerName(issuer.name));
    // An issuer listed at genesis without a date was authorized when the chain began.
    at(where, () => keeper.addIssuer(ctx, address, issuer.name, issuer.addedAt ?? ctx.header.time));
  }

  let maxId = 0n;
  for (const [i, c] of g.credentials.entries()) {
    const where = `credentials[${i}]`;
    if (c.id === 0n) throw new Error(`identity genesis ${where}.id: ids start at 1`);
    if (keeper.getCredential(ctx.store, c.id)) throw new Error(`identity genesis ${where}.id: duplicate id ${c.id}`);
    if (c.status !== CredentialStatus.ACTIVE && c.status !== CredentialStatus.REVOKED) {
      throw new Error(`identity genesis ${where}.status: must be CREDENTIAL_STATUS_ACTIVE or CREDENTIAL_STATUS_REVOKED`);
    }
    // Issuers need not be listed: a credential outlives the removal of its issuer.
    const record = create(CredentialSchema, {
      id: c.id,
      subject: accAddressToString(at(`${where}.subject`, () => parseAccAddress(c.subject, "subject"))),
      issuer: accAddressToString(at(`${where}.issuer`, () => parseAccAddress(c.issuer, "issuer"))),
      credentialType: c.credentialType,
      credentialHash: at(`${where}.credential_hash`, () => normalizeCredentialHash(c.credentialHash)),
      status: c.status,
    });
    at(`${where}.credential_type`, () => validateCredentialType(c.credentialType));
    at(where, () => keeper.putCredential(ctx, record));
    if (c.id > maxId) maxId = c.id;
  }

  // Absent (0) means "after the last credential"; a given value must leave every listed id behind.
  const next = g.nextCredentialId === 0n ? maxId + 1n : g.nextCredentialId;
  if (next <= maxId) throw new Error(`identity genesis next_credential_id: ${next} must be above every credential id (highest ${maxId})`);
  keeper.setNextCredentialId(ctx, next);
}

/** Params, issuers (address order), every credential (id order) and the next id. */
export function exportIdentityGenesis(state: StateReader, keeper: IdentityKeeper): unknown {
  const g = create(GenesisStateSchema, {
    params: keeper.getParams(state),
    issuers: keeper.issuers(state),
    credentials: keeper.credentials(state),
    nextCredentialId: keeper.nextCredentialId(state),
  });
  return toJson(GenesisStateSchema, g, { useProtoFieldName: true, alwaysEmitImplicit: true });
}
