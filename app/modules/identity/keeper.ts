// The only code that reads or writes the identity module's keys. Reads take the whole state (a
// committed view or a block's branch), as other modules' expected keepers do; writes take the
// Context of the transition. A tier is never stored: `tier` derives it from the credentials and
// the issuer set on every call, so removing an issuer or changing the attested type takes effect
// at once for every account.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import {
  AccountTier,
  CredentialSchema,
  CredentialStatus,
  IssuerSchema,
  ParamsSchema,
  type Credential,
  type Issuer,
  type Params,
} from "../../../gen/chain/identity/identity_pb.js";
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import type { KeyAlgo } from "../../../sdk/signer.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";
import { StoreKey } from "../../storeKey.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import { identityErrors } from "./errors.js";
import type { IdentityAccountKeeper } from "./expectedKeepers.js";
import {
  activeContentKey,
  credentialKey,
  CREDENTIAL_PREFIX,
  issuerKey,
  ISSUER_PREFIX,
  NEXT_CREDENTIAL_ID_KEY,
  MODULE_NAME,
  PARAMS_KEY,
  readU64be,
  subjectCredentialKey,
  subjectCredentialsPrefix,
  u64be,
} from "./keys.js";
import { getMessage } from "../../store/messages.js";
import { paginate, type Page } from "../../query/pagination.js";
import type { PageRequest } from "../../../gen/cosmos/base/query/v1beta1/pagination_pb.js";

export const DEFAULT_ATTESTED_CREDENTIAL_TYPE = "kyc";

export function defaultIdentityParams(): Params {
  return create(ParamsSchema, { attestedCredentialType: DEFAULT_ATTESTED_CREDENTIAL_TYPE });
}

/** What issuing needs; addresses as bytes (already validated), the hash in its stored lower-case form. */
export interface NewCredential {
  subject: Uint8Array;
  issuer: Uint8Array;
  credentialType: string;
  credentialHash: string;
}

export class IdentityKeeper {
  constructor(
    private readonly accounts: IdentityAccountKeeper,
    /** The address governance-only messages must carry as their authority (the gov module account). */
    readonly authority: string,
  ) {}

  private readonly key = new StoreKey(MODULE_NAME);

  getParams(state: StateReader): Params {
    return getMessage(this.key.read(state), PARAMS_KEY, ParamsSchema) ?? defaultIdentityParams();
  }

  setParams(ctx: Context, params: Pick<Params, "attestedCredentialType">): void {
    this.key.write(ctx).set(PARAMS_KEY, toBinary(ParamsSchema, create(ParamsSchema, { attestedCredentialType: params.attestedCredentialType })));
  }

  // ---- issuers

  getIssuer(state: StateReader, address: Uint8Array): Issuer | undefined {
    return getMessage(this.key.read(state), issuerKey(address), IssuerSchema);
  }

  isAuthorizedIssuer(state: StateReader, address: Uint8Array): boolean {
    return this.key.read(state).has(issuerKey(address));
  }

  /** One page of issuers in address order, as the Issuers query pages them. */
  issuersPage(state: StateReader, req: PageRequest | undefined): Page<Issuer> {
    return paginate(this.key.read(state), ISSUER_PREFIX, req, (_key, value) => fromBinary(IssuerSchema, value));
  }

  /** Every issuer, in address order. */
  issuers(state: StateReader): Issuer[] {
    return [...this.key.read(state).prefixIterator(ISSUER_PREFIX)].map(({ value }) => fromBinary(IssuerSchema, value));
  }

  /** Authorizes `address` to issue credentials from `addedAt` on. */
  addIssuer(ctx: Context, address: Uint8Array, name: string, addedAt: Timestamp): void {
    const store = this.key.write(ctx);
    if (store.has(issuerKey(address))) throw identityErrors.issuerAlreadyExists.wrap(`${accAddressToString(address)} is already an issuer`);
    store.set(issuerKey(address), toBinary(IssuerSchema, create(IssuerSchema, { address: accAddressToString(address), name, addedAt })));
  }

  /** Its credentials stay on chain but stop counting towards any tier while it is not an issuer. */
  removeIssuer(ctx: Context, address: Uint8Array): void {
    const store = this.key.write(ctx);
    if (!store.has(issuerKey(address))) throw identityErrors.issuerNotFound.wrap(`${accAddressToString(address)} is not an issuer`);
    store.delete(issuerKey(address));
  }

  // ---- credentials

  /** The id the next issued credential gets; ids start at 1. */
  nextCredentialId(state: StateReader): bigint {
    const raw = this.key.read(state).get(NEXT_CREDENTIAL_ID_KEY);
    return raw ? readU64be(raw) : 1n;
  }

  setNextCredentialId(ctx: Context, id: bigint): void {
    this.key.write(ctx).set(NEXT_CREDENTIAL_ID_KEY, u64be(id));
  }

  getCredential(state: StateReader, id: bigint): Credential | undefined {
    return getMessage(this.key.read(state), credentialKey(id), CredentialSchema);
  }

  /** Every credential, in id order (the export). */
  credentials(state: StateReader): Credential[] {
    return [...this.key.read(state).prefixIterator(CREDENTIAL_PREFIX)].map(({ value }) => fromBinary(CredentialSchema, value));
  }

