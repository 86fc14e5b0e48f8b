// Every Msg of the chain's own modules has a builder in sdk/tx and an entry in the CosmJS registry
// of sdk/cosmjs: a new Msg added to a tx.proto fails here until both exist.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { DescService } from "@bufbuild/protobuf";
import type { Any } from "@bufbuild/protobuf/wkt";
import { Msg as IdentityMsg } from "../../gen/chain/identity/tx_pb.js";
import { Msg as RegistryMsg } from "../../gen/chain/registry/tx_pb.js";
import { Msg as TaxrailMsg } from "../../gen/chain/taxrail/tx_pb.js";
import { Msg as VotingMsg } from "../../gen/chain/voting/tx_pb.js";
import { chainMsgTypes } from "../cosmjs/registry.js";
import * as tx from "./index.js";

const GOV = "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc";
const A = "unit1v5ptfk7aalur8q6vnkgev8wwlk4fqgfwyu9p2p";
const B = "unit1squt7f8va6eee6wf8hahchz8n6uxcrg28qa59z";
const HASH = "0x" + "ab".repeat(32);
const uunit = (amount: string) => ({ denom: "uunit", amount });

const BUILT: Any[] = [
  tx.msgAddIssuer({ authority: GOV, issuerAddress: A, name: "Acme KYC" }),
  tx.msgRemoveIssuer({ authority: GOV, issuerAddress: A }),
  tx.msgIssueCredential({ issuer: A, subject: B, credentialType: "kyc", credentialHash: HASH }),
  tx.msgRevokeCredential({ signer: A, credentialId: 1n }),
  tx.msgUpdateIdentityParams({ authority: GOV, params: { attestedCredentialType: "kyc" } }),
  tx.msgSetJurisdictionAuthority({ authority: GOV, jurisdictionCode: "US-CA", authorityAddress: A, name: "California DRE" }),
  tx.msgRemoveJurisdictionAuthority({ authority: GOV, jurisdictionCode: "US-CA" }),
  tx.msgRegisterAsset({ authority: A, jurisdictionCode: "US-CA", assetClass: "real_estate", owner: B, metadataHash: HASH, declaredValue: uunit("1") }),
  tx.msgTransferAsset({ owner: B, assetId: 1n, newOwner: A, price: uunit("5") }),
  tx.msgUpdateRegistryParams({ authority: GOV, params: { requireAttestedOwner: true, maxAssetClassLength: 32 } }),
  tx.msgSetTaxRule({ authority: A, jurisdictionCode: "US-CA", rateBps: 250 }),
  tx.msgWithdrawTax({ authority: A, jurisdictionCode: "US-CA", recipient: B, amount: [uunit("10")] }),
  tx.msgUpdateTaxrailParams({ authority: GOV, params: { maxRateBps: 2000 } }),
  tx.msgAddElectoralAuthority({ authority: GOV, address: A, name: "Election Board" }),
  tx.msgRemoveElectoralAuthority({ authority: GOV, address: A }),
  tx.msgCreateElection({ authority: A, title: "T", options: ["yes", "no"], votingStart: 1_000, votingEnd: 2_000 }),
  tx.msgCancelElection({ signer: A, electionId: 1n }),
  tx.msgRegisterVoter({ voter: B, electionId: 1n }),
  tx.msgCastVote({ voter: B, electionId: 1n, option: "yes" }),
  tx.msgUpdateVotingParams({ authority: GOV, params: { maxOptions: 5, minVotingPeriod: { seconds: 30n }, maxVotingPeriod: { seconds: 86400n } } }),
];

const SERVICES: DescService[] = [IdentityMsg, RegistryMsg, TaxrailMsg, VotingMsg];

test("every Msg of identity, registry, taxrail and voting has a builder whose Any decodes to it", () => {
  const expected = SERVICES.flatMap((s) => s.methods.map((m) => `/${m.input.typeName}`)).sort();
  assert.deepEqual(BUILT.map((any) => any.typeUrl).sort(), expected);
  for (const any of BUILT) {
    const message = tx.unpackAny(any);
    assert.equal(message && `/${message.$typeName}`, any.typeUrl);
    assert.ok(any.value.length > 0, `${any.typeUrl} carries its fields`);
  }
});

test("every one of them is in the CosmJS registry entries", () => {
  const registered = new Set(chainMsgTypes().map(([url]) => url));
  for (const any of BUILT) assert.ok(registered.has(any.typeUrl), any.typeUrl);
});

test("the new builders refuse what the chain would", () => {
  assert.throws(() => tx.msgSetJurisdictionAuthority({ authority: GOV, jurisdictionCode: "california", authorityAddress: A, name: "x" }), /california/);
  assert.throws(() => tx.msgUpdateTaxrailParams({ authority: GOV, params: { maxRateBps: 10_001 } }), /10001 bps/);
  assert.throws(() => tx.msgAddElectoralAuthority({ authority: GOV, address: A, name: "x".repeat(141) }), /longer than 140/);
});
