// gov v1beta1 messages carried out as v1: a TextProposal becomes a v1 proposal holding one
// MsgExecLegacyContent that passes as a no-op; votes (weights as LegacyDec atomics) and deposits go
// through the v1 rules with v1's events; every refusal with its (codespace, code), nothing written.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { AnySchema, type Any } from "@bufbuild/protobuf/wkt";
import { MsgSendSchema } from "../../../gen/cosmos/bank/v1beta1/tx_pb.js";
import { ProposalStatus, VoteOption } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import { MsgExecLegacyContentSchema, MsgSubmitProposalSchema as V1SubmitSchema } from "../../../gen/cosmos/gov/v1/tx_pb.js";
import { TextProposalSchema } from "../../../gen/cosmos/gov/v1beta1/gov_pb.js";
import { MsgDepositSchema, MsgSubmitProposalSchema, MsgVoteSchema, MsgVoteWeightedSchema } from "../../../gen/cosmos/gov/v1beta1/tx_pb.js";
import { packAny } from "../../../sdk/tx/registry.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { bech32, DENOM, GovHarness, testAddress, type ExecResult } from "./testHarness.js";
import { eventsOfType } from "../../../test/support/eventAttributes.js";

const proposer = testAddress(1);
const voter = testAddress(2);
const delegator = testAddress(3);
const DAY = 86_400n;
const ONE = 10n ** 18n;
const coins = (amount: bigint) => [{ denom: DENOM, amount: amount.toString() }];

function setup() {
  const h = new GovHarness();
  h.staking.addValidator(voter, 100n);
  h.fund(proposer, 1_000_000_000n);
  h.fund(voter, 1_000_000_000n);
  h.fund(delegator, 1_000_000_000n);
  return h;
}

const text = (title = "Adopt the charter", description = "Signal support for the charter.") =>
  create(AnySchema, { typeUrl: "/cosmos.gov.v1beta1.TextProposal", value: toBinary(TextProposalSchema, create(TextProposalSchema, { title, description })) });

const submit = (content: Any | undefined, deposit = 10_000_000n, from = proposer) =>
  ({ content, initialDeposit: deposit > 0n ? coins(deposit) : [], proposer: bech32(from) }) as const;

function rejects(h: GovHarness, run: () => ExecResult, codespace: string, code: number, pattern: RegExp): void {
  const before = h.digest();
  const res = run();
  assert.ok(!res.ok, "expected a rejection");
  assert.deepEqual([res.error.codespace, res.error.code], [codespace, code], res.error.message);
  assert.match(res.error.message, pattern);
  assert.equal(res.wrote, 0, "the handler wrote nothing before failing");
  assert.equal(h.digest(), before);
}

const attrs = (res: ExecResult, type: string) => eventsOfType(res.events, type);

test("a legacy text proposal becomes a v1 proposal holding one MsgExecLegacyContent, and passes as a no-op", () => {
  const h = setup();
  const res = h.msg(MsgSubmitProposalSchema, submit(text(), 1_000_000n));
  assert.ok(res.ok, !res.ok ? res.error.message : "");
  assert.equal((res.response as { proposalId: bigint }).proposalId, 1n);
  assert.deepEqual(attrs(res, "submit_proposal")[0], {
    proposal_id: "1",
    proposal_proposer: bech32(proposer),
    proposal_messages: ",/cosmos.gov.v1.MsgExecLegacyContent",
  });

  const p = h.keeper.getProposal(h.root, 1n)!;
  assert.equal(p.status, ProposalStatus.DEPOSIT_PERIOD);
  assert.deepEqual([p.title, p.summary, p.metadata, p.expedited], ["Adopt the charter", "Signal support for the charter.", "", false]);
  assert.equal(p.messages.length, 1);
  assert.equal(p.messages[0]!.typeUrl, "/cosmos.gov.v1.MsgExecLegacyContent");
  const exec = fromBinary(MsgExecLegacyContentSchema, p.messages[0]!.value);
  assert.equal(exec.authority, GOV_AUTHORITY);
  assert.equal(exec.content!.typeUrl, "/cosmos.gov.v1beta1.TextProposal");
  assert.equal(fromBinary(TextProposalSchema, exec.content!.value).title, "Adopt the charter");

  // A legacy deposit completes the minimum and opens the vote, with v1's two events.
  const dep = h.msg(MsgDepositSchema, { proposalId: 1n, depositor: bech32(voter), amount: coins(9_000_000n) });
  assert.ok(dep.ok);
  assert.deepEqual(attrs(dep, "proposal_deposit"), [{ depositor: bech32(voter), amount: `9000000${DENOM}`, proposal_id: "1" }, { voting_period_start: "1" }]);
  assert.equal(h.keeper.getProposal(h.root, 1n)!.status, ProposalStatus.VOTING_PERIOD);

  const vote = h.msg(MsgVoteSchema, { proposalId: 1n, voter: bech32(voter), option: VoteOption.YES });
  assert.ok(vote.ok);
  assert.deepEqual(attrs(vote, "proposal_vote")[0], { voter: bech32(voter), option: 'option:VOTE_OPTION_YES weight:"1.000000000000000000"', proposal_id: "1" });
  assert.equal(h.keeper.getVote(h.root, 1n, voter)!.metadata, "");

  const supply = h.supply();
  const events = h.endBlock(2n * DAY);
  assert.equal(h.keeper.getProposal(h.root, 1n)!.status, ProposalStatus.PASSED);
  assert.deepEqual(
    events.filter((e) => e.type === "active_proposal").map((e) => (e.attributes ?? []).find((a) => a.key === "proposal_result")!.value),
    ["proposal_passed"],
  );
  assert.equal(h.supply(), supply, "a text proposal moves no coins; deposits are refunded");
  assert.equal(h.balance(proposer), 1_000_000_000n);
});

