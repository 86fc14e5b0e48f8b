// Every identity message over a real store branch: each bad input gets its registered error and
// leaves the store byte-for-byte as it was; the good paths emit the typed events.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sdkErrors, type RegisteredError } from "../../../common/errors.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { identityErrors } from "./errors.js";
import { msgAddIssuerHandler, msgIssueCredentialHandler, msgRemoveIssuerHandler, msgRevokeCredentialHandler, msgUpdateParamsHandler } from "./msgServer.js";
import { addr, Harness } from "./testHarness.js";
import { CredentialStatus } from "../../../gen/chain/identity/identity_pb.js";
import { MsgAddIssuerSchema } from "../../../gen/chain/identity/tx_pb.js";
import { create } from "@bufbuild/protobuf";
import { decodedMsg, executeMsg } from "../../tx/msgRouter.js";

const HASH = `0x${"0123456789abcdef".repeat(4)}`;
const issuer = addr(1);
const otherIssuer = addr(3);
const subject = addr(2);

/** An issuer, another issuer, and credential 1 (kyc, HASH) from the first to `subject`. */
function setup() {
  const h = new Harness();
  const k = h.keeper;
  const m = {
    add: msgAddIssuerHandler(k),
    remove: msgRemoveIssuerHandler(k),
    issue: msgIssueCredentialHandler(k),
    revoke: msgRevokeCredentialHandler(k),
    params: msgUpdateParamsHandler(k),
  };
  h.run(m.add, { authority: GOV_AUTHORITY, issuerAddress: issuer.text, name: "Acme KYC" });
  h.run(m.add, { authority: GOV_AUTHORITY, issuerAddress: otherIssuer.text, name: "Other" });
  h.run(m.issue, { issuer: issuer.text, subject: subject.text, credentialType: "kyc", credentialHash: HASH });
  return { h, m };
}

/** Runs `attempt`, which must fail with `kind`, and checks the store did not change. */
function rejects(h: Harness, kind: RegisteredError, attempt: () => Error, message?: RegExp): void {
  const before = h.dump();
  const err = attempt();
  assert.ok(kind.is(err), `expected ${kind.codespace}/${kind.code} "${kind.description}", got ${err.message}`);
  if (message) assert.match(err.message, message);
  assert.deepEqual(h.dump(), before, "state unchanged");
}

test("error codes are registered under the identity codespace from 2 up", () => {
  const codes = Object.values(identityErrors).map((e) => [e.codespace, e.code]);
  assert.deepEqual(
    codes,
    Object.values(identityErrors).map((_e, i) => ["identity", i + 2]),
  );
});

test("governance-only messages refuse any authority but the gov module account, with the SDK's text", () => {
  const { h, m } = setup();
  const intruder = addr(9).text;
  const text = new RegExp(`^invalid authority; expected ${GOV_AUTHORITY}, got ${intruder}: `);
  assert.equal(GOV_AUTHORITY, "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc");
  rejects(h, identityErrors.invalidAuthority, () => h.fail(m.add, { authority: intruder, issuerAddress: addr(5).text, name: "X" }), text);
  rejects(h, identityErrors.invalidAuthority, () => h.fail(m.remove, { authority: intruder, issuerAddress: issuer.text }), text);
  rejects(h, identityErrors.invalidAuthority, () => h.fail(m.params, { authority: intruder, params: { attestedCredentialType: "kyb" } }), text);
  // An issuer is not governance either, and the upper-case spelling of the gov address is not the authority string.
  rejects(h, identityErrors.invalidAuthority, () => h.fail(m.add, { authority: issuer.text, issuerAddress: addr(5).text, name: "X" }));
  rejects(h, identityErrors.invalidAuthority, () => h.fail(m.add, { authority: GOV_AUTHORITY.toUpperCase(), issuerAddress: addr(5).text, name: "X" }));
  // Executing is checked too, whoever executes: a tx or a passed proposal (executeMsg is the one path).
  const before = h.dump();
  const unchecked = decodedMsg(m.add, create(MsgAddIssuerSchema, { authority: intruder, issuerAddress: addr(5).text, name: "X" }));
  assert.throws(
    () => executeMsg(h.ctx(), unchecked),
    (e) => identityErrors.invalidAuthority.is(e),
  );
  assert.deepEqual(h.dump(), before);
  assert.deepEqual(
    m.add
      .signers({ $typeName: "chain.identity.MsgAddIssuer", authority: GOV_AUTHORITY, issuerAddress: "", name: "" })
      .map((b) => Buffer.from(b).toString("hex")),
    ["7b5fe22b5446f7c62ea27b8bd71cef94e03f3df2"],
  );
  h.close();
});

