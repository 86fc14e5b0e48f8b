// Every taxrail message over a real store branch, with registry (for jurisdiction authorities) and
// the real bank behind it: who may set a rule or withdraw, the bounds on rates and amounts, and
// that a refused message leaves the store byte-for-byte as it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sdkErrors, type RegisteredError } from "../../../common/errors.js";
import { GOV_ACCOUNT, moduleAddress, TAXRAIL_ACCOUNT } from "../../../common/moduleAccounts.js";
import { accAddressToString } from "../../../common/address.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { msgRegisterAssetHandler, msgSetJurisdictionAuthorityHandler, msgTransferAssetHandler } from "../registry/msgServer.js";
import { addr, DENOM, Harness } from "../registry/testHarness.js";
import { taxrailErrors } from "./errors.js";
import { msgSetTaxRuleHandler, msgUpdateParamsHandler, msgWithdrawTaxHandler } from "./msgServer.js";
import { attributesOf, eventsOfType } from "../../../test/support/eventAttributes.js";

const HASH = (n: number) => `0x${n.toString(16).padStart(2, "0").repeat(32)}`;
const caAuthority = addr(1);
const deAuthority = addr(2);
const alice = addr(3);
const bob = addr(4);
const treasury = addr(6);
const coin = (amount: bigint | number | string, denom = DENOM) => ({ denom, amount: String(amount) });

/**
 * US-CA and DE authorities; a 2.5 % US-CA rule and a 10 % DE rule; one asset in each, sold by
 * alice to bob: US-CA has collected 100,000uunit (4,000,000 x 2.5 %), DE 20,000uunit.
 */
function setup() {
  const h = new Harness([
    { address: alice.bytes, amount: 10_000_000n },
    { address: bob.bytes, amount: 10_000_000n },
  ]);
  h.attested.add(alice.text).add(bob.text);
  const m = {
    rule: msgSetTaxRuleHandler(h.taxrail),
    withdraw: msgWithdrawTaxHandler(h.taxrail),
    params: msgUpdateParamsHandler(h.taxrail),
    transfer: msgTransferAssetHandler(h.registry),
  };
  const setAuthority = msgSetJurisdictionAuthorityHandler(h.registry);
  const register = msgRegisterAssetHandler(h.registry);
  h.run(setAuthority, { authority: GOV_AUTHORITY, jurisdictionCode: "US-CA", authorityAddress: caAuthority.text, name: "California" });
  h.run(setAuthority, { authority: GOV_AUTHORITY, jurisdictionCode: "DE", authorityAddress: deAuthority.text, name: "Germany" });
  h.run(m.rule, { authority: caAuthority.text, jurisdictionCode: "US-CA", rateBps: 250 });
  h.run(m.rule, { authority: deAuthority.text, jurisdictionCode: "DE", rateBps: 1000 });
  for (const [authority, jurisdictionCode, n] of [
    [caAuthority.text, "US-CA", 1],
    [deAuthority.text, "DE", 2],
  ] as const) {
    h.run(register, { authority, jurisdictionCode, assetClass: "real_estate", owner: alice.text, metadataHash: HASH(n), declaredValue: coin(1) });
  }
  h.run(m.transfer, { owner: alice.text, assetId: 1n, newOwner: bob.text, price: coin(4_000_000) });
  h.run(m.transfer, { owner: alice.text, assetId: 2n, newOwner: bob.text, price: coin(200_000) });
  return { h, m };
}

function rejects(h: Harness, kind: RegisteredError, attempt: () => Error, message?: RegExp): void {
  const before = h.dump();
  const err = attempt();
  assert.ok(kind.is(err), `expected ${kind.codespace}/${kind.code} "${kind.description}", got ${err.message}`);
  if (message) assert.match(err.message, message);
  assert.deepEqual(h.dump(), before, "state unchanged");
}

test("error codes are registered under the taxrail codespace from 2 up", () => {
  assert.deepEqual(
    Object.values(taxrailErrors).map((e) => [e.codespace, e.code]),
    Object.values(taxrailErrors).map((_e, i) => ["taxrail", i + 2]),
  );
});

test("the setup collected 2.5 % and 10 % into the module account, per jurisdiction", () => {
  const { h } = setup();
  assert.deepEqual(h.taxrail.getBalance(h.branch, "US-CA").balance, [{ denom: DENOM, amount: 100_000n }]);
  assert.deepEqual(h.taxrail.getBalance(h.branch, "DE").balance, [{ denom: DENOM, amount: 20_000n }]);
  assert.equal(h.balance(h.taxAccount), 120_000n);
  assert.equal(h.balance(alice.bytes), 10_000_000n - 120_000n);
  h.close();
});

