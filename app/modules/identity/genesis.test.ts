// Identity genesis: the default, a full import whose indexes behave like issued ones, and every
// malformed record refused with a message naming it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AccountTier, CredentialStatus } from "../../../gen/chain/identity/identity_pb.js";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { GOV_AUTHORITY } from "../../modules.js";
import { identityErrors } from "./errors.js";
import { defaultIdentityGenesis, initIdentityGenesis } from "./genesis.js";
import { msgIssueCredentialHandler, msgRevokeCredentialHandler } from "./msgServer.js";
import { addr, BLOCK_TIME_MS, Harness } from "./testHarness.js";

const HASH = (n: number) => `0x${n.toString(16).padStart(2, "0").repeat(32)}`;
const [issuer, gone, alice, bob] = [addr(1), addr(2), addr(3), addr(4)];

function full(): Record<string, unknown> {
  return {
    params: { attested_credential_type: "kyc" },
    issuers: [
      { address: issuer.text, name: "Acme KYC", added_at: "2024-01-02T03:04:05Z" },
      { address: addr(5).text, name: "Undated" },
    ],
    credentials: [
      {
        id: "1",
        subject: alice.text,
        issuer: issuer.text,
        credential_type: "kyc",
        credential_hash: HASH(1).toUpperCase().replace("0X", "0x"),
        status: "CREDENTIAL_STATUS_ACTIVE",
      },
      { id: "4", subject: alice.text, issuer: issuer.text, credential_type: "age", credential_hash: HASH(2), status: "CREDENTIAL_STATUS_REVOKED" },
      // From an issuer governance has since removed: kept, but it attests nothing.
      { id: "3", subject: bob.text, issuer: gone.text, credential_type: "kyc", credential_hash: HASH(3), status: "CREDENTIAL_STATUS_ACTIVE" },
    ],
    next_credential_id: "7",
  };
}

function init(genesis: unknown): Harness {
  const h = new Harness();
  initIdentityGenesis(h.ctx(), h.keeper, genesis);
  return h;
}

test("the default genesis is kyc, no issuers, no credentials, next id 1, and loads", () => {
  assert.deepEqual(defaultIdentityGenesis(), { params: { attested_credential_type: "kyc" }, issuers: [], credentials: [], next_credential_id: "1" });
  const h = init(defaultIdentityGenesis());
  assert.equal(h.keeper.getParams(h.branch).attestedCredentialType, "kyc");
  assert.equal(h.keeper.nextCredentialId(h.branch), 1n);
  h.close();
});

test("a full genesis: records normalized, indexes rebuilt, tiers derived, ids continue", () => {
  const h = init(full());
  assert.deepEqual(h.keeper.getIssuer(h.branch, issuer.bytes)!.addedAt, timestampFromMs(Date.UTC(2024, 0, 2, 3, 4, 5)));
  assert.deepEqual(h.keeper.getIssuer(h.branch, addr(5).bytes)!.addedAt, timestampFromMs(BLOCK_TIME_MS), "undated issuers date from genesis");
  assert.equal(h.keeper.getCredential(h.branch, 1n)!.credentialHash, HASH(1), "hash stored lower-case");
  assert.deepEqual(
    h.keeper.credentialsOf(h.branch, alice.bytes).map((c) => c.id),
    [1n, 4n],
  );
  assert.equal(h.keeper.tier(h.branch, alice.bytes), AccountTier.ATTESTED);
  assert.equal(h.keeper.tier(h.branch, bob.bytes), AccountTier.UNVERIFIED);

  const issue = (subject: string, credentialType: string, credentialHash: string) =>
    h.run(msgIssueCredentialHandler(h.keeper), { issuer: issuer.text, subject, credentialType, credentialHash }).response.credentialId;
  const dup = (() => {
    try {
      issue(alice.text, "kyc", HASH(1));
    } catch (err) {
      return err;
    }
  })();
  assert.ok(identityErrors.duplicateCredential.is(dup), "the active-content index was rebuilt");
  assert.equal(issue(alice.text, "age", HASH(2)), 7n, "a revoked credential's content may be issued again, with the next id");
  // Revoking a genesis credential goes through the rebuilt indexes too.
  h.run(msgRevokeCredentialHandler(h.keeper), { signer: GOV_AUTHORITY, credentialId: 1n });
  assert.equal(h.keeper.getCredential(h.branch, 1n)!.status, CredentialStatus.REVOKED);
  assert.equal(h.keeper.tier(h.branch, alice.bytes), AccountTier.CREDENTIALED);
  h.close();
});

test("next_credential_id absent means one past the highest id", () => {
  const g = full();
  delete g.next_credential_id;
  const h = init(g);
  assert.equal(h.keeper.nextCredentialId(h.branch), 5n);
  h.close();
});

test("malformed genesis is refused with the field named", () => {
  const cases: [string, (g: Record<string, any>) => void, RegExp][] = [
    ["unknown field", (g) => (g.tiers = []), /identity genesis: .*tiers/],
    ["bad attested type", (g) => (g.params.attested_credential_type = "KYC"), /params\.attested_credential_type/],
    ["bad issuer address", (g) => (g.issuers[0].address = "unit1nope"), /issuers\[0\]\.address/],
    ["blank issuer name", (g) => (g.issuers[1].name = ""), /issuers\[1\]\.name/],
    ["issuer twice", (g) => g.issuers.push({ address: issuer.text, name: "Again" }), /issuers\[2\]: .*already an issuer/],
    ["id 0", (g) => (g.credentials[0].id = "0"), /credentials\[0\]\.id: ids start at 1/],
    ["duplicate id", (g) => (g.credentials[2].id = "1"), /credentials\[2\]\.id: duplicate id 1/],
    ["unspecified status", (g) => (g.credentials[1].status = "CREDENTIAL_STATUS_UNSPECIFIED"), /credentials\[1\]\.status/],
    ["bad subject", (g) => (g.credentials[1].subject = "cosmos1xyz"), /credentials\[1\]\.subject/],
    ["bad issuer", (g) => (g.credentials[1].issuer = ""), /credentials\[1\]\.issuer/],
    ["bad hash", (g) => (g.credentials[2].credential_hash = "0x1234"), /credentials\[2\]\.credential_hash/],
    ["bad type", (g) => (g.credentials[2].credential_type = "K Y C"), /credentials\[2\]\.credential_type/],
    [
      "duplicate active content",
      (g) => g.credentials.push({ ...g.credentials[0], id: "5", issuer: gone.text }),
      /credentials\[3\]: .*credential 1 already attests/,
    ],
    ["next id not above the ids", (g) => (g.next_credential_id = "4"), /next_credential_id: 4 must be above every credential id \(highest 4\)/],
  ];
  for (const [name, edit, message] of cases) {
    const g = full() as Record<string, any>;
    edit(g);
    const h = new Harness();
    assert.throws(() => initIdentityGenesis(h.ctx(), h.keeper, g), message, name);
    h.close();
  }
  // A revoked credential may share content with an active one: only active duplicates clash.
  const g = full() as Record<string, any>;
  g.credentials.push({ ...g.credentials[0], id: "5", status: "CREDENTIAL_STATUS_REVOKED" });
  init(g).close();
});
