// The registry and taxrail message builders: they refuse what the chain would refuse, and CosmJS
// (through registerChainMsgTypes) encodes every message to the same bytes, so `unitd` and a dapp
// signing with CosmJS send identical txs.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Any } from "@bufbuild/protobuf/wkt";
import { Registry } from "@cosmjs/proto-signing";
import { defaultRegistryTypes } from "@cosmjs/stargate";
import { registerChainMsgTypes } from "../cosmjs/registry.js";
import { isJurisdictionCode } from "./jurisdictions.js";
import { msgRegisterAsset, msgTransferAsset } from "./registryMessages.js";
import { msgSetTaxRule, msgWithdrawTax } from "./taxrailMessages.js";
import { unpackAny } from "./registry.js";

const A = "unit1v5ptfk7aalur8q6vnkgev8wwlk4fqgfwyu9p2p";
const B = "unit1squt7f8va6eee6wf8hahchz8n6uxcrg28qa59z";
const HASH = "0x" + "ab".repeat(32);

test("jurisdiction codes: assigned ISO 3166-1 countries, optional 1-3 character subdivision", () => {
  for (const good of ["US", "US-CA", "DE-BY", "GB-ENG", "FR-75", "JP-13", "ZW"]) assert.ok(isJurisdictionCode(good), good);
  for (const bad of ["", "us", "USA", "US-", "US-CALI", "XX", "AA-1", "US-ca", "US CA", "U$"]) assert.ok(!isJurisdictionCode(bad), bad);
});

test("the builders refuse bad codes, hashes and rates before anything is signed", () => {
  const asset = {
    authority: A,
    jurisdictionCode: "US-CA",
    assetClass: "real_estate",
    owner: B,
    metadataHash: HASH,
    declaredValue: { denom: "uunit", amount: "1" },
  };
  assert.throws(() => msgRegisterAsset({ ...asset, jurisdictionCode: "California" }), /must be an upper-case ISO 3166-1 alpha-2 code/);
  assert.throws(() => msgRegisterAsset({ ...asset, metadataHash: "0x1234" }), /is not 0x followed by 64 hex digits/);
  assert.throws(() => msgSetTaxRule({ authority: A, jurisdictionCode: "US-CA", rateBps: 10_001 }), /must be an integer from 0 to 10000/);
  assert.throws(() => msgSetTaxRule({ authority: A, jurisdictionCode: "US-CA", rateBps: 2.5 }), /must be an integer/);
  assert.throws(() => msgWithdrawTax({ authority: A, jurisdictionCode: "XX", recipient: B, amount: [] }), /XX is not an ISO 3166-1 alpha-2 country code/);
});

test("CosmJS encodes each registry and taxrail Msg to the bytes our builders produce", () => {
  const registry = new Registry(defaultRegistryTypes);
  registerChainMsgTypes(registry);
  const cases = [
    {
      typeUrl: "/chain.registry.MsgRegisterAsset",
      value: {
        authority: A,
        jurisdictionCode: "US-CA",
        assetClass: "real_estate",
        owner: B,
        metadataHash: HASH,
        declaredValue: { denom: "uunit", amount: "1000000" },
      },
      ours: msgRegisterAsset,
    },
    {
      typeUrl: "/chain.registry.MsgTransferAsset",
      value: { owner: B, assetId: 7n, newOwner: A, price: { denom: "uunit", amount: "4000000" } },
      ours: msgTransferAsset,
    },
    { typeUrl: "/chain.taxrail.MsgSetTaxRule", value: { authority: A, jurisdictionCode: "US-CA", rateBps: 250 }, ours: msgSetTaxRule },
    {
      typeUrl: "/chain.taxrail.MsgWithdrawTax",
      value: { authority: A, jurisdictionCode: "US-CA", recipient: B, amount: [{ denom: "uunit", amount: "60000" }] },
      ours: msgWithdrawTax,
    },
  ] as const;
  for (const c of cases) {
    const any = registry.encodeAsAny({ typeUrl: c.typeUrl, value: c.value });
    const ours = (c.ours as (v: unknown) => Any)(c.value);
    assert.equal(any.typeUrl, ours.typeUrl);
    assert.deepEqual(new Uint8Array(any.value), ours.value, c.typeUrl);
    // And our client registry decodes them back, for rendering txs.
    const decoded = unpackAny(ours) as unknown as Record<string, unknown>;
    assert.equal(decoded.$typeName, c.typeUrl.slice(1));
  }
});