test("a legacy weighted vote carries weights as LegacyDec atomics and is stored in v1's decimal form", () => {
  const h = setup();
  assert.ok(h.msg(MsgSubmitProposalSchema, submit(text())).ok);
  const res = h.msg(MsgVoteWeightedSchema, {
    proposalId: 1n,
    voter: bech32(voter),
    options: [
      { option: VoteOption.YES, weight: ((ONE * 7n) / 10n).toString() },
      { option: VoteOption.NO, weight: ((ONE * 3n) / 10n).toString() },
    ],
  });
  assert.ok(res.ok, !res.ok ? res.error.message : "");
  assert.deepEqual(
    h.keeper.getVote(h.root, 1n, voter)!.options.map((o) => [o.option, o.weight]),
    [
      [VoteOption.YES, "0.700000000000000000"],
      [VoteOption.NO, "0.300000000000000000"],
    ],
  );
});

test("legacy weighted votes are held to v1's rules: text that is no LegacyDec, a sum other than 1, a zero weight, a duplicate", () => {
  const h = setup();
  assert.ok(h.msg(MsgSubmitProposalSchema, submit(text())).ok);
  const weighted = (options: { option: VoteOption; weight: string }[]) => () => h.msg(MsgVoteWeightedSchema, { proposalId: 1n, voter: bech32(voter), options });
  rejects(h, weighted([{ option: VoteOption.YES, weight: "1.0" }]), "gov", 7, /weight "1\.0" is not a LegacyDec/);
  rejects(h, weighted([{ option: VoteOption.YES, weight: "-1000000000000000000" }]), "gov", 7, /is not a LegacyDec/);
  rejects(h, weighted([{ option: VoteOption.YES, weight: "900000000000000000" }]), "gov", 7, /total weight lower than 1\.00/);
  rejects(
    h,
    weighted([
      { option: VoteOption.YES, weight: ONE.toString() },
      { option: VoteOption.NO, weight: "0" },
    ]),
    "gov",
    7,
    /VOTE_OPTION_NO weight:"0\.000000000000000000"/,
  );
  rejects(
    h,
    weighted([
      { option: VoteOption.YES, weight: (ONE / 2n).toString() },
      { option: VoteOption.YES, weight: (ONE / 2n).toString() },
    ]),
    "gov",
    7,
    /duplicated vote option/,
  );
  rejects(h, weighted([]), "sdk", 18, /no vote options/);
});