test("add-issuer input checks: address, name, not already an issuer", () => {
  const { h, m } = setup();
  const add = (issuerAddress: string, name: string) => () => h.fail(m.add, { authority: GOV_AUTHORITY, issuerAddress, name });
  rejects(h, sdkErrors.invalidAddress, add("unit1notanaddress", "X"));
  rejects(h, sdkErrors.invalidAddress, add("", "X"));
  rejects(h, identityErrors.invalidIssuerName, add(addr(5).text, ""), /name is empty/);
  rejects(h, identityErrors.invalidIssuerName, add(addr(5).text, "   "));
  rejects(h, identityErrors.invalidIssuerName, add(addr(5).text, "x".repeat(141)), /141 characters/);
  rejects(h, identityErrors.invalidIssuerName, add(addr(5).text, "line\nbreak"));
  rejects(h, identityErrors.issuerAlreadyExists, add(issuer.text, "Acme again"));
  // 140 characters, counted as code points (each emoji is 2 UTF-16 units), is fine.
  h.run(m.add, { authority: GOV_AUTHORITY, issuerAddress: addr(5).text, name: "\u{1F600}".repeat(140) });
  assert.ok(h.keeper.isAuthorizedIssuer(h.branch, addr(5).bytes));
  h.close();
});

test("remove-issuer of an address that is not an issuer is refused", () => {
  const { h, m } = setup();
  rejects(h, identityErrors.issuerNotFound, () => h.fail(m.remove, { authority: GOV_AUTHORITY, issuerAddress: addr(7).text }));
  rejects(h, sdkErrors.invalidAddress, () => h.fail(m.remove, { authority: GOV_AUTHORITY, issuerAddress: "bogus" }));
  h.close();
});

test("update-params: params required, attested type must be a credential type", () => {
  const { h, m } = setup();
  rejects(h, identityErrors.invalidParams, () => h.fail(m.params, { authority: GOV_AUTHORITY }));
  for (const bad of ["", "KYC", "kyc type", "-kyc", "a".repeat(65), "k\u0000yc"]) {
    rejects(h, identityErrors.invalidCredentialType, () => h.fail(m.params, { authority: GOV_AUTHORITY, params: { attestedCredentialType: bad } }));
  }
  h.close();
});

test("issue-credential: unauthorized issuer, malformed hashes, bad type or subject, duplicates", () => {
  const { h, m } = setup();
  const issue = (over: Partial<{ issuer: string; subject: string; credentialType: string; credentialHash: string }>) => () =>
    h.fail(m.issue, { issuer: issuer.text, subject: subject.text, credentialType: "kyc", credentialHash: `0x${"ee".repeat(32)}`, ...over });

  rejects(h, identityErrors.unauthorizedIssuer, issue({ issuer: addr(8).text }), /is not an authorized issuer/);
  rejects(h, identityErrors.unauthorizedIssuer, issue({ issuer: subject.text }));
  for (const bad of [
    "",
    "0x",
    "ee".repeat(32),
    `0X${"ee".repeat(32)}`,
    `0x${"e".repeat(63)}`,
    `0x${"e".repeat(65)}`,
    `0x${"g".repeat(64)}`,
    ` 0x${"ee".repeat(32)}`,
    `0x${"ee".repeat(32)}\n`,
    `sha256:${"ee".repeat(32)}`,
  ]) {
    rejects(h, identityErrors.invalidCredentialHash, issue({ credentialHash: bad }), /must be 0x followed by 64 hex digits/);
  }
  rejects(h, identityErrors.invalidCredentialType, issue({ credentialType: "KYC" }));
  rejects(h, identityErrors.invalidCredentialType, issue({ credentialType: "" }));
  rejects(h, sdkErrors.invalidAddress, issue({ subject: "unit1xyz" }));
  rejects(h, sdkErrors.invalidAddress, issue({ issuer: "" }));
  // Same subject, type and hash as credential 1, in either case: a duplicate.
  rejects(h, identityErrors.duplicateCredential, issue({ credentialHash: HASH }), /credential 1 already attests/);
  rejects(h, identityErrors.duplicateCredential, issue({ credentialHash: HASH.toUpperCase().replace("0X", "0x"), issuer: otherIssuer.text }));
  assert.equal(h.keeper.nextCredentialId(h.branch), 2n, "no id was consumed by a failure");
  // A different type or subject is not a duplicate.
  assert.equal(h.run(m.issue, { issuer: issuer.text, subject: subject.text, credentialType: "age", credentialHash: HASH }).response.credentialId, 2n);
  assert.equal(h.run(m.issue, { issuer: issuer.text, subject: addr(4).text, credentialType: "kyc", credentialHash: HASH }).response.credentialId, 3n);
  h.close();
});

