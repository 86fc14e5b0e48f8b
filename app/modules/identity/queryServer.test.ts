// chain.identity.Query over a real store branch, through the same QueryServices dispatch gRPC and
// ABCI use, and the REST gateway's JSON rendering for the shapes the spec shows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRegistry, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import {
  QueryCredentialRequestSchema,
  QueryCredentialResponseSchema,
  QueryDidRequestSchema,
  QueryDidResponseSchema,
  QueryIssuersRequestSchema,
  QueryIssuersResponseSchema,
  QueryParamsRequestSchema,
  QueryParamsResponseSchema,
  QueryTierRequestSchema,
  QueryTierResponseSchema,
} from "../../../gen/chain/identity/query_pb.js";
import { CredentialStatus } from "../../../gen/chain/identity/identity_pb.js";
import { responseJson } from "../../../gateway/rest/responseJson.js";
import { signerFromPrivateKey } from "../../../sdk/keys/signerFromPrivateKey.js";
import { GrpcCode } from "../../../common/errors.js";
import { accAddressToString } from "../../../common/address.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { msgAddIssuerHandler, msgIssueCredentialHandler, msgRemoveIssuerHandler, msgRevokeCredentialHandler } from "./msgServer.js";
import { addr, Harness } from "./testHarness.js";
import { queryErrorCode } from "../../../common/grpc/testing/queryErrorCode.js";

const HASH = (n: number) => `0x${n.toString(16).padStart(2, "0").repeat(32)}`;
const issuer = addr(1);
const json = <D extends DescMessage>(schema: D, msg: MessageShape<D>) => responseJson(schema, msg, createRegistry());

function setup(): Harness {
  const h = new Harness();
  h.run(msgAddIssuerHandler(h.keeper), { authority: GOV_AUTHORITY, issuerAddress: issuer.text, name: "Acme KYC" });
  return h;
}

const issue = (h: Harness, subject: string, credentialType: string, n: number) =>
  h.run(msgIssueCredentialHandler(h.keeper), { issuer: issuer.text, subject, credentialType, credentialHash: HASH(n) }).response.credentialId;

const did = (h: Harness, address: string) => h.query("/chain.identity.Query/Did", QueryDidRequestSchema, { address }, QueryDidResponseSchema);

test("Params answers {params:{attested_credential_type}} with the default kyc", () => {
  const h = setup();
  const res = h.query("/chain.identity.Query/Params", QueryParamsRequestSchema, {}, QueryParamsResponseSchema);
  assert.deepEqual(json(QueryParamsResponseSchema, res), { params: { attested_credential_type: "kyc" } });
  h.close();
});

test("Did is NOT_FOUND for an account the chain knows nothing of, INVALID_ARGUMENT for a bad address", () => {
  const h = setup();
  assert.equal(
    queryErrorCode(() => did(h, addr(40).text)),
    GrpcCode.NOT_FOUND,
  );
  // An account that exists but never signed and holds no credential: still nothing to describe.
  h.accounts.newAccount(h.ctx(), addr(41).bytes);
  assert.equal(
    queryErrorCode(() => did(h, addr(41).text)),
    GrpcCode.NOT_FOUND,
  );
  // A revoked credential does not make a DID.
  const id = issue(h, addr(42).text, "kyc", 1);
  h.run(msgRevokeCredentialHandler(h.keeper), { signer: issuer.text, credentialId: id });
  assert.equal(
    queryErrorCode(() => did(h, addr(42).text)),
    GrpcCode.NOT_FOUND,
  );
  assert.equal(
    queryErrorCode(() => did(h, "unit1bad")),
    GrpcCode.INVALID_ARGUMENT,
  );
  assert.equal(
    queryErrorCode(() => did(h, "")),
    GrpcCode.INVALID_ARGUMENT,
  );
  h.close();
});

test("Did of an account with a public key and credentials: key method, authentication, active ids ascending", () => {
  const h = setup();
  const key = signerFromPrivateKey(new Uint8Array(32).fill(7), "secp256k1");
  const owner = addr(50);
  h.accounts.setAccount(h.ctx(), { address: owner.bytes, accountNumber: 9n, sequence: 1n, pubKey: { algo: "secp256k1", key: key.pubKey } });
  const c1 = issue(h, owner.text, "kyc", 1);
  const c2 = issue(h, owner.text, "age", 2);
  const c3 = issue(h, owner.text, "residency", 3);
  issue(h, addr(51).text, "kyc", 4);
  h.run(msgRevokeCredentialHandler(h.keeper), { signer: issuer.text, credentialId: c2 });
  const id = `did:unit:${owner.text}`;
  assert.deepEqual(json(QueryDidResponseSchema, did(h, owner.text)), {
    did_document: {
      id,
      controller: id,
      verification_method: [
        {
          id: `${id}#key-1`,
          type: "EcdsaSecp256k1VerificationKey2019",
          controller: id,
          public_key_hex: Buffer.from(key.pubKey).toString("hex"),
          key_type_url: "/cosmos.crypto.secp256k1.PubKey",
        },
      ],
      authentication: [`${id}#key-1`],
      credential_ids: [c1.toString(), c3.toString()],
    },
  });
  assert.equal(Buffer.from(key.pubKey).toString("hex").length, 66, "compressed, 33 bytes");
  h.close();
});

