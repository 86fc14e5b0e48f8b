// Every registry message over a real store branch (with the real bank and taxrail keepers behind
// it): each bad input or unauthorized signer gets its registered error and leaves the store
// byte-for-byte as it was; the good paths write what they should and emit the typed events.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sdkErrors, type RegisteredError } from "../../../common/errors.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { msgSetTaxRuleHandler } from "../taxrail/msgServer.js";
import { registryErrors } from "./errors.js";
import {
  msgRegisterAssetHandler,
  msgRemoveJurisdictionAuthorityHandler,
  msgSetJurisdictionAuthorityHandler,
  msgTransferAssetHandler,
  msgUpdateParamsHandler,
} from "./msgServer.js";
import { addr, BLOCK_TIME_MS, DENOM, Harness, HEIGHT } from "./testHarness.js";
import { attributesOf, eventsOfType } from "../../../test/support/eventAttributes.js";

const HASH = (n: number) => `0x${n.toString(16).padStart(2, "0").repeat(32)}`;
const caAuthority = addr(1);
const deAuthority = addr(2);
const alice = addr(3);
const bob = addr(4);
const carol = addr(5); // never attested
const coin = (amount: bigint | number, denom = DENOM) => ({ denom, amount: String(amount) });

/** US-CA and DE authorities, alice and bob attested and funded, a 2.5 % US-CA rule, and asset 1 (US-CA) owned by alice. */
function setup() {
  const h = new Harness([
    { address: alice.bytes, amount: 1_000_000n },
    { address: bob.bytes, amount: 1_000_000n },
    { address: carol.bytes, amount: 1_000_000n },
  ]);
  h.attested.add(alice.text).add(bob.text);
  const m = {
    set: msgSetJurisdictionAuthorityHandler(h.registry),
    remove: msgRemoveJurisdictionAuthorityHandler(h.registry),
    register: msgRegisterAssetHandler(h.registry),
    transfer: msgTransferAssetHandler(h.registry),
    params: msgUpdateParamsHandler(h.registry),
    rule: msgSetTaxRuleHandler(h.taxrail),
  };
  h.run(m.set, { authority: GOV_AUTHORITY, jurisdictionCode: "US-CA", authorityAddress: caAuthority.text, name: "California DRE" });
  h.run(m.set, { authority: GOV_AUTHORITY, jurisdictionCode: "DE", authorityAddress: deAuthority.text, name: "Grundbuchamt" });
  h.run(m.rule, { authority: caAuthority.text, jurisdictionCode: "US-CA", rateBps: 250 });
  h.run(m.register, registration());
  return { h, m };
}

function registration(over: Record<string, unknown> = {}) {
  return {
    authority: caAuthority.text,
    jurisdictionCode: "US-CA",
    assetClass: "real_estate",
    owner: alice.text,
    metadataHash: HASH(0xab),
    declaredValue: coin(1_000_000),
    ...over,
  };
}

/** Runs `attempt`, which must fail with `kind`, and checks the store did not change. */
function rejects(h: Harness, kind: RegisteredError, attempt: () => Error, message?: RegExp): void {
  const before = h.dump();
  const err = attempt();
  assert.ok(kind.is(err), `expected ${kind.codespace}/${kind.code} "${kind.description}", got ${err.message}`);
  if (message) assert.match(err.message, message);
  assert.deepEqual(h.dump(), before, "state unchanged");
}

test("error codes are registered under the registry codespace from 2 up", () => {
  assert.deepEqual(
    Object.values(registryErrors).map((e) => [e.codespace, e.code]),
    Object.values(registryErrors).map((_e, i) => ["registry", i + 2]),
  );
});

test("governance-only messages refuse any authority but the gov module account", () => {
  const { h, m } = setup();
  const text = new RegExp(`^invalid authority; expected ${GOV_AUTHORITY}, got ${caAuthority.text}: `);
  rejects(
    h,
    registryErrors.invalidAuthority,
    () => h.fail(m.set, { authority: caAuthority.text, jurisdictionCode: "US-NY", authorityAddress: caAuthority.text, name: "X" }),
    text,
  );
  rejects(h, registryErrors.invalidAuthority, () => h.fail(m.remove, { authority: caAuthority.text, jurisdictionCode: "US-CA" }), text);
  rejects(
    h,
    registryErrors.invalidAuthority,
    () => h.fail(m.params, { authority: caAuthority.text, params: { requireAttestedOwner: false, maxAssetClassLength: 32 } }),
    text,
  );
  h.close();
});

