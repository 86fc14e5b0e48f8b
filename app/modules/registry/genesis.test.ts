// Registry and taxrail genesis: defaults import; a state built by transactions exports and
// re-imports to the same bytes; bad records are refused with errors naming the field.
import { test } from "node:test";
import assert from "node:assert/strict";
import { GOV_AUTHORITY } from "../../modules.js";
import { exportTaxrailGenesis, initTaxrailGenesis, defaultTaxrailGenesis } from "../taxrail/genesis.js";
import { msgSetTaxRuleHandler, msgUpdateParamsHandler as taxrailParamsHandler, msgWithdrawTaxHandler } from "../taxrail/msgServer.js";
import { defaultRegistryGenesis, exportRegistryGenesis, initRegistryGenesis } from "./genesis.js";
import {
  msgRegisterAssetHandler,
  msgSetJurisdictionAuthorityHandler,
  msgTransferAssetHandler,
  msgUpdateParamsHandler as registryParamsHandler,
} from "./msgServer.js";
import { addr, DENOM, Harness } from "./testHarness.js";

const HASH = (n: number) => `0x${n.toString(16).padStart(2, "0").repeat(32)}`;
const ca = addr(1);
const alice = addr(3);
const bob = addr(4);

/** A state with two jurisdictions, two assets, history and a withdrawn part of the tax. */
function built(): Harness {
  const h = new Harness([
    { address: alice.bytes, amount: 1_000_000n },
    { address: bob.bytes, amount: 1_000_000n },
  ]);
  h.attested.add(alice.text).add(bob.text);
  // As at InitChain: every module's genesis runs, the defaults here.
  initRegistryGenesis(h.ctx(), h.registry, defaultRegistryGenesis());
  initTaxrailGenesis(h.ctx(), h.taxrail, defaultTaxrailGenesis());
  const set = msgSetJurisdictionAuthorityHandler(h.registry);
  h.run(set, { authority: GOV_AUTHORITY, jurisdictionCode: "US-CA", authorityAddress: ca.text, name: "CA" });
  h.run(set, { authority: GOV_AUTHORITY, jurisdictionCode: "DE-BY", authorityAddress: bob.text, name: "Bayern" });
  h.run(msgSetTaxRuleHandler(h.taxrail), { authority: ca.text, jurisdictionCode: "US-CA", rateBps: 250 });
  const register = msgRegisterAssetHandler(h.registry);
  for (const n of [1, 2]) {
    h.run(register, {
      authority: ca.text,
      jurisdictionCode: "US-CA",
      assetClass: "real_estate",
      owner: alice.text,
      metadataHash: HASH(n),
      declaredValue: { denom: DENOM, amount: "9" },
    });
  }
  const transfer = msgTransferAssetHandler(h.registry);
  h.run(transfer, { owner: alice.text, assetId: 1n, newOwner: bob.text, price: { denom: DENOM, amount: "400000" } });
  h.run(transfer, { owner: bob.text, assetId: 1n, newOwner: alice.text, price: { denom: DENOM, amount: "80000" } });
  h.run(msgWithdrawTaxHandler(h.taxrail), { authority: ca.text, jurisdictionCode: "US-CA", recipient: ca.text, amount: [{ denom: DENOM, amount: "5000" }] });
  return h;
}

/** Just the registry's and taxrail's keys, hex, in order. */
const moduleDump = (h: Harness) =>
  h.dump().filter((line) => line.startsWith(Buffer.from("taxrail/").toString("hex")) || line.startsWith(Buffer.from("registry/").toString("hex")));

test("default genesis imports, and exports back unchanged", () => {
  const h = new Harness();
  initRegistryGenesis(h.ctx(), h.registry, defaultRegistryGenesis());
  initTaxrailGenesis(h.ctx(), h.taxrail, defaultTaxrailGenesis());
  assert.deepEqual(exportRegistryGenesis(h.branch, h.registry), defaultRegistryGenesis());
  assert.deepEqual(exportTaxrailGenesis(h.branch, h.taxrail), defaultTaxrailGenesis());
  assert.deepEqual(defaultRegistryGenesis(), {
    params: { require_attested_owner: true, max_asset_class_length: 32 },
    jurisdictions: [],
    assets: [],
    history: [],
    next_asset_id: "1",
  });
  assert.deepEqual(defaultTaxrailGenesis(), { params: { max_rate_bps: 2000 }, rules: [], balances: [] });
  h.close();
});

test("export then import reproduces the registry's and taxrail's state byte for byte", () => {
  const a = built();
  const registry = exportRegistryGenesis(a.branch, a.registry);
  const taxrail = exportTaxrailGenesis(a.branch, a.taxrail);
  // The module account's bank balance comes with bank's genesis; credit it as bank would.
  const b = new Harness([
    { address: a.taxAccount, amount: a.balance(a.taxAccount) },
    { address: alice.bytes, amount: 1n },
  ]);
  initRegistryGenesis(b.ctx(), b.registry, JSON.parse(JSON.stringify(registry)));
  initTaxrailGenesis(b.ctx(), b.taxrail, JSON.parse(JSON.stringify(taxrail)));
  const mine = (h: Harness) => moduleDump(h);
  assert.ok(mine(a).length > 10, "the built state has registry and taxrail records");
  assert.deepEqual(mine(b), mine(a));
  assert.equal((registry as { next_asset_id: string }).next_asset_id, "3");
  assert.equal((registry as { history: unknown[] }).history.length, 2);
  a.close();
  b.close();
});