test("Did of an eth_secp256k1 account names its key type; one with credentials only has no key method", () => {
  const h = setup();
  const key = signerFromPrivateKey(new Uint8Array(32).fill(9), "eth_secp256k1");
  h.accounts.setAccount(h.ctx(), { address: key.address, accountNumber: 3n, sequence: 1n, pubKey: { algo: "eth_secp256k1", key: key.pubKey } });
  const doc = did(h, accAddressToString(key.address)).didDocument!;
  assert.equal(doc.verificationMethod[0]!.keyTypeUrl, "/cosmos.evm.crypto.v1.ethsecp256k1.PubKey");
  assert.deepEqual(doc.credentialIds, []);

  const holder = addr(60);
  const c = issue(h, holder.text, "kyc", 5);
  const only = did(h, holder.text).didDocument!;
  assert.deepEqual(only.verificationMethod, []);
  assert.deepEqual(only.authentication, []);
  assert.deepEqual(only.credentialIds, [c]);
  h.close();
});

test("Credential returns the record and whether its issuer is still authorized; NOT_FOUND otherwise", () => {
  const h = setup();
  const id = issue(h, addr(70).text, "kyc", 1);
  const get = () => h.query("/chain.identity.Query/Credential", QueryCredentialRequestSchema, { id }, QueryCredentialResponseSchema);
  assert.deepEqual(json(QueryCredentialResponseSchema, get()), {
    credential: { id: "1", subject: addr(70).text, issuer: issuer.text, credential_type: "kyc", credential_hash: HASH(1), status: "CREDENTIAL_STATUS_ACTIVE" },
    issuer_authorized: true,
  });
  h.run(msgRemoveIssuerHandler(h.keeper), { authority: GOV_AUTHORITY, issuerAddress: issuer.text });
  assert.equal(get().issuerAuthorized, false);
  assert.equal(get().credential!.status, CredentialStatus.ACTIVE);
  for (const missing of [0n, 2n, 2n ** 64n - 1n]) {
    assert.equal(
      queryErrorCode(() => h.query("/chain.identity.Query/Credential", QueryCredentialRequestSchema, { id: missing }, QueryCredentialResponseSchema)),
      GrpcCode.NOT_FOUND,
    );
  }
  h.close();
});

test("Issuers: pagination null when unrequested and complete; a PageResponse when paged or truncated", () => {
  const h = setup();
  const add = (n: number) => h.run(msgAddIssuerHandler(h.keeper), { authority: GOV_AUTHORITY, issuerAddress: addr(n).text, name: `Issuer ${n}` });
  add(2);
  const list = (pagination?: { limit?: bigint; key?: Uint8Array; countTotal?: boolean }) =>
    h.query("/chain.identity.Query/Issuers", QueryIssuersRequestSchema, pagination ? { pagination } : {}, QueryIssuersResponseSchema);

  assert.deepEqual(json(QueryIssuersResponseSchema, list()), {
    issuers: [
      { address: issuer.text, name: "Acme KYC", added_at: "2023-11-14T22:15:23Z" },
      { address: addr(2).text, name: "Issuer 2", added_at: "2023-11-14T22:15:23Z" },
    ],
    pagination: null,
  });

  const first = list({ limit: 1n, countTotal: true });
  assert.deepEqual(
    first.issuers.map((i) => i.address),
    [issuer.text],
  );
  assert.ok(first.pagination, "a paged request gets a PageResponse");
  assert.equal(first.pagination.total, 2n);
  const second = list({ limit: 1n, key: first.pagination.nextKey });
  assert.deepEqual(
    second.issuers.map((i) => i.address),
    [addr(2).text],
  );
  assert.equal(second.pagination!.nextKey.length, 0);
  // Even a page that holds everything answers with a PageResponse when one was asked for.
  assert.deepEqual((json(QueryIssuersResponseSchema, list({ limit: 10n })) as { pagination: unknown }).pagination, { next_key: null, total: "0" });

  for (let n = 100; n < 200; n++) add(n);
  const truncated = list();
  assert.equal(truncated.issuers.length, 100);
  assert.ok(truncated.pagination && truncated.pagination.nextKey.length === 20, "more than one default page: next_key is the 101st address");
  assert.equal(truncated.pagination.total, 102n);
  h.close();
});

test("Tier answers {tier, role_metadata}; a bad address is INVALID_ARGUMENT", () => {
  const h = setup();
  const subject = addr(80);
  issue(h, subject.text, "kyc", 1);
  const tier = (address: string) => h.query("/chain.identity.Query/Tier", QueryTierRequestSchema, { address }, QueryTierResponseSchema);
  assert.deepEqual(json(QueryTierResponseSchema, tier(subject.text)), { tier: "ACCOUNT_TIER_ATTESTED", role_metadata: "" });
  assert.deepEqual(json(QueryTierResponseSchema, tier(issuer.text)), { tier: "ACCOUNT_TIER_UNVERIFIED", role_metadata: '{"issuer":"Acme KYC"}' });
  assert.equal(
    queryErrorCode(() => tier("cosmos1abc")),
    GrpcCode.INVALID_ARGUMENT,
  );
  h.close();
});
