// The app alone, in-process, on the same pre-signed txs: how long each step of a tx's life takes
// on one thread, without CometBFT, sockets or other processes competing for the CPU. The sum is
// the app's single-core ceiling; what the end-to-end run reaches below it is lost to the rest.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { encodeFinalizeBlockResponse } from "../../abci/finalizeBlockEncoding.js";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { pino } from "pino";
import { UnitApp } from "../../app/app.js";
import { wireApp } from "../../app/modules.js";
import { openStore } from "../../app/store/index.js";
import * as pb from "../../gen/tendermint/abci/types_pb.js";

export interface PhaseTimes {
  txs: number;
  blocks: number;
  /** µs per tx. */
  decodeRequest: number;
  checkTx: number;
  encodeCheckTxResponse: number;
  finalizeBlock: number;
  encodeFinalizeResponse: number;
  commit: number;
  badCodes: number;
}

/**
 * Runs `lanes` (lane i = sender i's txs in sequence order) through InitChain, then blocks of
 * `blockSize` txs: CheckTx of each (request decoded and response encoded as the ABCI server
 * does), FinalizeBlock, Commit. `appState` and `chainId` must be those the txs were signed for.
 */
export async function appPhases(lanes: readonly Uint8Array[][], appState: unknown, chainId: string, blockSize: number): Promise<PhaseTimes> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-inproc-"));
  // What a node home made by initNodeHome opens: pruning off, the store's default durability.
  const store = openStore(path.join(dir, "app.db"), { keepRecent: 0, pruneInterval: 10 });
  try {
    const app = new UnitApp({ store, ...wireApp(), logger: pino({ level: "silent" }) });
    await app.initChain(
      create(pb.RequestInitChainSchema, {
        chainId,
        initialHeight: 1n,
        appStateBytes: Buffer.from(JSON.stringify(appState)),
        time: timestampFromMs(Date.now()),
      }),
    );
    // Sequence-major order: every sender's tx k before any sender's tx k + 1.
    const order: Uint8Array[] = [];
    const longest = Math.max(...lanes.map((l) => l.length));
    for (let k = 0; k < longest; k++) for (const lane of lanes) if (k < lane.length) order.push(lane[k]!);
    const t = { decodeRequest: 0, checkTx: 0, encodeCheckTxResponse: 0, finalizeBlock: 0, encodeFinalizeResponse: 0, commit: 0 };
    let badCodes = 0;
    let height = 0;
    for (let at = 0; at < order.length; at += blockSize) {
      const txs = order.slice(at, at + blockSize);
      height++;
      for (const tx of txs) {
        const frame = toBinary(pb.RequestSchema, create(pb.RequestSchema, { value: { case: "checkTx", value: { tx, type: pb.CheckTxType.NEW } } }));
        let t0 = performance.now();
        const req = fromBinary(pb.RequestSchema, frame);
        t.decodeRequest += performance.now() - t0;
        t0 = performance.now();
        const res = await app.checkTx(req.value.value as pb.RequestCheckTx);
        t.checkTx += performance.now() - t0;
        if ((res.code ?? 0) !== 0) badCodes++;
        t0 = performance.now();
        toBinary(pb.ResponseSchema, create(pb.ResponseSchema, { value: { case: "checkTx", value: res } }));
        t.encodeCheckTxResponse += performance.now() - t0;
      }
      let t0 = performance.now();
      const fin = await app.finalizeBlock(
        create(pb.RequestFinalizeBlockSchema, {
          txs,
          height: BigInt(height),
          time: timestampFromMs(Date.now()),
          hash: new Uint8Array(32).fill(height % 256),
          proposerAddress: new Uint8Array(20),
        }),
      );
      t.finalizeBlock += performance.now() - t0;
      badCodes += (fin.txResults ?? []).filter((r) => (r.code ?? 0) !== 0).length;
      t0 = performance.now();
      encodeFinalizeBlockResponse(fin); // the ABCI server's own encoder
      t.encodeFinalizeResponse += performance.now() - t0;
      t0 = performance.now();
      await app.commit(create(pb.RequestCommitSchema));
      t.commit += performance.now() - t0;
    }
    const perTx = (ms: number) => (ms * 1000) / order.length;
    return {
      txs: order.length,
      blocks: height,
      decodeRequest: perTx(t.decodeRequest),
      checkTx: perTx(t.checkTx),
      encodeCheckTxResponse: perTx(t.encodeCheckTxResponse),
      finalizeBlock: perTx(t.finalizeBlock),
      encodeFinalizeResponse: perTx(t.encodeFinalizeResponse),
      commit: perTx(t.commit),
      badCodes,
    };
  } finally {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
