// Consensus params under governance, on the real app and store in-process: InitChain's params are
// kept whole and served by cosmos.consensus.v1 and the legacy baseapp subspace; a passed
// MsgUpdateParams reaches CometBFT through consensus_param_updates of exactly the block that ran
// it (never the version), and the very next proposal is held to the new block gas limit.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { Any } from "@bufbuild/protobuf/wkt";
import { anyUnpack } from "@bufbuild/protobuf/wkt";
import { QueryParamsRequestSchema, QueryParamsResponseSchema } from "../gen/cosmos/consensus/v1/query_pb.js";
import {
  QueryParamsRequestSchema as LegacyParamsRequestSchema,
  QueryParamsResponseSchema as LegacyParamsResponseSchema,
} from "../gen/cosmos/params/v1beta1/query_pb.js";
import { QueryAccountRequestSchema, QueryAccountResponseSchema } from "../gen/cosmos/auth/v1beta1/query_pb.js";
import { BaseAccountSchema } from "../gen/cosmos/auth/v1beta1/auth_pb.js";
import { ProposalStatus } from "../gen/cosmos/gov/v1/gov_pb.js";
import { QueryProposalRequestSchema, QueryProposalResponseSchema } from "../gen/cosmos/gov/v1/query_pb.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { generateMnemonic } from "../sdk/keys/mnemonic.js";
import { signerFromMnemonic } from "../sdk/keys/signerFromMnemonic.js";
import { msgSubmitProposal, msgVote, VoteOption } from "../sdk/tx/govMessages.js";
import { msgUpdateConsensusParams } from "../sdk/tx/consensusMessages.js";
import { msgSend } from "../sdk/tx/bankMessages.js";
import { signTx } from "../sdk/tx/signTx.js";
import type { TxSigner } from "../sdk/signer.js";
import { InProcessChain, TEST_CHAIN_ID } from "./support/inProcessChain.js";

const GOV = "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc";
const VOTING_SECONDS = 3;
const DEPOSIT = [{ denom: "uunit", amount: "10000000" }];
/** What `cometbft init` writes into genesis.json. */
const GENESIS_PARAMS = {
  block: { maxBytes: 22_020_096n, maxGas: -1n },
  evidence: { maxAgeNumBlocks: 100_000n, maxAgeDuration: { seconds: 172_800n }, maxBytes: 1_048_576n },
  validator: { pubKeyTypes: ["ed25519"] },
  version: { app: 0n },
  abci: { voteExtensionsEnableHeight: 0n },
};

const validator = signerFromMnemonic(generateMnemonic());
const V = formatAccountAddress(validator.address);
const RECIPIENT = formatAccountAddress(new Uint8Array(20).fill(0x77));

let chain: InProcessChain;
before(async () => {
  chain = await InProcessChain.create([{ address: V, coins: [{ denom: "uunit", amount: "1000000000000" }] }], {
    consensusParams: GENESIS_PARAMS,
    editAppState: (state) => {
      (state.staking as { gen_validators: unknown[] }).gen_validators = [
        { delegator_address: V, pub_key: randomBytes(32).toString("base64"), moniker: "v0", amount: "100000000000" },
      ];
      const gov = state.gov as { params: Record<string, unknown> };
      gov.params = { ...gov.params, voting_period: `${VOTING_SECONDS}s`, expedited_voting_period: "2s" };
      return state;
    },
  });
  await chain.block([]);
});
after(() => chain.close());

async function sign(signer: TxSigner, messages: Any[], gasLimit = 800_000n, sequenceOffset = 0n): Promise<Uint8Array> {
  const address = formatAccountAddress(signer.address);
  const res = await chain.grpc("/cosmos.auth.v1beta1.Query/Account", QueryAccountRequestSchema, { address }, QueryAccountResponseSchema);
  const account = anyUnpack(res.account!, BaseAccountSchema)!;
  const fee = { amount: [{ denom: "uunit", amount: String((gasLimit * 25n) / 1000n) }], gasLimit };
  return (await signTx({ signer, messages, fee, chainId: TEST_CHAIN_ID, accountNumber: account.accountNumber, sequence: account.sequence + sequenceOffset }))
    .txBytes;
}

async function ok(messages: Any[]) {
  const block = await chain.block([await sign(validator, messages)]);
  const r = block.txResults![0]!;
  assert.equal(r.code ?? 0, 0, r.log);
  return block;
}

const consensusParams = async () => (await chain.grpc("/cosmos.consensus.v1.Query/Params", QueryParamsRequestSchema, {}, QueryParamsResponseSchema)).params!;
const legacy = async (subspace: string, key: string) =>
  (await chain.grpc("/cosmos.params.v1beta1.Query/Params", LegacyParamsRequestSchema, { subspace, key }, LegacyParamsResponseSchema)).param!.value;

