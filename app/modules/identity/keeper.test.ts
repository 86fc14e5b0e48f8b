// The identity keeper over a real store branch: the exact stored bytes of a credential, and the
// tier derived from credentials, issuers and params on every call.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { AccountTier, CredentialSchema, CredentialStatus } from "../../../gen/chain/identity/identity_pb.js";
import { readU64be } from "./keys.js";
import { addr, Harness } from "./testHarness.js";
import { msgAddIssuerHandler, msgIssueCredentialHandler, msgRemoveIssuerHandler, msgRevokeCredentialHandler, msgUpdateParamsHandler } from "./msgServer.js";
import { GOV_AUTHORITY } from "../../modules.js";

const HASH_A = `0x${"AB".repeat(32)}`;
const HASH_B = `0x${"cd".repeat(32)}`;
const issuer = addr(1);
const subject = addr(2);

function setup(): Harness {
  const h = new Harness();
  h.run(msgAddIssuerHandler(h.keeper), { authority: GOV_AUTHORITY, issuerAddress: issuer.text, name: "Acme KYC" });
  return h;
}

const issue = (h: Harness, credentialType: string, credentialHash: string, from = issuer.text, to = subject.text) =>
  h.run(msgIssueCredentialHandler(h.keeper), { issuer: from, subject: to, credentialType, credentialHash }).response.credentialId;

test("a credential is stored as exactly its six fields, with its indexes and nothing else", () => {
  const h = setup();
  const before = new Set(h.dump());
  const id = issue(h, "kyc", HASH_A);
  assert.equal(id, 1n);

  const written = [...h.branch.iterator()].filter(({ key, value }) => !before.has(`${Buffer.from(key).toString("hex")}=${Buffer.from(value).toString("hex")}`));
  const keys = written.map(({ key }) => Buffer.from(key));
  const ns = Buffer.from("identity/");
  for (const k of keys) assert.ok(k.subarray(0, ns.length).equals(ns), `key outside the identity namespace: ${k.toString("hex")}`);
  const byPrefix = new Map(written.map(({ key, value }) => [key[ns.length]!, { key: Buffer.from(key).subarray(ns.length), value }]));
  assert.deepEqual([...byPrefix.keys()].sort(), [0x03, 0x04, 0x05, 0x06], "credential, subject index, content index, next id");

  const record = byPrefix.get(0x03)!;
  assert.deepEqual([...record.key], [0x03, 0, 0, 0, 0, 0, 0, 0, 1]);
  const c = fromBinary(CredentialSchema, record.value);
  assert.deepEqual(
    { id: c.id, subject: c.subject, issuer: c.issuer, credentialType: c.credentialType, credentialHash: c.credentialHash, status: c.status },
    { id: 1n, subject: subject.text, issuer: issuer.text, credentialType: "kyc", credentialHash: HASH_A.toLowerCase(), status: CredentialStatus.ACTIVE },
  );
  assert.equal(c.$unknown, undefined, "no unknown fields in the stored bytes");
  assert.deepEqual(Buffer.from(toBinary(CredentialSchema, c)), Buffer.from(record.value), "the bytes are exactly these fields");

  assert.deepEqual([...byPrefix.get(0x04)!.key], [0x04, ...subject.bytes, 0, 0, 0, 0, 0, 0, 0, 1]);
  assert.equal(byPrefix.get(0x04)!.value.length, 0);
  assert.equal(byPrefix.get(0x05)!.key.length, 1 + 32, "content index is the prefix and a sha256");
  assert.equal(readU64be(byPrefix.get(0x05)!.value), 1n);
  assert.equal(readU64be(byPrefix.get(0x06)!.value), 2n);
  h.close();
});

test("revoking frees the content index and rewrites the record as REVOKED; the subject index stays", () => {
  const h = setup();
  const id = issue(h, "kyc", HASH_A);
  h.run(msgRevokeCredentialHandler(h.keeper), { signer: issuer.text, credentialId: id });
  const keys = [...h.branch.iterator()].map(({ key }) => key[9]);
  assert.ok(!keys.includes(0x05), "no active-content entry for a revoked credential");
  assert.ok(keys.includes(0x04));
  assert.equal(h.keeper.getCredential(h.branch, id)!.status, CredentialStatus.REVOKED);
  // The same document may be attested again, under a new id.
  assert.equal(issue(h, "kyc", HASH_A), 2n);
  h.close();
});

test("tier with two attesting credentials: revoking one keeps ATTESTED, revoking both drops to UNVERIFIED", () => {
  const h = setup();
  assert.equal(h.keeper.tier(h.branch, subject.bytes), AccountTier.UNVERIFIED);
  const first = issue(h, "kyc", HASH_A);
  const second = issue(h, "kyc", HASH_B);
  assert.equal(h.keeper.tier(h.branch, subject.bytes), AccountTier.ATTESTED);
  h.run(msgRevokeCredentialHandler(h.keeper), { signer: issuer.text, credentialId: first });
  assert.equal(h.keeper.tier(h.branch, subject.bytes), AccountTier.ATTESTED);
  h.run(msgRevokeCredentialHandler(h.keeper), { signer: issuer.text, credentialId: second });
  assert.equal(h.keeper.tier(h.branch, subject.bytes), AccountTier.UNVERIFIED);
  h.close();
});

