// Identity under governance, on the real app and store in-process (one-second blocks, a 5-second
// voting period set in this test's genesis): the issuer set and the params change only through
// passed proposals, and the tier follows them with no tx of its own.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { Any } from "@bufbuild/protobuf/wkt";
import {
  QueryTierRequestSchema,
  QueryTierResponseSchema,
  QueryCredentialRequestSchema,
  QueryCredentialResponseSchema,
  QueryIssuersRequestSchema,
  QueryIssuersResponseSchema,
} from "../gen/chain/identity/query_pb.js";
import { AccountTier } from "../gen/chain/identity/identity_pb.js";
import { MsgAddIssuerSchema, MsgRemoveIssuerSchema, MsgUpdateParamsSchema } from "../gen/chain/identity/tx_pb.js";
import { ProposalStatus } from "../gen/cosmos/gov/v1/gov_pb.js";
import { QueryProposalRequestSchema, QueryProposalResponseSchema, QueryVoteRequestSchema, QueryVoteResponseSchema } from "../gen/cosmos/gov/v1/query_pb.js";
import { QueryAccountRequestSchema, QueryAccountResponseSchema } from "../gen/cosmos/auth/v1beta1/query_pb.js";
import { BaseAccountSchema } from "../gen/cosmos/auth/v1beta1/auth_pb.js";
import { anyUnpack } from "@bufbuild/protobuf/wkt";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { generateMnemonic } from "../sdk/keys/mnemonic.js";
import { signerFromMnemonic } from "../sdk/keys/signerFromMnemonic.js";
import { msgDeposit, msgSubmitProposal, msgVote, VoteOption } from "../sdk/tx/govMessages.js";
import { msgIssueCredential, msgRevokeCredential } from "../sdk/tx/identityMessages.js";
import { packAny } from "../sdk/tx/registry.js";
import { signTx } from "../sdk/tx/signTx.js";
import type { TxSigner } from "../sdk/signer.js";
import { InProcessChain, TEST_CHAIN_ID } from "./support/inProcessChain.js";

const GOV = "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc";
const VOTING_SECONDS = 5;
const FEE = { amount: [{ denom: "uunit", amount: "20000" }], gasLimit: 800_000n };
const DEPOSIT = [{ denom: "uunit", amount: "10000000" }];

const validator = signerFromMnemonic(generateMnemonic());
const issuer = signerFromMnemonic(generateMnemonic());
const subject = signerFromMnemonic(generateMnemonic());
const bystander = signerFromMnemonic(generateMnemonic());
const V = formatAccountAddress(validator.address);
const I = formatAccountAddress(issuer.address);
const S = formatAccountAddress(subject.address);
const B = formatAccountAddress(bystander.address);
const hash = () => "0x" + randomBytes(32).toString("hex");

let chain: InProcessChain;
before(async () => {
  const funded = (address: string) => ({ address, coins: [{ denom: "uunit", amount: "1000000000000" }] });
  chain = await InProcessChain.create([funded(V), funded(I), funded(S), funded(B)], {
    editAppState: (state) => {
      (state.staking as { gen_validators: unknown[] }).gen_validators = [
        { delegator_address: V, pub_key: randomBytes(32).toString("base64"), moniker: "v0", amount: "100000000000" },
      ];
      const gov = state.gov as { params: Record<string, unknown> };
      gov.params = { ...gov.params, voting_period: `${VOTING_SECONDS}s`, expedited_voting_period: "2s" };
      return state;
    },
  });
  await chain.block([]);
});
after(() => chain.close());

async function sign(signer: TxSigner, messages: Any[]): Promise<Uint8Array> {
  const address = formatAccountAddress(signer.address);
  const res = await chain.grpc("/cosmos.auth.v1beta1.Query/Account", QueryAccountRequestSchema, { address }, QueryAccountResponseSchema);
  const account = anyUnpack(res.account!, BaseAccountSchema)!;
  return (await signTx({ signer, messages, fee: FEE, chainId: TEST_CHAIN_ID, accountNumber: account.accountNumber, sequence: account.sequence })).txBytes;
}

