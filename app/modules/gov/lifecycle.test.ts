// Proposal lifecycles end to end over a real store: deposit period, voting, end-block settlement
// (passed and executed, failed with nothing kept, rejected, vetoed and burned, expired and
// refunded, expedited conversion) and cancellation.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fromJson, toJson } from "@bufbuild/protobuf";
import { MsgSendSchema } from "../../../gen/cosmos/bank/v1beta1/tx_pb.js";
import { ParamsSchema, ProposalStatus, VoteOption } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import { MsgCancelProposalSchema, MsgDepositSchema, MsgSubmitProposalSchema, MsgUpdateParamsSchema, MsgVoteSchema } from "../../../gen/cosmos/gov/v1/tx_pb.js";
import { packAny } from "../../../sdk/tx/registry.js";
import type { AbciEvent } from "../../context.js";
import { moduleAddress } from "../../../common/moduleAccounts.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { defaultParams } from "./params.js";
import { bech32, DENOM, GovHarness, testAddress } from "./testHarness.js";
import { attributesOf } from "../../../test/support/eventAttributes.js";

const DAY = 86_400n;
const MIN_DEPOSIT = 10_000_000n;
const proposer = testAddress(1);
const depositor = testAddress(2);
const recipient = testAddress(3);
const valA = testAddress(10); // 600 bonded tokens
const valB = testAddress(11); // 400 bonded tokens
const GOV = moduleAddress("gov");

function setup(genesis: Record<string, unknown> = {}): GovHarness {
  const h = new GovHarness(genesis);
  h.staking.addValidator(valA, 600n);
  h.staking.addValidator(valB, 400n);
  h.fund(proposer, 1_000_000_000n);
  h.fund(depositor, 1_000_000_000n);
  return h;
}

function govSend(to: Uint8Array, amount: bigint) {
  return packAny(MsgSendSchema, { fromAddress: GOV_AUTHORITY, toAddress: bech32(to), amount: [{ denom: DENOM, amount: amount.toString() }] });
}

function submit(h: GovHarness, deposit: bigint, messages = [govSend(recipient, 5n)], extra: { expedited?: boolean } = {}) {
  const res = h.msg(MsgSubmitProposalSchema, {
    messages,
    initialDeposit: deposit > 0n ? [{ denom: DENOM, amount: deposit.toString() }] : [],
    proposer: bech32(proposer),
    title: "Pay the recipient",
    summary: "Sends a few uunit from the community's gov account.",
    metadata: "",
    expedited: extra.expedited ?? false,
  });
  assert.ok(res.ok, res.ok ? "" : res.error.message);
  return (res.response as { proposalId: bigint }).proposalId;
}

function vote(h: GovHarness, voter: Uint8Array, id: bigint, option: VoteOption) {
  const res = h.msg(MsgVoteSchema, { proposalId: id, voter: bech32(voter), option, metadata: "" });
  assert.ok(res.ok, res.ok ? "" : res.error.message);
}

function proposal(h: GovHarness, id: bigint) {
  return h.keeper.getProposal(h.root, id);
}

function event(events: AbciEvent[], type: string): Record<string, string> | undefined {
  const e = events.find((x) => x.type === type);
  return e ? attributesOf(e) : undefined;
}

test("a proposal funded at submission votes, passes and executes its message; deposits return", () => {
  const h = setup();
  h.fund(GOV, 100n); // what the proposal spends: deposits are not the gov account's to give
  const before = h.balance(proposer);
  const id = submit(h, MIN_DEPOSIT);
  assert.equal(id, 1n);
  const p = proposal(h, id)!;
  assert.equal(p.status, ProposalStatus.VOTING_PERIOD);
  assert.equal(p.votingEndTime!.seconds - p.votingStartTime!.seconds, 2n * DAY);
  assert.equal(h.balance(proposer), before - MIN_DEPOSIT);
  vote(h, valA, id, VoteOption.YES);
  vote(h, valB, id, VoteOption.YES);

  assert.deepEqual(
    h.endBlock(2n * DAY - 1n).filter((e) => e.type === "active_proposal"),
    [],
    "not due one second early",
  );
  const events = h.endBlock(1n);
  const done = proposal(h, id)!;
  assert.equal(done.status, ProposalStatus.PASSED);
  assert.equal(done.failedReason, "");
  assert.deepEqual({ yes: done.finalTallyResult!.yesCount, no: done.finalTallyResult!.noCount }, { yes: "1000", no: "0" });
  assert.equal(h.balance(recipient), 5n, "the message ran");
  assert.equal(h.balance(proposer), before, "deposit refunded");
  assert.equal(h.balance(GOV), 95n);
  assert.deepEqual(h.keeper.votes(h.root, id), [], "votes are deleted by the tally");
  assert.deepEqual(event(events, "active_proposal"), { proposal_id: "1", proposal_result: "proposal_passed", proposal_log: "passed" });
  assert.equal(event(events, "transfer")?.recipient !== undefined, true, "the message's events reach the block");
  assert.deepEqual(h.keeper.due(h.root, "active", 10n ** 30n), [], "off the queue");
});

