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
// instead of running every tx's checks again. When the lists part at some tx (CometBFT adds a tx
// to its list when its CheckTx answer's callback runs, and two answers' callbacks can run in the
// other order; it dropped a tx because its mempool was full; the proposal came from a mempool that
// ordered txs differently), the txs before that point still take their results, and the rest are
// checked over the state those txs leave: the committed state plus each one's writes, kept from
// its CheckTx, put back in order. With no common first tx the proposal is checked in full.
//
// A proposer puts the txs its mempool offers into admission order first (inAdmissionOrder), so
// its own proposals part from the list only where CometBFT offered fewer txs than it admitted.
import type { BranchWrites } from "../store/branch.js";
import { keyToString, ownedCopy } from "../store/bytes.js";
import type { AdmittedResults, TxEnv, TxResult } from "./processor.js";

/** Beyond these (txs, and bytes of txs and their kept writes) the list stops growing and gives no results until the next reset. */
export const ADMITTED_MAX_TXS = 200_000;
export const ADMITTED_MAX_BYTES = 256 * 1024 * 1024;

/** One admitted tx: its bytes (a copy), CheckTx's result, and its writes to the mempool's state. */
interface Admitted {
  tx: Buffer;
  result: TxResult;
  writes: BranchWrites;
}

export class AdmittedTxs {
  private admitted: Admitted[] = [];
  private bytes = 0;
  private overflowed = false;

  /** The mempool's state starts again from the committed state (Commit, InitChain, a restore). */
  reset(): void {
    this.admitted = [];
    this.bytes = 0;
    this.overflowed = false;
  }

  /** A tx CheckTx admitted (code 0) against the mempool's state, after every tx recorded before it, with its writes there. */
  record(tx: Uint8Array, result: TxResult, writes: BranchWrites): void {
    if (this.overflowed) return;
    const size = tx.length + writesSize(writes);
    if (this.admitted.length >= ADMITTED_MAX_TXS || this.bytes + size > ADMITTED_MAX_BYTES) {
      this.reset();
      this.overflowed = true;
      return;
    }
    // A copy in memory of its own: the request's bytes are a view into a socket chunk, and a copy
    // from Buffer's pool would keep its whole 8 KiB slab (shared with short-lived copies) alive
    // until the next Commit.
    this.admitted.push({ tx: ownedCopy(tx), result, writes });
    this.bytes += size;
  }

  /**
   * `txs` with the ones admitted here first, in admission order, then the others in their given
   * order: what a proposer offers from its mempool, put in the one order whose every tx has a
   * CheckTx result over exactly the state before it (see resultsFor). In this order each admitted
   * tx passed its checks after the ones before it: a sender's next sequence (or nonce) is only
   * ever admitted after the one before it, whereas CometBFT's list can hold them the other way round.
   */
  inAdmissionOrder(txs: readonly Uint8Array[]): readonly Uint8Array[] {
    if (this.overflowed) return txs;
    // Usually the lists agree up to some point (often all the way): only the rest is matched.
    const common = this.commonPrefix(txs);
    if (common === txs.length) return txs;
    // Positions in `txs` by content; a list per key, in case a tx is offered twice.
    const positions = new Map<string, number[]>();
    for (let i = common; i < txs.length; i++) {
      const key = keyToString(txs[i]!);
      const list = positions.get(key);
      if (list) list.push(i);
      else positions.set(key, [i]);
    }
    const out = txs.slice(0, common);
    const placed = new Uint8Array(txs.length);
    for (let a = common; a < this.admitted.length && out.length < txs.length; a++) {
      const at = positions.get(keyToString(this.admitted[a]!.tx))?.shift();
      if (at === undefined) continue;
      placed[at] = 1;
      out.push(txs[at]!);
    }
    for (let i = common; i < txs.length; i++) if (!placed[i]) out.push(txs[i]!);
    return out;
  }

  /** How many first txs of `txs` are the first txs admitted, in this order. */
  private commonPrefix(txs: readonly Uint8Array[]): number {
    const limit = Math.min(txs.length, this.admitted.length);
    let common = 0;
    while (common < limit && this.admitted[common]!.tx.equals(txs[common]!)) common++;
    return common;
  }

  /** CheckTx's results for the first txs of `txs` that are the first txs admitted, in this order; undefined when none are. */
  resultsFor(txs: readonly Uint8Array[]): AdmittedResults | undefined {
    if (this.overflowed) return undefined;
    const common = this.commonPrefix(txs);
    if (common === 0) return undefined;
    const covered = this.admitted.slice(0, common);
    return {
      results: covered.map((a) => a.result),
      replay: (state) => {
        for (const a of covered) state.replay(a.writes);
      },
    };
  }

  get size(): number {
    return this.admitted.length;
  }
}

/** The bytes a tx's kept writes hold: keys and values (a deletion counts its key). */
function writesSize(writes: BranchWrites): number {
  let n = 0;
  for (const [key, value] of writes.entries) n += key.length + (value?.length ?? 0);
  return n;
}

/** A proposal tx check (proposalSelection.ts) as the proposal code calls it. */
type Check = (tx: Uint8Array) => TxResult;

const NOT_IN_ORDER: TxResult = { code: 1, log: "not in admission order" };

/**
 * Runs `select` (a selection or a validation over `txs`) with `admitted`'s results standing in for
 * the proposal check of the txs they cover, and `verify` checking the rest over a branch of
 * `env.state` that holds the covered txs' writes; or with `verify` over `env.state` for every tx
 * when there are none. The results hold only while the check is asked about the txs one after
 * another in their order: if it is asked about a tx after skipping one, the state the check would
 * have built differs from the mempool's, so that run is dropped (with its branch) and `select`
 * runs again with `verify` over the untouched `env.state`.
 */
export function withAdmittedResults<T>(
  txs: readonly Uint8Array[],
  admitted: AdmittedResults | undefined,
  env: TxEnv,
  verify: (env: TxEnv, tx: Uint8Array) => TxResult,
  select: (check: Check) => T,
): T {
  if (admitted && admitted.results.length <= txs.length) {
    const { results } = admitted;
    const afterCovered: TxEnv = { ...env, state: env.state.branch() };
    let next = 0;
    let inOrder = true;
    const out = select((tx) => {
      if (!inOrder || tx !== txs[next]) {
        inOrder = false;
        return NOT_IN_ORDER;
      }
      const index = next++;
      if (index < results.length) return results[index]!;
      if (index === results.length) admitted.replay(afterCovered.state);
      return verify(afterCovered, tx);
    });
    if (inOrder) return out;
  }
  return select((tx) => verify(env, tx));
}