test("set-tax-rule: only the jurisdiction's authority or governance", () => {
  const { h, m } = setup();
  const set =
    (authority: string, jurisdictionCode = "US-CA", rateBps = 300) =>
    () =>
      h.fail(m.rule, { authority, jurisdictionCode, rateBps });
  rejects(h, taxrailErrors.unauthorized, set(alice.text), /is not the authority of US-CA/);
  rejects(h, taxrailErrors.unauthorized, set(deAuthority.text), /is not the authority of US-CA/);
  rejects(h, taxrailErrors.unauthorized, set(caAuthority.text, "FR"), /FR has no authority; only governance may set its tax rule/);
  // Governance may set any jurisdiction's rule, even one without an authority.
  const { events } = h.run(m.rule, { authority: GOV_AUTHORITY, jurisdictionCode: "FR", rateBps: 500 });
  assert.deepEqual(
    events.map((e) => [e.type, attributesOf(e)]),
    [["chain.taxrail.EventTaxRuleSet", { jurisdiction_code: '"FR"', previous_rate_bps: "0", rate_bps: "500", set_by: `"${GOV_AUTHORITY}"` }]],
  );
  const replaced = h.run(m.rule, { authority: caAuthority.text, jurisdictionCode: "US-CA", rateBps: 0 });
  assert.equal(attributesOf(replaced.events[0]!).previous_rate_bps, "250");
  const rule = h.taxrail.getRule(h.branch, "US-CA")!;
  assert.deepEqual([rule.rateBps, rule.setBy], [0, caAuthority.text]);
  h.close();
});

test("set-tax-rule: rate at most max_rate_bps (default 2,000) and never above 10,000; codes checked", () => {
  const { h, m } = setup();
  const set =
    (rateBps: number, jurisdictionCode = "US-CA") =>
    () =>
      h.fail(m.rule, { authority: caAuthority.text, jurisdictionCode, rateBps });
  rejects(h, taxrailErrors.invalidRate, set(2001), /2001 is above the maximum of 2000 bps/);
  rejects(h, taxrailErrors.invalidRate, set(10_001), /above the maximum of 10000 bps/);
  rejects(h, taxrailErrors.invalidRate, () => h.fail(m.rule, { authority: GOV_AUTHORITY, jurisdictionCode: "US-CA", rateBps: 2001 }));
  for (const bad of ["", "us-ca", "USA", "XX-CA", "US-CA-1"]) rejects(h, taxrailErrors.invalidJurisdictionCode, set(100, bad));
  rejects(h, sdkErrors.invalidAddress, () => h.fail(m.rule, { authority: "nobody", jurisdictionCode: "US-CA", rateBps: 1 }));
  h.run(m.rule, { authority: caAuthority.text, jurisdictionCode: "US-CA", rateBps: 2000 });
  assert.equal(h.taxrail.getRule(h.branch, "US-CA")!.rateBps, 2000);
  h.close();
});

test("withdraw-tax: only the jurisdiction's authority, never another jurisdiction's funds", () => {
  const { h, m } = setup();
  const withdraw =
    (authority: string, jurisdictionCode: string, amount = 1000) =>
    () =>
      h.fail(m.withdraw, { authority, jurisdictionCode, recipient: treasury.text, amount: [coin(amount)] });
  rejects(h, taxrailErrors.unauthorized, withdraw(alice.text, "US-CA"), /is not the authority of US-CA/);
  rejects(h, taxrailErrors.unauthorized, withdraw(GOV_AUTHORITY, "US-CA"), /is not the authority of US-CA/);
  // DE's authority asks for US-CA's funds; and for more than DE's balance, which the module account does hold.
  rejects(h, taxrailErrors.unauthorized, withdraw(deAuthority.text, "US-CA"));
  rejects(h, taxrailErrors.insufficientTaxBalance, withdraw(deAuthority.text, "DE", 20_001), /DE holds 20000uunit, less than the 20001uunit asked for/);
  rejects(h, taxrailErrors.unauthorized, withdraw(caAuthority.text, "FR"), /FR has no authority/);
  h.close();
});