// Regression: a passed proposal spending gov's balance took other proposals' deposits, and their
// later refund failed inside an end block, halting the chain.
test("a passed proposal may not spend the deposits held for other proposals: it FAILS, and the other refunds later", () => {
  const h = setup();
  h.fund(GOV, 3n); // gov's own funds: 3, while the message wants 5
  const first = submit(h, MIN_DEPOSIT);
  vote(h, valA, first, VoteOption.YES);
  h.endBlock(DAY);
  const second = submit(h, MIN_DEPOSIT / 2n); // deposit period, holding 5 UNIT in the gov account
  h.endBlock(DAY);
  const failed = proposal(h, first)!;
  assert.equal(failed.status, ProposalStatus.FAILED);
  assert.match(failed.failedReason, /would spend 2uunit of the deposits held for other proposals/);
  assert.equal(h.balance(recipient), 0n, "nothing was sent");
  const before = h.balance(proposer);
  h.endBlock(2n * DAY); // the second proposal's deposit period ends short of the minimum
  assert.equal(proposal(h, second), undefined, "deleted");
  assert.equal(h.balance(proposer), before + MIN_DEPOSIT / 2n, "its deposit came back");
  assert.equal(h.balance(GOV), 3n);
});

test("a passed proposal whose second message fails is FAILED and keeps none of its messages' writes", () => {
  const h = setup();
  h.fund(GOV, 100n);
  const id = submit(h, MIN_DEPOSIT, [govSend(recipient, 5n), govSend(recipient, 1_000_000n)]);
  vote(h, valA, id, VoteOption.YES);
  const events = h.endBlock(2n * DAY);
  const done = proposal(h, id)!;
  assert.equal(done.status, ProposalStatus.FAILED);
  assert.match(done.failedReason, /insufficient funds/);
  assert.equal(h.balance(recipient), 0n, "the first message's transfer was rolled back");
  assert.equal(h.balance(GOV), 100n);
  assert.equal(h.balance(proposer), 1_000_000_000n, "deposits are still refunded");
  assert.equal(event(events, "active_proposal")?.proposal_result, "proposal_failed");
  assert.ok(
    !events.some((e) => e.type === "transfer" && (e.attributes ?? []).some((a) => a.value === bech32(recipient))),
    "no event of the rolled-back messages",
  );
});

test("a proposal voted down is REJECTED and refunded", () => {
  const h = setup();
  const id = submit(h, MIN_DEPOSIT);
  vote(h, valA, id, VoteOption.NO);
  vote(h, valB, id, VoteOption.YES);
  const events = h.endBlock(2n * DAY);
  const done = proposal(h, id)!;
  assert.equal(done.status, ProposalStatus.REJECTED);
  assert.equal(done.failedReason, "proposal did not get enough votes to pass");
  assert.deepEqual([done.finalTallyResult!.yesCount, done.finalTallyResult!.noCount], ["400", "600"]);
  assert.equal(h.balance(proposer), 1_000_000_000n);
  assert.equal(h.balance(recipient), 0n);
  assert.equal(event(events, "active_proposal")?.proposal_result, "proposal_rejected");
});

