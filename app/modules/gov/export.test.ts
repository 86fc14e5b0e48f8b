// Gov export: proposals in every stage (deposit period, voting period with plain and weighted
// votes, passed, rejected, a v1beta1 text proposal) and their deposits come back as the genesis
// section that rebuilds the same store entries under gov/ (proposals, both deadline queues,
// deposits, votes, next id, params, constitution), and export again gives the same section.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, toBinary } from "@bufbuild/protobuf";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { MsgSendSchema } from "../../../gen/cosmos/bank/v1beta1/tx_pb.js";
import { VoteOption } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import { MsgDepositSchema, MsgSubmitProposalSchema, MsgVoteSchema, MsgVoteWeightedSchema } from "../../../gen/cosmos/gov/v1/tx_pb.js";
import { TextProposalSchema } from "../../../gen/cosmos/gov/v1beta1/gov_pb.js";
import { MsgSubmitProposalSchema as LegacySubmitSchema, MsgVoteSchema as LegacyVoteSchema } from "../../../gen/cosmos/gov/v1beta1/tx_pb.js";
import { packAny } from "../../../sdk/tx/registry.js";
import { moduleAddress } from "../../../common/moduleAccounts.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { assertGenesisRoundTrip } from "../../testing/moduleGenesisRoundTrip.js";
import { defaultGovGenesis } from "./genesis.js";
import { govModule } from "./module.js";
import { bech32, DENOM, GovHarness, testAddress, type ExecResult } from "./testHarness.js";

const DAY = 86_400n;
const proposer = testAddress(1);
const depositor = testAddress(2);
const recipient = testAddress(3);
const valA = testAddress(10);
const valB = testAddress(11);
const coins = (amount: bigint) => [{ denom: DENOM, amount: amount.toString() }];
function ok(res: ExecResult): asserts res is Extract<ExecResult, { ok: true }> {
  assert.ok(res.ok, res.ok ? "" : res.error.message);
}

function submit(h: GovHarness, deposit: bigint, title: string): bigint {
  const res = h.msg(MsgSubmitProposalSchema, {
    messages: [packAny(MsgSendSchema, { fromAddress: GOV_AUTHORITY, toAddress: bech32(recipient), amount: coins(5n) })],
    initialDeposit: coins(deposit),
    proposer: bech32(proposer),
    title,
    summary: `${title}, in full.`,
    metadata: "ipfs://meta",
    expedited: false,
  });
  ok(res);
  return (res.response as { proposalId: bigint }).proposalId;
}

const vote = (h: GovHarness, voter: Uint8Array, id: bigint, option: VoteOption) =>
  ok(h.msg(MsgVoteSchema, { proposalId: id, voter: bech32(voter), option, metadata: "" }));

function chain(): GovHarness {
  const h = new GovHarness({ constitution: "One vote per bonded token." });
  h.staking.addValidator(valA, 600n);
  h.staking.addValidator(valB, 400n);
  for (const who of [proposer, depositor, moduleAddress("gov")]) h.fund(who, 1_000_000_000n);
  return h;
}

