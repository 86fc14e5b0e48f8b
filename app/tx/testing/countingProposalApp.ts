// For tests of proposal handling on the real app over SQLite: a chain with one funded signer
// whose proposal checks (validateForProposal) are counted, and its self-sends signed in order.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { create } from "@bufbuild/protobuf";
import { timestampFromMs, type Timestamp } from "@bufbuild/protobuf/wkt";
import * as pb from "../../../gen/tendermint/abci/types_pb.js";
import { UnitApp } from "../../app.js";
import { defaultAppState, withGenesisBalances } from "../../genesis.js";
import { MODULE_ACCOUNTS, wireApp } from "../../modules.js";
import { openStore } from "../../store/index.js";
import { formatAccountAddress } from "../../../sdk/crypto/accountAddress.js";
import { signerFromPrivateKey } from "../../../sdk/keys/signerFromPrivateKey.js";
import { testLogger } from "../../../test/support/logger.js";
import type { RoutingTxProcessor } from "../routingTxProcessor.js";
import { signedSelfSend } from "./signedSelfSend.js";

export interface CountingProposalApp {
  app: UnitApp;
  /** Proposal checks run since the last reset. */
  readonly verified: number;
  resetCount(): void;
  /** The signer's self-send of 1uunit with this sequence. */
  send(sequence: bigint): Promise<Uint8Array>;
  /** Finalizes block 1 holding `txs` and commits it; the txs' result codes. */
  commitFirstBlock(txs: Uint8Array[], time: Timestamp, proposerAddress: Uint8Array): Promise<number[]>;
  close(): void;
}

/** A fresh chain `chainId` at genesis (block 1 next) whose one account, from `keyByte`, holds 1,000 units. */
export async function countingProposalApp(chainId: string, keyByte: number): Promise<CountingProposalApp> {
  const signer = signerFromPrivateKey(new Uint8Array(32).fill(keyByte), "secp256k1");
  const from = formatAccountAddress(signer.address);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${chainId}-`));
  const store = openStore(path.join(dir, "app.db"), { synchronous: "NORMAL" });
  const wiring = wireApp();
  const processor = wiring.txProcessor as RoutingTxProcessor;
  let verified = 0;
  const verify = processor.validateForProposal.bind(processor);
  processor.validateForProposal = (env, tx) => {
    verified++;
    return verify(env, tx);
  };
  const app = new UnitApp({ store, ...wiring, logger: testLogger });
  const appState = withGenesisBalances(defaultAppState(wiring.modules), [{ address: from, coins: [{ denom: "uunit", amount: "1000000000" }] }]);
  await app.initChain(
    create(pb.RequestInitChainSchema, { chainId, initialHeight: 1n, appStateBytes: Buffer.from(JSON.stringify(appState)), time: timestampFromMs(1e12) }),
  );
  return {
    app,
    get verified() {
      return verified;
    },
    resetCount: () => {
      verified = 0;
    },
    send: (sequence) => signedSelfSend(signer, { chainId, accountNumber: BigInt(MODULE_ACCOUNTS.length), sequence }),
    commitFirstBlock: async (txs, time, proposerAddress) => {
      const fin = await app.finalizeBlock(create(pb.RequestFinalizeBlockSchema, { txs, height: 1n, time, hash: new Uint8Array(32).fill(1), proposerAddress }));
      await app.commit(create(pb.RequestCommitSchema));
      return (fin.txResults ?? []).map((r) => r.code ?? 0);
    },
    close: () => {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
