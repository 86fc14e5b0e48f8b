// cosmos.gov.v1beta1.Query over the state v1 and v1beta1 messages leave: legacy content shown as
// itself, a one-message v1 proposal shown with its message as the content, no or several messages
// refused as the SDK refuses them; Go's zero time for times not reached; weights as atomics; the
// params groups with the tally ratios as LegacyDec bytes; v1's argument checks and not-found texts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import { AnySchema, type Any } from "@bufbuild/protobuf/wkt";
import { MsgSendSchema } from "../../../gen/cosmos/bank/v1beta1/tx_pb.js";
import { MsgSubmitProposalSchema as V1SubmitSchema, MsgVoteWeightedSchema as V1VoteWeightedSchema } from "../../../gen/cosmos/gov/v1/tx_pb.js";
import { ProposalStatus, TextProposalSchema, VoteOption } from "../../../gen/cosmos/gov/v1beta1/gov_pb.js";
import * as q from "../../../gen/cosmos/gov/v1beta1/query_pb.js";
import { MsgDepositSchema, MsgSubmitProposalSchema, MsgVoteSchema } from "../../../gen/cosmos/gov/v1beta1/tx_pb.js";
import { GrpcCode } from "../../../common/errors.js";
import { packAny } from "../../../sdk/tx/registry.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { grpcStatusOf, QueryServices } from "../../query/service.js";
import { registerLegacyGovQueries } from "./legacyQueryServer.js";
import { bech32, DENOM, GovHarness, START_SECONDS, testAddress } from "./testHarness.js";

const proposer = testAddress(1);
const voter = testAddress(2);
const other = testAddress(3);
const DAY = 86_400n;
const coins = (amount: bigint) => [{ denom: DENOM, amount: amount.toString() }];
const textAny = () =>
  create(AnySchema, {
    typeUrl: "/cosmos.gov.v1beta1.TextProposal",
    value: toBinary(TextProposalSchema, create(TextProposalSchema, { title: "T", description: "D" })),
  });

function setup() {
  const h = new GovHarness();
  h.staking.addValidator(voter, 1000n);
  h.fund(proposer, 1_000_000_000n);
  h.fund(voter, 1_000_000_000n);
  const services = new QueryServices();
  registerLegacyGovQueries(services, h.keeper);
  const query = <I extends DescMessage, O extends DescMessage>(method: string, input: I, req: MessageInitShape<I>, output: O): MessageShape<O> =>
    fromBinary(output, services.method(`/cosmos.gov.v1beta1.Query/${method}`)!.handle(toBinary(input, create(input, req)), { state: h.root, height: 1 }));
  const fails = (method: string, input: DescMessage, req: Record<string, unknown>) => {
    try {
      services.method(`/cosmos.gov.v1beta1.Query/${method}`)!.handle(toBinary(input, create(input, req)), { state: h.root, height: 1 });
    } catch (err) {
      return grpcStatusOf(err);
    }
    assert.fail(`${method} should fail`);
  };
  const ok = (res: { ok: boolean }) => assert.ok(res.ok);
  return { h, query, fails, ok };
}

const v1Submit = (messages: Any[], deposit = 10_000_000n) => ({
  messages,
  initialDeposit: coins(deposit),
  proposer: bech32(proposer),
  title: "v1 title",
  summary: "v1 summary",
  metadata: "ipfs://meta",
});

test("a legacy proposal shows its TextProposal; times not reached yet are Go's zero time", () => {
  const { h, query, ok } = setup();
  ok(h.msg(MsgSubmitProposalSchema, { content: textAny(), initialDeposit: coins(1_000_000n), proposer: bech32(proposer) }));
  const { proposal } = query("Proposal", q.QueryProposalRequestSchema, { proposalId: 1n }, q.QueryProposalResponseSchema);
  assert.equal(proposal!.proposalId, 1n);
  assert.equal(proposal!.status, ProposalStatus.DEPOSIT_PERIOD);
  assert.equal(proposal!.content!.typeUrl, "/cosmos.gov.v1beta1.TextProposal");
  assert.deepEqual(fromBinary(TextProposalSchema, proposal!.content!.value).title, "T");
  assert.equal(proposal!.submitTime!.seconds, START_SECONDS);
  assert.equal(proposal!.depositEndTime!.seconds, START_SECONDS + 2n * DAY);
  assert.deepEqual([proposal!.votingStartTime!.seconds, proposal!.votingEndTime!.seconds], [-62_135_596_800n, -62_135_596_800n]);
  assert.deepEqual([proposal!.finalTallyResult!.yes, proposal!.finalTallyResult!.noWithVeto], ["0", "0"]);
  assert.deepEqual(
    proposal!.totalDeposit.map((c) => `${c.amount}${c.denom}`),
    ["1000000uunit"],
  );

  ok(h.msg(MsgDepositSchema, { proposalId: 1n, depositor: bech32(voter), amount: coins(9_000_000n) }));
  const voting = query("Proposal", q.QueryProposalRequestSchema, { proposalId: 1n }, q.QueryProposalResponseSchema).proposal!;
  assert.equal(voting.status, ProposalStatus.VOTING_PERIOD);
  assert.deepEqual([voting.votingStartTime!.seconds, voting.votingEndTime!.seconds], [START_SECONDS, START_SECONDS + 2n * DAY]);
});

