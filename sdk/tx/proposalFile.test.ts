import { test } from "node:test";
import assert from "node:assert/strict";
import { fromBinary } from "@bufbuild/protobuf";
import { MsgAddIssuerSchema } from "../../gen/chain/identity/tx_pb.js";
import { VoteOption } from "../../gen/cosmos/gov/v1/gov_pb.js";
import { parseVoteOption } from "./govMessages.js";
import { parseProposalFile, ProposalFileError } from "./proposalFile.js";

const GOV = "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc";
const ISSUER = "unit1v5ptfk7aalur8q6vnkgev8wwlk4fqgfwyu9p2p";

test("the spec's proposal file becomes an Any per message, a deposit and the texts", () => {
  const file = parseProposalFile(
    JSON.stringify({
      messages: [{ "@type": "/chain.identity.MsgAddIssuer", authority: GOV, issuer_address: ISSUER, name: "Acme KYC" }],
      metadata: "",
      deposit: "10000000uunit",
      title: "T",
      summary: "S",
    }),
  );
  assert.equal(file.messages.length, 1);
  assert.equal(file.messages[0]!.typeUrl, "/chain.identity.MsgAddIssuer");
  const msg = fromBinary(MsgAddIssuerSchema, file.messages[0]!.value);
  assert.deepEqual([msg.authority, msg.issuerAddress, msg.name], [GOV, ISSUER, "Acme KYC"]);
  assert.deepEqual(file.deposit, [{ denom: "uunit", amount: "10000000" }]);
  assert.deepEqual([file.title, file.summary, file.metadata, file.expedited], ["T", "S", "", false]);
  const camel = parseProposalFile(
    JSON.stringify({ messages: [{ "@type": "/chain.identity.MsgAddIssuer", authority: GOV, issuerAddress: ISSUER, name: "x" }] }),
  );
  assert.equal(fromBinary(MsgAddIssuerSchema, camel.messages[0]!.value).issuerAddress, ISSUER, "JSON names work too");
});

test("mistakes in a proposal file are named", () => {
  const cases: [unknown, RegExp][] = [
    ["{", /not valid JSON/],
    [[], /JSON object/],
    [{ message: [] }, /unknown field\(s\) in the proposal file: message/],
    [{ messages: {} }, /"messages" must be an array/],
    [{ messages: [{ authority: GOV }] }, /messages\[0\] needs "@type"/],
    [{ messages: [{ "@type": "/chain.nothing.MsgNothing" }] }, /messages\[0\]: unknown message type \/chain.nothing.MsgNothing/],
    [{ messages: [{ "@type": "/chain.identity.MsgAddIssuer", issuer: ISSUER }] }, /messages\[0\] \(\/chain.identity.MsgAddIssuer\):/],
    [{ deposit: "ten uunit" }, /"deposit":/],
    [{ title: 5 }, /"title" must be a string/],
    [{ expedited: "yes" }, /"expedited" must be true or false/],
  ];
  for (const [input, message] of cases) {
    assert.throws(
      () => parseProposalFile(typeof input === "string" ? input : JSON.stringify(input)),
      (err: Error) => err instanceof ProposalFileError && message.test(err.message),
      String(message),
    );
  }
});

test("vote options by the words users type", () => {
  assert.equal(parseVoteOption("yes"), VoteOption.YES);
  assert.equal(parseVoteOption("No"), VoteOption.NO);
  assert.equal(parseVoteOption("abstain"), VoteOption.ABSTAIN);
  assert.equal(parseVoteOption("no_with_veto"), VoteOption.NO_WITH_VETO);
  assert.equal(parseVoteOption("NoWithVeto"), VoteOption.NO_WITH_VETO);
  assert.equal(parseVoteOption("VOTE_OPTION_YES"), VoteOption.YES);
  assert.throws(() => parseVoteOption("maybe"), /expected yes, no, abstain or no_with_veto/);
  assert.throws(() => parseVoteOption("unspecified"), /invalid vote option/);
});
