// The registry and taxrail story once on the four-validator devnet (real CometBFT, apps and REST
// gateways on loopback), each step sent through a different node: governance (validators 1-3
// voting yes) makes an account the US-CA authority and authorizes a KYC issuer, the issuer attests
// a seller and a buyer, the authority registers an asset and sets a 2.5 % rule, the seller sells
// for 4,000,000uunit and 100,000uunit lands in US-CA's balance on every node, a transfer to an
// unattested account fails, the authority withdraws part of the tax; and at every height all four
// nodes store the same block and app hash.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { moduleAddress, TAXRAIL_ACCOUNT } from "../common/moduleAccounts.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { Devnet } from "./support/devnet.js";
import { DevnetCli, TX_FLAGS } from "./support/devnetCli.js";

const VOTING_PERIOD_SECONDS = 10;
const GOV = "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc";
const TAX_ACCOUNT = formatAccountAddress(moduleAddress(TAXRAIL_ACCOUNT));

let devnet: Devnet;
let cli: DevnetCli;

before(async () => {
  devnet = await Devnet.create({ timeoutCommit: "300ms", votingPeriod: `${VOTING_PERIOD_SECONDS}s` });
  await devnet.start({ rest: true });
  cli = new DevnetCli(devnet, "unit-devnet-registry-");
});

after(async () => {
  await devnet?.destroy();
  cli?.remove();
});

const unitd: DevnetCli["unitd"] = (args, options) => cli.unitd(args, options);
const ok: DevnetCli["ok"] = (args, options) => cli.ok(args, options);
/** A tx through node `via` (`args` without the leading "tx"). */
const tx = (args: string[], via: number) => cli.tx(["tx", ...args], via);
const onEveryNode: DevnetCli["onEveryNode"] = (route, check, height) => cli.onEveryNode(route, check, height);

const who: Record<string, string> = {};

test("keys: validator operator keys imported; an authority, an issuer, a seller, a buyer and a stranger funded", async () => {
  await cli.importValidatorKeys();
  for (const name of ["authority", "issuer", "seller", "buyer", "stranger"]) {
    who[name] = (await ok(["keys", "add", name, "-o", "json"])).address;
    await tx(["bank", "send", "validator0", who[name]!, "50000000uunit"], 0);
  }
  await onEveryNode(`/cosmos/bank/v1beta1/balances/${who.seller}/by_denom?denom=uunit`, (b, node) => assert.equal(b.balance.amount, "50000000", node));
});

test("governance sets the US-CA authority and the issuer; validators 1-3 vote yes through their own nodes", async () => {
  const file = path.join(cli.home, "proposal.json");
  fs.writeFileSync(
    file,
    JSON.stringify({
      messages: [
        {
          "@type": "/chain.registry.MsgSetJurisdictionAuthority",
          authority: GOV,
          jurisdiction_code: "US-CA",
          authority_address: who.authority,
          name: "California DRE",
        },
        { "@type": "/chain.identity.MsgAddIssuer", authority: GOV, issuer_address: who.issuer, name: "Acme KYC" },
      ],
      metadata: "",
      deposit: "10000000uunit",
      title: "California's registry authority and a KYC issuer",
      summary: "US-CA registers assets and sets transfer tax; Acme KYC attests owners",
    }),
  );
  await cli.passProposal(file, "authority", 1, VOTING_PERIOD_SECONDS);
  await onEveryNode("/vendor/chain/registry/jurisdiction/US-CA", (b, node) => {
    assert.equal(b.jurisdiction.authority, who.authority, node);
    assert.equal(b.jurisdiction.name, "California DRE", node);
  });
});

test("the issuer attests the seller and the buyer (through node 2)", async () => {
  for (const name of ["seller", "buyer"]) {
    const hash = "0x" + createHash("sha256").update(`passport of the ${name}`).digest("hex");
    await tx(["identity", "issue-credential", "--subject", who[name]!, "--credential-type", "kyc", "--credential-hash", hash, "--from", "issuer"], 2);
    await onEveryNode(`/vendor/chain/identity/tier/${who[name]}`, (b, node) => assert.equal(b.tier, "ACCOUNT_TIER_ATTESTED", node));
  }
});

