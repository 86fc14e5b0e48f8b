// Gov inside a small app of its own (auth, bank and gov only, so the flow is isolated from the
// other modules): UnitApp over SQLite, signed txs through CheckTx and FinalizeBlock, ABCI queries, and a passed
// proposal's MsgSend executed at the end block after the devnet's 30-second voting period.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { pino } from "pino";
import { AnySchema, anyUnpack, timestampFromMs } from "@bufbuild/protobuf/wkt";
import * as pb from "../../../gen/tendermint/abci/types_pb.js";
import { TxMsgDataSchema } from "../../../gen/cosmos/base/abci/v1beta1/abci_pb.js";
import { QueryBalanceRequestSchema, QueryBalanceResponseSchema } from "../../../gen/cosmos/bank/v1beta1/query_pb.js";
import { MsgSendSchema } from "../../../gen/cosmos/bank/v1beta1/tx_pb.js";
import { ProposalStatus, VoteOption } from "../../../gen/cosmos/gov/v1/gov_pb.js";
import { QueryProposalRequestSchema, QueryProposalResponseSchema } from "../../../gen/cosmos/gov/v1/query_pb.js";
import { MsgSubmitProposalResponseSchema } from "../../../gen/cosmos/gov/v1/tx_pb.js";
import { formatAccountAddress } from "../../../sdk/crypto/accountAddress.js";
import { generateMnemonic } from "../../../sdk/keys/mnemonic.js";
import { signerFromMnemonic } from "../../../sdk/keys/signerFromMnemonic.js";
import { msgSubmitProposal, msgVote } from "../../../sdk/tx/govMessages.js";
import { packAny } from "../../../sdk/tx/registry.js";
import { signTx } from "../../../sdk/tx/signTx.js";
import { UnitApp } from "../../app.js";
import { defaultAppState, withGenesisBalances } from "../../genesis.js";
import { validateModuleList } from "../../module.js";
import { MODULE_ACCOUNTS } from "../../modules.js";

/** Genesis numbers the module accounts first, then the funded accounts. */
const FIRST_ACCOUNT_NUMBER = BigInt(MODULE_ACCOUNTS.length);
import { QueryRouter } from "../../query/router.js";
import { openStore } from "../../store/index.js";
import { CosmosTxProcessor } from "../../tx/cosmosTxProcessor.js";
import { MsgRouter } from "../../tx/msgRouter.js";
import { SignatureCache } from "../auth/signatures.js";
import { authAnteHandler } from "../auth/ante.js";
import { AccountKeeper } from "../auth/keeper.js";
import { authModule } from "../auth/module.js";
import { BankKeeper } from "../bank/keeper.js";
import { bankModule } from "../bank/module.js";
import { blockInfoModule } from "../blockinfo/module.js";
import { BlockInfoKeeper } from "../blockinfo/keeper.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { govModule, GovKeeper } from "./module.js";
import { FakeStaking } from "./testHarness.js";
import { attributesOf } from "../../../test/support/eventAttributes.js";

const CHAIN_ID = "unit_2611-1";
const T0 = 1_700_000_000_000;
const FEE = { amount: [{ denom: "uunit", amount: "12500" }], gasLimit: 500_000n };