test("a vetoed proposal is REJECTED and its deposits are burned (burn_vote_veto)", () => {
  const h = setup();
  const supply = h.supply();
  const id = submit(h, MIN_DEPOSIT);
  // A second depositor's coins burn too.
  assert.ok(h.msg(MsgDepositSchema, { proposalId: id, depositor: bech32(depositor), amount: [{ denom: DENOM, amount: "200000" }] }).ok);
  vote(h, valA, id, VoteOption.YES);
  vote(h, valB, id, VoteOption.NO_WITH_VETO); // 400/1000 > 0.334
  h.endBlock(2n * DAY);
  assert.equal(proposal(h, id)!.status, ProposalStatus.REJECTED);
  assert.equal(h.balance(proposer), 1_000_000_000n - MIN_DEPOSIT);
  assert.equal(h.balance(depositor), 1_000_000_000n - 200_000n);
  assert.equal(h.balance(GOV), 0n);
  assert.equal(h.supply(), supply - MIN_DEPOSIT - 200_000n);
  assert.deepEqual(h.keeper.deposits(h.root, id), []);
});

test("without quorum a proposal is rejected and refunded (burn_vote_quorum is off by default)", () => {
  const h = setup();
  const id = submit(h, MIN_DEPOSIT);
  vote(h, testAddress(50), id, VoteOption.YES); // no stake: recorded, counts zero
  assert.ok(h.keeper.getVote(h.root, id, testAddress(50)));
  h.endBlock(2n * DAY);
  const done = proposal(h, id)!;
  assert.equal(done.status, ProposalStatus.REJECTED);
  assert.equal(done.finalTallyResult!.yesCount, "0");
  assert.equal(h.balance(proposer), 1_000_000_000n);
});

test("deposits that complete the minimum start the voting period; the deposit record accumulates", () => {
  const h = setup();
  const id = submit(h, 100_000n);
  assert.equal(proposal(h, id)!.status, ProposalStatus.DEPOSIT_PERIOD);
  const first = h.msg(MsgDepositSchema, { proposalId: id, depositor: bech32(depositor), amount: [{ denom: DENOM, amount: "4900000" }] });
  assert.ok(first.ok);
  assert.equal(event(first.events, "proposal_deposit")?.amount, "4900000uunit");
  const last = h.msg(MsgDepositSchema, { proposalId: id, depositor: bech32(depositor), amount: [{ denom: DENOM, amount: "5000000" }] });
  assert.ok(last.ok);
  assert.ok(last.events.some((e) => e.type === "proposal_deposit" && e.attributes?.[0]?.key === "voting_period_start"));
  const p = proposal(h, id)!;
  assert.equal(p.status, ProposalStatus.VOTING_PERIOD);
  assert.deepEqual(
    p.totalDeposit.map((c) => c.amount),
    ["10000000"],
  );
  assert.deepEqual(
    h.keeper.getDeposit(h.root, id, depositor)!.amount.map((c) => c.amount),
    ["9900000"],
  );
  assert.deepEqual(h.keeper.due(h.root, "inactive", 10n ** 30n), [], "left the deposit queue");
});

test("a proposal whose deposit period ends short of the minimum is deleted and refunded", () => {
  const h = setup();
  const id = submit(h, 100_000n);
  assert.ok(h.msg(MsgDepositSchema, { proposalId: id, depositor: bech32(depositor), amount: [{ denom: DENOM, amount: "200000" }] }).ok);
  assert.equal(h.balance(GOV), 300_000n);
  const events = h.endBlock(2n * DAY);
  assert.equal(proposal(h, id), undefined);
  assert.equal(h.balance(proposer), 1_000_000_000n);
  assert.equal(h.balance(depositor), 1_000_000_000n);
  assert.equal(h.balance(GOV), 0n);
  assert.deepEqual(event(events, "inactive_proposal"), { proposal_id: "1", proposal_result: "proposal_dropped" });
  // Ids are never reused.
  assert.equal(submit(h, MIN_DEPOSIT), 2n);
});

test("with burn_proposal_deposit_prevote an expired proposal's deposits are burned", () => {
  const h = setup({ params: { ...defaultParamsJson(), burn_proposal_deposit_prevote: true } });
  const supply = h.supply();
  const id = submit(h, 100_000n);
  h.endBlock(2n * DAY);
  assert.equal(proposal(h, id), undefined);
  assert.equal(h.balance(proposer), 1_000_000_000n - 100_000n);
  assert.equal(h.supply(), supply - 100_000n);
});

