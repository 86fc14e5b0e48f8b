// AdmittedTxs: a proposal whose txs are the first ones CheckTx admitted, in order, takes CheckTx's
// results instead of a second check; the txs after the first that differs are checked over the
// state the txs before leave; the verdict is always the full check's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import * as pb from "../../gen/tendermint/abci/types_pb.js";
import { openStore } from "../store/index.js";
import { ADMITTED_MAX_BYTES, ADMITTED_MAX_TXS, AdmittedTxs, withAdmittedResults } from "./admittedTxs.js";
import { selectProposalTxs } from "./proposalSelection.js";
import type { AdmittedResults, TxEnv, TxResult } from "./processor.js";
import { countingProposalApp } from "./testing/countingProposalApp.js";

const tx = (n: number, length = 8) => Uint8Array.from({ length }, (_, i) => (n * 31 + i) & 0xff);
const ok = (gasWanted: bigint): TxResult => ({ code: 0, gasWanted });

/** A branch holding one write, kept as CheckTx keeps a tx's writes. */
function writesOf(store: ReturnType<typeof openStore>, key: string, value: string) {
  const branch = store.begin().branch();
  branch.set(Buffer.from(key), Buffer.from(value));
  return branch.writeAndKeep();
}

/** An environment for withAdmittedResults whose checks read and write only its state. */
const proposalEnv = (store: ReturnType<typeof openStore>): TxEnv => ({
  header: {} as TxEnv["header"],
  state: store.begin(),
  logger: undefined as unknown as TxEnv["logger"],
});

const resultsOf = (a: AdmittedResults | undefined) => a?.results;

test("results come for the first txs of a proposal that are the first admitted, in admission order, from copies of their bytes", () => {
  const store = openStore(":memory:");
  const admitted = new AdmittedTxs();
  const txs = [tx(1), tx(2), tx(3)];
  txs.forEach((t, i) => admitted.record(t, ok(BigInt(i + 1)), writesOf(store, `k${i}`, `v${i}`)));
  assert.equal(admitted.resultsFor([]), undefined);
  assert.deepEqual(resultsOf(admitted.resultsFor(txs.slice(0, 2))), [ok(1n), ok(2n)]);
  assert.deepEqual(resultsOf(admitted.resultsFor(txs.map((t) => Uint8Array.from(t)))), [ok(1n), ok(2n), ok(3n)], "compared by content");
  assert.equal(admitted.resultsFor([txs[1]!, txs[0]!]), undefined, "another first tx");
  assert.deepEqual(resultsOf(admitted.resultsFor([txs[0]!, txs[2]!])), [ok(1n)], "a gap: the txs before it");
  assert.deepEqual(resultsOf(admitted.resultsFor([...txs, tx(4)])), [ok(1n), ok(2n), ok(3n)], "a tx never admitted: the txs before it");
  txs[0]!.fill(0xee, 0, 1);
  assert.equal(admitted.resultsFor([txs[0]!]), undefined, "changing the caller's bytes changes nothing recorded");
  admitted.reset();
  assert.equal(admitted.size, 0);
  assert.equal(admitted.resultsFor([tx(2)]), undefined);
  store.close();
});

test("offered txs go in admission order, the ones never admitted after them in their offered order", () => {
  const store = openStore(":memory:");
  const none = writesOf(store, "k", "v");
  const admitted = new AdmittedTxs();
  const [a, b, c, x, y] = [tx(1), tx(2), tx(3), tx(8), tx(9)];
  assert.deepEqual(admitted.inAdmissionOrder([b, a]), [b, a], "nothing admitted: as offered");
  for (const t of [a, b, c]) admitted.record(t, ok(1n), none);
  const copy = (t: Uint8Array) => Uint8Array.from(t);
  const offered = [y, copy(c), x, copy(a), copy(b)];
  const ordered = admitted.inAdmissionOrder(offered);
  assert.deepEqual(ordered, [a, b, c, y, x]);
  assert.equal(ordered[0], offered[3], "the offered arrays themselves, matched by content");
  assert.deepEqual(resultsOf(admitted.resultsFor(ordered)), [ok(1n), ok(1n), ok(1n)], "all three covered once in order");
  assert.deepEqual(admitted.inAdmissionOrder([c, a]), [a, c], "a gap stays a gap");
  assert.deepEqual(resultsOf(admitted.resultsFor([a, c])), [ok(1n)]);
  assert.deepEqual(admitted.inAdmissionOrder([b, b, a]), [a, b, b], "a tx offered twice is placed once, its copy after");
  assert.deepEqual(admitted.inAdmissionOrder([]), []);
  const inOrder = [a, b];
  assert.equal(admitted.inAdmissionOrder(inOrder), inOrder, "already in admission order: the offered list itself");
  store.close();
});