test("legacy votes and deposits: invalid option, bad address, empty amount, unknown or closed proposal", () => {
  const h = setup();
  assert.ok(h.msg(MsgSubmitProposalSchema, submit(text(), 1_000_000n)).ok);
  rejects(h, () => h.msg(MsgVoteSchema, { proposalId: 1n, voter: bech32(voter), option: VoteOption.UNSPECIFIED }), "gov", 7, /VOTE_OPTION_UNSPECIFIED/);
  rejects(h, () => h.msg(MsgVoteSchema, { proposalId: 1n, voter: bech32(voter), option: 9 as VoteOption }), "gov", 7, /invalid vote option/);
  rejects(h, () => h.msg(MsgVoteSchema, { proposalId: 1n, voter: "unit1bad", option: VoteOption.YES }), "sdk", 7, /voter/);
  rejects(h, () => h.msg(MsgVoteSchema, { proposalId: 1n, voter: bech32(voter), option: VoteOption.YES }), "gov", 3, /proposal 1 is DEPOSIT_PERIOD/);
  rejects(h, () => h.msg(MsgVoteSchema, { proposalId: 7n, voter: bech32(voter), option: VoteOption.YES }), "gov", 2, /proposal 7 doesn't exist/);
  rejects(h, () => h.msg(MsgDepositSchema, { proposalId: 1n, depositor: bech32(voter), amount: [] }), "sdk", 10, /deposit amount is empty/);
  rejects(h, () => h.msg(MsgDepositSchema, { proposalId: 1n, depositor: bech32(voter), amount: [{ denom: "uother", amount: "5" }] }), "gov", 23, /uother/);
  rejects(h, () => h.msg(MsgDepositSchema, { proposalId: 2n, depositor: bech32(voter), amount: coins(5_000_000n) }), "gov", 2, /proposal 2 doesn't exist/);
});

test("legacy submissions: missing content, content other than TextProposal, blank or long title and description, v1's deposit rules", () => {
  const h = setup();
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submit(undefined)), "gov", 5, /missing content/);
  const paramChange = create(AnySchema, { typeUrl: "/cosmos.params.v1beta1.ParameterChangeProposal", value: new Uint8Array() });
  rejects(
    h,
    () => h.msg(MsgSubmitProposalSchema, submit(paramChange)),
    "gov",
    6,
    /ParameterChangeProposal: the only legacy content accepted is \/cosmos\.gov\.v1beta1\.TextProposal/,
  );
  const garbage = create(AnySchema, { typeUrl: "/cosmos.gov.v1beta1.TextProposal", value: Uint8Array.of(0x0a, 0x05, 0x41) });
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submit(garbage)), "gov", 5, /cannot decode/);
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submit(text("  "))), "gov", 5, /proposal title cannot be blank/);
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submit(text("x".repeat(141)))), "gov", 5, /proposal title is longer than max length of 140/);
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submit(text("t", ""))), "gov", 5, /proposal description cannot be blank/);
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submit(text("t", "d".repeat(10_001)))), "gov", 5, /proposal description is longer than max length of 10000/);
  rejects(h, () => h.msg(MsgSubmitProposalSchema, { ...submit(text()), proposer: "unit1nope" }), "sdk", 7, /proposer/);
  // min_deposit_ratio (1 %) of the 10 UNIT minimum: 100000uunit at least.
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submit(text(), 99_999n)), "gov", 16, /need at least one of the following: 100000uunit/);
  // Funds are short only once the proposal is written: the tx's branch is dropped, state unchanged.
  const before = h.digest();
  const poor = h.msg(MsgSubmitProposalSchema, submit(text(), 2_000_000_000n));
  assert.ok(!poor.ok && poor.error.codespace === "sdk" && poor.error.code === 5, "insufficient funds");
  assert.equal(h.digest(), before);
  // The longest title and description the rules allow are accepted.
  const res = h.msg(MsgSubmitProposalSchema, submit(text("x".repeat(140), "d".repeat(10_000))));
  assert.ok(res.ok, !res.ok ? res.error.message : "");
});

test("MsgExecLegacyContent is governance-only, in a v1 proposal too, and holds the same content rules", () => {
  const h = setup();
  const exec = (content: Any, authority = GOV_AUTHORITY) => packAny(MsgExecLegacyContentSchema, { content, authority });
  rejects(h, () => h.exec(exec(text(), bech32(proposer))), "gov", 13, /invalid authority; expected unit1/);
  const v1 = (messages: Any[]) => ({ messages, initialDeposit: coins(10_000_000n), proposer: bech32(proposer), title: "t", summary: "s", metadata: "" });
  rejects(h, () => h.msg(V1SubmitSchema, v1([exec(text(), bech32(proposer))])), "gov", 12, /messages\[0\].*invalid authority/);
  const other = create(AnySchema, { typeUrl: "/cosmos.upgrade.v1beta1.SoftwareUpgradeProposal", value: new Uint8Array() });
  rejects(h, () => h.msg(V1SubmitSchema, v1([exec(other)])), "gov", 12, /SoftwareUpgradeProposal: the only legacy content accepted/);

  // A v1 proposal may hold a text content too; passed, it executes as a no-op.
  const res = h.msg(V1SubmitSchema, v1([exec(text())]));
  assert.ok(res.ok, !res.ok ? res.error.message : "");
  assert.ok(h.msg(MsgVoteSchema, { proposalId: 1n, voter: bech32(voter), option: VoteOption.YES }).ok);
  h.endBlock(2n * DAY);
  assert.equal(h.keeper.getProposal(h.root, 1n)!.status, ProposalStatus.PASSED);
});

test("a legacy proposal is tallied like any other: a No majority rejects it", () => {
  const h = setup();
  h.staking.addValidator(delegator, 300n);
  assert.ok(h.msg(MsgSubmitProposalSchema, submit(text())).ok);
  assert.ok(h.msg(MsgVoteSchema, { proposalId: 1n, voter: bech32(voter), option: VoteOption.YES }).ok);
  assert.ok(h.msg(MsgVoteSchema, { proposalId: 1n, voter: bech32(delegator), option: VoteOption.NO }).ok);
  h.endBlock(2n * DAY);
  const p = h.keeper.getProposal(h.root, 1n)!;
  assert.equal(p.status, ProposalStatus.REJECTED);
  assert.deepEqual([p.finalTallyResult!.yesCount, p.finalTallyResult!.noCount], ["100", "300"]);
});

// A bank message inside a legacy content cannot be smuggled: only the text type decodes.
test("a v1beta1 submission whose content Any names a Msg type is refused as an invalid proposal type", () => {
  const h = setup();
  const send = packAny(MsgSendSchema, { fromAddress: GOV_AUTHORITY, toAddress: bech32(proposer), amount: coins(1n) });
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submit(send)), "gov", 6, /\/cosmos\.bank\.v1beta1\.MsgSend/);
});