test("a proposal submitted and voted by signed txs passes after 30s and executes its MsgSend", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gov-app-"));
  const store = openStore(path.join(dir, "app.db"), { synchronous: "NORMAL" });
  try {
    const alice = signerFromMnemonic(generateMnemonic());
    const A = formatAccountAddress(alice.address);
    const bob = formatAccountAddress(signerFromMnemonic(generateMnemonic()).address);
    const accounts = new AccountKeeper(MODULE_ACCOUNTS.map((m) => ({ name: m.name, permissions: [...m.permissions] })));
    const bank = new BankKeeper(accounts);
    const staking = new FakeStaking();
    staking.addValidator(alice.address, 1000n); // alice's vote carries all bonded power
    const msgs = new MsgRouter();
    const queries = new QueryRouter();
    const modules = validateModuleList([
      blockInfoModule(new BlockInfoKeeper()),
      authModule(accounts),
      bankModule(bank, accounts),
      govModule(new GovKeeper(bank, staking, msgs, GOV_AUTHORITY)),
    ]);
    for (const m of modules) m.registerServices?.({ msgs, queries: queries.services });
    const app = new UnitApp({
      store,
      modules,
      queries,
      txProcessor: new CosmosTxProcessor(msgs, authAnteHandler({ accounts, bank, sigCache: new SignatureCache() })),
      logger: pino({ level: "silent" }),
    });

    const state = withGenesisBalances(defaultAppState(modules), [
      { address: A, coins: [{ denom: "uunit", amount: "1000000000" }] },
      { address: GOV_AUTHORITY, coins: [{ denom: "uunit", amount: "1000" }] },
    ]) as Record<string, { params: Record<string, unknown> }>;
    state.gov!.params = { ...state.gov!.params, voting_period: "30s", expedited_voting_period: "15s" };
    await app.initChain(
      create(pb.RequestInitChainSchema, { chainId: CHAIN_ID, initialHeight: 1n, appStateBytes: Buffer.from(JSON.stringify(state)), time: timestampFromMs(T0) }),
    );

    let height = 0;
    const block = async (txs: Uint8Array[], ms: number) => {
      height++;
      const res = await app.finalizeBlock(
        create(pb.RequestFinalizeBlockSchema, {
          txs,
          height: BigInt(height),
          time: timestampFromMs(ms),
          hash: new Uint8Array(32).fill(height),
          proposerAddress: new Uint8Array(20),
        }),
      );
      await app.commit(create(pb.RequestCommitSchema));
      return res;
    };
    let sequence = 0n;
    const sign = async (messages: ReturnType<typeof packAny>[]) =>
      (await signTx({ signer: alice, messages, fee: FEE, chainId: CHAIN_ID, accountNumber: FIRST_ACCOUNT_NUMBER, sequence: sequence++ })).txBytes;

    const send = packAny(MsgSendSchema, { fromAddress: GOV_AUTHORITY, toAddress: bob, amount: [{ denom: "uunit", amount: "7" }] });
    const submit = await sign([
      msgSubmitProposal({
        messages: [send],
        initialDeposit: [{ denom: "uunit", amount: "10000000" }],
        proposer: A,
        metadata: "",
        title: "Pay bob",
        summary: "7uunit",
      }),
    ]);
    assert.equal((await app.checkTx(create(pb.RequestCheckTxSchema, { tx: submit }))).code ?? 0, 0);
    const first = await block([submit], T0 + 1000);
    const r = first.txResults![0]!;
    assert.equal(r.code ?? 0, 0, r.log);
    const data = fromBinary(TxMsgDataSchema, r.data!);
    assert.equal(anyUnpack(data.msgResponses[0]!, MsgSubmitProposalResponseSchema)!.proposalId, 1n);
    const submitted = r.events!.find((e) => e.type === "submit_proposal" && e.attributes!.some((a) => a.key === "proposal_messages"));
    assert.deepEqual(attributesOf(submitted!), {
      msg_index: "0",
      proposal_id: "1",
      proposal_messages: ",/cosmos.bank.v1beta1.MsgSend",
      proposal_proposer: A,
    });

    // CheckTx already refuses a proposal with a message the router does not know.
    const bogus = create(AnySchema, { typeUrl: "/chain.nothing.MsgNothing", value: new Uint8Array() });
    const refused = await app.checkTx(
      create(pb.RequestCheckTxSchema, {
        tx: await signTx({
          signer: alice,
          messages: [msgSubmitProposal({ messages: [bogus], initialDeposit: [], proposer: A, metadata: "", title: "t", summary: "s" })],
          fee: FEE,
          chainId: CHAIN_ID,
          accountNumber: FIRST_ACCOUNT_NUMBER,
          sequence,
        }).then((t) => t.txBytes),
      }),
    );
    assert.deepEqual([refused.codespace, refused.code], ["gov", 10], refused.log);

    const voted = await block([await sign([msgVote({ proposalId: 1n, voter: A, option: VoteOption.YES })])], T0 + 2000);
    assert.equal(voted.txResults![0]!.code ?? 0, 0, voted.txResults![0]!.log);

    const query = async () => {
      const res = await app.query(
        create(pb.RequestQuerySchema, {
          path: "/cosmos.gov.v1.Query/Proposal",
          data: toBinary(QueryProposalRequestSchema, create(QueryProposalRequestSchema, { proposalId: 1n })),
        }),
      );
      assert.equal(res.code ?? 0, 0, res.log);
      return fromBinary(QueryProposalResponseSchema, res.value!).proposal!;
    };
    assert.equal((await query()).status, ProposalStatus.VOTING_PERIOD);
    const early = await block([], T0 + 30_000);
    assert.ok(!early.events!.some((e) => e.type === "active_proposal"), "29s into the 30s voting period: not yet due");
    const end = await block([], T0 + 31_000);
    const settled = end.events!.find((e) => e.type === "active_proposal");
    assert.equal(settled?.attributes?.find((a) => a.key === "proposal_result")?.value, "proposal_passed");
    const p = await query();
    assert.equal(p.status, ProposalStatus.PASSED);
    assert.equal(p.finalTallyResult!.yesCount, "1000");
    const bal = await app.query(
      create(pb.RequestQuerySchema, {
        path: "/cosmos.bank.v1beta1.Query/Balance",
        data: toBinary(QueryBalanceRequestSchema, create(QueryBalanceRequestSchema, { address: bob, denom: "uunit" })),
      }),
    );
    assert.equal(fromBinary(QueryBalanceResponseSchema, bal.value!).balance!.amount, "7");
    assert.ok(
      end.events!.some((e) => e.type === "transfer" && e.attributes!.some((a) => a.key === "recipient" && a.value === bob)),
      "the executed message's events are in the block's events",
    );
  } finally {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
