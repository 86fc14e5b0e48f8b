// Gov v1beta1 and mint on a real one-validator chain (real CometBFT, the app, the REST gateway as
// its own process), through clients written elsewhere: CosmJS 0.38 unmodified (its default
// registry's v1beta1 gov messages, QueryClient with setupGovExtension and setupMintExtension)
// submits a text proposal, deposits, votes and reads proposals, votes, tally and params while the
// proposal runs through v1's rules to PASSED; the v1beta1 and mint REST routes answer the same
// state in the SDK's JSON (decimal LegacyDecs, Go's zero time, content with "@type").
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { fromAscii } from "@cosmjs/encoding";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { stringToPath } from "@cosmjs/crypto";
import { GasPrice, QueryClient, SigningStargateClient, setupGovExtension, setupMintExtension, type DeliverTxResponse } from "@cosmjs/stargate";
import { connectComet, type CometClient } from "@cosmjs/tendermint-rpc";
import { TextProposal, ProposalStatus, VoteOption } from "cosmjs-types/cosmos/gov/v1beta1/gov";
import { FAUCET_TEST_MNEMONIC, VALIDATOR_SELF_DELEGATION, VALIDATOR_TEST_MNEMONICS } from "../common/node/testKeys.js";
import { LocalNode } from "./support/localNode.js";
import { RestGatewayProcess } from "./support/restGateway.js";

const HD_PATH = stringToPath("m/44'/118'/0'/0/0");
const gasPrice = GasPrice.fromString("0.025uunit");
const VOTING_SECONDS = 15;
const ZERO_TIME = "0001-01-01T00:00:00Z";

let node: LocalNode;
let gateway: RestGatewayProcess;
let comet: CometClient;
let validator: { client: SigningStargateClient; address: string };
let faucet: { client: SigningStargateClient; address: string };

async function signer(mnemonic: string) {
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix: "unit", hdPaths: [HD_PATH] });
  const address = (await wallet.getAccounts())[0]!.address;
  return { client: await SigningStargateClient.connectWithSigner(node.rpcUrl, wallet, { gasPrice }), address };
}

before(async () => {
  node = await LocalNode.create({ votingPeriod: `${VOTING_SECONDS}s` });
  await node.start();
  await node.waitForHeight(2);
  gateway = new RestGatewayProcess(node.ports.rest, ["--home", node.paths.root]);
  await gateway.waitFor("/cosmos/mint/v1beta1/params");
  comet = await connectComet(node.rpcUrl);
  validator = await signer(VALIDATOR_TEST_MNEMONICS[0]!);
  faucet = await signer(FAUCET_TEST_MNEMONIC);
});

after(async () => {
  validator?.client.disconnect();
  faucet?.client.disconnect();
  comet?.disconnect();
  await gateway?.stop();
  await node?.destroy();
});

const ok = (r: DeliverTxResponse) => assert.equal(r.code, 0, r.rawLog);
const queries = () => QueryClient.withExtensions(comet, setupGovExtension, setupMintExtension);
const textContent = (title: string, description: string) => ({
  typeUrl: "/cosmos.gov.v1beta1.TextProposal",
  value: TextProposal.encode(TextProposal.fromPartial({ title, description })).finish(),
});
function submitMsg(proposer: string, title: string, deposit: string) {
  return {
    typeUrl: "/cosmos.gov.v1beta1.MsgSubmitProposal",
    value: { content: textContent(title, "A signal, nothing executes."), initialDeposit: [{ denom: "uunit", amount: deposit }], proposer },
  };
}
function proposalIdOf(r: DeliverTxResponse): bigint {
  const attr = r.events.find((e) => e.type === "submit_proposal" && e.attributes.some((a) => a.key === "proposal_id"));
  return BigInt(attr!.attributes.find((a) => a.key === "proposal_id")!.value);
}