test("an expedited proposal that misses its threshold becomes a regular one, keeps deposits, and can pass later", () => {
  const h = setup();
  h.fund(GOV, 100n);
  const id = submit(h, 50_000_000n, undefined, { expedited: true });
  let p = proposal(h, id)!;
  assert.equal(p.status, ProposalStatus.VOTING_PERIOD);
  assert.equal(p.votingEndTime!.seconds - p.votingStartTime!.seconds, DAY);
  vote(h, valA, id, VoteOption.YES); // 0.6 of the votes: below 0.667
  vote(h, valB, id, VoteOption.NO);
  const events = h.endBlock(DAY);
  p = proposal(h, id)!;
  assert.equal(p.status, ProposalStatus.VOTING_PERIOD);
  assert.equal(p.expedited, false);
  assert.equal(p.votingEndTime!.seconds - p.votingStartTime!.seconds, 2n * DAY);
  assert.equal(event(events, "active_proposal")?.proposal_result, "expedited_proposal_rejected");
  assert.equal(h.balance(GOV), 50_000_100n, "deposits stay for the regular tally");
  assert.deepEqual(h.keeper.votes(h.root, id), [], "the SDK's tally deleted the votes");
  vote(h, valA, id, VoteOption.YES);
  vote(h, valB, id, VoteOption.NO);
  h.endBlock(DAY);
  assert.equal(proposal(h, id)!.status, ProposalStatus.PASSED, "0.6 > 0.5 under the regular threshold");
  assert.equal(h.balance(recipient), 5n);
  assert.equal(h.balance(proposer), 1_000_000_000n);
});

test("the proposer may cancel: half the deposits burn, the rest return, votes go", () => {
  const h = setup();
  const supply = h.supply();
  const id = submit(h, MIN_DEPOSIT);
  vote(h, valA, id, VoteOption.YES);
  const stranger = h.msg(MsgCancelProposalSchema, { proposalId: id, proposer: bech32(depositor) });
  assert.ok(!stranger.ok && stranger.error.codespace === "gov" && stranger.error.code === 18);
  const res = h.msg(MsgCancelProposalSchema, { proposalId: id, proposer: bech32(proposer) });
  assert.ok(res.ok);
  assert.equal(proposal(h, id), undefined);
  assert.equal(h.balance(proposer), 1_000_000_000n - MIN_DEPOSIT / 2n);
  assert.equal(h.supply(), supply - MIN_DEPOSIT / 2n);
  assert.deepEqual(h.keeper.votes(h.root, id), []);
  assert.deepEqual(h.keeper.due(h.root, "active", 10n ** 30n), []);
  assert.deepEqual(event(res.events, "cancel_proposal"), { sender: bech32(proposer), proposal_id: "1" });
});

test("gov params change only through a proposal; a direct MsgUpdateParams fails the authority check", () => {
  const h = setup();
  const params = { ...defaultParamsJson(), voting_period: "30s", expedited_voting_period: "15s" };
  const direct = h.msg(MsgUpdateParamsSchema, { authority: bech32(proposer), params: h.keeper.getParams(h.root) });
  assert.ok(!direct.ok);
  assert.equal(direct.error.code, 13);
  assert.equal(
    direct.error.message,
    `invalid authority; expected ${GOV_AUTHORITY}, got ${bech32(proposer)}: expected gov account as only signer for proposal message`,
  );

  const update = packAny(MsgUpdateParamsSchema, { authority: GOV_AUTHORITY, params: paramsFromJson(params) });
  const id = submit(h, MIN_DEPOSIT, [update]);
  vote(h, valA, id, VoteOption.YES);
  h.endBlock(2n * DAY);
  assert.equal(proposal(h, id)!.status, ProposalStatus.PASSED);
  const now = h.keeper.getParams(h.root);
  assert.equal(now.votingPeriod!.seconds, 30n);
  // The new period applies to the next proposal.
  const next = submit(h, MIN_DEPOSIT);
  const p = proposal(h, next)!;
  assert.equal(p.votingEndTime!.seconds - p.votingStartTime!.seconds, 30n);
});

function defaultParamsJson(): Record<string, unknown> {
  return toJson(ParamsSchema, defaultParams(), { useProtoFieldName: true }) as Record<string, unknown>;
}

function paramsFromJson(json: Record<string, unknown>) {
  return fromJson(ParamsSchema, json as never);
}