  /** Every credential whose subject is `subject` (active and revoked), ascending by id. */
  credentialsOf(state: StateReader, subject: Uint8Array): Credential[] {
    const reader = this.key.read(state);
    const out: Credential[] = [];
    for (const { key } of reader.prefixIterator(subjectCredentialsPrefix(subject))) {
      const raw = reader.get(credentialKey(readU64be(key.subarray(1 + subject.length))));
      if (!raw) throw new Error(`identity: subject index points at a missing credential (key ${Buffer.from(key).toString("hex")})`);
      out.push(fromBinary(CredentialSchema, raw));
    }
    return out;
  }

  activeCredentialsOf(state: StateReader, subject: Uint8Array): Credential[] {
    return this.credentialsOf(state, subject).filter((c) => c.status === CredentialStatus.ACTIVE);
  }

  /** Issues a new ACTIVE credential with the next id; the same active (subject, type, hash) twice is refused. */
  issueCredential(ctx: Context, input: NewCredential): Credential {
    const id = this.nextCredentialId(ctx.store);
    const credential = create(CredentialSchema, {
      id,
      subject: accAddressToString(input.subject),
      issuer: accAddressToString(input.issuer),
      credentialType: input.credentialType,
      credentialHash: input.credentialHash,
      status: CredentialStatus.ACTIVE,
    });
    this.putCredential(ctx, credential);
    this.setNextCredentialId(ctx, id + 1n);
    return credential;
  }

  /**
   * Writes a credential with its id and its indexes (genesis import and issuing). This is the sole
   * place the duplicate index is written: an ACTIVE credential's content maps to its id.
   */
  putCredential(ctx: Context, credential: Credential): void {
    const store = this.key.write(ctx);
    const subject = parseAccAddress(credential.subject, "credential subject");
    if (store.has(credentialKey(credential.id))) throw new Error(`identity: credential ${credential.id} already exists`);
    if (credential.status === CredentialStatus.ACTIVE) {
      const contentKey = activeContentKey(subject, credential.credentialType, credential.credentialHash);
      const existing = store.get(contentKey);
      if (existing) {
        throw identityErrors.duplicateCredential.wrap(
          `credential ${readU64be(existing)} already attests ${credential.credentialType} ${credential.credentialHash} for ${credential.subject}`,
        );
      }
      store.set(contentKey, u64be(credential.id));
    }
    store.set(credentialKey(credential.id), toBinary(CredentialSchema, credential));
    store.set(subjectCredentialKey(subject, credential.id), new Uint8Array());
  }

  /** Marks an ACTIVE credential REVOKED and frees its content for a later re-issue; who may revoke is the caller's check. */
  revokeCredential(ctx: Context, id: bigint): Credential {
    const store = this.key.write(ctx);
    const credential = this.getCredential(ctx.store, id);
    if (!credential) throw identityErrors.credentialNotFound.wrap(`credential ${id}`);
    if (credential.status !== CredentialStatus.ACTIVE) throw identityErrors.credentialAlreadyRevoked.wrap(`credential ${id}`);
    const subject = parseAccAddress(credential.subject, "credential subject");
    store.delete(activeContentKey(subject, credential.credentialType, credential.credentialHash));
    credential.status = CredentialStatus.REVOKED;
    store.set(credentialKey(id), toBinary(CredentialSchema, credential));
    return credential;
  }

  // ---- derived views

  /** True when `subject` holds an ACTIVE credential of `credentialType` from an issuer authorized now. */
  hasValidCredential(state: StateReader, subject: Uint8Array, credentialType: string): boolean {
    return this.activeCredentialsOf(state, subject).some((c) => c.credentialType === credentialType && this.issuedByAuthorized(state, c));
  }

  /** Derived on every call; see AccountTier in identity.proto for the rules. */
  tier(state: StateReader, address: Uint8Array): AccountTier {
    const attestedType = this.getParams(state).attestedCredentialType;
    let credentialed = false;
    for (const c of this.activeCredentialsOf(state, address)) {
      if (!this.issuedByAuthorized(state, c)) continue;
      if (c.credentialType === attestedType) return AccountTier.ATTESTED;
      credentialed = true;
    }
    return credentialed ? AccountTier.CREDENTIALED : AccountTier.UNVERIFIED;
  }

  /** The on-chain roles of an address as JSON text (`{"issuer":"<name>"}`), or "" when it has none. */
  roleMetadata(state: StateReader, address: Uint8Array): string {
    const issuer = this.getIssuer(state, address);
    return issuer ? JSON.stringify({ issuer: issuer.name }) : "";
  }

  /** The account's public key, if it has signed a tx; read through the auth keeper. */
  publicKey(state: StateReader, address: Uint8Array): { algo: KeyAlgo; key: Uint8Array } | undefined {
    return this.accounts.getAccount(state, address)?.pubKey;
  }

  private issuedByAuthorized(state: StateReader, credential: Credential): boolean {
    return this.isAuthorizedIssuer(state, parseAccAddress(credential.issuer, "credential issuer"));
  }
}