test("revoke-credential: unknown id, twice, someone else's", () => {
  const { h, m } = setup();
  const revoke = (signer: string, credentialId: bigint) => () => h.fail(m.revoke, { signer, credentialId });
  rejects(h, identityErrors.credentialNotFound, revoke(issuer.text, 99n), /credential 99/);
  rejects(h, identityErrors.credentialNotFound, revoke(issuer.text, 0n));
  rejects(h, identityErrors.notCredentialIssuer, revoke(otherIssuer.text, 1n), /may not revoke credential 1/);
  rejects(h, identityErrors.notCredentialIssuer, revoke(subject.text, 1n));
  rejects(h, sdkErrors.invalidAddress, revoke("nope", 1n));
  h.run(m.revoke, { signer: issuer.text, credentialId: 1n });
  rejects(h, identityErrors.credentialAlreadyRevoked, revoke(issuer.text, 1n));
  rejects(h, identityErrors.credentialAlreadyRevoked, revoke(GOV_AUTHORITY, 1n));
  h.close();
});

test("the gov account may revoke any credential; a removed issuer may still revoke its own", () => {
  const { h, m } = setup();
  const second = h.run(m.issue, { issuer: issuer.text, subject: subject.text, credentialType: "age", credentialHash: HASH }).response.credentialId;
  const byGov = h.run(m.revoke, { signer: GOV_AUTHORITY, credentialId: 1n });
  assert.deepEqual(byGov.events.find((e) => e.type === "chain.identity.EventCredentialRevoked")?.attributes, [
    { key: "credential_id", value: '"1"', index: true },
    { key: "revoked_by", value: JSON.stringify(GOV_AUTHORITY), index: true },
    { key: "subject", value: JSON.stringify(subject.text), index: true },
  ]);
  h.run(m.remove, { authority: GOV_AUTHORITY, issuerAddress: issuer.text });
  h.run(m.revoke, { signer: issuer.text, credentialId: second });
  assert.equal(h.keeper.getCredential(h.branch, second)!.status, CredentialStatus.REVOKED);
  h.close();
});

test("typed events: type is the proto full name, one attribute per field, values are proto-JSON text", () => {
  const h = new Harness();
  const add = h.run(msgAddIssuerHandler(h.keeper), { authority: GOV_AUTHORITY, issuerAddress: issuer.text, name: "Know <&> Verify" });
  assert.deepEqual(add.events, [
    {
      type: "chain.identity.EventIssuerAdded",
      attributes: [
        { key: "issuer_address", value: `"${issuer.text}"`, index: true },
        // Go's encoding/json (the SDK's jsonpb) escapes <, > and &.
        { key: "name", value: '"Know \\u003c\\u0026\\u003e Verify"', index: true },
      ],
    },
  ]);
  const upper = `0x${"AB".repeat(32)}`;
  const issued = h.run(msgIssueCredentialHandler(h.keeper), { issuer: issuer.text, subject: subject.text, credentialType: "kyc", credentialHash: upper });
  assert.deepEqual(issued.events, [
    {
      type: "chain.identity.EventCredentialIssued",
      attributes: [
        { key: "credential_hash", value: `"${upper.toLowerCase()}"`, index: true },
        { key: "credential_id", value: '"1"', index: true },
        { key: "credential_type", value: '"kyc"', index: true },
        { key: "issuer", value: `"${issuer.text}"`, index: true },
        { key: "subject", value: `"${subject.text}"`, index: true },
      ],
    },
  ]);
  const removed = h.run(msgRemoveIssuerHandler(h.keeper), { authority: GOV_AUTHORITY, issuerAddress: issuer.text });
  assert.deepEqual(removed.events, [
    { type: "chain.identity.EventIssuerRemoved", attributes: [{ key: "issuer_address", value: `"${issuer.text}"`, index: true }] },
  ]);
  h.close();
});