test("jurisdiction codes: ISO 3166-1 alpha-2 or ISO 3166-2 in upper case, anything else refused", () => {
  const { h, m } = setup();
  const set = (jurisdictionCode: string) => () => h.fail(m.set, { authority: GOV_AUTHORITY, jurisdictionCode, authorityAddress: bob.text, name: "X" });
  for (const bad of ["", "us", "us-ca", "USA", "U", "US-", "US-CALI", "US_CA", "US CA", "XX", "ZZ-AB", "1A", "US-ca", " US", "US\u0000"]) {
    rejects(h, registryErrors.invalidJurisdictionCode, set(bad));
  }
  rejects(h, registryErrors.invalidJurisdictionCode, set("XX"), /XX is not an ISO 3166-1 alpha-2 country code/);
  rejects(h, registryErrors.invalidJurisdictionCode, set("us-ca"), /must be an upper-case ISO 3166-1 alpha-2 code/);
  for (const good of ["US", "FR", "DE-BY", "GB-ENG", "JP-13"])
    h.run(m.set, { authority: GOV_AUTHORITY, jurisdictionCode: good, authorityAddress: bob.text, name: "X" });
  assert.equal(h.registry.jurisdictionAuthority(h.branch, "GB-ENG"), bob.text);
  h.close();
});

test("set-jurisdiction-authority checks address and name; replacing reports the previous authority", () => {
  const { h, m } = setup();
  const set = (authorityAddress: string, name: string) => () => h.fail(m.set, { authority: GOV_AUTHORITY, jurisdictionCode: "US-NY", authorityAddress, name });
  rejects(h, sdkErrors.invalidAddress, set("unit1bogus", "X"));
  rejects(h, registryErrors.invalidName, set(bob.text, ""), /name is empty/);
  rejects(h, registryErrors.invalidName, set(bob.text, "x".repeat(141)), /141 characters/);
  rejects(h, registryErrors.invalidName, set(bob.text, "a\nb"));

  const { events } = h.run(m.set, { authority: GOV_AUTHORITY, jurisdictionCode: "US-CA", authorityAddress: bob.text, name: "New DRE" });
  assert.deepEqual(
    events.map((e) => [e.type, attributesOf(e)]),
    [
      [
        "chain.registry.EventJurisdictionAuthoritySet",
        { authority: `"${bob.text}"`, jurisdiction_code: '"US-CA"', name: '"New DRE"', previous_authority: `"${caAuthority.text}"` },
      ],
    ],
  );
  const record = h.registry.getJurisdiction(h.branch, "US-CA")!;
  assert.deepEqual([record.authority, record.name, Number(record.addedAt!.seconds) * 1000], [bob.text, "New DRE", BLOCK_TIME_MS]);
  h.close();
});

test("remove-jurisdiction-authority: unknown refused; afterwards nobody registers there, assets stay", () => {
  const { h, m } = setup();
  rejects(h, registryErrors.jurisdictionNotFound, () => h.fail(m.remove, { authority: GOV_AUTHORITY, jurisdictionCode: "US-NY" }));
  rejects(h, registryErrors.invalidJurisdictionCode, () => h.fail(m.remove, { authority: GOV_AUTHORITY, jurisdictionCode: "usa" }));
  const { events } = h.run(m.remove, { authority: GOV_AUTHORITY, jurisdictionCode: "US-CA" });
  assert.deepEqual(attributesOf(events[0]!), { authority: `"${caAuthority.text}"`, jurisdiction_code: '"US-CA"' });
  assert.equal(events[0]!.type, "chain.registry.EventJurisdictionAuthorityRemoved");
  assert.equal(h.registry.getJurisdiction(h.branch, "US-CA"), undefined);
  rejects(h, registryErrors.jurisdictionNotFound, () => h.fail(m.register, registration({ metadataHash: HASH(1) })), /US-CA has no authority/);
  assert.equal(h.registry.getAsset(h.branch, 1n)?.owner, alice.text);
  h.close();
});

test("register-asset: only the jurisdiction's own authority may register", () => {
  const { h, m } = setup();
  // Not an authority at all; the authority of another jurisdiction; gov itself.
  rejects(
    h,
    registryErrors.notJurisdictionAuthority,
    () => h.fail(m.register, registration({ authority: alice.text, metadataHash: HASH(1) })),
    /is not the authority of US-CA/,
  );
  rejects(h, registryErrors.notJurisdictionAuthority, () => h.fail(m.register, registration({ authority: deAuthority.text, metadataHash: HASH(1) })));
  rejects(h, registryErrors.notJurisdictionAuthority, () => h.fail(m.register, registration({ authority: GOV_AUTHORITY, metadataHash: HASH(1) })));
  // The DE authority may register in DE, not in US-CA.
  h.run(m.register, registration({ authority: deAuthority.text, jurisdictionCode: "DE", metadataHash: HASH(1) }));
  rejects(h, registryErrors.jurisdictionNotFound, () => h.fail(m.register, registration({ jurisdictionCode: "FR", metadataHash: HASH(2) })));
  h.close();
});