/** Two bank sends from the validator, `gas` each, in sequence: what a proposal of the next block holds. */
async function twoSends(gas: bigint): Promise<Uint8Array[]> {
  const send = () => msgSend({ fromAddress: V, toAddress: RECIPIENT, amount: [{ denom: "uunit", amount: "1" }] });
  return [await sign(validator, [send()], gas, 0n), await sign(validator, [send()], gas, 1n)];
}

test("InitChain's consensus params are kept whole and served by both queries", async () => {
  const params = await consensusParams();
  assert.equal(params.block?.maxBytes, 22_020_096n);
  assert.equal(params.block?.maxGas, -1n);
  assert.equal(params.evidence?.maxAgeDuration?.seconds, 172_800n);
  assert.deepEqual(params.validator?.pubKeyTypes, ["ed25519"]);
  assert.equal(params.version?.app, 0n);
  assert.equal(params.abci?.voteExtensionsEnableHeight, 0n);
  assert.equal(await legacy("baseapp", "BlockParams"), `{"max_bytes":"22020096","max_gas":"-1"}`);
});

test("a passed MsgUpdateParams: its block hands CometBFT the new params (no version), the next proposal meets the new max_gas", async () => {
  assert.equal(await chain.processProposal(await twoSends(300_000n)), true, "no gas limit yet: 600,000 gas fits");

  const update = msgUpdateConsensusParams({
    authority: GOV,
    block: { maxBytes: 22_020_096n, maxGas: 500_000n },
    evidence: GENESIS_PARAMS.evidence,
    validator: GENESIS_PARAMS.validator,
  });
  await ok([msgSubmitProposal({ messages: [update], initialDeposit: DEPOSIT, proposer: V, metadata: "", title: "max gas", summary: "limit block gas" })]);
  const voted = await ok([msgVote({ proposalId: 1n, voter: V, option: VoteOption.YES })]);
  assert.equal(voted.consensusParamUpdates, undefined, "no update in blocks that change nothing");

  let updated;
  for (let i = 0; i <= VOTING_SECONDS + 1 && !updated; i++) {
    const block = await chain.block([]);
    if (block.consensusParamUpdates) updated = { block, height: chain.height };
  }
  assert.ok(updated, "some block ran the proposal");
  const proposal = (await chain.grpc("/cosmos.gov.v1.Query/Proposal", QueryProposalRequestSchema, { proposalId: 1n }, QueryProposalResponseSchema)).proposal!;
  assert.equal(proposal.status, ProposalStatus.PASSED, proposal.failedReason);

  const sent = updated.block.consensusParamUpdates as {
    block?: { maxGas?: bigint };
    evidence?: unknown;
    validator?: unknown;
    abci?: unknown;
    version?: unknown;
  };
  assert.equal(sent.block?.maxGas, 500_000n);
  assert.ok(sent.evidence && sent.validator && sent.abci, "every part but the version");
  assert.equal(sent.version, undefined, "the app version is left to CometBFT");
  const event = updated.block.events?.find((e) => e.type === "update_consensus_params");
  assert.ok(event, "the update's event is among the block's events");

  assert.equal((await consensusParams()).block?.maxGas, 500_000n);
  assert.equal(await legacy("baseapp", "BlockParams"), `{"max_bytes":"22020096","max_gas":"500000"}`);
  assert.equal(await chain.processProposal(await twoSends(300_000n)), false, "600,000 gas no longer fits in a block");
  assert.equal(await chain.processProposal(await twoSends(200_000n)), true, "400,000 gas does");
  assert.equal((await chain.block([])).consensusParamUpdates, undefined, "sent once, in the block that changed them");
});

test("a MsgUpdateParams signed by anyone but gov fails in CheckTx with consensus/2", async () => {
  const tx = await sign(validator, [
    msgUpdateConsensusParams({ authority: V, block: GENESIS_PARAMS.block, evidence: GENESIS_PARAMS.evidence, validator: GENESIS_PARAMS.validator }),
  ]);
  const res = await chain.checkTx(tx);
  assert.equal(res.codespace, "consensus");
  assert.equal(res.code, 2);
  assert.match(res.log ?? "", new RegExp(`invalid authority; expected ${GOV}, got ${V}`));
});

test("a proposal with invalid consensus params is refused at submission (gov/12 naming the message's own error)", async () => {
  const bad = msgUpdateConsensusParams({
    authority: GOV,
    block: { maxBytes: 0n, maxGas: -1n },
    evidence: GENESIS_PARAMS.evidence,
    validator: GENESIS_PARAMS.validator,
  });
  const block = await chain.block([
    await sign(validator, [msgSubmitProposal({ messages: [bad], initialDeposit: DEPOSIT, proposer: V, metadata: "", title: "t", summary: "s" })]),
  ]);
  const r = block.txResults![0]!;
  assert.equal(r.codespace, "gov", r.log);
  assert.equal(r.code, 12);
  assert.match(r.log ?? "", /cosmos\.consensus\.v1\.MsgUpdateParams.*block\.MaxBytes cannot be 0: invalid consensus params/);
});