test("a v1 proposal shows its one message as its content; with none, a TextProposal of its title and summary; with several, its first", () => {
  const { h, query, ok } = setup();
  const send = packAny(MsgSendSchema, { fromAddress: GOV_AUTHORITY, toAddress: bech32(other), amount: coins(1n) });
  const other2 = packAny(MsgSendSchema, { fromAddress: GOV_AUTHORITY, toAddress: bech32(other), amount: coins(2n) });
  ok(h.msg(V1SubmitSchema, v1Submit([send])));
  ok(h.msg(V1SubmitSchema, v1Submit([])));
  ok(h.msg(V1SubmitSchema, v1Submit([other2, send])));
  const shown = (id: bigint) => query("Proposal", q.QueryProposalRequestSchema, { proposalId: id }, q.QueryProposalResponseSchema).proposal!;
  assert.equal(shown(1n).content!.typeUrl, "/cosmos.bank.v1beta1.MsgSend");
  assert.deepEqual(shown(1n).content!.value, send.value);
  const stored = query("Proposal", q.QueryProposalRequestSchema, { proposalId: 2n }, q.QueryProposalResponseSchema);
  assert.equal(stored.proposal!.content!.typeUrl, "/cosmos.gov.v1beta1.TextProposal");
  const text = fromBinary(TextProposalSchema, stored.proposal!.content!.value);
  const v1 = h.keeper.getProposal(h.ctx().store, 2n)!;
  assert.deepEqual([text.title, text.description], [v1.title, v1.summary]);
  assert.deepEqual(shown(3n).content!.value, other2.value, "the first of several messages");
  // One list shows them all, so a v1beta1-only wallet's proposal list never fails on one of them.
  const page = query("Proposals", q.QueryProposalsRequestSchema, {}, q.QueryProposalsResponseSchema);
  assert.deepEqual(
    page.proposals.map((p) => p.proposalId),
    [1n, 2n, 3n],
  );
});

test("proposals filters (status, voter, depositor), votes with atomics weights and the deprecated option, deposits", () => {
  const { h, query, fails, ok } = setup();
  ok(h.msg(MsgSubmitProposalSchema, { content: textAny(), initialDeposit: coins(10_000_000n), proposer: bech32(proposer) }));
  ok(h.msg(MsgSubmitProposalSchema, { content: textAny(), initialDeposit: coins(1_000_000n), proposer: bech32(voter) }));
  ok(h.msg(MsgVoteSchema, { proposalId: 1n, voter: bech32(voter), option: VoteOption.NO_WITH_VETO }));
  ok(
    h.msg(V1VoteWeightedSchema, {
      proposalId: 1n,
      voter: bech32(proposer),
      options: [
        { option: VoteOption.YES, weight: "0.25" },
        { option: VoteOption.ABSTAIN, weight: "0.75" },
      ],
      metadata: "",
    }),
  );

  const ids = (req: MessageInitShape<typeof q.QueryProposalsRequestSchema>) =>
    query("Proposals", q.QueryProposalsRequestSchema, req, q.QueryProposalsResponseSchema).proposals.map((p) => p.proposalId);
  assert.deepEqual(ids({}), [1n, 2n]);
  assert.deepEqual(ids({ proposalStatus: ProposalStatus.VOTING_PERIOD }), [1n]);
  assert.deepEqual(ids({ proposalStatus: ProposalStatus.DEPOSIT_PERIOD }), [2n]);
  assert.deepEqual(ids({ voter: bech32(voter) }), [1n]);
  assert.deepEqual(ids({ depositor: bech32(voter) }), [2n]);
  assert.deepEqual(fails("Proposals", q.QueryProposalsRequestSchema, { voter: "unit1xyz" }).code, GrpcCode.INVALID_ARGUMENT);

  const single = query("Vote", q.QueryVoteRequestSchema, { proposalId: 1n, voter: bech32(voter) }, q.QueryVoteResponseSchema).vote!;
  assert.equal(single.option, VoteOption.NO_WITH_VETO);
  assert.deepEqual(
    single.options.map((o) => [o.option, o.weight]),
    [[VoteOption.NO_WITH_VETO, "1000000000000000000"]],
  );
  const split = query("Vote", q.QueryVoteRequestSchema, { proposalId: 1n, voter: bech32(proposer) }, q.QueryVoteResponseSchema).vote!;
  assert.equal(split.option, VoteOption.UNSPECIFIED);
  assert.deepEqual(
    split.options.map((o) => [o.option, o.weight]),
    [
      [VoteOption.YES, "250000000000000000"],
      [VoteOption.ABSTAIN, "750000000000000000"],
    ],
  );
  const votes = query("Votes", q.QueryVotesRequestSchema, { proposalId: 1n }, q.QueryVotesResponseSchema).votes;
  assert.equal(votes.length, 2);
  assert.deepEqual(fails("Vote", q.QueryVoteRequestSchema, { proposalId: 2n, voter: bech32(voter) }), {
    code: GrpcCode.NOT_FOUND,
    message: `voter: ${bech32(voter)} not found for proposal: 2`,
  });

  const deposit = query("Deposit", q.QueryDepositRequestSchema, { proposalId: 2n, depositor: bech32(voter) }, q.QueryDepositResponseSchema).deposit!;
  assert.deepEqual([deposit.proposalId, deposit.depositor, deposit.amount[0]!.amount], [2n, bech32(voter), "1000000"]);
  assert.equal(query("Deposits", q.QueryDepositsRequestSchema, { proposalId: 1n }, q.QueryDepositsResponseSchema).deposits.length, 1);
  assert.equal(fails("Deposit", q.QueryDepositRequestSchema, { proposalId: 1n, depositor: bech32(other) }).code, GrpcCode.NOT_FOUND);
  assert.deepEqual(fails("Deposits", q.QueryDepositsRequestSchema, { proposalId: 0n }), {
    code: GrpcCode.INVALID_ARGUMENT,
    message: "proposal id can not be 0",
  });
});

