// The voting story on the four-validator devnet (real CometBFT, apps and REST gateways on
// loopback), each step through a different node: governance adds an electoral authority and an
// issuer (yes votes from validators 1-3), two accounts are attested and a third is not, a kyc
// election opens by block time, the attested accounts register and the third is refused, one votes,
// the other's credential is revoked and its vote refused, the election closes by block time with
// the same final results on every node; and at every height all four nodes store the same block
// and app hash.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { validatorAccountAddress } from "../app/localGenesis.js";
import { waitUntil } from "../cometbft/readiness.js";
import { VALIDATOR_SELF_DELEGATION } from "../common/node/testKeys.js";
import { Devnet } from "./support/devnet.js";
import { DevnetCli } from "./support/devnetCli.js";

/** Gov's voting period, shortened in this devnet's genesis; elections keep the devnet's 30 s minimum. */
const GOV_VOTING_PERIOD_SECONDS = 8;
const GOV = "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc";

let devnet: Devnet;
let cli: DevnetCli;
const who: Record<"board" | "issuer" | "alice" | "bob" | "carol", string> = { board: "", issuer: "", alice: "", bob: "", carol: "" };
let bobCredential = "";

before(async () => {
  devnet = await Devnet.create({ timeoutCommit: "300ms", votingPeriod: `${GOV_VOTING_PERIOD_SECONDS}s` });
  await devnet.start({ rest: true });
  cli = new DevnetCli(devnet, "unit-devnet-voting-home-");
});

after(async () => {
  await devnet?.destroy();
  cli?.remove();
});

const ok: DevnetCli["ok"] = (args, options) => cli.ok(args, options);
const tx: DevnetCli["tx"] = (args, via) => cli.tx(args, via);
const refused: DevnetCli["refused"] = (args, via, reason) => cli.refused(args, via, reason);
const onEveryNode: DevnetCli["onEveryNode"] = (route, check, height) => cli.onEveryNode(route, check, height);

async function waitForStatusEverywhere(status: string, timeoutMs: number): Promise<void> {
  for (const v of devnet.validators) {
    await waitUntil(
      `election 1 to be ${status} on ${v.node.moniker}`,
      async () => (await v.rest("/vendor/chain/voting/election/1")).body?.election?.status === status,
      timeoutMs,
    );
  }
}

test("keys and funds: validator keys imported, five accounts created and funded by validator 0", async () => {
  assert.deepEqual(await cli.importValidatorKeys(), [0, 1, 2, 3].map(validatorAccountAddress));
  for (const name of Object.keys(who) as (keyof typeof who)[]) {
    who[name] = (await ok(["keys", "add", name, "-o", "json"])).address;
    await tx(["tx", "bank", "send", "validator0", who[name], "50000000uunit"], 0);
  }
  await onEveryNode(`/cosmos/bank/v1beta1/balances/${who.carol}/by_denom?denom=uunit`, (b, node) => assert.equal(b.balance.amount, "50000000", node));
  await onEveryNode("/vendor/chain/voting/params", (b, node) => assert.equal(b.params.min_voting_period, "30s", node));
});

test("governance adds the electoral authority and the issuer: yes votes from validators 1-3 through their own nodes", async () => {
  const file = path.join(cli.home, "proposal.json");
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
  await cli.passProposal(file, "board", 1, GOV_VOTING_PERIOD_SECONDS);
  await onEveryNode("/cosmos/gov/v1/proposals/1", (b, node) => {
    assert.equal(b.proposal.failed_reason, "", node);
    assert.equal(b.proposal.final_tally_result.yes_count, (3n * VALIDATOR_SELF_DELEGATION).toString(), node);
  });
  const lists = await onEveryNode("/vendor/chain/voting/electoral-authorities", (b, node) =>
    assert.deepEqual(
      b.electoral_authorities.map((a: { address: string; name: string }) => [a.address, a.name]),
      [[who.board, "Election Board"]],
      node,
    ),
  );
  assert.ok(
    lists.every((b) => b.electoral_authorities[0].added_at === lists[0].electoral_authorities[0].added_at),
    "the same block time on every node",
  );
  await onEveryNode("/vendor/chain/identity/issuers", (b, node) => assert.equal(b.issuers[0].address, who.issuer, node));
});

