// The txs CheckTx admitted since the mempool's state was last reset (at each Commit), in order,
// with CheckTx's result for each. CometBFT's mempool keeps its txs in that same order: the order
// of admission, where after a block its txs leave and the rest are rechecked, in order, against
// the new state (their rechecks are admissions here too); and it offers a proposer, and proposals
// are built from, a prefix of that list.
//
// When a proposal's txs are the first txs of this list, each of them has already passed the
// proposal check over exactly the state the check would build: the last committed state plus the
// admitted txs before it (a refused tx leaves no writes), and CheckTx's checks are the proposal
// check's (app/tx/cosmosTxProcessor.ts runs the same ante in both modes; ethTxProcessor.ts's
// proposal check is its CheckTx). So PrepareProposal and ProcessProposal can take these results
// instead of running every tx's checks again. When the lists differ anywhere (CometBFT dropped a
// tx it had admitted because its mempool was full, a tx was flushed, a node runs without
// rechecks, or the proposal came from a mempool that ordered txs differently) there are no
// results, and the proposal is checked in full.
import type { TxResult } from "./processor.js";

/** Beyond these the list stops growing and gives no results until the next reset. */
export const ADMITTED_MAX_TXS = 200_000;
export const ADMITTED_MAX_BYTES = 256 * 1024 * 1024;

export class AdmittedTxs {
  private txs: Buffer[] = [];
  private results: TxResult[] = [];
  private bytes = 0;
  private overflowed = false;

  /** The mempool's state starts again from the committed state (Commit, InitChain, a restore). */
  reset(): void {
    this.txs = [];
    this.results = [];
    this.bytes = 0;
    this.overflowed = false;
  }

  /** A tx CheckTx admitted (code 0) against the mempool's state, after every tx recorded before it. */
  record(tx: Uint8Array, result: TxResult): void {
    if (this.overflowed) return;
    if (this.txs.length >= ADMITTED_MAX_TXS || this.bytes + tx.length > ADMITTED_MAX_BYTES) {
      this.reset();
      this.overflowed = true;
      return;
    }
    // A copy: the request's bytes are a view into a socket chunk that would stay alive with it.
    this.txs.push(Buffer.from(tx));
    this.results.push(result);
    this.bytes += tx.length;
  }

  /** CheckTx's results for `txs` when they are the first txs admitted, in this order; otherwise undefined. */
  resultsFor(txs: readonly Uint8Array[]): readonly TxResult[] | undefined {
    if (this.overflowed || txs.length > this.txs.length) return undefined;
    for (let i = 0; i < txs.length; i++) if (!this.txs[i]!.equals(txs[i]!)) return undefined;
    return this.results.slice(0, txs.length);
  }

  get size(): number {
    return this.txs.length;
  }
}

/** A proposal tx check (proposalSelection.ts) as the proposal code calls it. */
type Check = (tx: Uint8Array) => TxResult;

/**
 * Runs `select` (a selection or a validation over `txs`) with `admitted`, CheckTx's results for
 * `txs`, standing in for the proposal check, or with `verify` when there are none. The results
 * hold only while the check is asked about the txs one after another in their order: if it is
 * asked about a tx after skipping one, the state the check would have built differs from the
 * mempool's, so that run is dropped and `select` runs again with `verify` (over the untouched
 * proposal state: the results write nothing).
 */
export function withAdmittedResults<T>(txs: readonly Uint8Array[], admitted: readonly TxResult[] | undefined, verify: Check, select: (check: Check) => T): T {
  if (admitted && admitted.length === txs.length) {
    let next = 0;
    let inOrder = true;
    const out = select((tx) => {
      if (tx !== txs[next]) inOrder = false;
      return inOrder ? admitted[next++]! : { code: 1, log: "not in admission order" };
    });
    if (inOrder) return out;
  }
  return select(verify);
}
