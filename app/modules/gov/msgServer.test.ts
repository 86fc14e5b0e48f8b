// Every bad input gov rejects: the registered (codespace, code), a specific message, nothing
// written by the handler, and the whole state unchanged.
import { test } from "node:test";
import assert from "node:assert/strict";
import { toJson } from "@bufbuild/protobuf";
import { AnySchema, type Any } from "@bufbuild/protobuf/wkt";
import { create } from "@bufbuild/protobuf";
import { MsgSendSchema } from "../../../gen/cosmos/bank/v1beta1/tx_pb.js";
import { ParamsSchema, ProposalStatus, VoteOption } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import { MsgDepositSchema, MsgSubmitProposalSchema, MsgUpdateParamsSchema, MsgVoteSchema, MsgVoteWeightedSchema } from "../../../gen/cosmos/gov/v1/tx_pb.js";
import { packAny } from "../../../sdk/tx/registry.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { defaultParams } from "./params.js";
import { bech32, DENOM, GovHarness, testAddress, type ExecResult } from "./testHarness.js";

const proposer = testAddress(1);
const voter = testAddress(2);
const DAY = 86_400n;

function setup(genesis: Record<string, unknown> = {}) {
  const h = new GovHarness(genesis);
  h.staking.addValidator(voter, 100n);
  h.fund(proposer, 1_000_000_000n);
  h.fund(voter, 1_000_000_000n);
  return h;
}

const coins = (amount: bigint, denom = DENOM) => [{ denom, amount: amount.toString() }];
const govSend = (amount = 1n) => packAny(MsgSendSchema, { fromAddress: GOV_AUTHORITY, toAddress: bech32(voter), amount: coins(amount) });

function submission(
  over: Partial<{ messages: Any[]; deposit: bigint; title: string; summary: string; metadata: string; expedited: boolean; denom: string }> = {},
) {
  return {
    messages: over.messages ?? [govSend()],
    initialDeposit: (over.deposit ?? 10_000_000n) > 0n ? coins(over.deposit ?? 10_000_000n, over.denom) : [],
    proposer: bech32(proposer),
    title: over.title ?? "t",
    summary: over.summary ?? "s",
    metadata: over.metadata ?? "",
    expedited: over.expedited ?? false,
  };
}

/** Asserts a rejection with (codespace, code) and a message matching `pattern`, leaving state as it was. */
function rejects(h: GovHarness, run: () => ExecResult, codespace: string, code: number, pattern: RegExp): void {
  const before = h.digest();
  const res = run();
  assert.ok(!res.ok, "expected a rejection");
  assert.deepEqual([res.error.codespace, res.error.code], [codespace, code], res.error.message);
  assert.match(res.error.message, pattern);
  assert.equal(res.wrote, 0, "the handler wrote nothing before failing");
  assert.deepEqual(res.events, []);
  assert.equal(h.digest(), before);
}

test("submission: unroutable, wrongly signed, invalid or missing messages are refused", () => {
  const h = setup();
  const unknown = create(AnySchema, { typeUrl: "/foo.v1.MsgDoesNotExist", value: new Uint8Array() });
  rejects(
    h,
    () => h.msg(MsgSubmitProposalSchema, submission({ messages: [unknown] })),
    "gov",
    10,
    /\/foo\.v1\.MsgDoesNotExist: proposal message not recognized by router/,
  );
  const fromProposer = packAny(MsgSendSchema, { fromAddress: bech32(proposer), toAddress: bech32(voter), amount: coins(1n) });
  rejects(
    h,
    () => h.msg(MsgSubmitProposalSchema, submission({ messages: [govSend(), fromProposer] })),
    "gov",
    13,
    new RegExp(`messages\\[1\\].*signed by ${bech32(proposer)}: expected gov account as only signer`),
  );
  const emptySend = packAny(MsgSendSchema, { fromAddress: GOV_AUTHORITY, toAddress: bech32(voter), amount: [] });
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submission({ messages: [emptySend] })), "gov", 12, /amount is empty.*invalid proposal message/);
  const garbled = create(AnySchema, { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: Uint8Array.of(0xff, 0xff) });
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submission({ messages: [garbled] })), "gov", 12, /cannot decode/);
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submission({ messages: [] })), "gov", 11, /either metadata or Msgs/);
  const nested = packAny(MsgSubmitProposalSchema, { ...submission(), proposer: GOV_AUTHORITY });
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submission({ messages: [nested] })), "gov", 12, /a proposal cannot submit another proposal/);
});

