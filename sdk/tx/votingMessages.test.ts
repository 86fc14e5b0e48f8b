// The voting message builders: each packs the chain's type URL and fields, refuses what the chain
// would refuse before a fee is spent, and encodes to the same bytes as CosmJS with the chain's
// registry (what connectCosmosWallet's signing client sends).
import { test } from "node:test";
import assert from "node:assert/strict";
import { fromBinary } from "@bufbuild/protobuf";
import { Registry } from "@cosmjs/proto-signing";
import { defaultRegistryTypes } from "@cosmjs/stargate";
import { MsgCastVoteSchema, MsgCreateElectionSchema } from "../../gen/chain/voting/tx_pb.js";
import { registerChainMsgTypes } from "../cosmjs/registry.js";
import { msgCancelElection, msgCastVote, msgCreateElection, msgRegisterVoter } from "./votingMessages.js";
import { unpackAny } from "./registry.js";

const BOARD = "unit1v5ptfk7aalur8q6vnkgev8wwlk4fqgfwyu9p2p";
const VOTER = "unit1squt7f8va6eee6wf8hahchz8n6uxcrg28qa59z";
const START = Date.parse("2026-05-01T12:00:00Z");

test("msgCreateElection packs every field, times as Timestamps", () => {
  const any = msgCreateElection({
    authority: BOARD,
    title: "Budget",
    options: ["yes", "no"],
    eligibilityCredentialType: "kyc",
    votingStart: START,
    votingEnd: new Date(START + 60_000),
  });
  assert.equal(any.typeUrl, "/chain.voting.MsgCreateElection");
  const msg = fromBinary(MsgCreateElectionSchema, any.value);
  assert.deepEqual(
    [msg.authority, msg.title, msg.description, msg.options, msg.eligibilityCredentialType, msg.votingStart?.seconds, msg.votingEnd?.seconds],
    [BOARD, "Budget", "", ["yes", "no"], "kyc", BigInt(START / 1000), BigInt(START / 1000 + 60)],
  );
});

test("msgCreateElection refuses too few or repeated options and an empty window", () => {
  const base = { authority: BOARD, title: "T", options: ["yes", "no"], votingStart: START, votingEnd: START + 1000 };
  assert.throws(() => msgCreateElection({ ...base, options: ["yes"] }), /at least 2 options, got 1/);
  assert.throws(() => msgCreateElection({ ...base, options: ["yes", "yes"] }), /distinct/);
  assert.throws(() => msgCreateElection({ ...base, votingEnd: START }), /voting end must be after voting start/);
});

test("register, vote and cancel carry their type URLs and fields", () => {
  assert.deepEqual(unpackAny(msgRegisterVoter({ voter: VOTER, electionId: 3n })), {
    $typeName: "chain.voting.MsgRegisterVoter",
    voter: VOTER,
    electionId: 3n,
  });
  assert.deepEqual(unpackAny(msgCancelElection({ signer: BOARD, electionId: 3n })), {
    $typeName: "chain.voting.MsgCancelElection",
    signer: BOARD,
    electionId: 3n,
  });
  const vote = msgCastVote({ voter: VOTER, electionId: 3n, option: "no" });
  assert.equal(vote.typeUrl, "/chain.voting.MsgCastVote");
  assert.deepEqual(fromBinary(MsgCastVoteSchema, vote.value).option, "no");
});

test("CosmJS with the chain's registry encodes voting Msgs to the same bytes", () => {
  const registry = new Registry(defaultRegistryTypes);
  registerChainMsgTypes(registry);
  const vote = { voter: VOTER, electionId: 3n, option: "abstain" };
  assert.deepEqual(new Uint8Array(registry.encodeAsAny({ typeUrl: "/chain.voting.MsgCastVote", value: vote }).value), msgCastVote(vote).value);
  const ours = msgCreateElection({ authority: BOARD, title: "T", options: ["a", "b", "c"], votingStart: START, votingEnd: START + 30_000 });
  const decoded = registry.decode({ typeUrl: "/chain.voting.MsgCreateElection", value: ours.value });
  assert.deepEqual([decoded.title, decoded.options], ["T", ["a", "b", "c"]]);
  assert.deepEqual(new Uint8Array(registry.encodeAsAny({ typeUrl: "/chain.voting.MsgCreateElection", value: decoded }).value), ours.value);
});