test("tally: live while voting, in legacy field names, final after; unknown proposals not found", () => {
  const { h, query, fails, ok } = setup();
  ok(h.msg(MsgSubmitProposalSchema, { content: textAny(), initialDeposit: coins(10_000_000n), proposer: bech32(proposer) }));
  ok(h.msg(MsgVoteSchema, { proposalId: 1n, voter: bech32(voter), option: VoteOption.NO_WITH_VETO }));
  const live = query("TallyResult", q.QueryTallyResultRequestSchema, { proposalId: 1n }, q.QueryTallyResultResponseSchema).tally!;
  assert.deepEqual([live.yes, live.abstain, live.no, live.noWithVeto], ["0", "0", "0", "1000"]);
  h.endBlock(2n * DAY);
  const final = query("TallyResult", q.QueryTallyResultRequestSchema, { proposalId: 1n }, q.QueryTallyResultResponseSchema).tally!;
  assert.deepEqual(final.noWithVeto, "1000");
  const p = query("Proposal", q.QueryProposalRequestSchema, { proposalId: 1n }, q.QueryProposalResponseSchema).proposal!;
  assert.equal(p.status, ProposalStatus.REJECTED);
  assert.equal(p.finalTallyResult!.noWithVeto, "1000");
  assert.deepEqual(
    p.totalDeposit.map((c) => c.amount),
    ["10000000"],
    "the record keeps what was deposited, burned or not",
  );
  assert.deepEqual(fails("TallyResult", q.QueryTallyResultRequestSchema, { proposalId: 5n }), {
    code: GrpcCode.NOT_FOUND,
    message: "proposal 5 doesn't exist",
  });
});

test("params: one group per params_type, tally ratios as LegacyDec bytes, and params_type required", () => {
  const { query, fails } = setup();
  const voting = query("Params", q.QueryParamsRequestSchema, { paramsType: "voting" }, q.QueryParamsResponseSchema);
  assert.equal(voting.votingParams!.votingPeriod!.seconds, 2n * DAY);
  assert.deepEqual([voting.depositParams, voting.tallyParams], [undefined, undefined]);
  const deposit = query("Params", q.QueryParamsRequestSchema, { paramsType: "deposit" }, q.QueryParamsResponseSchema);
  assert.deepEqual(
    deposit.depositParams!.minDeposit.map((c) => `${c.amount}${c.denom}`),
    ["10000000uunit"],
  );
  assert.equal(deposit.depositParams!.maxDepositPeriod!.seconds, 2n * DAY);
  const tally = query("Params", q.QueryParamsRequestSchema, { paramsType: "tallying" }, q.QueryParamsResponseSchema).tallyParams!;
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  assert.deepEqual([text(tally.quorum), text(tally.threshold), text(tally.vetoThreshold)], ["334000000000000000", "500000000000000000", "334000000000000000"]);
  assert.deepEqual(fails("Params", q.QueryParamsRequestSchema, {}), { code: GrpcCode.INVALID_ARGUMENT, message: " is not a valid parameter type" });
  assert.deepEqual(fails("Params", q.QueryParamsRequestSchema, { paramsType: "all" }), {
    code: GrpcCode.INVALID_ARGUMENT,
    message: "all is not a valid parameter type",
  });
});