test("CosmJS: a v1beta1 text proposal is submitted, deposited on, voted on and read back until it passes", async () => {
  const q = queries();
  const sub = await validator.client.signAndBroadcast(validator.address, [submitMsg(validator.address, "Adopt the charter", "1000000")], "auto");
  ok(sub);
  const id = proposalIdOf(sub);
  const queryId = id.toString(); // CosmJS's gov queries take the id as a string or number (GovProposalId)
  assert.ok(
    sub.events.some(
      (e) => e.type === "submit_proposal" && e.attributes.some((a) => a.key === "proposal_messages" && a.value === ",/cosmos.gov.v1.MsgExecLegacyContent"),
    ),
  );
  let { proposal } = await q.gov.proposal(queryId);
  assert.equal(proposal.status, ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD);
  assert.equal(proposal.content!.typeUrl, "/cosmos.gov.v1beta1.TextProposal");
  assert.deepEqual(
    TextProposal.decode(proposal.content!.value),
    TextProposal.fromPartial({ title: "Adopt the charter", description: "A signal, nothing executes." }),
  );
  assert.equal(proposal.votingStartTime!.seconds, -62_135_596_800n, "not voting yet: Go's zero time");

  ok(
    await faucet.client.signAndBroadcast(
      faucet.address,
      [{ typeUrl: "/cosmos.gov.v1beta1.MsgDeposit", value: { proposalId: id, depositor: faucet.address, amount: [{ denom: "uunit", amount: "9000000" }] } }],
      "auto",
    ),
  );
  ({ proposal } = await q.gov.proposal(queryId));
  assert.equal(proposal.status, ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD);
  assert.deepEqual(proposal.totalDeposit, [{ denom: "uunit", amount: "10000000" }]);
  assert.deepEqual((await q.gov.deposit(queryId, faucet.address)).deposit.amount, [{ denom: "uunit", amount: "9000000" }]);
  assert.equal((await q.gov.deposits(queryId)).deposits.length, 2);

  ok(
    await validator.client.signAndBroadcast(
      validator.address,
      [{ typeUrl: "/cosmos.gov.v1beta1.MsgVote", value: { proposalId: id, voter: validator.address, option: VoteOption.VOTE_OPTION_YES } }],
      "auto",
    ),
  );
  ok(
    await faucet.client.signAndBroadcast(
      faucet.address,
      [
        {
          typeUrl: "/cosmos.gov.v1beta1.MsgVoteWeighted",
          value: {
            proposalId: id,
            voter: faucet.address,
            options: [
              { option: VoteOption.VOTE_OPTION_YES, weight: "600000000000000000" },
              { option: VoteOption.VOTE_OPTION_NO, weight: "400000000000000000" },
            ],
          },
        },
      ],
      "auto",
    ),
  );
  const vote = (await q.gov.vote(queryId, validator.address)).vote;
  assert.equal(vote.option, VoteOption.VOTE_OPTION_YES);
  assert.deepEqual(vote.options, [{ option: VoteOption.VOTE_OPTION_YES, weight: "1000000000000000000" }]);
  const split = (await q.gov.vote(queryId, faucet.address)).vote;
  assert.deepEqual(
    split.options.map((o) => [o.option, o.weight]),
    [
      [VoteOption.VOTE_OPTION_YES, "600000000000000000"],
      [VoteOption.VOTE_OPTION_NO, "400000000000000000"],
    ],
  );
  assert.equal((await q.gov.votes(queryId)).votes.length, 2);
  const live = (await q.gov.tally(queryId)).tally;
  assert.deepEqual([live.yes, live.no, live.abstain, live.noWithVeto], [VALIDATOR_SELF_DELEGATION.toString(), "0", "0", "0"], "the faucet has no stake");
  assert.deepEqual(
    (await q.gov.proposals(ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD, "", "")).proposals.map((p) => p.proposalId),
    [id],
  );
  assert.deepEqual(
    (await q.gov.proposals(ProposalStatus.PROPOSAL_STATUS_UNSPECIFIED, "", faucet.address)).proposals.map((p) => p.proposalId),
    [id],
  );

  const tallying = (await q.gov.params("tallying")).tallyParams;
  assert.deepEqual(
    [fromAscii(tallying.quorum), fromAscii(tallying.threshold), fromAscii(tallying.vetoThreshold)],
    ["334000000000000000", "500000000000000000", "334000000000000000"],
  );
  assert.equal((await q.gov.params("voting")).votingParams.votingPeriod!.seconds, BigInt(VOTING_SECONDS));
  assert.deepEqual((await q.gov.params("deposit")).depositParams.minDeposit, [{ denom: "uunit", amount: "10000000" }]);

  const deadline = Date.now() + 30_000;
  while ((await q.gov.proposal(queryId)).proposal.status === ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD) {
    assert.ok(Date.now() < deadline, "the voting period ends");
    await new Promise((r) => setTimeout(r, 500));
  }
  ({ proposal } = await q.gov.proposal(queryId));
  assert.equal(proposal.status, ProposalStatus.PROPOSAL_STATUS_PASSED);
  assert.equal(proposal.finalTallyResult.yes, VALIDATOR_SELF_DELEGATION.toString());
  assert.equal((await q.gov.tally(queryId)).tally.yes, VALIDATOR_SELF_DELEGATION.toString());

  // The same proposal through the v1 REST view: one MsgExecLegacyContent by the gov account.
  const v1 = (await gateway.get(`/cosmos/gov/v1/proposals/${id}`)).body.proposal;
  assert.equal(v1.status, "PROPOSAL_STATUS_PASSED");
  assert.equal(v1.title, "Adopt the charter");
  assert.equal(v1.messages[0]["@type"], "/cosmos.gov.v1.MsgExecLegacyContent");
  assert.equal(v1.messages[0].content["@type"], "/cosmos.gov.v1beta1.TextProposal");
});

