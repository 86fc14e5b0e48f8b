// The registry and taxrail story on a real one-validator chain (CometBFT, the app, the REST
// gateway), typed through `unitd` as a user types it: governance makes an account the US-CA
// authority (and authorizes a KYC issuer), the issuer attests two accounts, the authority
// registers an asset to one and sets a 2.5 % rule, the owner sells it to the other for
// 4,000,000uunit, 100,000uunit lands in the US-CA balance, the history shows the entry with
// tax_paid, a transfer to an unattested account fails and changes nothing, and the authority
// withdraws part of the tax. Every REST answer read along the way is compared field by field with
// the gRPC answer at the same height, and the typed events are found by tx_search.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type DescService } from "@bufbuild/protobuf";
import { Query as RegistryQuery } from "../gen/chain/registry/query_pb.js";
import { Query as TaxrailQuery } from "../gen/chain/taxrail/query_pb.js";
import { waitUntil } from "../cometbft/readiness.js";
import { NodeGrpcClient } from "../common/grpc/client.js";
import { moduleAddress, TAXRAIL_ACCOUNT } from "../common/moduleAccounts.js";
import { VALIDATOR_TEST_MNEMONICS } from "../common/node/testKeys.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { LocalNode } from "./support/localNode.js";
import { readMatchingGrpc } from "./support/restVsGrpc.js";
import { RestGatewayProcess } from "./support/restGateway.js";
import { runUnitd, type CliRun } from "./support/unitdCli.js";

const VOTING_PERIOD_SECONDS = 6;
const FEE = 10_000n;
const TX_FLAGS = ["--gas", "400000", "--fees", `${FEE}uunit`, "-y", "--wait", "-o", "json"];
const TAX_ACCOUNT = formatAccountAddress(moduleAddress(TAXRAIL_ACCOUNT));
const TITLE_HASH = "0x" + createHash("sha256").update("grant deed, 1 Main St, Sacramento (kept off chain)").digest("hex");

let node: LocalNode;
let gateway: RestGatewayProcess;
let grpc: NodeGrpcClient;
const home = fs.mkdtempSync(path.join(os.tmpdir(), "unit-registry-story-"));

before(async () => {
  node = await LocalNode.create({ votingPeriod: `${VOTING_PERIOD_SECONDS}s` });
  await node.start();
  await node.waitForHeight(2);
  gateway = new RestGatewayProcess(node.ports.rest, ["--home", node.paths.root]);
  await gateway.waitFor("/vendor/chain/registry/params");
  grpc = new NodeGrpcClient(`127.0.0.1:${node.ports.grpc}`);
});