/** Runs one tx in its own block; returns its result. */
async function run(signer: TxSigner, messages: Any[]) {
  const block = await chain.block([await sign(signer, messages)]);
  return block.txResults![0]!;
}

async function ok(signer: TxSigner, messages: Any[]) {
  const r = await run(signer, messages);
  assert.equal(r.code ?? 0, 0, r.log);
  return r;
}

let proposals = 0n;
async function proposal(id: bigint) {
  return (await chain.grpc("/cosmos.gov.v1.Query/Proposal", QueryProposalRequestSchema, { proposalId: id }, QueryProposalResponseSchema)).proposal!;
}

/** Submits `messages` as a proposal, votes yes with the validator, and lets the voting period end. */
async function govern(messages: Any[]) {
  await ok(validator, [msgSubmitProposal({ messages, initialDeposit: DEPOSIT, proposer: V, metadata: "", title: "t", summary: "s" })]);
  const id = ++proposals;
  await ok(validator, [msgVote({ proposalId: id, voter: V, option: VoteOption.YES })]);
  for (let i = 0; i <= VOTING_SECONDS; i++) await chain.block([]);
  return proposal(id);
}

async function tier(address: string) {
  return (await chain.grpc("/chain.identity.Query/Tier", QueryTierRequestSchema, { address }, QueryTierResponseSchema)).tier;
}

const addIssuer = (address: string, name: string) => packAny(MsgAddIssuerSchema, { authority: GOV, issuerAddress: address, name });

test("a passed proposal adds the issuer; two kyc credentials, revoking one keeps the subject attested", async () => {
  const passed = await govern([addIssuer(I, "Acme KYC")]);
  assert.equal(passed.status, ProposalStatus.PASSED, passed.failedReason);
  const issuers = await chain.grpc("/chain.identity.Query/Issuers", QueryIssuersRequestSchema, {}, QueryIssuersResponseSchema);
  assert.deepEqual(
    issuers.issuers.map((i) => [i.address, i.name]),
    [[I, "Acme KYC"]],
  );

  assert.equal(await tier(S), AccountTier.UNVERIFIED);
  await ok(issuer, [msgIssueCredential({ issuer: I, subject: S, credentialType: "kyc", credentialHash: hash() })]);
  await ok(issuer, [msgIssueCredential({ issuer: I, subject: S, credentialType: "kyc", credentialHash: hash() })]);
  assert.equal(await tier(S), AccountTier.ATTESTED);
  await ok(issuer, [msgRevokeCredential({ signer: I, credentialId: 1n })]);
  assert.equal(await tier(S), AccountTier.ATTESTED, "the second kyc credential still attests");
  await ok(issuer, [msgRevokeCredential({ signer: I, credentialId: 2n })]);
  assert.equal(await tier(S), AccountTier.UNVERIFIED);
});

test("changing attested_credential_type by gov changes which type attests", async () => {
  await ok(issuer, [msgIssueCredential({ issuer: I, subject: S, credentialType: "email", credentialHash: hash() })]);
  assert.equal(await tier(S), AccountTier.CREDENTIALED, "an email credential is not the attested type");
  const passed = await govern([packAny(MsgUpdateParamsSchema, { authority: GOV, params: { attestedCredentialType: "email" } })]);
  assert.equal(passed.status, ProposalStatus.PASSED, passed.failedReason);
  assert.equal(await tier(S), AccountTier.ATTESTED);
  await govern([packAny(MsgUpdateParamsSchema, { authority: GOV, params: { attestedCredentialType: "kyc" } })]);
  assert.equal(await tier(S), AccountTier.CREDENTIALED);
});

