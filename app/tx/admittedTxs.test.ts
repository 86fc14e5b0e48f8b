// AdmittedTxs: a proposal whose txs are the first ones CheckTx admitted, in order, takes CheckTx's
// results instead of a second check; any other proposal is checked in full, with the same verdict.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import * as pb from "../../gen/tendermint/abci/types_pb.js";
import { ADMITTED_MAX_TXS, AdmittedTxs, withAdmittedResults } from "./admittedTxs.js";
import { selectProposalTxs } from "./proposalSelection.js";
import type { TxResult } from "./processor.js";
import { countingProposalApp } from "./testing/countingProposalApp.js";

const tx = (n: number, length = 8) => Uint8Array.from({ length }, (_, i) => (n * 31 + i) & 0xff);
const ok = (gasWanted: bigint): TxResult => ({ code: 0, gasWanted });

test("results come only for the first admitted txs in admission order, from copies of their bytes", () => {
  const admitted = new AdmittedTxs();
  const txs = [tx(1), tx(2), tx(3)];
  txs.forEach((t, i) => admitted.record(t, ok(BigInt(i + 1))));
  assert.deepEqual(admitted.resultsFor([]), []);
  assert.deepEqual(admitted.resultsFor(txs.slice(0, 2)), [ok(1n), ok(2n)]);
  assert.deepEqual(admitted.resultsFor(txs.map((t) => Uint8Array.from(t))), [ok(1n), ok(2n), ok(3n)], "compared by content");
  assert.equal(admitted.resultsFor([txs[1]!, txs[0]!]), undefined, "another order");
  assert.equal(admitted.resultsFor([txs[0]!, txs[2]!]), undefined, "a gap");
  assert.equal(admitted.resultsFor([...txs, tx(4)]), undefined, "a tx never admitted");
  txs[0]!.fill(0xee, 0, 1);
  assert.equal(admitted.resultsFor([txs[0]!]), undefined, "changing the caller's bytes changes nothing recorded");
  admitted.reset();
  assert.equal(admitted.size, 0);
  assert.equal(admitted.resultsFor([tx(2)]), undefined);
});

test("past its bound the list gives no results until the next reset", () => {
  const admitted = new AdmittedTxs();
  for (let i = 0; i < ADMITTED_MAX_TXS; i++) admitted.record(tx(i, 4), ok(1n));
  assert.equal(admitted.resultsFor([tx(0, 4)])?.length, 1);
  admitted.record(tx(-1, 4), ok(1n));
  assert.equal(admitted.resultsFor([tx(0, 4)]), undefined);
  admitted.record(tx(7, 4), ok(1n));
  assert.equal(admitted.resultsFor([tx(7, 4)]), undefined, "nothing is recorded while overflowed");
  admitted.reset();
  admitted.record(tx(7, 4), ok(1n));
  assert.deepEqual(admitted.resultsFor([tx(7, 4)]), [ok(1n)]);
});

test("a selection that skips a tx drops the admitted results and checks every tx instead", () => {
  const txs = [tx(1), tx(2, 500), tx(3)];
  const admitted = [ok(10n), ok(20n), ok(30n)];
  let verified = 0;
  const verify = (t: Uint8Array): TxResult => {
    verified++;
    return t === txs[2] ? { code: 4, log: "bad" } : ok(1n);
  };
  const budget = { maxTxBytes: 100, evmGasLimit: 1_000_000n };
  // The middle tx is too large for any block: the selection skips it and considers the next one.
  const selected = withAdmittedResults(txs, admitted, verify, (check) => selectProposalTxs(txs, budget, check));
  assert.deepEqual(selected, [txs[0]], "the full check's selection");
  assert.equal(verified, 2);
  // In order, nothing is checked again.
  verified = 0;
  const all = withAdmittedResults(txs, admitted, verify, (check) => selectProposalTxs(txs, { ...budget, maxTxBytes: 10_000 }, check));
  assert.deepEqual(all, txs);
  assert.equal(verified, 0);
});

test("the real app: a proposal of the txs CheckTx admitted, in order, is built and accepted without checking them again", async () => {
  const chain = await countingProposalApp("admitted-chain", 0x43);
  const { app } = chain;
  try {
    const txs = [await chain.send(0n), await chain.send(1n), await chain.send(2n)];
    const checkTx = async (t: Uint8Array) => (await app.checkTx(create(pb.RequestCheckTxSchema, { tx: t, type: pb.CheckTxType.NEW }))).code ?? 0;
    for (const t of txs) assert.equal(await checkTx(t), 0);
    assert.notEqual(await checkTx(await chain.send(7n)), 0, "a refused tx is not admitted");

    const time = timestampFromMs(1e12 + 1000);
    const prepare = async (list: Uint8Array[]) =>
      (
        await app.prepareProposal(
          create(pb.RequestPrepareProposalSchema, { txs: list, maxTxBytes: 1_000_000n, height: 1n, time, proposerAddress: new Uint8Array(20).fill(7) }),
        )
      ).txs ?? [];
    const process = async (list: Uint8Array[], proposer: number) =>
      (
        await app.processProposal(
          create(pb.RequestProcessProposalSchema, {
            txs: list,
            height: 1n,
            time,
            hash: new Uint8Array(32).fill(1),
            proposerAddress: new Uint8Array(20).fill(proposer),
          }),
        )
      ).status === pb.ResponseProcessProposal_ProposalStatus.ACCEPT;

    assert.equal((await prepare(txs)).length, 3);
    assert.equal(chain.verified, 0, "PrepareProposal took CheckTx's results");
    assert.equal(await process(txs.slice(0, 2), 8), true, "another proposer's block of the first two");
    assert.equal(chain.verified, 0, "accepted on CheckTx's results");
    assert.equal(await process([txs[0]!, txs[2]!], 8), false, "a gap: checked and rejected");
    assert.equal(chain.verified, 2, "checked in full up to the gap");
    chain.resetCount();
    assert.equal((await prepare([txs[1]!, txs[2]!])).length, 0, "a mempool missing the first tx: checked, nothing valid");
    assert.equal(chain.verified, 2);

    assert.deepEqual(await chain.commitFirstBlock(txs, time, new Uint8Array(20).fill(7)), [0, 0, 0]);
    // The commit empties the list: the same txs at the next height are stale and checked.
    chain.resetCount();
    const stale = await app.processProposal(
      create(pb.RequestProcessProposalSchema, { txs, height: 2n, time, hash: new Uint8Array(32).fill(2), proposerAddress: new Uint8Array(20).fill(8) }),
    );
    assert.equal(stale.status, pb.ResponseProcessProposal_ProposalStatus.REJECT);
    assert.equal(chain.verified, 1, "rejected at its first tx");
  } finally {
    chain.close();
  }
});
