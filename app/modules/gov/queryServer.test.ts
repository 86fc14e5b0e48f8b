// gov queries over the state a lifecycle leaves: params by type, proposals with filters and
// pagination, votes, deposits, live and final tallies, and the SDK's not-found texts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import { MsgSendSchema } from "../../../gen/cosmos/bank/v1beta1/tx_pb.js";
import { ProposalStatus, VoteOption } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import * as q from "../../../gen/cosmos/gov/v1/query_pb.js";
import { MsgDepositSchema, MsgSubmitProposalSchema, MsgVoteSchema } from "../../../gen/cosmos/gov/v1/tx_pb.js";
import { packAny } from "../../../sdk/tx/registry.js";
import { GrpcCode } from "../../../common/errors.js";
import { grpcStatusOf, QueryServices } from "../../query/service.js";
import { moduleAddress } from "../../../common/moduleAccounts.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { registerGovQueries } from "./queryServer.js";
import { bech32, DENOM, GovHarness, testAddress } from "./testHarness.js";

const proposer = testAddress(1);
const other = testAddress(2);
const val = testAddress(10);
const DAY = 86_400n;

function setup() {
  const h = new GovHarness();
  h.staking.addValidator(val, 1000n);
  h.fund(proposer, 1_000_000_000n);
  h.fund(other, 1_000_000_000n);
  h.fund(moduleAddress("gov"), 10n); // what passed proposals spend
  const services = new QueryServices();
  registerGovQueries(services, h.keeper);
  const query = <I extends DescMessage, O extends DescMessage>(method: string, input: I, req: MessageInitShape<I>, output: O): MessageShape<O> => {
    const m = services.method(`/cosmos.gov.v1.Query/${method}`);
    assert.ok(m, method);
    return fromBinary(output, m.handle(toBinary(input, create(input, req)), { state: h.root, height: 1 }));
  };
  const fails = (method: string, input: DescMessage, req: Record<string, unknown>): { code: number; message: string } => {
    try {
      services.method(`/cosmos.gov.v1.Query/${method}`)!.handle(toBinary(input, create(input, req)), { state: h.root, height: 1 });
    } catch (err) {
      return grpcStatusOf(err);
    }
    assert.fail(`${method} should fail`);
  };
  const submit = (deposit: bigint, from = proposer) => {
    const res = h.msg(MsgSubmitProposalSchema, {
      messages: [packAny(MsgSendSchema, { fromAddress: GOV_AUTHORITY, toAddress: bech32(other), amount: [{ denom: DENOM, amount: "1" }] })],
      initialDeposit: [{ denom: DENOM, amount: deposit.toString() }],
      proposer: bech32(from),
      title: "t",
      summary: "s",
    });
    assert.ok(res.ok);
    return (res.response as { proposalId: bigint }).proposalId;
  };
  return { h, query, fails, submit };
}

test("params: the full params for each params_type, plus the legacy group it names", () => {
  const { query, fails } = setup();
  const voting = query("Params", q.QueryParamsRequestSchema, { paramsType: "voting" }, q.QueryParamsResponseSchema);
  assert.equal(voting.params!.votingPeriod!.seconds, 172_800n);
  assert.equal(voting.params!.quorum, "0.334000000000000000");
  assert.equal(voting.votingParams!.votingPeriod!.seconds, 172_800n);
  assert.equal(voting.depositParams, undefined);
  const deposit = query("Params", q.QueryParamsRequestSchema, { paramsType: "deposit" }, q.QueryParamsResponseSchema);
  assert.deepEqual(
    deposit.depositParams!.minDeposit.map((c) => `${c.amount}${c.denom}`),
    ["10000000uunit"],
  );
  const tallying = query("Params", q.QueryParamsRequestSchema, { paramsType: "tallying" }, q.QueryParamsResponseSchema);
  assert.deepEqual(
    [tallying.tallyParams!.quorum, tallying.tallyParams!.threshold, tallying.tallyParams!.vetoThreshold],
    ["0.334000000000000000", "0.500000000000000000", "0.334000000000000000"],
  );
  assert.equal(tallying.params!.expeditedThreshold, "0.667000000000000000");
  assert.equal(query("Params", q.QueryParamsRequestSchema, {}, q.QueryParamsResponseSchema).params!.minDepositRatio, "0.010000000000000000");
  assert.deepEqual(fails("Params", q.QueryParamsRequestSchema, { paramsType: "bogus" }), {
    code: GrpcCode.INVALID_ARGUMENT,
    message: "bogus is not a valid parameter type",
  });
  assert.equal(query("Constitution", q.QueryConstitutionRequestSchema, {}, q.QueryConstitutionResponseSchema).constitution, "");
});