after(async () => {
  grpc?.close();
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

/** A tx through unitd that must be included with code 0. */
async function tx(args: string[]): Promise<any> {
  const result = await ok(["tx", ...args, ...TX_FLAGS]);
  assert.equal(result.code, 0, result.raw_log);
  return result;
}

/**
 * A REST route, read at the committed height and compared field by field with the gRPC method
 * behind it at that same height; returns the REST body.
 */
async function read(url: string, service: DescService, method: string, request: Record<string, unknown>): Promise<any> {
  return readMatchingGrpc(gateway, grpc, { url, service, method, request });
}

const uunit = async (address: string) => BigInt((await gateway.get(`/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=uunit`)).body.balance.amount);
const eventAttr = (result: any, type: string, key: string) => {
  const event = result.events.find((e: { type: string }) => e.type === type);
  assert.ok(event, `event ${type} in ${result.events.map((e: { type: string }) => e.type).join()}`);
  return JSON.parse(event.attributes.find((a: { key: string }) => a.key === key).value);
};

const who: Record<string, string> = {};

test("keys and funds: the validator, an authority, an issuer, a seller, a buyer and an unattested account", async () => {
  await ok(["keys", "add", "validator", "--recover", "-o", "json"], VALIDATOR_TEST_MNEMONICS[0] + "\n");
  for (const name of ["authority", "issuer", "seller", "buyer", "stranger"]) who[name] = (await ok(["keys", "add", name, "-o", "json"])).address;
  for (const name of ["authority", "issuer", "seller", "buyer", "stranger"]) await tx(["bank", "send", "validator", who[name]!, "50000000uunit"]);
  assert.equal(await uunit(who.seller!), 50_000_000n);
});

test("governance makes the authority US-CA's jurisdiction authority (and authorizes the issuer) in one proposal", async () => {
  const gov = (await ok(["query", "auth", "module-account", "gov", "-o", "json"])).account.base_account.address;
  const file = path.join(home, "proposal.json");
  fs.writeFileSync(
    file,
    JSON.stringify({
      messages: [
        {
          "@type": "/chain.registry.MsgSetJurisdictionAuthority",
          authority: gov,
          jurisdiction_code: "US-CA",
          authority_address: who.authority,
          name: "California DRE",
        },
        { "@type": "/chain.identity.MsgAddIssuer", authority: gov, issuer_address: who.issuer, name: "Acme KYC" },
      ],
      metadata: "",
      deposit: "10000000uunit",
      title: "California's registry authority and a KYC issuer",
      summary: "Lets the California DRE register assets and set transfer tax; lets Acme KYC attest buyers and sellers",
    }),
  );
  await tx(["gov", "submit-proposal", file, "--from", "authority"]);
  await tx(["gov", "vote", "1", "yes", "--from", "validator"]);
  assert.equal((await gateway.get("/vendor/chain/registry/jurisdiction/US-CA")).status, 404, "not before the voting period ends");
  await waitUntil(
    "the proposal to pass",
    async () => (await gateway.get("/cosmos/gov/v1/proposals/1")).body.proposal?.status === "PROPOSAL_STATUS_PASSED",
    (VOTING_PERIOD_SECONDS + 20) * 1000,
  );
  const { jurisdiction } = await read("/vendor/chain/registry/jurisdiction/US-CA", RegistryQuery, "Jurisdiction", { jurisdictionCode: "US-CA" });
  assert.equal(jurisdiction.authority, who.authority);
  assert.equal(jurisdiction.name, "California DRE");
  assert.match(jurisdiction.added_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  assert.equal((await ok(["query", "registry", "jurisdiction", "US-CA", "-o", "json"])).jurisdiction.authority, who.authority);
});

test("the issuer attests the seller and the buyer", async () => {
  for (const name of ["seller", "buyer"]) {
    const hash = "0x" + createHash("sha256").update(`passport of the ${name}`).digest("hex");
    await tx(["identity", "issue-credential", "--subject", who[name]!, "--credential-type", "kyc", "--credential-hash", hash, "--from", "issuer"]);
    assert.equal((await gateway.get(`/vendor/chain/identity/tier/${who[name]}`)).body.tier, "ACCOUNT_TIER_ATTESTED");
  }
  assert.equal((await gateway.get(`/vendor/chain/identity/tier/${who.stranger}`)).body.tier, "ACCOUNT_TIER_UNVERIFIED");
});

test("the authority registers an asset to the seller and sets a 2.5 % rule", async () => {
  const registered = await tx([
    "registry",
    "register-asset",
    "--jurisdiction",
    "US-CA",
    "--asset-class",
    "real_estate",
    "--owner",
    who.seller!,
    "--metadata-hash",
    TITLE_HASH,
    "--declared-value",
    "1000000uunit",
    "--from",
    "authority",
  ]);
  assert.equal(eventAttr(registered, "chain.registry.EventAssetRegistered", "asset_id"), "1");
  const { asset } = await read("/vendor/chain/registry/asset/1", RegistryQuery, "Asset", { id: 1n });
  assert.deepEqual(
    { ...asset, registered_at: undefined },
    {
      id: "1",
      jurisdiction_code: "US-CA",
      asset_class: "real_estate",
      owner: who.seller,
      metadata_hash: TITLE_HASH,
      registered_by: who.authority,
      registered_at: undefined,
      declared_value: { denom: "uunit", amount: "1000000" },
    },
  );

  await tx(["taxrail", "set-rule", "--jurisdiction", "US-CA", "--rate-bps", "250", "--from", "authority"]);
  const { rule } = await read("/vendor/chain/taxrail/rule/US-CA", TaxrailQuery, "Rule", { jurisdictionCode: "US-CA" });
  assert.deepEqual([rule.jurisdiction_code, rule.rate_bps, rule.set_by], ["US-CA", 250, who.authority]);
  assert.equal((await ok(["query", "taxrail", "rule", "US-CA", "-o", "json"])).rule.rate_bps, 250);
});

test("the seller sells to the buyer for 4,000,000uunit: 100,000uunit lands in the US-CA balance", async () => {
  const sellerBefore = await uunit(who.seller!);
  const sold = await tx(["registry", "transfer-asset", "--asset-id", "1", "--to", who.buyer!, "--price", "4000000uunit", "--from", "seller"]);
  assert.deepEqual(eventAttr(sold, "chain.taxrail.EventTaxCollected", "amount"), { denom: "uunit", amount: "100000" });
  assert.equal(eventAttr(sold, "chain.registry.EventAssetTransferred", "to"), who.buyer);
  assert.equal(await uunit(who.seller!), sellerBefore - 100_000n - FEE);
  assert.equal(await uunit(TAX_ACCOUNT), 100_000n);

  const { balance } = await read("/vendor/chain/taxrail/balance/US-CA", TaxrailQuery, "Balance", { jurisdictionCode: "US-CA" });
  assert.deepEqual(balance, { jurisdiction_code: "US-CA", collected: [{ denom: "uunit", amount: "100000" }], balance: [{ denom: "uunit", amount: "100000" }] });
  const { history } = await read("/vendor/chain/registry/asset/1/history", RegistryQuery, "AssetHistory", { assetId: 1n });
  assert.equal(history.length, 1);
  assert.deepEqual(
    { ...history[0], height: undefined, time: undefined },
    {
      asset_id: "1",
      seq: "1",
      from: who.seller,
      to: who.buyer,
      price: { denom: "uunit", amount: "4000000" },
      tax_paid: { denom: "uunit", amount: "100000" },
      height: undefined,
      time: undefined,
    },
  );
  assert.equal(history[0].height, String(sold.height));
  const cliHistory = await ok(["query", "registry", "history", "1", "-o", "json"]);
  assert.deepEqual(cliHistory.history[0].tax_paid, { denom: "uunit", amount: "100000" });

  // The typed events are indexed: tx_search finds the sale by its asset and its tax by jurisdiction.
  const found = await node.rpc<{ txs: { hash: string }[] }>(
    `tx_search?query=${encodeURIComponent(`"chain.registry.EventAssetTransferred.asset_id='\\"1\\"'"`)}`,
  );
  assert.deepEqual(
    found.txs.map((t) => t.hash),
    [sold.txhash],
  );
  const taxed = await node.rpc<{ txs: { hash: string }[] }>(
    `tx_search?query=${encodeURIComponent(`"chain.taxrail.EventTaxCollected.jurisdiction_code='\\"US-CA\\"'"`)}`,
  );
  assert.deepEqual(
    taxed.txs.map((t) => t.hash),
    [sold.txhash],
  );
});

test("a transfer to an unattested account fails and changes nothing", async () => {
  const before = {
    asset: (await gateway.get("/vendor/chain/registry/asset/1")).body,
    history: (await gateway.get("/vendor/chain/registry/asset/1/history")).body.history,
    balance: (await gateway.get("/vendor/chain/taxrail/balance/US-CA")).body,
    taxAccount: await uunit(TAX_ACCOUNT),
    buyer: await uunit(who.buyer!),
  };
  const run = await unitd([
    "tx",
    "registry",
    "transfer-asset",
    "--asset-id",
    "1",
    "--to",
    who.stranger!,
    "--price",
    "5000000uunit",
    "--from",
    "buyer",
    ...TX_FLAGS,
  ]);
  assert.equal(run.code, 1, run.stdout);
  assert.match(run.stdout + run.stderr, /is not attested/);
  assert.deepEqual((await gateway.get("/vendor/chain/registry/asset/1")).body, before.asset);
  assert.deepEqual((await gateway.get("/vendor/chain/registry/asset/1/history")).body.history, before.history);
  assert.deepEqual((await gateway.get("/vendor/chain/taxrail/balance/US-CA")).body, before.balance);
  assert.equal(await uunit(TAX_ACCOUNT), before.taxAccount);
  // The fee of a tx that reached a block (or nothing, if the check refused it); never the tax.
  assert.ok([before.buyer, before.buyer - FEE].includes(await uunit(who.buyer!)));
});

test("others cannot withdraw; the authority withdraws part of the tax", async () => {
  const refused = await unitd([
    "tx",
    "taxrail",
    "withdraw",
    "--jurisdiction",
    "US-CA",
    "--to",
    who.seller!,
    "--amount",
    "1uunit",
    "--from",
    "seller",
    ...TX_FLAGS,
  ]);
  assert.equal(refused.code, 1);
  assert.match(refused.stdout + refused.stderr, /is not the authority of US-CA/);
  const treasury = who.issuer!;
  const before = await uunit(treasury);
  const withdrawn = await tx(["taxrail", "withdraw", "--jurisdiction", "US-CA", "--to", treasury, "--amount", "60000uunit", "--from", "authority"]);
  assert.deepEqual(eventAttr(withdrawn, "chain.taxrail.EventTaxWithdrawn", "amount"), [{ denom: "uunit", amount: "60000" }]);
  assert.equal(await uunit(treasury), before + 60_000n);
  assert.equal(await uunit(TAX_ACCOUNT), 40_000n, "the module account holds exactly the remaining balance");
  const { balance } = await read("/vendor/chain/taxrail/balance/US-CA", TaxrailQuery, "Balance", { jurisdictionCode: "US-CA" });
  assert.deepEqual(balance, { jurisdiction_code: "US-CA", collected: [{ denom: "uunit", amount: "100000" }], balance: [{ denom: "uunit", amount: "40000" }] });
  const tooMuch = await unitd([
    "tx",
    "taxrail",
    "withdraw",
    "--jurisdiction",
    "US-CA",
    "--to",
    treasury,
    "--amount",
    "40001uunit",
    "--from",
    "authority",
    ...TX_FLAGS,
  ]);
  assert.equal(tooMuch.code, 1);
  assert.match(tooMuch.stdout + tooMuch.stderr, /insufficient jurisdiction tax balance/);
});

test("every registry and taxrail route agrees with gRPC at the end of the story", async () => {
  const { params } = await read("/vendor/chain/registry/params", RegistryQuery, "Params", {});
  assert.deepEqual(params, { require_attested_owner: true, max_asset_class_length: 32 });
  assert.deepEqual((await read("/vendor/chain/taxrail/params", TaxrailQuery, "Params", {})).params, { max_rate_bps: 2000 });
  const byOwner = await read(`/vendor/chain/registry/assets/owner/${who.buyer}`, RegistryQuery, "AssetsByOwner", { owner: who.buyer });
  assert.deepEqual(
    byOwner.assets.map((a: { id: string }) => a.id),
    ["1"],
  );
  const byCode = await read("/vendor/chain/registry/assets/jurisdiction/US-CA", RegistryQuery, "AssetsByJurisdiction", { jurisdictionCode: "US-CA" });
  assert.equal(byCode.assets[0].owner, who.buyer);
  assert.equal((await read("/vendor/chain/registry/jurisdictions", RegistryQuery, "Jurisdictions", {})).jurisdictions.length, 1);
  assert.equal((await read("/vendor/chain/taxrail/rules", TaxrailQuery, "Rules", {})).rules.length, 1);
  assert.equal((await read("/vendor/chain/taxrail/balances", TaxrailQuery, "Balances", {})).balances.length, 1);
  assert.equal((await ok(["query", "registry", "assets-by-owner", who.buyer!, "-o", "json"])).assets[0].id, "1");
  assert.deepEqual((await ok(["query", "taxrail", "balance", "US-CA", "-o", "json"])).balance.balance, [{ denom: "uunit", amount: "40000" }]);
  assert.equal((await ok(["query", "registry", "params", "-o", "json"])).params.require_attested_owner, true);
});