test("the authority registers an asset to the seller (node 3) and sets a 2.5 % rule (node 1)", async () => {
  const title = "0x" + createHash("sha256").update("grant deed, 1 Main St, Sacramento").digest("hex");
  await tx(
    [
      "registry",
      "register-asset",
      "--jurisdiction",
      "US-CA",
      "--asset-class",
      "real_estate",
      "--owner",
      who.seller!,
      "--metadata-hash",
      title,
      "--declared-value",
      "1000000uunit",
      "--from",
      "authority",
    ],
    3,
  );
  await tx(["taxrail", "set-rule", "--jurisdiction", "US-CA", "--rate-bps", "250", "--from", "authority"], 1);
  await onEveryNode("/vendor/chain/registry/asset/1", (b, node) => {
    assert.equal(b.asset.owner, who.seller, node);
    assert.equal(b.asset.metadata_hash, title, node);
  });
  await onEveryNode("/vendor/chain/taxrail/rule/US-CA", (b, node) => assert.equal(b.rule.rate_bps, 250, node));
});

test("the sale for 4,000,000uunit (node 0): 100,000uunit in US-CA's balance and the history on every node", async () => {
  const sold = await tx(["registry", "transfer-asset", "--asset-id", "1", "--to", who.buyer!, "--price", "4000000uunit", "--from", "seller"], 0);
  await onEveryNode("/vendor/chain/taxrail/balance/US-CA", (b, node) =>
    assert.deepEqual(
      b.balance,
      { jurisdiction_code: "US-CA", collected: [{ denom: "uunit", amount: "100000" }], balance: [{ denom: "uunit", amount: "100000" }] },
      node,
    ),
  );
  await onEveryNode("/vendor/chain/registry/asset/1/history", (b, node) => {
    assert.equal(b.history.length, 1, node);
    assert.deepEqual(b.history[0].tax_paid, { denom: "uunit", amount: "100000" }, node);
    assert.equal(b.history[0].height, String(sold.height), node);
  });
  // Before the sale's block the balance was empty on every node; from it on, 100,000.
  await onEveryNode("/vendor/chain/taxrail/balance/US-CA", (b, node) => assert.deepEqual(b.balance.balance, [], node), Number(sold.height) - 1);
  await onEveryNode(`/cosmos/bank/v1beta1/balances/${TAX_ACCOUNT}/by_denom?denom=uunit`, (b, node) => assert.equal(b.balance.amount, "100000", node));
});

test("a transfer to an unattested account fails (node 2) and changes nothing on any node", async () => {
  const run = await unitd(
    ["tx", "registry", "transfer-asset", "--asset-id", "1", "--to", who.stranger!, "--price", "5000000uunit", "--from", "buyer", ...TX_FLAGS],
    {
      via: 2,
    },
  );
  assert.equal(run.code, 1, run.stdout);
  assert.match(run.stdout + run.stderr, /is not attested/);
  await devnet.waitForHeight((await devnet.waitForCommonHeight()) + 1);
  await onEveryNode("/vendor/chain/registry/asset/1", (b, node) => assert.equal(b.asset.owner, who.buyer, node));
  await onEveryNode("/vendor/chain/registry/asset/1/history", (b, node) => assert.equal(b.history.length, 1, node));
  await onEveryNode("/vendor/chain/taxrail/balance/US-CA", (b, node) => assert.deepEqual(b.balance.balance, [{ denom: "uunit", amount: "100000" }], node));
});

test("the authority withdraws 60,000uunit (node 3): 40,000 stay, in the balance and in the module account", async () => {
  await tx(["taxrail", "withdraw", "--jurisdiction", "US-CA", "--to", who.issuer!, "--amount", "60000uunit", "--from", "authority"], 3);
  await onEveryNode("/vendor/chain/taxrail/balance/US-CA", (b, node) =>
    assert.deepEqual(
      b.balance,
      { jurisdiction_code: "US-CA", collected: [{ denom: "uunit", amount: "100000" }], balance: [{ denom: "uunit", amount: "40000" }] },
      node,
    ),
  );
  await onEveryNode(`/cosmos/bank/v1beta1/balances/${TAX_ACCOUNT}/by_denom?denom=uunit`, (b, node) => assert.equal(b.balance.amount, "40000", node));
});

test("at every height all four nodes store the same block and app hash", async () => {
  const top = await devnet.waitForCommonHeight();
  assert.ok(top >= 20, `enough blocks to compare (${top})`);
  assert.deepEqual(await devnet.disagreements(top), [], "a height where the nodes disagree");
});
