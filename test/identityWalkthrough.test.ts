// The spec's issuer-authorization and credential walkthrough, typed as a user types it, on a real
// one-validator chain (CometBFT, the app, the REST gateway): fund an issuer, propose MsgAddIssuer
// with a proposal file, vote yes from the validator, watch the issuer appear after the voting
// period, issue a credential, read the tier, revoke it, read the tier again.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { waitUntil } from "../cometbft/readiness.js";
import { VALIDATOR_TEST_MNEMONICS } from "../common/node/testKeys.js";
import { LocalNode } from "./support/localNode.js";
import { RestGatewayProcess } from "./support/restGateway.js";
import { runUnitd, type CliRun } from "./support/unitdCli.js";

/** Shortened in this chain's genesis only (the code has no test switch); local chains use 30 s. */
const VOTING_PERIOD_SECONDS = 6;
const TX_FLAGS = ["--gas", "400000", "--fees", "10000uunit", "-y", "--wait", "-o", "json"];

let node: LocalNode;
let gateway: RestGatewayProcess;
const home = fs.mkdtempSync(path.join(os.tmpdir(), "unit-walkthrough-"));

before(async () => {
  node = await LocalNode.create({ votingPeriod: `${VOTING_PERIOD_SECONDS}s` });
  await node.start();
  await node.waitForHeight(2);
  gateway = new RestGatewayProcess(node.ports.rest, ["--home", node.paths.root]);
  await gateway.waitFor("/vendor/chain/identity/params");
});

after(async () => {
  await gateway?.stop();
  await node?.destroy();
  fs.rmSync(home, { recursive: true, force: true });
});

function unitd(args: string[], input?: string): Promise<CliRun> {
  return runUnitd([...args, ...(args[0] === "keys" ? [] : ["--node", node.rpcUrl])], { input, env: { UNITD_HOME: home } });
}

