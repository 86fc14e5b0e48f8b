// `unitd tx gov submit-legacy-proposal` builds the gov v1beta1 submission the SDK's CLI builds (a
// TextProposal from --title and --description, --deposit as the initial deposit) and refuses
// other --type values and missing flags before any key is touched.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fromBinary } from "@bufbuild/protobuf";
import { TextProposalSchema } from "../../../gen/cosmos/gov/v1beta1/gov_pb.js";
import { MsgSubmitProposalSchema } from "../../../gen/cosmos/gov/v1beta1/tx_pb.js";
import { UsageError } from "./cliArgs.js";
import { govTxCommands } from "./txGov.js";

const A = "unit1v5ptfk7aalur8q6vnkgev8wwlk4fqgfwyu9p2p";
const command = govTxCommands["submit-legacy-proposal"]!;
const build = (values: Record<string, string>) => command.build([], { from: "alice", ...values } as never);
const usage = (run: () => unknown, message: RegExp) => assert.throws(run, (e) => e instanceof UsageError && message.test(e.message));

test("submit-legacy-proposal: a TextProposal content, the deposit, the signer as proposer", async () => {
  for (const type of [undefined, "Text", "text"]) {
    const { from, messages } = build({ title: "Adopt the charter", description: "A signal", deposit: "10000000uunit", ...(type ? { type } : {}) });
    assert.equal(from, "alice");
    const [any] = await messages(A);
    assert.equal(any!.typeUrl, "/cosmos.gov.v1beta1.MsgSubmitProposal");
    const msg = fromBinary(MsgSubmitProposalSchema, any!.value);
    assert.equal(msg.proposer, A);
    assert.deepEqual(
      msg.initialDeposit.map((c) => `${c.amount}${c.denom}`),
      ["10000000uunit"],
    );
    assert.equal(msg.content!.typeUrl, "/cosmos.gov.v1beta1.TextProposal");
    const text = fromBinary(TextProposalSchema, msg.content!.value);
    assert.deepEqual([text.title, text.description], ["Adopt the charter", "A signal"]);
  }
  const [noDepositAny] = await build({ title: "t", description: "d" }).messages(A);
  const noDeposit = fromBinary(MsgSubmitProposalSchema, noDepositAny!.value);
  assert.deepEqual(noDeposit.initialDeposit, []);
});

test("submit-legacy-proposal: other content types, missing title or description, bad deposit", () => {
  usage(() => build({ title: "t", description: "d", type: "ParameterChange" }), /--type ParameterChange is not supported: only Text/);
  usage(() => build({ description: "d" }), /missing --title/);
  usage(() => build({ title: "t" }), /missing --description/);
  usage(() => build({ title: "t", description: "d", deposit: "ten" }), /deposit/);
});