test("alice (node 2) and bob (node 3) are attested; carol is not", async () => {
  for (const [name, via] of [
    ["alice", 2],
    ["bob", 3],
  ] as const) {
    const hash = "0x" + createHash("sha256").update(`kyc file of ${name}`).digest("hex");
    const issued = await tx(
      ["tx", "identity", "issue-credential", "--subject", who[name], "--credential-type", "kyc", "--credential-hash", hash, "--from", "issuer"],
      via,
    );
    const event = issued.events.find((e: { type: string }) => e.type === "chain.identity.EventCredentialIssued");
    if (name === "bob") bobCredential = JSON.parse(event.attributes.find((a: { key: string }) => a.key === "credential_id").value);
  }
  await onEveryNode(`/vendor/chain/identity/tier/${who.bob}`, (b, node) => assert.equal(b.tier, "ACCOUNT_TIER_ATTESTED", node));
  await onEveryNode(`/vendor/chain/identity/tier/${who.carol}`, (b, node) => assert.equal(b.tier, "ACCOUNT_TIER_UNVERIFIED", node));
});

test("the board creates a kyc election (node 0); alice and bob register, carol is refused, nobody votes before it opens", async () => {
  const created = await tx(
    [
      "tx",
      "voting",
      "create-election",
      "--title",
      "Board 2027",
      "--options",
      "yes,no,abstain",
      "--eligibility-credential-type",
      "kyc",
      "--start",
      "+30s",
      "--end",
      "+65s",
      "--from",
      "board",
    ],
    0,
  );
  assert.ok(created.events.some((e: { type: string }) => e.type === "chain.voting.EventElectionCreated"));
  await onEveryNode("/vendor/chain/voting/election/1", (b, node) => {
    assert.equal(b.election.status, "ELECTION_STATUS_SCHEDULED", node);
    assert.equal(b.election.eligibility_credential_type, "kyc", node);
    assert.equal(b.election.authority, who.board, node);
  });
  await tx(["tx", "voting", "register", "--election-id", "1", "--from", "alice"], 1);
  await tx(["tx", "voting", "register", "--election-id", "1", "--from", "bob"], 2);
  await refused(["tx", "voting", "register", "--election-id", "1", "--from", "carol"], 3, /voter holds no valid credential of the election's eligibility type/);
  await refused(["tx", "voting", "vote", "--election-id", "1", "--option", "yes", "--from", "alice"], 1, /election is not open for voting/);
  await onEveryNode("/vendor/chain/voting/election/1", (b, node) => assert.equal(b.election.status, "ELECTION_STATUS_SCHEDULED", node));
});

test("the election opens by block time on every node; alice votes; bob's credential is revoked and his vote refused", async () => {
  await waitForStatusEverywhere("ELECTION_STATUS_OPEN", 55_000);
  await tx(["tx", "voting", "vote", "--election-id", "1", "--option", "yes", "--from", "alice"], 1);
  await tx(["tx", "identity", "revoke-credential", "--credential-id", bobCredential, "--from", "issuer"], 3);
  await refused(["tx", "voting", "vote", "--election-id", "1", "--option", "no", "--from", "bob"], 2, /voter holds no valid credential/);
  await onEveryNode(`/vendor/chain/voting/election/1/voter/${who.bob}`, (b, node) => assert.deepEqual([b.registered, b.voted], [true, false], node));
  await onEveryNode("/vendor/chain/voting/election/1/results", (b, node) => {
    assert.equal(b.results.final, false, node);
    assert.equal(b.results.votes_cast, "1", node);
  });
  await onEveryNode("/vendor/chain/voting/election/1", (b, node) => assert.equal(b.election.status, "ELECTION_STATUS_OPEN", node));
});

test("the election closes by block time: the same final results on every node, at the same height", async () => {
  await waitForStatusEverywhere("ELECTION_STATUS_CLOSED", 60_000);
  const final = {
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
  };
  const top = await devnet.waitForCommonHeight();
  await onEveryNode("/vendor/chain/voting/election/1/results", (b, node) => assert.deepEqual(b.results, final, node), top);
  assert.deepEqual((await ok(["query", "voting", "results", "1", "-o", "json"], { via: 3 })).results, final);
});

test("at every height all four nodes store the same block and app hash", async () => {
  const top = await devnet.waitForCommonHeight();
  assert.ok(top >= 20, `enough blocks to compare (${top})`);
  assert.deepEqual(await devnet.disagreements(top), [], "a height where the nodes disagree");
});