test("CosmJS setupMintExtension reads zero inflation: params, inflation and annual provisions", async () => {
  const mint = queries().mint;
  const params = await mint.params();
  assert.equal(params.mintDenom, "uunit");
  assert.deepEqual(
    [params.inflationRateChange, params.inflationMax, params.inflationMin, params.goalBonded].map((d) => d.toString()),
    ["0", "0", "0", "0.67"],
  );
  assert.equal(params.blocksPerYear, 6_311_520n);
  assert.equal((await mint.inflation()).toString(), "0");
  assert.equal((await mint.annualProvisions()).toString(), "0");
});

test("REST: the v1beta1 gov routes and the mint routes in the SDK's JSON", async () => {
  const sub = await validator.client.signAndBroadcast(validator.address, [submitMsg(validator.address, "Waiting for deposits", "500000")], "auto");
  ok(sub);
  const id = proposalIdOf(sub);
  const get = async (route: string) => {
    const res = await gateway.get(route);
    assert.equal(res.status, 200, `${route}: ${JSON.stringify(res.body)}`);
    return res.body;
  };

  const { proposal } = await get(`/cosmos/gov/v1beta1/proposals/${id}`);
  assert.equal(proposal.proposal_id, id.toString());
  assert.deepEqual(proposal.content, {
    "@type": "/cosmos.gov.v1beta1.TextProposal",
    title: "Waiting for deposits",
    description: "A signal, nothing executes.",
  });
  assert.equal(proposal.status, "PROPOSAL_STATUS_DEPOSIT_PERIOD");
  assert.deepEqual(proposal.final_tally_result, { yes: "0", abstain: "0", no: "0", no_with_veto: "0" });
  assert.deepEqual([proposal.voting_start_time, proposal.voting_end_time], [ZERO_TIME, ZERO_TIME]);
  assert.deepEqual(proposal.total_deposit, [{ denom: "uunit", amount: "500000" }]);

  const list = await get("/cosmos/gov/v1beta1/proposals?proposal_status=PROPOSAL_STATUS_DEPOSIT_PERIOD");
  assert.deepEqual(
    list.proposals.map((p: { proposal_id: string }) => p.proposal_id),
    [id.toString()],
  );
  const passed = (await get("/cosmos/gov/v1beta1/proposals?proposal_status=PROPOSAL_STATUS_PASSED")).proposals;
  assert.equal(passed.length, 1);
  const first = passed[0].proposal_id;
  const votes = (await get(`/cosmos/gov/v1beta1/proposals/${first}/votes`)).votes;
  assert.deepEqual(votes, [], "votes are deleted at the tally, as in the SDK");
  assert.equal((await gateway.get(`/cosmos/gov/v1beta1/proposals/${first}/votes/${validator.address}`)).status, 404);
  assert.deepEqual((await get(`/cosmos/gov/v1beta1/proposals/${first}/tally`)).tally.yes, VALIDATOR_SELF_DELEGATION.toString());
  assert.deepEqual((await get(`/cosmos/gov/v1beta1/proposals/${id}/deposits/${validator.address}`)).deposit, {
    proposal_id: id.toString(),
    depositor: validator.address,
    amount: [{ denom: "uunit", amount: "500000" }],
  });
  assert.equal((await get(`/cosmos/gov/v1beta1/proposals/${id}/deposits`)).deposits.length, 1);

  // A vote while voting: the weight in decimal form on REST.
  ok(
    await faucet.client.signAndBroadcast(
      faucet.address,
      [{ typeUrl: "/cosmos.gov.v1beta1.MsgDeposit", value: { proposalId: id, depositor: faucet.address, amount: [{ denom: "uunit", amount: "9500000" }] } }],
      "auto",
    ),
  );
  ok(
    await validator.client.signAndBroadcast(
      validator.address,
      [{ typeUrl: "/cosmos.gov.v1beta1.MsgVote", value: { proposalId: id, voter: validator.address, option: VoteOption.VOTE_OPTION_ABSTAIN } }],
      "auto",
    ),
  );
  assert.deepEqual((await get(`/cosmos/gov/v1beta1/proposals/${id}/votes/${validator.address}`)).vote, {
    proposal_id: id.toString(),
    voter: validator.address,
    option: "VOTE_OPTION_ABSTAIN",
    options: [{ option: "VOTE_OPTION_ABSTAIN", weight: "1.000000000000000000" }],
  });

  assert.deepEqual(await get("/cosmos/gov/v1beta1/params/tallying"), {
    voting_params: null,
    deposit_params: null,
    tally_params: { quorum: "0.334000000000000000", threshold: "0.500000000000000000", veto_threshold: "0.334000000000000000" },
  });
  assert.deepEqual((await get("/cosmos/gov/v1beta1/params/voting")).voting_params, { voting_period: `${VOTING_SECONDS}s` });
  assert.deepEqual((await get("/cosmos/gov/v1beta1/params/deposit")).deposit_params, {
    min_deposit: [{ denom: "uunit", amount: "10000000" }],
    max_deposit_period: "172800s",
  });
  const bad = await gateway.get("/cosmos/gov/v1beta1/params/everything");
  assert.equal(bad.status, 400);
  assert.match(JSON.stringify(bad.body), /everything is not a valid parameter type/);

  assert.deepEqual(await get("/cosmos/mint/v1beta1/params"), {
    params: {
      mint_denom: "uunit",
      inflation_rate_change: "0.000000000000000000",
      inflation_max: "0.000000000000000000",
      inflation_min: "0.000000000000000000",
      goal_bonded: "0.670000000000000000",
      blocks_per_year: "6311520",
    },
  });
  assert.deepEqual(await get("/cosmos/mint/v1beta1/inflation"), { inflation: "0.000000000000000000" });
  assert.deepEqual(await get("/cosmos/mint/v1beta1/annual_provisions"), { annual_provisions: "0.000000000000000000" });
});