test("register-asset input checks: hash, class, value, owner, duplicates, attestation", () => {
  const { h, m } = setup();
  const reg = (over: Record<string, unknown>) => () => h.fail(m.register, registration({ metadataHash: HASH(9), ...over }));
  for (const bad of ["", "0x", HASH(1).slice(0, 65), `${HASH(1)}00`, HASH(1).slice(2), `0x${"g".repeat(64)}`, ` ${HASH(1)}`]) {
    rejects(h, registryErrors.invalidMetadataHash, reg({ metadataHash: bad }));
  }
  for (const bad of ["", "Real_estate", "real estate", "1house", "_x", "real-estate", "a".repeat(65)])
    rejects(h, registryErrors.invalidAssetClass, reg({ assetClass: bad }));
  // 33 characters passes the form check but not the default max_asset_class_length of 32.
  rejects(h, registryErrors.invalidAssetClass, reg({ assetClass: "a".repeat(33) }), /33 characters, more than 32/);
  rejects(h, registryErrors.invalidAmount, reg({ declaredValue: undefined }), /declared_value is missing/);
  rejects(h, registryErrors.invalidAmount, reg({ declaredValue: coin(0) }), /must be positive/);
  rejects(h, registryErrors.invalidAmount, reg({ declaredValue: coin("-5" as never) }));
  rejects(h, registryErrors.invalidAmount, reg({ declaredValue: coin("1.5" as never) }));
  rejects(h, registryErrors.invalidAmount, reg({ declaredValue: coin(5, "u") }), /invalid denom/);
  rejects(h, registryErrors.invalidAmount, reg({ declaredValue: coin((1n << 256n).toString() as never) }), /overflows 256 bits/);
  rejects(h, sdkErrors.invalidAddress, reg({ owner: "unit1xyz" }));
  rejects(h, registryErrors.invalidJurisdictionCode, reg({ jurisdictionCode: "California" }));
  // The same title document twice, in either spelling of the hash.
  rejects(h, registryErrors.duplicateAsset, reg({ metadataHash: HASH(0xab).toUpperCase().replace("0X", "0x") }), /asset 1 is already registered/);
  rejects(h, registryErrors.ownerNotAttested, reg({ owner: carol.text }), /is not attested/);
  h.close();
});

test("register-asset stores the asset with sequential ids and emits EventAssetRegistered", () => {
  const { h, m } = setup();
  const asset1 = h.registry.getAsset(h.branch, 1n)!;
  assert.deepEqual(
    {
      id: asset1.id,
      jurisdictionCode: asset1.jurisdictionCode,
      assetClass: asset1.assetClass,
      owner: asset1.owner,
      metadataHash: asset1.metadataHash,
      registeredBy: asset1.registeredBy,
      registeredAt: Number(asset1.registeredAt!.seconds) * 1000,
      declaredValue: [asset1.declaredValue!.denom, asset1.declaredValue!.amount],
    },
    {
      id: 1n,
      jurisdictionCode: "US-CA",
      assetClass: "real_estate",
      owner: alice.text,
      metadataHash: HASH(0xab),
      registeredBy: caAuthority.text,
      registeredAt: BLOCK_TIME_MS,
      declaredValue: [DENOM, "1000000"],
    },
  );
  const { response, events } = h.run(
    m.register,
    registration({ owner: bob.text, assetClass: "vehicle", metadataHash: HASH(0xcd).toUpperCase().replace("0X", "0x") }),
  );
  assert.equal(response.assetId, 2n);
  assert.equal(h.registry.getAsset(h.branch, 2n)!.metadataHash, HASH(0xcd), "stored lower-case");
  assert.deepEqual(
    events.map((e) => [e.type, attributesOf(e)]),
    [
      [
        "chain.registry.EventAssetRegistered",
        {
          asset_class: '"vehicle"',
          asset_id: '"2"',
          declared_value: `{"denom":"uunit","amount":"1000000"}`,
          jurisdiction_code: '"US-CA"',
          metadata_hash: `"${HASH(0xcd)}"`,
          owner: `"${bob.text}"`,
          registered_by: `"${caAuthority.text}"`,
        },
      ],
    ],
  );
  assert.equal(h.registry.nextAssetId(h.branch), 3n);
  h.close();
});