test("submission: title, summary and metadata rules", () => {
  const h = setup();
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submission({ title: "" })), "sdk", 18, /proposal title cannot be empty/);
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submission({ summary: "" })), "sdk", 18, /proposal summary cannot be empty/);
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submission({ title: "x".repeat(256) })), "gov", 15, /length 256/);
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submission({ metadata: "é".repeat(128) })), "gov", 15, /length 256/);
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submission({ summary: "x".repeat(10_201) })), "gov", 22, /summary too long/);
  rejects(
    h,
    () => h.msg(MsgSubmitProposalSchema, submission({ metadata: JSON.stringify({ title: "other", summary: "s" }) })),
    "gov",
    5,
    /metadata title 'other' must equal/,
  );
  // Within the limits and with matching JSON metadata, or metadata that is not JSON, it is accepted.
  assert.ok(
    h.msg(MsgSubmitProposalSchema, submission({ title: "x".repeat(255), metadata: JSON.stringify({ title: "x".repeat(255), summary: "s" }).slice(0, 255) })).ok,
  );
  assert.ok(h.msg(MsgSubmitProposalSchema, submission({ metadata: "ipfs://bafy" })).ok);
  // A text proposal: no messages, metadata only.
  assert.ok(h.msg(MsgSubmitProposalSchema, submission({ messages: [], metadata: "ipfs://text" })).ok);
});

test("deposits below the minimum, in a foreign denom, or on unknown or finished proposals are refused", () => {
  const h = setup();
  // min_deposit_ratio 0.01 of 10000000uunit: 100000uunit per deposit, the initial one too.
  rejects(
    h,
    () => h.msg(MsgSubmitProposalSchema, submission({ deposit: 99_999n })),
    "gov",
    16,
    /received 99999uunit but need at least one of the following: 100000uunit/,
  );
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submission({ deposit: 0n })), "gov", 16, /minimum deposit is too small/);
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submission({ denom: "uother" })), "gov", 23, /gov accepts only the following denom\(s\): uunit/);
  const open = h.msg(MsgSubmitProposalSchema, submission({ deposit: 100_000n }));
  assert.ok(open.ok);
  const id = (open.response as { proposalId: bigint }).proposalId;
  rejects(
    h,
    () => h.msg(MsgDepositSchema, { proposalId: id, depositor: bech32(voter), amount: coins(99_999n) }),
    "gov",
    16,
    /need at least one of the following: 100000uunit/,
  );
  rejects(h, () => h.msg(MsgDepositSchema, { proposalId: id, depositor: bech32(voter), amount: [] }), "sdk", 10, /deposit amount is empty/);
  rejects(
    h,
    () => h.msg(MsgDepositSchema, { proposalId: 99n, depositor: bech32(voter), amount: coins(100_000n) }),
    "gov",
    2,
    /proposal 99 doesn't exist: unknown proposal/,
  );
  // Once rejected, a proposal takes no more deposits.
  const done = h.msg(MsgSubmitProposalSchema, submission());
  assert.ok(done.ok);
  const doneId = (done.response as { proposalId: bigint }).proposalId;
  h.endBlock(2n * DAY);
  assert.equal(h.keeper.getProposal(h.root, doneId)!.status, ProposalStatus.REJECTED);
  rejects(h, () => h.msg(MsgDepositSchema, { proposalId: doneId, depositor: bech32(voter), amount: coins(100_000n) }), "gov", 3, /inactive proposal/);
});

test("min_initial_deposit_ratio applies to the proposer's own deposit", () => {
  const params = { ...(toJson(ParamsSchema, defaultParams(), { useProtoFieldName: true }) as object), min_initial_deposit_ratio: "0.5" };
  const h = setup({ params });
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submission({ deposit: 4_999_999n })), "gov", 16, /was \(4999999uunit\), need \(5000000uunit\)/);
  assert.ok(h.msg(MsgSubmitProposalSchema, submission({ deposit: 5_000_000n })).ok);
});