test("replay puts the covered txs' writes, in admission order, into the branch it is given", () => {
  const store = openStore(":memory:");
  const admitted = new AdmittedTxs();
  const txs = [tx(1), tx(2), tx(3)];
  admitted.record(txs[0]!, ok(1n), writesOf(store, "a", "first"));
  admitted.record(txs[1]!, ok(1n), writesOf(store, "a", "second"));
  admitted.record(txs[2]!, ok(1n), writesOf(store, "b", "third"));
  const read = (branch: ReturnType<ReturnType<typeof openStore>["begin"]>, key: string) => Buffer.from(branch.get(Buffer.from(key)) ?? []).toString();
  const two = store.begin();
  admitted.resultsFor([txs[0]!, txs[1]!, tx(9)])!.replay(two);
  assert.equal(read(two, "a"), "second", "the later tx's write wins");
  assert.equal(read(two, "b"), "", "only the covered txs");
  const one = store.begin();
  admitted.resultsFor([txs[0]!])!.replay(one);
  assert.equal(read(one, "a"), "first");
  admitted.reset();
  const after = store.begin();
  assert.equal(read(after, "a"), "", "nothing reached the committed state");
  store.close();
});

test("past its bound the list gives no results until the next reset", () => {
  const store = openStore(":memory:");
  const none = writesOf(store, "k", "v");
  const admitted = new AdmittedTxs();
  for (let i = 0; i < ADMITTED_MAX_TXS; i++) admitted.record(tx(i, 4), ok(1n), none);
  assert.equal(admitted.resultsFor([tx(0, 4)])?.results.length, 1);
  admitted.record(tx(-1, 4), ok(1n), none);
  assert.equal(admitted.resultsFor([tx(0, 4)]), undefined);
  admitted.record(tx(7, 4), ok(1n), none);
  assert.equal(admitted.resultsFor([tx(7, 4)]), undefined, "nothing is recorded while overflowed");
  admitted.reset();
  admitted.record(tx(7, 4), ok(1n), none);
  assert.deepEqual(resultsOf(admitted.resultsFor([tx(7, 4)])), [ok(1n)]);
  store.close();
});

test("the byte bound counts each tx's kept writes as well as its bytes", () => {
  const store = openStore(":memory:");
  const branch = store.begin().branch();
  branch.set(Buffer.from("big"), Buffer.alloc(1024 * 1024));
  const mebibyte = branch.writeAndKeep();
  const admitted = new AdmittedTxs();
  const fits = Math.floor(ADMITTED_MAX_BYTES / (1024 * 1024 + 3 + 4));
  for (let i = 0; i < fits; i++) admitted.record(tx(i, 4), ok(1n), mebibyte);
  assert.equal(admitted.resultsFor([tx(0, 4)])?.results.length, 1);
  admitted.record(tx(fits, 4), ok(1n), mebibyte);
  assert.equal(admitted.resultsFor([tx(0, 4)]), undefined, "one more mebibyte of writes is past the bound");
  store.close();
});

test("the txs after the covered ones are checked over a branch holding the covered txs' writes", () => {
  const store = openStore(":memory:");
  const env = proposalEnv(store);
  const txs = [tx(1), tx(2), tx(3)];
  const seen: string[] = [];
  // The check reads what the txs before wrote, and writes its own mark.
  const verify = (at: TxEnv, t: Uint8Array): TxResult => {
    seen.push(Buffer.from(at.state.get(Buffer.from("mark")) ?? []).toString());
    at.state.set(Buffer.from("mark"), Buffer.from(`tx${t[0]}`));
    return ok(1n);
  };
  const covered: AdmittedResults = { results: [ok(10n)], replay: (state) => state.set(Buffer.from("mark"), Buffer.from("from tx1's CheckTx")) };
  const selected = withAdmittedResults(txs, covered, env, verify, (check) => selectProposalTxs(txs, { maxTxBytes: 10_000, evmGasLimit: 1n }, check));
  assert.deepEqual(selected, txs);
  assert.deepEqual(seen, ["from tx1's CheckTx", `tx${txs[1]![0]}`], "the second tx saw the first's writes, the third the second's");
  assert.equal(env.state.get(Buffer.from("mark")), undefined, "the proposal's state is untouched: the tail ran on a branch");
  store.close();
});