test("a credential of another type makes CREDENTIALED, not ATTESTED", () => {
  const h = setup();
  issue(h, "residency.eu", HASH_A);
  assert.equal(h.keeper.tier(h.branch, subject.bytes), AccountTier.CREDENTIALED);
  assert.equal(h.keeper.hasValidCredential(h.branch, subject.bytes, "residency.eu"), true);
  assert.equal(h.keeper.hasValidCredential(h.branch, subject.bytes, "kyc"), false);
  assert.equal(h.keeper.tier(h.branch, addr(9).bytes), AccountTier.UNVERIFIED, "other accounts are untouched");
  h.close();
});

test("removing the issuer drops the tier at once; re-adding it restores it", () => {
  const h = setup();
  issue(h, "kyc", HASH_A);
  issue(h, "age", HASH_B);
  assert.equal(h.keeper.tier(h.branch, subject.bytes), AccountTier.ATTESTED);
  h.run(msgRemoveIssuerHandler(h.keeper), { authority: GOV_AUTHORITY, issuerAddress: issuer.text });
  assert.equal(h.keeper.tier(h.branch, subject.bytes), AccountTier.UNVERIFIED);
  assert.equal(h.keeper.hasValidCredential(h.branch, subject.bytes, "kyc"), false);
  h.run(msgAddIssuerHandler(h.keeper), { authority: GOV_AUTHORITY, issuerAddress: issuer.text, name: "Acme KYC" });
  assert.equal(h.keeper.tier(h.branch, subject.bytes), AccountTier.ATTESTED);
  h.close();
});

test("credentials from a removed issuer do not count while another issuer's do", () => {
  const h = setup();
  const other = addr(3);
  h.run(msgAddIssuerHandler(h.keeper), { authority: GOV_AUTHORITY, issuerAddress: other.text, name: "Other" });
  issue(h, "kyc", HASH_A);
  issue(h, "age", HASH_B, other.text);
  h.run(msgRemoveIssuerHandler(h.keeper), { authority: GOV_AUTHORITY, issuerAddress: issuer.text });
  assert.equal(h.keeper.tier(h.branch, subject.bytes), AccountTier.CREDENTIALED);
  h.close();
});

test("changing the attested type changes tiers without touching any credential", () => {
  const h = setup();
  issue(h, "kyc", HASH_A);
  issue(h, "kyb", HASH_B, issuer.text, addr(4).text);
  assert.equal(h.keeper.tier(h.branch, subject.bytes), AccountTier.ATTESTED);
  assert.equal(h.keeper.tier(h.branch, addr(4).bytes), AccountTier.CREDENTIALED);
  const credentialsBefore = [...h.branch.iterator()].filter(({ key }) => key[9] !== 0x01).map(({ key, value }) => Buffer.concat([key, value]).toString("hex"));
  h.run(msgUpdateParamsHandler(h.keeper), { authority: GOV_AUTHORITY, params: { attestedCredentialType: "kyb" } });
  assert.equal(h.keeper.getParams(h.branch).attestedCredentialType, "kyb");
  assert.equal(h.keeper.tier(h.branch, subject.bytes), AccountTier.CREDENTIALED);
  assert.equal(h.keeper.tier(h.branch, addr(4).bytes), AccountTier.ATTESTED);
  const credentialsAfter = [...h.branch.iterator()].filter(({ key }) => key[9] !== 0x01).map(({ key, value }) => Buffer.concat([key, value]).toString("hex"));
  assert.deepEqual(credentialsAfter, credentialsBefore, "only the params key changed");
  h.close();
});

test("params default to kyc; issuers carry the block time and list in address order; role metadata names an issuer", () => {
  const h = setup();
  assert.equal(h.keeper.getParams(h.branch).attestedCredentialType, "kyc");
  h.run(msgAddIssuerHandler(h.keeper), { authority: GOV_AUTHORITY, issuerAddress: addr(0).text, name: 'Zed "Z" & Co' });
  const list = h.keeper.issuers(h.branch);
  assert.deepEqual(
    list.map((i) => i.address),
    [addr(0).text, issuer.text],
  );
  assert.deepEqual(list[1]!.addedAt, timestampFromMs(1_700_000_123_000));
  assert.equal(h.keeper.roleMetadata(h.branch, issuer.bytes), '{"issuer":"Acme KYC"}');
  assert.deepEqual(JSON.parse(h.keeper.roleMetadata(h.branch, addr(0).bytes)), { issuer: 'Zed "Z" & Co' });
  assert.equal(h.keeper.roleMetadata(h.branch, subject.bytes), "");
  h.close();
});