test("removing the issuer by gov drops the tier of everyone it attested", async () => {
  await ok(issuer, [msgIssueCredential({ issuer: I, subject: S, credentialType: "kyc", credentialHash: hash() })]);
  assert.equal(await tier(S), AccountTier.ATTESTED);
  const passed = await govern([packAny(MsgRemoveIssuerSchema, { authority: GOV, issuerAddress: I })]);
  assert.equal(passed.status, ProposalStatus.PASSED, passed.failedReason);
  assert.equal(await tier(S), AccountTier.UNVERIFIED);
  const credential = await chain.grpc("/chain.identity.Query/Credential", QueryCredentialRequestSchema, { id: 4n }, QueryCredentialResponseSchema);
  assert.equal(credential.issuerAuthorized, false);
  const refused = await run(issuer, [msgIssueCredential({ issuer: I, subject: S, credentialType: "kyc", credentialHash: hash() })]);
  assert.equal(refused.codespace, "identity");
  assert.match(refused.log ?? "", /unauthorized issuer/);
});

test("a gov-only message signed by anyone else is refused with the authority error", async () => {
  const r = await run(validator, [packAny(MsgAddIssuerSchema, { authority: V, issuerAddress: B, name: "Rogue" })]);
  assert.notEqual(r.code ?? 0, 0);
  assert.match(r.log ?? "", new RegExp(`invalid authority; expected ${GOV}, got ${V}`));
});

test("a proposal whose message fails is FAILED with the reason, and changes nothing", async () => {
  // Adding an issuer twice fails inside the proposal; the first message of the same proposal is undone.
  const before = await chain.grpc("/chain.identity.Query/Issuers", QueryIssuersRequestSchema, {}, QueryIssuersResponseSchema);
  const failed = await govern([addIssuer(B, "Bystander"), addIssuer(B, "Bystander again")]);
  assert.equal(failed.status, ProposalStatus.FAILED);
  assert.match(failed.failedReason, /already/);
  const after = await chain.grpc("/chain.identity.Query/Issuers", QueryIssuersRequestSchema, {}, QueryIssuersResponseSchema);
  assert.deepEqual(after.issuers, before.issuers, "all or nothing");
});

test("gov bad input: an unregistered message type, a vote on a closed proposal, a vote without power, a deposit below the minimum", async () => {
  const unregistered = await run(validator, [
    msgSubmitProposal({
      messages: [{ $typeName: "google.protobuf.Any", typeUrl: "/chain.nothing.MsgNothing", value: new Uint8Array() }],
      initialDeposit: DEPOSIT,
      proposer: V,
      metadata: "",
      title: "t",
      summary: "s",
    }),
  ]);
  assert.equal(unregistered.codespace, "gov", unregistered.log);

  const closed = await run(validator, [msgVote({ proposalId: 1n, voter: V, option: VoteOption.NO })]);
  assert.equal(closed.codespace, "gov");
  assert.match(closed.log ?? "", /inactive proposal/);

  await ok(validator, [msgSubmitProposal({ messages: [addIssuer(B, "Later")], initialDeposit: DEPOSIT, proposer: V, metadata: "", title: "t", summary: "s" })]);
  const id = ++proposals;
  await ok(bystander, [msgVote({ proposalId: id, voter: B, option: VoteOption.NO_WITH_VETO })]);
  const vote = await chain.grpc("/cosmos.gov.v1.Query/Vote", QueryVoteRequestSchema, { proposalId: id, voter: B }, QueryVoteResponseSchema);
  assert.equal(vote.vote?.options[0]?.option, VoteOption.NO_WITH_VETO, "a vote without power is recorded");

  const tiny = await run(bystander, [msgDeposit({ proposalId: id, depositor: B, amount: [{ denom: "uunit", amount: "1" }] })]);
  assert.equal(tiny.codespace, "gov", tiny.log);

  await ok(validator, [msgVote({ proposalId: id, voter: V, option: VoteOption.YES })]);
  for (let i = 0; i <= VOTING_SECONDS; i++) await chain.block([]);
  const done = await proposal(id);
  assert.equal(done.status, ProposalStatus.PASSED, "the powerless veto counted zero");
  assert.equal(done.finalTallyResult?.noWithVetoCount, "0");
});