test("a selection that skips a tx drops the admitted results and checks every tx instead", () => {
  const store = openStore(":memory:");
  const env = proposalEnv(store);
  const txs = [tx(1), tx(2, 500), tx(3)];
  const admitted: AdmittedResults = { results: [ok(10n), ok(20n), ok(30n)], replay: () => assert.fail("nothing to replay") };
  let verified = 0;
  const verify = (at: TxEnv, t: Uint8Array): TxResult => {
    verified++;
    assert.equal(at.state, env.state, "the full check runs over the proposal's own state");
    return t === txs[2] ? { code: 4, log: "bad" } : ok(1n);
  };
  const budget = { maxTxBytes: 100, evmGasLimit: 1_000_000n };
  // The middle tx is too large for any block: the selection skips it and considers the next one.
  const selected = withAdmittedResults(txs, admitted, env, verify, (check) => selectProposalTxs(txs, budget, check));
  assert.deepEqual(selected, [txs[0]], "the full check's selection");
  assert.equal(verified, 2);
  // In order, nothing is checked again.
  verified = 0;
  const all = withAdmittedResults(txs, admitted, env, verify, (check) => selectProposalTxs(txs, { ...budget, maxTxBytes: 10_000 }, check));
  assert.deepEqual(all, txs);
  assert.equal(verified, 0);
  store.close();
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
    assert.equal(chain.verified, 1, "the first tx on its CheckTx result, the one after the gap checked (and refused)");
    chain.resetCount();
    assert.equal((await prepare([txs[1]!, txs[2]!])).length, 0, "a mempool missing the first tx: checked, nothing valid");
    assert.equal(chain.verified, 2);
    chain.resetCount();
    // CometBFT's list can hold a sender's txs out of order; the proposal comes out in admission order.
    assert.deepEqual(await prepare([txs[2]!, txs[0]!, txs[1]!]), txs, "sequences 0, 1, 2: all three taken");
    assert.equal(chain.verified, 0, "on CheckTx's results");

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

test("the real app: a tx after the admitted ones is checked over the state they leave, kept from their CheckTx", async () => {
  const chain = await countingProposalApp("admitted-tail", 0x44);
  const { app } = chain;
  try {
    const txs = [await chain.send(0n), await chain.send(1n), await chain.send(2n)];
    // Only the first two reach this node's mempool; the third (sequence 2) is valid only after them.
    for (const t of txs.slice(0, 2)) assert.equal((await app.checkTx(create(pb.RequestCheckTxSchema, { tx: t, type: pb.CheckTxType.NEW }))).code ?? 0, 0);
    const time = timestampFromMs(1e12 + 1000);
    const processed = await app.processProposal(
      create(pb.RequestProcessProposalSchema, { txs, height: 1n, time, hash: new Uint8Array(32).fill(1), proposerAddress: new Uint8Array(20).fill(8) }),
    );
    assert.equal(processed.status, pb.ResponseProcessProposal_ProposalStatus.ACCEPT, "the third tx saw the first two's sequence bumps");
    assert.equal(chain.verified, 1, "only the third was checked");
    chain.resetCount();
    const prepared = await app.prepareProposal(
      create(pb.RequestPrepareProposalSchema, { txs, maxTxBytes: 1_000_000n, height: 1n, time, proposerAddress: new Uint8Array(20).fill(7) }),
    );
    assert.equal(prepared.txs?.length, 3);
    assert.equal(chain.verified, 1);
    assert.deepEqual(await chain.commitFirstBlock(txs, time, new Uint8Array(20).fill(7)), [0, 0, 0], "and the block runs them all");
  } finally {
    chain.close();
  }
});