test("proposals, votes, deposits and tallies through a proposal's life", () => {
  const { h, query, fails, submit } = setup();
  const a = submit(10_000_000n); // voting
  const b = submit(100_000n, other); // deposit period
  assert.ok(h.msg(MsgDepositSchema, { proposalId: a, depositor: bech32(other), amount: [{ denom: DENOM, amount: "100000" }] }).ok);
  assert.ok(h.msg(MsgVoteSchema, { proposalId: a, voter: bech32(val), option: VoteOption.YES }).ok);
  assert.ok(h.msg(MsgVoteSchema, { proposalId: a, voter: bech32(other), option: VoteOption.NO }).ok);

  const proposal = query("Proposal", q.QueryProposalRequestSchema, { proposalId: a }, q.QueryProposalResponseSchema).proposal!;
  assert.equal(proposal.status, ProposalStatus.VOTING_PERIOD);
  assert.equal(proposal.finalTallyResult!.yesCount, "0");
  assert.deepEqual(fails("Proposal", q.QueryProposalRequestSchema, { proposalId: 7n }), { code: GrpcCode.NOT_FOUND, message: "proposal 7 doesn't exist" });
  assert.deepEqual(fails("Proposal", q.QueryProposalRequestSchema, { proposalId: 0n }), {
    code: GrpcCode.INVALID_ARGUMENT,
    message: "proposal id can not be 0",
  });

  const ids = (req: MessageInitShape<typeof q.QueryProposalsRequestSchema>) =>
    query("Proposals", q.QueryProposalsRequestSchema, req, q.QueryProposalsResponseSchema).proposals.map((p) => p.id);
  assert.deepEqual(ids({}), [a, b]);
  assert.deepEqual(ids({ proposalStatus: ProposalStatus.DEPOSIT_PERIOD }), [b]);
  assert.deepEqual(ids({ voter: bech32(other) }), [a]);
  assert.deepEqual(ids({ depositor: bech32(other) }), [a, b]);
  assert.deepEqual(ids({ depositor: bech32(proposer), proposalStatus: ProposalStatus.DEPOSIT_PERIOD }), []);
  const page = query("Proposals", q.QueryProposalsRequestSchema, { pagination: { limit: 1n, countTotal: true } }, q.QueryProposalsResponseSchema);
  assert.deepEqual([page.proposals.map((p) => p.id), page.pagination!.total], [[a], 2n]);
  assert.deepEqual(ids({ pagination: { key: page.pagination!.nextKey } }), [b]);
  assert.equal(fails("Proposals", q.QueryProposalsRequestSchema, { voter: "nope" }).code, GrpcCode.INVALID_ARGUMENT);

  const votes = query("Votes", q.QueryVotesRequestSchema, { proposalId: a }, q.QueryVotesResponseSchema).votes;
  assert.deepEqual(
    votes.map((v) => [v.voter, v.options[0]!.option]).sort(),
    [
      [bech32(val), VoteOption.YES],
      [bech32(other), VoteOption.NO],
    ].sort(),
  );
  assert.equal(
    query("Vote", q.QueryVoteRequestSchema, { proposalId: a, voter: bech32(val) }, q.QueryVoteResponseSchema).vote!.options[0]!.weight,
    "1.000000000000000000",
  );
  assert.deepEqual(fails("Vote", q.QueryVoteRequestSchema, { proposalId: a, voter: bech32(proposer) }), {
    code: GrpcCode.NOT_FOUND,
    message: `voter: ${bech32(proposer)} not found for proposal: ${a}`,
  });
  const deposits = query("Deposits", q.QueryDepositsRequestSchema, { proposalId: a }, q.QueryDepositsResponseSchema).deposits;
  assert.deepEqual(
    deposits.map((d) => [d.depositor, d.amount[0]!.amount]).sort(),
    [
      [bech32(proposer), "10000000"],
      [bech32(other), "100000"],
    ].sort(),
  );
  assert.equal(
    query("Deposit", q.QueryDepositRequestSchema, { proposalId: b, depositor: bech32(other) }, q.QueryDepositResponseSchema).deposit!.amount[0]!.amount,
    "100000",
  );
  assert.equal(fails("Deposit", q.QueryDepositRequestSchema, { proposalId: b, depositor: bech32(val) }).code, GrpcCode.NOT_FOUND);

  // Live tally in the voting period (and the query deletes nothing); zeros in the deposit period.
  const tally = (id: bigint) => query("TallyResult", q.QueryTallyResultRequestSchema, { proposalId: id }, q.QueryTallyResultResponseSchema).tally!;
  assert.deepEqual([tally(a).yesCount, tally(a).noCount], ["1000", "0"], "other has no stake");
  assert.equal(h.keeper.votes(h.root, a).length, 2);
  assert.equal(tally(b).yesCount, "0");
  h.endBlock(2n * DAY);
  assert.equal(tally(a).yesCount, "1000", "the final tally after the votes are gone");
  assert.deepEqual(query("Votes", q.QueryVotesRequestSchema, { proposalId: a }, q.QueryVotesResponseSchema).votes, []);
  assert.deepEqual(ids({ proposalStatus: ProposalStatus.PASSED }), [a]);
  assert.deepEqual(ids({}), [a], "b expired and was deleted");
});