test("transfer-asset: only the owner, to someone else, of an existing asset, at a positive price", () => {
  const { h, m } = setup();
  const transfer = (over: Record<string, unknown>) => () =>
    h.fail(m.transfer, { owner: alice.text, assetId: 1n, newOwner: bob.text, price: coin(4000), ...over });
  rejects(h, registryErrors.notAssetOwner, transfer({ owner: bob.text, newOwner: alice.text }), /does not own asset 1/);
  rejects(h, registryErrors.notAssetOwner, transfer({ owner: caAuthority.text }), /does not own asset 1/);
  rejects(h, registryErrors.assetNotFound, transfer({ assetId: 2n }));
  rejects(h, registryErrors.assetNotFound, transfer({ assetId: 0n }), /ids start at 1/);
  rejects(h, registryErrors.invalidTransfer, transfer({ newOwner: alice.text }), /already the owner/);
  rejects(h, registryErrors.invalidAmount, transfer({ price: undefined }), /price is missing/);
  rejects(h, registryErrors.invalidAmount, transfer({ price: coin(0) }), /price must be positive/);
  rejects(h, registryErrors.invalidAmount, transfer({ price: coin("ten" as never) }));
  rejects(h, sdkErrors.invalidAddress, transfer({ newOwner: "cosmos1abc" }));
  h.close();
});

test("a transfer to an unattested account fails and changes nothing", () => {
  const { h, m } = setup();
  const before = { alice: h.balance(alice.bytes), tax: h.balance(h.taxAccount) };
  rejects(
    h,
    registryErrors.ownerNotAttested,
    () => h.fail(m.transfer, { owner: alice.text, assetId: 1n, newOwner: carol.text, price: coin(4000) }),
    /new owner .* is not attested/,
  );
  assert.deepEqual({ alice: h.balance(alice.bytes), tax: h.balance(h.taxAccount) }, before);
  assert.equal(h.registry.lastSeq(h.branch, 1n), 0n);
  h.close();
});

test("a seller who cannot pay the tax cannot transfer: nothing changes", () => {
  const { h, m } = setup();
  // 2.5 % of 50,000,000 is 1,250,000, more than alice's 1,000,000.
  rejects(
    h,
    sdkErrors.insufficientFunds,
    () => h.fail(m.transfer, { owner: alice.text, assetId: 1n, newOwner: bob.text, price: coin(50_000_000) }),
    /cannot pay the transfer tax of 1250000uunit/,
  );
  // A price in a denom the seller does not hold at all.
  rejects(h, sdkErrors.insufficientFunds, () => h.fail(m.transfer, { owner: alice.text, assetId: 1n, newOwner: bob.text, price: coin(1000, "ustable") }));
  h.close();
});