test("withdraw-tax input checks: amounts, denoms, recipient", () => {
  const { h, m } = setup();
  const withdraw = (over: Record<string, unknown>) => () =>
    h.fail(m.withdraw, { authority: caAuthority.text, jurisdictionCode: "US-CA", recipient: treasury.text, amount: [coin(1)], ...over });
  rejects(h, taxrailErrors.invalidAmount, withdraw({ amount: [] }), /amount is empty/);
  rejects(h, taxrailErrors.invalidAmount, withdraw({ amount: [coin(0)] }), /not positive/);
  rejects(h, taxrailErrors.invalidAmount, withdraw({ amount: [coin(1, "zzz"), coin(1, "aaa")] }), /not sorted/);
  rejects(h, taxrailErrors.invalidAmount, withdraw({ amount: [coin(1), coin(1)] }), /duplicate/);
  rejects(h, taxrailErrors.invalidAmount, withdraw({ amount: [coin("x")] }));
  rejects(h, taxrailErrors.insufficientTaxBalance, withdraw({ amount: [coin(1, "ustable")] }), /US-CA holds 0ustable/);
  // Both denoms asked, one of them absent: nothing moves.
  rejects(h, taxrailErrors.insufficientTaxBalance, withdraw({ amount: [coin(1, "aaa"), coin(1)] }));
  rejects(h, sdkErrors.invalidAddress, withdraw({ recipient: "unit1nope" }));
  rejects(h, taxrailErrors.invalidRecipient, withdraw({ recipient: accAddressToString(moduleAddress(TAXRAIL_ACCOUNT)) }), /taxrail module account/);
  rejects(h, taxrailErrors.invalidJurisdictionCode, withdraw({ jurisdictionCode: "us-ca" }));
  h.close();
});

test("withdraw-tax moves part of a balance out; collected stays; the gov account may receive", () => {
  const { h, m } = setup();
  const { events } = h.run(m.withdraw, { authority: caAuthority.text, jurisdictionCode: "US-CA", recipient: treasury.text, amount: [coin(60_000)] });
  assert.equal(h.balance(treasury.bytes), 60_000n);
  assert.equal(h.balance(h.taxAccount), 60_000n);
  const b = h.taxrail.getBalance(h.branch, "US-CA");
  assert.deepEqual([b.collected, b.balance], [[{ denom: DENOM, amount: 100_000n }], [{ denom: DENOM, amount: 40_000n }]]);
  assert.deepEqual(h.taxrail.getBalance(h.branch, "DE").balance, [{ denom: DENOM, amount: 20_000n }], "DE untouched");
  assert.deepEqual(eventsOfType(events, "chain.taxrail.EventTaxWithdrawn")[0], {
    amount: '[{"denom":"uunit","amount":"60000"}]',
    jurisdiction_code: '"US-CA"',
    recipient: `"${treasury.text}"`,
    withdrawn_by: `"${caAuthority.text}"`,
  });
  rejects(h, taxrailErrors.insufficientTaxBalance, () =>
    h.fail(m.withdraw, { authority: caAuthority.text, jurisdictionCode: "US-CA", recipient: treasury.text, amount: [coin(40_001)] }),
  );
  const gov = moduleAddress(GOV_ACCOUNT);
  h.run(m.withdraw, { authority: caAuthority.text, jurisdictionCode: "US-CA", recipient: accAddressToString(gov), amount: [coin(40_000)] });
  assert.equal(h.balance(gov), 40_000n);
  assert.deepEqual(h.taxrail.getBalance(h.branch, "US-CA").balance, []);
  h.close();
});

test("update-params: gov only, at most 10,000; lowering the cap binds existing rules at once", () => {
  const { h, m } = setup();
  rejects(h, taxrailErrors.invalidAuthority, () => h.fail(m.params, { authority: caAuthority.text, params: { maxRateBps: 100 } }), /invalid authority/);
  rejects(h, taxrailErrors.invalidParams, () => h.fail(m.params, { authority: GOV_AUTHORITY }));
  rejects(h, taxrailErrors.invalidParams, () => h.fail(m.params, { authority: GOV_AUTHORITY, params: { maxRateBps: 10_001 } }), /above 10000/);
  const { events } = h.run(m.params, { authority: GOV_AUTHORITY, params: { maxRateBps: 100 } });
  assert.deepEqual(attributesOf(events[0]!), { params: '{"max_rate_bps":100}' });
  // The DE rule says 10 %; the cap now says 1 %: bob pays 1 % of 50,000 on selling back.
  assert.equal(h.taxrail.getRule(h.branch, "DE")!.rateBps, 1000);
  const { response } = h.run(m.transfer, { owner: bob.text, assetId: 2n, newOwner: alice.text, price: coin(50_000) });
  assert.equal(response.taxPaid?.amount, "500");
  rejects(h, taxrailErrors.invalidRate, () => h.fail(m.rule, { authority: deAuthority.text, jurisdictionCode: "DE", rateBps: 101 }));
  h.close();
});
