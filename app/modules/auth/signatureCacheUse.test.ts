// The verified-signature cache over a tx's life in a small app (auth and bank): CheckTx verifies
// and remembers the tx, FinalizeBlock takes that entry without verifying again and forgets it,
// since nothing asks for a committed tx again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { create } from "@bufbuild/protobuf";
import { pino } from "pino";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import * as pb from "../../../gen/tendermint/abci/types_pb.js";
import { formatAccountAddress } from "../../../sdk/crypto/accountAddress.js";
import { signerFromPrivateKey } from "../../../sdk/keys/signerFromPrivateKey.js";
import { UnitApp } from "../../app.js";
import { defaultAppState, withGenesisBalances } from "../../genesis.js";
import { validateModuleList } from "../../module.js";
import { MODULE_ACCOUNTS } from "../../modules.js";
import { QueryRouter } from "../../query/router.js";
import { openStore } from "../../store/index.js";
import { CosmosTxProcessor } from "../../tx/cosmosTxProcessor.js";
import { MsgRouter } from "../../tx/msgRouter.js";
import { signedSelfSend } from "../../tx/testing/signedSelfSend.js";
import { BankKeeper } from "../bank/keeper.js";
import { bankModule } from "../bank/module.js";
import { authAnteHandler } from "./ante.js";
import { AccountKeeper } from "./keeper.js";
import { authModule } from "./module.js";
import { SignatureCache } from "./signatures.js";

const CHAIN_ID = "unit_2611-1";

test("CheckTx remembers a verified tx; FinalizeBlock takes the entry and forgets it", async () => {
  const store = openStore(":memory:");
  try {
    const accounts = new AccountKeeper(MODULE_ACCOUNTS.map((m) => ({ name: m.name, permissions: [...m.permissions] })));
    const bank = new BankKeeper(accounts);
    const msgs = new MsgRouter();
    const queries = new QueryRouter();
    const modules = validateModuleList([authModule(accounts), bankModule(bank, accounts)]);
    for (const m of modules) m.registerServices?.({ msgs, queries: queries.services });
    const sigCache = new SignatureCache();
    const app = new UnitApp({
      store,
      modules,
      queries,
      txProcessor: new CosmosTxProcessor(msgs, authAnteHandler({ accounts, bank, sigCache })),
      logger: pino({ level: "silent" }),
    });
    const signer = signerFromPrivateKey(new Uint8Array(32).fill(5), "secp256k1");
    const state = withGenesisBalances(defaultAppState(modules), [
      { address: formatAccountAddress(signer.address), coins: [{ denom: "uunit", amount: "1000000" }] },
    ]);
    await app.initChain(
      create(pb.RequestInitChainSchema, { chainId: CHAIN_ID, initialHeight: 1n, appStateBytes: Buffer.from(JSON.stringify(state)), time: timestampFromMs(0) }),
    );

    // Genesis numbers the module accounts first, then the funded account.
    const accountNumber = BigInt(MODULE_ACCOUNTS.length);
    const tx = await signedSelfSend(signer, { chainId: CHAIN_ID, accountNumber, sequence: 0n });
    const key = SignatureCache.key(createHash("sha256").update(tx).digest(), CHAIN_ID, [accountNumber]);
    const checked = await app.checkTx(create(pb.RequestCheckTxSchema, { tx }));
    assert.equal(checked.code ?? 0, 0, checked.log);
    assert.equal(sigCache.has(key), true, "verified in CheckTx");
    const block = await app.finalizeBlock(
      create(pb.RequestFinalizeBlockSchema, {
        txs: [tx],
        height: 1n,
        time: timestampFromMs(1000),
        hash: new Uint8Array(32).fill(1),
        proposerAddress: new Uint8Array(20),
      }),
    );
    assert.equal(block.txResults?.[0]?.code ?? 0, 0, block.txResults?.[0]?.log);
    assert.equal(sigCache.has(key), false, "forgotten once the block ran it");
  } finally {
    store.close();
  }
});
