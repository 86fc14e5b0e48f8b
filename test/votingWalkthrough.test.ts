// The voting story on a real one-validator chain (CometBFT, the app, the REST gateway), typed as a
// user types it with `unitd`: governance authorizes an electoral authority and a credential issuer
// in one proposal; two accounts are attested (kyc), a third is not; an election restricted to kyc
// opens by block time, the two attested accounts register and the third is refused; one votes,
// the other's credential is revoked and its vote refused; the election closes by block time and
// the results are final.
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

/** Gov's voting period, shortened in this chain's genesis only; elections keep the local 30 s minimum. */
const GOV_VOTING_PERIOD_SECONDS = 6;
const TX_FLAGS = ["--gas", "400000", "--fees", "10000uunit", "-y", "--wait", "-o", "json"];
const GOV = "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc";

let node: LocalNode;
let gateway: RestGatewayProcess;
const home = fs.mkdtempSync(path.join(os.tmpdir(), "unit-voting-"));
const who: Record<"board" | "issuer" | "alice" | "bob" | "carol", string> = { board: "", issuer: "", alice: "", bob: "", carol: "" };
let bobCredential = "";

before(async () => {
  node = await LocalNode.create({ votingPeriod: `${GOV_VOTING_PERIOD_SECONDS}s` });
  await node.start();
  await node.waitForHeight(2);
  gateway = new RestGatewayProcess(node.ports.rest, ["--home", node.paths.root]);
  await gateway.waitFor("/vendor/chain/voting/params");
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

/** A tx the chain must refuse: exit 1 and the reason on stderr. */
async function refused(args: string[], reason: RegExp): Promise<void> {
  const run = await unitd([...args, ...TX_FLAGS]);
  assert.equal(run.code, 1, `expected a refusal: unitd ${args.join(" ")}\nstdout: ${run.stdout}`);
  assert.match(run.stderr, reason);
}

const rest = async (route: string) => (await gateway.get(route)).body;
const election = async () => (await rest("/vendor/chain/voting/election/1")).election;

test("keys and funds: the validator's key is imported, five accounts are created and funded", async () => {
  await ok(["keys", "add", "validator", "--recover", "-o", "json"], VALIDATOR_TEST_MNEMONICS[0] + "\n");
  for (const name of Object.keys(who) as (keyof typeof who)[]) {
    who[name] = (await ok(["keys", "add", name, "-o", "json"])).address;
    const sent = await ok(["tx", "bank", "send", "validator", who[name], "50000000uunit", ...TX_FLAGS]);
    assert.equal(sent.code, 0, sent.raw_log);
  }
  assert.equal((await rest(`/cosmos/bank/v1beta1/balances/${who.carol}/by_denom?denom=uunit`)).balance.amount, "50000000");
  assert.deepEqual((await rest("/vendor/chain/voting/params")).params, { min_voting_period: "30s", max_voting_period: "2592000s", max_options: 10 });
});

test("governance adds an electoral authority and an issuer in one proposal", async () => {
  const file = path.join(home, "proposal.json");
  fs.writeFileSync(
    file,
    JSON.stringify({
      messages: [
        { "@type": "/chain.voting.MsgAddElectoralAuthority", authority: GOV, address: who.board, name: "Election Board" },
        { "@type": "/chain.identity.MsgAddIssuer", authority: GOV, issuer_address: who.issuer, name: "Acme KYC" },
      ],
      metadata: "",
      deposit: "10000000uunit",
      title: "Authorize the Election Board and Acme KYC",
      summary: "An electoral authority and the issuer whose kyc credentials let accounts vote",
    }),
  );
  const submitted = await ok(["tx", "gov", "submit-proposal", file, "--from", "board", ...TX_FLAGS]);
  assert.equal(submitted.code, 0, submitted.raw_log);
  const voted = await ok(["tx", "gov", "vote", "1", "yes", "--from", "validator", ...TX_FLAGS]);
  assert.equal(voted.code, 0, voted.raw_log);
  assert.deepEqual((await rest("/vendor/chain/voting/electoral-authorities")).electoral_authorities, [], "not before the proposal passes");
  await waitUntil(
    "the proposal to pass",
    async () => (await rest("/cosmos/gov/v1/proposals/1")).proposal?.status === "PROPOSAL_STATUS_PASSED",
    (GOV_VOTING_PERIOD_SECONDS + 20) * 1000,
  );
  const authorities = (await rest("/vendor/chain/voting/electoral-authorities")).electoral_authorities;
  assert.deepEqual(
    authorities.map((a: { address: string; name: string }) => [a.address, a.name]),
    [[who.board, "Election Board"]],
  );
  const cli = await ok(["query", "voting", "electoral-authorities", "-o", "json"]);
  assert.equal(cli.electoral_authorities[0].address, who.board);
  assert.equal((await rest("/vendor/chain/identity/issuers")).issuers[0].address, who.issuer);
});

test("the issuer attests alice and bob (kyc); carol stays unattested", async () => {
  for (const name of ["alice", "bob"] as const) {
    const hash = "0x" + createHash("sha256").update(`kyc file of ${name}`).digest("hex");
    const issued = await ok([
      "tx",
      "identity",
      "issue-credential",
      "--subject",
      who[name],
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
    if (name === "bob") bobCredential = JSON.parse(event.attributes.find((a: { key: string }) => a.key === "credential_id").value);
  }
  assert.equal(bobCredential, "2");
  assert.equal((await rest(`/vendor/chain/identity/tier/${who.carol}`)).tier, "ACCOUNT_TIER_UNVERIFIED");
});

test("only the electoral authority creates the kyc election", async () => {
  const args = (from: string) => [
    "tx",
    "voting",
    "create-election",
    "--title",
    "Board 2027",
    "--description",
    "Elect the board",
    "--options",
    "yes,no,abstain",
    "--eligibility-credential-type",
    "kyc",
    "--start",
    "+30s",
    "--end",
    "+65s",
    "--from",
    from,
  ];
  await refused(args("alice"), /signer is not an electoral authority/);
  const created = await ok([...args("board"), ...TX_FLAGS]);
  assert.equal(created.code, 0, created.raw_log);
  const event = created.events.find((e: { type: string }) => e.type === "chain.voting.EventElectionCreated");
  assert.equal(event.attributes.find((a: { key: string }) => a.key === "election_id").value, '"1"');
  const e = await election();
  assert.deepEqual(
    [e.id, e.title, e.options, e.eligibility_credential_type, e.authority, e.status],
    ["1", "Board 2027", ["yes", "no", "abstain"], "kyc", who.board, "ELECTION_STATUS_SCHEDULED"],
  );
  assert.equal(Date.parse(e.voting_end) - Date.parse(e.voting_start), 35_000);
  assert.deepEqual((await ok(["query", "voting", "election", "1", "-o", "json"])).election, e);
});

test("attested accounts register; the unattested one is refused; nobody votes before the election opens", async () => {
  for (const name of ["alice", "bob"] as const) {
    const registered = await ok(["tx", "voting", "register", "--election-id", "1", "--from", name, ...TX_FLAGS]);
    assert.equal(registered.code, 0, registered.raw_log);
  }
  await refused(["tx", "voting", "register", "--election-id", "1", "--from", "carol"], /voter holds no valid credential of the election's eligibility type/);
  await refused(["tx", "voting", "register", "--election-id", "1", "--from", "alice"], /voter already registered/);
  assert.equal((await election()).status, "ELECTION_STATUS_SCHEDULED", "the test must reach this point before voting_start");
  await refused(["tx", "voting", "vote", "--election-id", "1", "--option", "yes", "--from", "alice"], /election is not open for voting/);
  assert.deepEqual(await rest(`/vendor/chain/voting/election/1/voter/${who.carol}`), { registered: false, voted: false, record: null });
});

test("the election opens by block time; alice votes; bob's credential is revoked and his vote refused", async () => {
  await waitUntil("the election to open", async () => (await election()).status === "ELECTION_STATUS_OPEN", 45_000);
  const voted = await ok(["tx", "voting", "vote", "--election-id", "1", "--option", "yes", "--from", "alice", ...TX_FLAGS]);
  assert.equal(voted.code, 0, voted.raw_log);
  assert.ok(voted.events.some((e: { type: string }) => e.type === "chain.voting.EventVoteCast"));
  await refused(["tx", "voting", "vote", "--election-id", "1", "--option", "no", "--from", "alice"], /voter already voted/);
  await refused(["tx", "voting", "vote", "--election-id", "1", "--option", "maybe", "--from", "bob"], /option is not one of the election's options/);
  await refused(["tx", "voting", "register", "--election-id", "1", "--from", "carol"], /voter holds no valid credential/);

  const revoked = await ok(["tx", "identity", "revoke-credential", "--credential-id", bobCredential, "--from", "issuer", ...TX_FLAGS]);
  assert.equal(revoked.code, 0, revoked.raw_log);
  await refused(["tx", "voting", "vote", "--election-id", "1", "--option", "no", "--from", "bob"], /voter holds no valid credential/);

  const voter = await rest(`/vendor/chain/voting/election/1/voter/${who.alice}`);
  assert.deepEqual([voter.registered, voter.voted, voter.record.option], [true, true, "yes"]);
  const bob = await ok(["query", "voting", "voter", "1", who.bob, "-o", "json"]);
  assert.deepEqual([bob.registered, bob.voted], [true, false]);
  const running = (await rest("/vendor/chain/voting/election/1/results")).results;
  assert.deepEqual(running, {
    election_id: "1",
    tallies: [
      { option: "yes", votes: "1" },
      { option: "no", votes: "0" },
      { option: "abstain", votes: "0" },
    ],
    registered_voters: "2",
    votes_cast: "1",
    final: false,
    status: "ELECTION_STATUS_OPEN",
  });
  assert.equal((await election()).status, "ELECTION_STATUS_OPEN", "the test must reach this point before voting_end");
});

test("the election closes by block time and the results are final", async () => {
  const end = Date.parse((await election()).voting_end);
  await waitUntil("the election to close", async () => (await election()).status === "ELECTION_STATUS_CLOSED", Math.max(0, end - Date.now()) + 30_000);
  const results = await ok(["query", "voting", "results", "1", "-o", "json"]);
  assert.deepEqual(results.results, {
    election_id: "1",
    tallies: [
      { option: "yes", votes: "1" },
      { option: "no", votes: "0" },
      { option: "abstain", votes: "0" },
    ],
    registered_voters: "2",
    votes_cast: "1",
    final: true,
    status: "ELECTION_STATUS_CLOSED",
  });
  assert.deepEqual((await rest("/vendor/chain/voting/election/1/results")).results, results.results);
  await refused(["tx", "voting", "vote", "--election-id", "1", "--option", "no", "--from", "bob"], /election is not open for voting/);
  await refused(["tx", "voting", "cancel-election", "--election-id", "1", "--from", "board"], /election is closed or cancelled/);
  const closed = await ok(["query", "voting", "elections", "--status", "closed", "-o", "json"]);
  assert.deepEqual(
    closed.elections.map((e: { id: string }) => e.id),
    ["1"],
  );
  assert.deepEqual((await ok(["query", "voting", "elections", "--status", "open", "-o", "json"])).elections, []);
});

test("unitd names the mistakes before signing anything", async () => {
  const cases: [string[], RegExp][] = [
    [["tx", "voting", "register", "--from", "alice", "-y"], /missing --election-id/],
    [["tx", "voting", "vote", "--election-id", "x", "--option", "yes", "--from", "alice", "-y"], /--election-id must be a positive integer/],
    [["tx", "voting", "vote", "--election-id", "1", "--from", "alice", "-y"], /missing --option/],
    [
      ["tx", "voting", "create-election", "--title", "T", "--options", "yes", "--start", "+1m", "--end", "+2m", "--from", "board", "-y"],
      /at least 2 comma-separated/,
    ],
    [
      ["tx", "voting", "create-election", "--title", "T", "--options", "a,b", "--start", "soon", "--end", "+2m", "--from", "board", "-y"],
      /--start expects an RFC 3339 time/,
    ],
    [
      ["tx", "voting", "create-election", "--title", "T", "--options", "a,b", "--start", "+2m", "--end", "+1m", "--from", "board", "-y"],
      /--end must be after --start/,
    ],
    [["query", "voting", "elections", "--status", "won"], /--status expects scheduled, open, closed or cancelled/],
    [["query", "voting", "election", "9"], /election 9 does not exist/],
  ];
  for (const [args, message] of cases) {
    const run = await unitd(args);
    assert.equal(run.code, 1, args.join(" "));
    assert.match(run.stderr, message, args.join(" "));
  }
});