async function ok(args: string[], input?: string): Promise<any> {
  const run = await unitd(args, input);
  assert.equal(run.code, 0, `unitd ${args.join(" ")}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  return run.stdout.trim().startsWith("{") ? JSON.parse(run.stdout) : run.stdout;
}

const rest = (route: string) => gateway.get(route);

let issuer = "";
let subject = "";
let govAddress = "";
let credentialId = "";

test("keys: the validator's operator key is imported, an issuer and a subject are created", async () => {
  await ok(["keys", "add", "validator", "--recover", "-o", "json"], VALIDATOR_TEST_MNEMONICS[0] + "\n");
  issuer = (await ok(["keys", "add", "issuer", "-o", "json"])).address;
  subject = (await ok(["keys", "add", "subject", "-o", "json"])).address;
  const validators = await ok(["query", "staking", "validators", "-o", "json"]);
  assert.equal(validators.validators.length, 1);
  assert.equal(validators.validators[0].status, "BOND_STATUS_BONDED");
  assert.equal(validators.validators[0].delegator_shares, "100000000000.000000000000000000", "LegacyDec printed as a decimal, as the SDK's CLI does");
  assert.equal(validators.validators[0].commission.commission_rates.rate, "0.100000000000000000");
});

test("fund the issuer account", async () => {
  const sent = await ok(["tx", "bank", "send", "validator", issuer, "50000000uunit", ...TX_FLAGS]);
  assert.equal(sent.code, 0);
  const balance = await rest(`/cosmos/bank/v1beta1/balances/${issuer}/by_denom?denom=uunit`);
  assert.equal(balance.body.balance.amount, "50000000");
});

test("submit the add-issuer proposal from a proposal file, vote yes from the validator", async () => {
  govAddress = (await ok(["query", "auth", "module-account", "gov", "-o", "json"])).account.base_account.address;
  assert.equal(govAddress, "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc");
  const file = path.join(home, "proposal.json");
  fs.writeFileSync(
    file,
    JSON.stringify({
      messages: [{ "@type": "/chain.identity.MsgAddIssuer", authority: govAddress, issuer_address: issuer, name: "Acme KYC" }],
      metadata: "",
      deposit: "10000000uunit",
      title: "Authorize Acme KYC",
      summary: "Lets Acme KYC anchor kyc credentials",
    }),
  );
  const submitted = await ok(["tx", "gov", "submit-proposal", file, "--from", "issuer", ...TX_FLAGS]);
  assert.equal(submitted.code, 0, submitted.raw_log);
  const proposal = (await rest("/cosmos/gov/v1/proposals/1")).body.proposal;
  assert.equal(proposal.status, "PROPOSAL_STATUS_VOTING_PERIOD", "the deposit met the minimum, so voting started");
  assert.equal(proposal.messages[0]["@type"], "/chain.identity.MsgAddIssuer");
  assert.equal(proposal.messages[0].issuer_address, issuer);

  const voted = await ok(["tx", "gov", "vote", "1", "yes", "--from", "validator", ...TX_FLAGS]);
  assert.equal(voted.code, 0, voted.raw_log);
  const tally = (await rest("/cosmos/gov/v1/proposals/1/tally")).body.tally;
  assert.equal(tally.yes_count, "100000000000", "the validator votes with all its bonded tokens");
});

test("after the voting period the proposal passed and the issuer is listed", async () => {
  assert.deepEqual((await rest("/vendor/chain/identity/issuers")).body, { issuers: [], pagination: null }, "not before the voting period ends");
  await waitUntil(
    "the proposal to pass",
    async () => (await rest("/cosmos/gov/v1/proposals/1")).body.proposal?.status === "PROPOSAL_STATUS_PASSED",
    (VOTING_PERIOD_SECONDS + 20) * 1000,
  );
  const proposal = (await rest("/cosmos/gov/v1/proposals/1")).body.proposal;
  assert.equal(proposal.failed_reason, "");
  assert.equal(proposal.final_tally_result.yes_count, "100000000000");
  const { body } = await rest("/vendor/chain/identity/issuers");
  assert.equal(body.issuers.length, 1);
  assert.equal(body.issuers[0].address, issuer);
  assert.equal(body.issuers[0].name, "Acme KYC");
  assert.match(body.issuers[0].added_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  assert.equal(body.pagination, null);
  const cli = await ok(["query", "identity", "issuers", "-o", "json"]);
  assert.equal(cli.issuers[0].address, issuer);
});

test("the issuer issues a kyc credential: the subject's tier is ACCOUNT_TIER_ATTESTED", async () => {
  assert.deepEqual((await rest(`/vendor/chain/identity/tier/${subject}`)).body, { tier: "ACCOUNT_TIER_UNVERIFIED", role_metadata: "" });
  const hash = "0x" + createHash("sha256").update("passport scan of the subject, kept off chain").digest("hex");
  const issued = await ok([
    "tx",
    "identity",
    "issue-credential",
    "--subject",
    subject,
    "--credential-type",
    "kyc",
    "--credential-hash",
    hash,
    "--from",
    "issuer",
    ...TX_FLAGS,
  ]);
  assert.equal(issued.code, 0, issued.raw_log);
  const event = issued.events.find((e: { type: string }) => e.type === "chain.identity.EventCredentialIssued");
  assert.ok(event, "a typed issue event");
  credentialId = JSON.parse(event.attributes.find((a: { key: string }) => a.key === "credential_id").value);
  assert.equal(credentialId, "1");

  assert.deepEqual((await rest(`/vendor/chain/identity/tier/${subject}`)).body, { tier: "ACCOUNT_TIER_ATTESTED", role_metadata: "" });
  const credential = (await rest(`/vendor/chain/identity/credential/${credentialId}`)).body.credential;
  assert.deepEqual(credential, { id: "1", subject, issuer, credential_type: "kyc", credential_hash: hash, status: "CREDENTIAL_STATUS_ACTIVE" });
  const did = (await rest(`/vendor/chain/identity/did/${subject}`)).body.did_document;
  assert.equal(did.id, `did:unit:${subject}`);
  assert.deepEqual(did.credential_ids, ["1"]);
  assert.equal((await ok(["query", "identity", "tier", subject, "-o", "json"])).tier, "ACCOUNT_TIER_ATTESTED");
});

test("the issuer revokes it: the tier reverts", async () => {
  const revoked = await ok(["tx", "identity", "revoke-credential", "--credential-id", credentialId, "--from", "issuer", ...TX_FLAGS]);
  assert.equal(revoked.code, 0, revoked.raw_log);
  assert.deepEqual((await rest(`/vendor/chain/identity/tier/${subject}`)).body, { tier: "ACCOUNT_TIER_UNVERIFIED", role_metadata: "" });
  assert.equal((await rest(`/vendor/chain/identity/credential/${credentialId}`)).body.credential.status, "CREDENTIAL_STATUS_REVOKED");
  const again = await unitd(["tx", "identity", "revoke-credential", "--credential-id", credentialId, "--from", "issuer", ...TX_FLAGS]);
  assert.equal(again.code, 1, "revoking twice fails");
  assert.match(again.stderr, /already revoked/);
});

test("query gov proposals, proposal and tally through unitd", async () => {
  const passed = await ok(["query", "gov", "proposals", "--status", "passed", "-o", "json"]);
  assert.deepEqual(
    passed.proposals.map((p: { id: string }) => p.id),
    ["1"],
  );
  assert.deepEqual((await ok(["query", "gov", "proposals", "--status", "rejected", "-o", "json"])).proposals, []);
  const one = await ok(["query", "gov", "proposal", "1", "-o", "json"]);
  assert.equal(one.proposal.title, "Authorize Acme KYC");
  assert.equal(one.proposal.proposer, issuer);
  const tally = await ok(["query", "gov", "tally", "1", "-o", "json"]);
  assert.equal(tally.tally.yes_count, "100000000000");
  const text = await ok(["query", "gov", "proposal", "1"]);
  assert.match(text, /status: PROPOSAL_STATUS_PASSED/);
  const missing = await unitd(["query", "gov", "proposal", "9"]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /proposal 9 does not exist/);
});

test("delegate to the validator and unbond: voting power and the unbonding entry follow", async () => {
  const validator = (await ok(["query", "staking", "validators", "-o", "json"])).validators[0];
  const delegated = await ok(["tx", "staking", "delegate", validator.operator_address, "5000000uunit", "--from", "issuer", ...TX_FLAGS]);
  assert.equal(delegated.code, 0, delegated.raw_log);
  const delegations = await ok(["query", "staking", "delegations", issuer, "-o", "json"]);
  assert.deepEqual(
    delegations.delegation_responses.map((d: { balance: unknown }) => d.balance),
    [{ denom: "uunit", amount: "5000000" }],
  );
  assert.equal((await ok(["query", "staking", "validator", validator.operator_address, "-o", "json"])).validator.tokens, "100005000000");
  await waitUntil(
    "CometBFT to see the new power",
    async () => {
      const set = await node.rpc<{ validators: { voting_power: string }[] }>("validators");
      return set.validators[0]?.voting_power === "100005";
    },
    15_000,
  );

  const unbonded = await ok(["tx", "staking", "unbond", validator.operator_address, "2000000uunit", "--from", "issuer", ...TX_FLAGS]);
  assert.equal(unbonded.code, 0, unbonded.raw_log);
  const entries = (await ok(["query", "staking", "unbonding-delegations", issuer, "-o", "json"])).unbonding_responses[0].entries;
  assert.equal(entries.length, 1);
  assert.equal(entries[0].balance, "2000000");
  const pool = (await ok(["query", "staking", "pool", "-o", "json"])).pool;
  assert.equal(pool.not_bonded_tokens, "2000000");
});

test("unitd names the mistakes before signing anything", async () => {
  const cases: [string[], RegExp][] = [
    [
      ["tx", "identity", "issue-credential", "--subject", subject, "--credential-type", "kyc", "--credential-hash", "0x1234", "--from", "issuer", "-y"],
      /--credential-hash must be 0x followed by 64 hex digits/,
    ],
    [
      ["tx", "identity", "issue-credential", "--credential-type", "kyc", "--credential-hash", "0x" + "00".repeat(32), "--from", "issuer", "-y"],
      /missing --subject/,
    ],
    [["tx", "identity", "revoke-credential", "--credential-id", "one", "--from", "issuer", "-y"], /--credential-id must be a positive integer/],
    [["tx", "gov", "vote", "1", "maybe", "--from", "validator", "-y"], /invalid vote option "maybe"/],
    [["tx", "gov", "vote", "1", "yes", "-y"], /missing --from/],
    [["tx", "gov", "submit-proposal", path.join(home, "absent.json"), "--from", "issuer", "-y"], /cannot read the proposal file/],
    [["tx", "staking", "delegate", issuer, "1uunit", "--from", "issuer", "-y"], /is not a validator address/],
    [["query", "gov", "proposals", "--status", "won"], /--status must be one of/],
    [["query", "gov", "proposals", "--status", "constructor"], /--status must be one of/],
    [["tx", "gov", "constructor"], /unknown gov tx "constructor"/],
    [["tx", "gov", "vote", "1", "constructor", "--from", "validator", "-y"], /invalid vote option "constructor"/],
    [["tx", "gov", "weighted-vote", "1", "yes=0.6,no=0.3", "--from", "validator", "-y"], /the weights must sum to exactly 1/],
    [["tx", "gov", "weighted-vote", "1", "yes=0.5,yes=0.5", "--from", "validator", "-y"], /names an option twice/],
    [
      [
        "tx",
        "identity",
        "issue-credential",
        "--subject",
        subject,
        "--credential-type",
        "KYC",
        "--credential-hash",
        "0x" + "00".repeat(32),
        "--from",
        "issuer",
        "-y",
      ],
      /--credential-type "KYC" must be/,
    ],
  ];
  for (const [args, message] of cases) {
    const run = await unitd(args);
    assert.equal(run.code, 1, `${args.join(" ")}: ${run.stdout}`);
    assert.match(run.stderr, message, args.join(" "));
    assert.doesNotMatch(run.stderr, /\n\s+at /, "no stack trace");
  }
});