test("transfer-asset pays floor(price x rate / 10,000) into taxrail, moves the asset and appends history", () => {
  const { h, m } = setup();
  const { response, events } = h.run(m.transfer, { owner: alice.text, assetId: 1n, newOwner: bob.text, price: coin(40_039) });
  // 40,039 x 250 / 10,000 = 1,000.975 -> 1,000.
  assert.deepEqual([response.seq, response.taxPaid?.amount, response.taxPaid?.denom], [1n, "1000", DENOM]);
  assert.equal(h.balance(alice.bytes), 999_000n);
  assert.equal(h.balance(h.taxAccount), 1000n);
  assert.equal(h.balance(bob.bytes), 1_000_000n, "the price itself is settled off the registry");
  const b = h.taxrail.getBalance(h.branch, "US-CA");
  assert.deepEqual([b.collected, b.balance], [[{ denom: DENOM, amount: 1000n }], [{ denom: DENOM, amount: 1000n }]]);
  assert.equal(h.registry.getAsset(h.branch, 1n)!.owner, bob.text);
  const page = h.registry.historyPage(h.branch, 1n, undefined).items;
  assert.deepEqual(
    page.map((r) => [r.assetId, r.seq, r.from, r.to, r.price?.amount, r.taxPaid?.amount, r.taxPaid?.denom, r.height, Number(r.time!.seconds) * 1000]),
    [[1n, 1n, alice.text, bob.text, "40039", "1000", DENOM, HEIGHT, BLOCK_TIME_MS]],
  );
  const types = events.map((e) => e.type);
  assert.ok(types.includes("chain.taxrail.EventTaxCollected") && types.includes("chain.registry.EventAssetTransferred"), types.join());
  assert.ok(types.indexOf("chain.taxrail.EventTaxCollected") < types.indexOf("chain.registry.EventAssetTransferred"));
  assert.deepEqual(eventsOfType(events, "chain.taxrail.EventTaxCollected")[0], {
    amount: '{"denom":"uunit","amount":"1000"}',
    asset_id: '"1"',
    jurisdiction_code: '"US-CA"',
    payer: `"${alice.text}"`,
    rate_bps: "250",
  });
  assert.deepEqual(eventsOfType(events, "chain.registry.EventAssetTransferred")[0], {
    asset_id: '"1"',
    from: `"${alice.text}"`,
    price: '{"denom":"uunit","amount":"40039"}',
    seq: '"1"',
    tax_paid: '{"denom":"uunit","amount":"1000"}',
    to: `"${bob.text}"`,
  });
  // Owner indexes follow the asset; the old owner can no longer move it, the new one can.
  assert.deepEqual(
    h.registry.assetsByOwnerPage(h.branch, alice.bytes, undefined).items.map((a) => a.id),
    [],
  );
  assert.deepEqual(
    h.registry.assetsByOwnerPage(h.branch, bob.bytes, undefined).items.map((a) => a.id),
    [1n],
  );
  rejects(h, registryErrors.notAssetOwner, () => h.fail(m.transfer, { owner: alice.text, assetId: 1n, newOwner: bob.text, price: coin(1) }));
  const second = h.run(m.transfer, { owner: bob.text, assetId: 1n, newOwner: alice.text, price: coin(39) });
  // 39 x 250 / 10,000 < 1: no tax, no bank movement, and no tax event.
  assert.deepEqual([second.response.seq, second.response.taxPaid?.amount], [2n, "0"]);
  assert.ok(!second.events.some((e) => e.type === "chain.taxrail.EventTaxCollected" || e.type === "coin_spent"));
  assert.equal(h.balance(bob.bytes), 1_000_000n);
  assert.deepEqual(
    h.registry.historyPage(h.branch, 1n, undefined).items.map((r) => [r.seq, r.from, r.to]),
    [
      [1n, alice.text, bob.text],
      [2n, bob.text, alice.text],
    ],
  );
  h.close();
});

test("no rule, no tax: a DE asset transfers without paying anything", () => {
  const { h, m } = setup();
  h.run(m.register, registration({ authority: deAuthority.text, jurisdictionCode: "DE", metadataHash: HASH(7) }));
  const { response } = h.run(m.transfer, { owner: alice.text, assetId: 2n, newOwner: bob.text, price: coin(900_000) });
  assert.deepEqual([response.taxPaid?.denom, response.taxPaid?.amount], [DENOM, "0"]);
  assert.equal(h.balance(alice.bytes), 1_000_000n);
  assert.deepEqual(h.taxrail.balances(h.branch), []);
  h.close();
});

test("update-params: bounds on max_asset_class_length; require_attested_owner off lets unattested accounts own", () => {
  const { h, m } = setup();
  rejects(h, registryErrors.invalidParams, () => h.fail(m.params, { authority: GOV_AUTHORITY }), /params missing/);
  rejects(h, registryErrors.invalidParams, () =>
    h.fail(m.params, { authority: GOV_AUTHORITY, params: { requireAttestedOwner: true, maxAssetClassLength: 0 } }),
  );
  rejects(
    h,
    registryErrors.invalidParams,
    () => h.fail(m.params, { authority: GOV_AUTHORITY, params: { requireAttestedOwner: true, maxAssetClassLength: 65 } }),
    /1 to 64/,
  );
  const { events } = h.run(m.params, { authority: GOV_AUTHORITY, params: { requireAttestedOwner: false, maxAssetClassLength: 8 } });
  assert.deepEqual(attributesOf(events[0]!), { params: '{"require_attested_owner":false,"max_asset_class_length":8}' });
  rejects(h, registryErrors.invalidAssetClass, () => h.fail(m.register, registration({ assetClass: "real_estate", metadataHash: HASH(3) })), /more than 8/);
  h.run(m.register, registration({ assetClass: "land", owner: carol.text, metadataHash: HASH(3) }));
  h.run(m.transfer, { owner: alice.text, assetId: 1n, newOwner: carol.text, price: coin(100) });
  assert.equal(h.registry.getAsset(h.branch, 1n)!.owner, carol.text);
  h.close();
});