// Regression: the simulation found states governance reaches that did not import back
// (docs/simulation.md): genesis held assets and rules to the lowered params.
test("a state whose params governance lowered below its asset classes and tax rules exports and imports back", () => {
  const a = built();
  a.run(registryParamsHandler(a.registry), { authority: GOV_AUTHORITY, params: { requireAttestedOwner: true, maxAssetClassLength: 4 } });
  a.run(taxrailParamsHandler(a.taxrail), { authority: GOV_AUTHORITY, params: { maxRateBps: 100 } });
  const registry = JSON.parse(JSON.stringify(exportRegistryGenesis(a.branch, a.registry)));
  const taxrail = JSON.parse(JSON.stringify(exportTaxrailGenesis(a.branch, a.taxrail)));
  assert.equal(registry.assets[0].asset_class, "real_estate");
  assert.equal(taxrail.rules[0].rate_bps, 250);
  const b = new Harness([
    { address: a.taxAccount, amount: a.balance(a.taxAccount) },
    { address: alice.bytes, amount: 1n },
  ]);
  initRegistryGenesis(b.ctx(), b.registry, registry);
  initTaxrailGenesis(b.ctx(), b.taxrail, taxrail);
  assert.deepEqual(moduleDump(b), moduleDump(a));
  a.close();
  b.close();
});

test("registry genesis refuses bad records, naming the field", () => {
  const source = built();
  const exported = JSON.stringify(exportRegistryGenesis(source.branch, source.registry));
  source.close();
  // Genesis JSON edited freely, as a hand-written file would be.
  type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
  const refuse = (edit: (g: Json) => void, message: RegExp) => {
    const g = JSON.parse(exported) as Json;
    edit(g);
    const h = new Harness();
    assert.throws(() => initRegistryGenesis(h.ctx(), h.registry, g), message);
    h.close();
  };
  refuse((g) => (g.params.max_asset_class_length = 0), /registry genesis params: .*max_asset_class_length must be 1 to 64/);
  refuse((g) => (g.jurisdictions[0].jurisdiction_code = "Bavaria"), /registry genesis jurisdictions\[0\]\.jurisdiction_code: .*must be an upper-case/);
  refuse((g) => g.jurisdictions.push({ ...g.jurisdictions[0] }), /jurisdictions\[2\]: duplicate jurisdiction DE-BY/);
  refuse((g) => (g.assets[1].id = "1"), /assets\[1\]\.id: duplicate id 1/);
  refuse((g) => (g.assets[0].id = "0"), /assets\[0\]\.id: ids start at 1/);
  refuse((g) => (g.assets[1].metadata_hash = g.assets[0].metadata_hash), /assets\[1\]: .*already registered with metadata hash/);
  refuse((g) => (g.assets[0].metadata_hash = "0x12"), /assets\[0\]\.metadata_hash/);
  refuse((g) => (g.assets[0].asset_class = "Real Estate"), /assets\[0\]\.asset_class/);
  refuse((g) => (g.assets[0].declared_value.amount = "0"), /assets\[0\]\.declared_value: .*must be positive/);
  refuse((g) => (g.assets[0].owner = "unit1xx"), /assets\[0\]\.owner/);
  refuse((g) => (g.history[1].seq = "3"), /history\[1\]\.seq: asset 1 expects seq 2, got 3/);
  refuse((g) => (g.history[0].asset_id = "7"), /history\[0\]\.asset_id: asset 7 is not in assets/);
  refuse((g) => (g.history[1].from = ca.text), /history\[1\]\.from: .* is not .*the previous entry's new owner/);
  refuse((g) => (g.history[0].tax_paid.amount = "400001"), /history\[0\]\.tax_paid/);
  refuse((g) => (g.assets[0].owner = bob.text), /asset 1's last transfer is to .*, not its owner/);
  refuse((g) => (g.next_asset_id = "2"), /next_asset_id: 2 must be above every asset id \(highest 2\)/);
});

test("taxrail genesis: balances must be backed by the module account and within what was collected", () => {
  const a = built();
  const g = JSON.parse(JSON.stringify(exportTaxrailGenesis(a.branch, a.taxrail)));
  const unbacked = new Harness();
  assert.throws(
    () => initTaxrailGenesis(unbacked.ctx(), unbacked.taxrail, g),
    /taxrail genesis balances: taxrail module account holds nothing, jurisdiction balances sum to 7000uunit/,
  );
  const overdrawn = new Harness([{ address: a.taxAccount, amount: 7000n }]);
  const bad = JSON.parse(JSON.stringify(g));
  bad.balances[0].collected = [{ denom: DENOM, amount: "6000" }];
  assert.throws(() => initTaxrailGenesis(overdrawn.ctx(), overdrawn.taxrail, bad), /balances\[0\]\.balance: 7000uunit is more than the 6000uunit collected/);
  const rate = JSON.parse(JSON.stringify(g));
  rate.rules[0].rate_bps = 10_001;
  assert.throws(() => initTaxrailGenesis(overdrawn.ctx(), overdrawn.taxrail, rate), /rules\[0\]\.rate_bps: .*above the maximum of 10000/);
  a.close();
  unbacked.close();
  overdrawn.close();
});