test("votes: only in the voting period, with valid options and weights summing to exactly 1", () => {
  const h = setup();
  const pending = h.msg(MsgSubmitProposalSchema, submission({ deposit: 100_000n }));
  assert.ok(pending.ok);
  const pendingId = (pending.response as { proposalId: bigint }).proposalId;
  rejects(
    h,
    () => h.msg(MsgVoteSchema, { proposalId: pendingId, voter: bech32(voter), option: VoteOption.YES }),
    "gov",
    3,
    /is DEPOSIT_PERIOD: inactive proposal/,
  );
  rejects(h, () => h.msg(MsgVoteSchema, { proposalId: 99n, voter: bech32(voter), option: VoteOption.YES }), "gov", 2, /unknown proposal/);

  const live = h.msg(MsgSubmitProposalSchema, submission());
  assert.ok(live.ok);
  const id = (live.response as { proposalId: bigint }).proposalId;
  rejects(
    h,
    () => h.msg(MsgVoteSchema, { proposalId: id, voter: bech32(voter), option: VoteOption.UNSPECIFIED }),
    "gov",
    7,
    /VOTE_OPTION_UNSPECIFIED: invalid vote option/,
  );
  rejects(h, () => h.msg(MsgVoteSchema, { proposalId: id, voter: bech32(voter), option: 9 as VoteOption }), "gov", 7, /^9: invalid vote option/);
  const weighted = (options: [VoteOption, string][]) => () =>
    h.msg(MsgVoteWeightedSchema, { proposalId: id, voter: bech32(voter), options: options.map(([option, weight]) => ({ option, weight })) });
  rejects(
    h,
    weighted([
      [VoteOption.YES, "0.5"],
      [VoteOption.NO, "0.4"],
    ]),
    "gov",
    7,
    /total weight lower than 1\.00/,
  );
  rejects(
    h,
    weighted([
      [VoteOption.YES, "0.6"],
      [VoteOption.NO, "0.6"],
    ]),
    "gov",
    7,
    /total weight overflow 1\.00/,
  );
  rejects(
    h,
    weighted([
      [VoteOption.YES, "0.5"],
      [VoteOption.YES, "0.5"],
    ]),
    "gov",
    7,
    /duplicated vote option/,
  );
  rejects(
    h,
    weighted([
      [VoteOption.YES, "1"],
      [VoteOption.NO, "0"],
    ]),
    "gov",
    7,
    /VOTE_OPTION_NO weight:"0"/,
  );
  rejects(h, weighted([[VoteOption.YES, "1.5"]]), "gov", 7, /weight:"1\.5"/);
  rejects(h, weighted([[VoteOption.YES, "abc"]]), "gov", 7, /invalid vote option/);
  rejects(h, weighted([]), "sdk", 18, /no vote options/);
  rejects(
    h,
    () => h.msg(MsgVoteSchema, { proposalId: id, voter: bech32(voter), option: VoteOption.YES, metadata: "m".repeat(256) }),
    "gov",
    15,
    /metadata too long/,
  );

  // A valid split, then a plain vote that replaces it.
  const split = weighted([
    [VoteOption.YES, "0.7"],
    [VoteOption.NO_WITH_VETO, "0.3"],
  ])();
  assert.ok(split.ok);
  const stored = () => h.keeper.getVote(h.root, id, voter)!.options.map((o) => [o.option, o.weight]);
  assert.deepEqual(stored(), [
    [VoteOption.YES, "0.700000000000000000"],
    [VoteOption.NO_WITH_VETO, "0.300000000000000000"],
  ]);
  assert.ok(h.msg(MsgVoteSchema, { proposalId: id, voter: bech32(voter), option: VoteOption.NO }).ok);
  assert.deepEqual(stored(), [[VoteOption.NO, "1.000000000000000000"]]);
});

test("MsgUpdateParams: wrong authority and invalid params are refused", () => {
  const h = setup();
  const params = defaultParams();
  rejects(
    h,
    () => h.msg(MsgUpdateParamsSchema, { authority: bech32(voter), params }),
    "gov",
    13,
    new RegExp(`^invalid authority; expected ${GOV_AUTHORITY}, got ${bech32(voter)}: `),
  );
  const bad = { ...params, expeditedVotingPeriod: params.votingPeriod };
  rejects(
    h,
    () => h.msg(MsgUpdateParamsSchema, { authority: GOV_AUTHORITY, params: bad }),
    "sdk",
    18,
    /expedited_voting_period must be strictly less than voting_period/,
  );
  rejects(h, () => h.msg(MsgUpdateParamsSchema, { authority: GOV_AUTHORITY }), "sdk", 18, /params must be set/);
  // Submitted inside a proposal, invalid params are caught at submission.
  const inner = packAny(MsgUpdateParamsSchema, { authority: GOV_AUTHORITY, params: { ...params, quorum: "1.5" } });
  rejects(h, () => h.msg(MsgSubmitProposalSchema, submission({ messages: [inner] })), "gov", 12, /quorum too large/);
});