test("gov export -> import -> export: proposals in every stage, deposits, plain and weighted votes, both queues byte for byte", () => {
  const h = chain();
  try {
    const passed = submit(h, 10_000_000n, "Pay the recipient");
    const rejected = submit(h, 10_000_000n, "Pay the recipient twice");
    vote(h, valA, passed, VoteOption.YES);
    vote(h, valB, passed, VoteOption.YES);
    vote(h, valA, rejected, VoteOption.NO);
    h.endBlock(2n * DAY + 1n);

    const text = create(AnySchema, {
      typeUrl: "/cosmos.gov.v1beta1.TextProposal",
      value: toBinary(TextProposalSchema, create(TextProposalSchema, { title: "Adopt the charter", description: "Signal support." })),
    });
    const legacy = h.msg(LegacySubmitSchema, { content: text, initialDeposit: coins(4_000_000n), proposer: bech32(proposer) });
    ok(legacy);
    const voting = (legacy.response as { proposalId: bigint }).proposalId;
    ok(h.msg(MsgDepositSchema, { proposalId: voting, depositor: bech32(depositor), amount: coins(6_000_000n) }));
    ok(
      h.msg(MsgVoteWeightedSchema, {
        proposalId: voting,
        voter: bech32(valA),
        options: [
          { option: VoteOption.YES, weight: "0.6" },
          { option: VoteOption.ABSTAIN, weight: "0.4" },
        ],
        metadata: "split",
      }),
    );
    ok(h.msg(LegacyVoteSchema, { proposalId: voting, voter: bech32(valB), option: VoteOption.NO }));
    h.endBlock(60n);
    const waiting = submit(h, 1_000_000n, "Needs more deposit");
    ok(h.msg(MsgDepositSchema, { proposalId: waiting, depositor: bech32(depositor), amount: coins(2_000_000n) }));

    const { exported, keys } = assertGenesisRoundTrip(govModule(h.keeper), h.root, h.ctx().header);
    const g = exported as {
      starting_proposal_id: string;
      proposals: { id: string; status: string; messages: { "@type": string; content?: { "@type": string } }[] }[];
      deposits: { proposal_id: string; depositor: string; amount: unknown }[];
      votes: { proposal_id: string; voter: string; options: { option: string; weight: string }[]; metadata: string }[];
      constitution: string;
    };
    assert.equal(g.starting_proposal_id, "5");
    assert.deepEqual(
      g.proposals.map((p) => [p.id, p.status]),
      [
        ["1", "PROPOSAL_STATUS_PASSED"],
        ["2", "PROPOSAL_STATUS_REJECTED"],
        ["3", "PROPOSAL_STATUS_VOTING_PERIOD"],
        ["4", "PROPOSAL_STATUS_DEPOSIT_PERIOD"],
      ],
    );
    assert.equal(g.proposals[0]!.messages[0]!["@type"], "/cosmos.bank.v1beta1.MsgSend");
    assert.deepEqual(g.proposals[2]!.messages[0], {
      "@type": "/cosmos.gov.v1.MsgExecLegacyContent",
      content: { "@type": "/cosmos.gov.v1beta1.TextProposal", title: "Adopt the charter", description: "Signal support." },
      authority: GOV_AUTHORITY,
    });
    // Settled proposals' deposits were refunded; the open ones keep theirs, by depositor address bytes.
    assert.deepEqual(
      g.deposits.map((d) => [d.proposal_id, d.depositor]),
      [
        ["3", bech32(proposer)],
        ["3", bech32(depositor)],
        ["4", bech32(proposer)],
        ["4", bech32(depositor)],
      ],
    );
    assert.deepEqual(
      g.votes.map((v) => [v.proposal_id, v.voter, v.options.map((o) => `${o.option}=${o.weight}`).join(","), v.metadata]),
      [
        ["3", bech32(valA), "VOTE_OPTION_YES=0.600000000000000000,VOTE_OPTION_ABSTAIN=0.400000000000000000", "split"],
        ["3", bech32(valB), "VOTE_OPTION_NO=1.000000000000000000", ""],
      ],
    );
    assert.equal(g.constitution, "One vote per bonded token.");
    // 4 proposals, 1 active + 1 inactive queue entry, 4 deposits, 2 votes, next id, params, constitution.
    assert.equal(keys, 4 + 2 + 4 + 2 + 3);
  } finally {
    h.close();
  }
});

test("a chain's default gov genesis exports as itself", () => {
  const h = new GovHarness(defaultGovGenesis() as Record<string, unknown>);
  try {
    const { exported, keys } = assertGenesisRoundTrip(govModule(h.keeper), h.root, h.ctx().header);
    assert.deepEqual(exported, defaultGovGenesis());
    assert.equal(keys, 3);
  } finally {
    h.close();
  }
});

test("proposal state that does not fit together is refused, naming the entry", () => {
  const h = chain();
  try {
    const id = submit(h, 1_000_000n, "Waiting");
    const exported = govModule(h.keeper).exportGenesis!(h.root) as {
      starting_proposal_id: string;
      proposals: unknown[];
      deposits: unknown[];
      votes: unknown[];
    };
    const edit = (change: (g: typeof exported) => void) => {
      const g = structuredClone(exported);
      change(g);
      return g;
    };
    const voteFor = { proposal_id: String(id), voter: bech32(valA), options: [{ option: "VOTE_OPTION_YES", weight: "1" }], metadata: "" };
    const cases: [string, typeof exported, RegExp][] = [
      ["id at the next id", edit((g) => (g.starting_proposal_id = String(id))), /proposals\[0\]: id 1 must be between 1 and starting_proposal_id - 1 \(0\)/],
      ["deposit for no proposal", edit((g) => ((g.deposits[0] as { proposal_id: string }).proposal_id = "9")), /deposits\[0\]: proposal 9 does not exist/],
      ["vote in the deposit period", edit((g) => (g.votes = [voteFor])), /votes\[0\]: proposal 1 is DEPOSIT_PERIOD, not in its voting period/],
      ["duplicate deposit", edit((g) => g.deposits.push(g.deposits[0])), /deposits\[1\]: duplicate deposit by unit1/],
    ];
    for (const [name, g, pattern] of cases) assert.throws(() => new GovHarness(g), pattern, name);
    // The harness's fresh chain has an empty gov account: deposits it would have to refund are refused.
    assert.throws(() => new GovHarness(exported), /gov genesis: the deposits total 1000000uunit but the gov account holds 0uunit/);
  } finally {
    h.close();
  }
});
