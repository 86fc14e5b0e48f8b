import { test } from "node:test";
import assert from "node:assert/strict";
import { create, toBinary } from "@bufbuild/protobuf";
import { Registry } from "@cosmjs/proto-signing";
import { defaultRegistryTypes } from "@cosmjs/stargate";
import { MsgAddIssuerSchema, MsgRevokeCredentialSchema } from "../../gen/chain/identity/tx_pb.js";
import { TxBodySchema } from "../../gen/cosmos/tx/v1beta1/tx_pb.js";
import { msgIssueCredential } from "../tx/identityMessages.js";
import { msgSubmitProposal } from "../tx/govMessages.js";
import { packAny } from "../tx/registry.js";
import { chainMsgTypes, registerChainMsgTypes } from "./registry.js";

const ISSUER = "unit1v5ptfk7aalur8q6vnkgev8wwlk4fqgfwyu9p2p";
const SUBJECT = "unit1squt7f8va6eee6wf8hahchz8n6uxcrg28qa59z";
const GOV = "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc";
const HASH = "0x" + "ab".repeat(32);

test("every Msg the chain serves is listed once, sorted, and no Msg response is", () => {
  const urls = chainMsgTypes().map(([url]) => url);
  assert.deepEqual(urls, [...urls].sort());
  assert.equal(new Set(urls).size, urls.length);
  for (const url of [
    "/chain.identity.MsgAddIssuer",
    "/chain.identity.MsgRemoveIssuer",
    "/chain.identity.MsgIssueCredential",
    "/chain.identity.MsgRevokeCredential",
    "/chain.identity.MsgUpdateParams",
    "/cosmos.bank.v1beta1.MsgSend",
    "/cosmos.staking.v1beta1.MsgDelegate",
    "/cosmos.gov.v1.MsgCancelProposal",
  ]) {
    assert.ok(urls.includes(url), url);
  }
  assert.ok(!urls.some((u) => u.endsWith("Response")));
});

test("only the types CosmJS lacks are added; the ones it knows keep its codecs", () => {
  const registry = new Registry(defaultRegistryTypes);
  const cosmjsMsgSend = registry.lookupType("/cosmos.bank.v1beta1.MsgSend");
  const added = registerChainMsgTypes(registry);
  assert.deepEqual(added, [
    "/chain.identity.MsgAddIssuer",
    "/chain.identity.MsgIssueCredential",
    "/chain.identity.MsgRemoveIssuer",
    "/chain.identity.MsgRevokeCredential",
    "/chain.identity.MsgUpdateParams",
    "/chain.registry.MsgRegisterAsset",
    "/chain.registry.MsgRemoveJurisdictionAuthority",
    "/chain.registry.MsgSetJurisdictionAuthority",
    "/chain.registry.MsgTransferAsset",
    "/chain.registry.MsgUpdateParams",
    "/chain.taxrail.MsgSetTaxRule",
    "/chain.taxrail.MsgUpdateParams",
    "/chain.taxrail.MsgWithdrawTax",
    "/chain.voting.MsgAddElectoralAuthority",
    "/chain.voting.MsgCancelElection",
    "/chain.voting.MsgCastVote",
    "/chain.voting.MsgCreateElection",
    "/chain.voting.MsgRegisterVoter",
    "/chain.voting.MsgRemoveElectoralAuthority",
    "/chain.voting.MsgUpdateParams",
    "/cosmos.bank.v1beta1.MsgSetSendEnabled",
    "/cosmos.bank.v1beta1.MsgUpdateParams",
    "/cosmos.consensus.v1.MsgUpdateParams",
    // CosmJS knows the four distribution messages of SDK v0.46; not the three added since.
    "/cosmos.distribution.v1beta1.MsgCommunityPoolSpend",
    "/cosmos.distribution.v1beta1.MsgDepositValidatorRewardsPool",
    "/cosmos.distribution.v1beta1.MsgUpdateParams",
    "/cosmos.evidence.v1beta1.MsgSubmitEvidence",
    "/cosmos.gov.v1.MsgCancelProposal",
    "/cosmos.gov.v1.MsgExecLegacyContent",
    "/cosmos.slashing.v1beta1.MsgUnjail",
    "/cosmos.slashing.v1beta1.MsgUpdateParams",
    // CosmJS's staking messages stop at MsgCancelUnbondingDelegation.
    "/cosmos.staking.v1beta1.MsgUpdateParams",
  ]);
  assert.equal(registry.lookupType("/cosmos.bank.v1beta1.MsgSend"), cosmjsMsgSend);
  assert.deepEqual(registerChainMsgTypes(registry), [], "registering twice adds nothing");
});

test("CosmJS encodes a custom Msg to the bytes the SDK's own signer sends, and decodes it back", () => {
  const registry = new Registry(defaultRegistryTypes);
  registerChainMsgTypes(registry);
  const value = { issuer: ISSUER, subject: SUBJECT, credentialType: "kyc", credentialHash: HASH };
  const any = registry.encodeAsAny({ typeUrl: "/chain.identity.MsgIssueCredential", value });
  const ours = msgIssueCredential(value);
  assert.equal(any.typeUrl, ours.typeUrl);
  assert.deepEqual(new Uint8Array(any.value), ours.value);
  const decoded = registry.decode({ typeUrl: "/chain.identity.MsgIssueCredential", value: any.value });
  assert.equal(decoded.subject, SUBJECT);
  assert.equal(decoded.credentialHash, HASH);

  // A whole TxBody, as SigningStargateClient builds it, equals protobuf-es's.
  const bodyBytes = registry.encodeTxBody({
    messages: [{ typeUrl: "/chain.identity.MsgRevokeCredential", value: { signer: ISSUER, credentialId: 7n } }],
    memo: "m",
  });
  const expected = toBinary(
    TxBodySchema,
    create(TxBodySchema, { messages: [packAny(MsgRevokeCredentialSchema, { signer: ISSUER, credentialId: 7n })], memo: "m" }),
  );
  assert.deepEqual(new Uint8Array(bodyBytes), expected);
  const back = registry.decodeTxBody(bodyBytes).messages[0] as unknown as { signer: string; credentialId: bigint };
  assert.deepEqual([back.signer, back.credentialId], [ISSUER, 7n]);
});

test("a gov v1 proposal through CosmJS's own codec carries a custom Msg packed by the adapter", () => {
  const registry = new Registry(defaultRegistryTypes);
  registerChainMsgTypes(registry);
  const inner = registry.encodeAsAny({ typeUrl: "/chain.identity.MsgAddIssuer", value: { authority: GOV, issuerAddress: ISSUER, name: "Acme KYC" } });
  const proposal = {
    messages: [inner],
    initialDeposit: [{ denom: "uunit", amount: "10000000" }],
    proposer: ISSUER,
    metadata: "",
    title: "Add Acme",
    summary: "Authorize Acme KYC",
    expedited: false,
  };
  const bytes = registry.encode({ typeUrl: "/cosmos.gov.v1.MsgSubmitProposal", value: proposal });
  const ours = msgSubmitProposal({ ...proposal, messages: [packAny(MsgAddIssuerSchema, { authority: GOV, issuerAddress: ISSUER, name: "Acme KYC" })] });
  assert.deepEqual(new Uint8Array(bytes), ours.value);
});
