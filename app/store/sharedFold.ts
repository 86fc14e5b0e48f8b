// A large change set's state accumulator (stateHash.ts) folded by this thread and helper threads
// at once (elementFold/). The accumulator is a sum of element hashes, so any split adds up to the
// same lanes. The threads take entries of keys that were absent before, whose only element is the
// one added; changes of existing keys stay here, where the element memo holds the elements their
// old values were added with.
import type { ElementFolder } from "./elementFold/pool.js";
import type { Entry } from "./elementFold/protocol.js";
import type { StoredChange } from "./sqliteBackend.js";
import type { ElementMemo, StateAccumulator } from "./stateHash.js";

/** A change of an existing key against a new key's entry, in work on this thread (bench/RESULTS.md, round 36). */
const UPDATE_WEIGHT = 2;

/** Below this many changes a set is folded here alone: a share costs a message each way and a thread's wake-up. */
export const MIN_SHARED_CHANGES = 512;

/**
 * `base` with `changes` folded in (`previous` reads a key's value before them), the new keys'
 * entries shared with `folder`'s threads so that each thread, this one included, does about as
 * much work. Undefined for a set under MIN_SHARED_CHANGES. A share the threads do not answer is
 * folded here.
 */
export async function foldShared(
  base: StateAccumulator,
  changes: readonly StoredChange[],
  previous: (key: Buffer) => Buffer | undefined,
  memo: ElementMemo | undefined,
  folder: ElementFolder,
): Promise<StateAccumulator | undefined> {
  if (changes.length < MIN_SHARED_CHANGES) return undefined;
  const before = changes.map((c) => previous(c.key));
  const added: number[] = [];
  for (let i = 0; i < changes.length; i++) if (before[i] === undefined && changes[i]!.value !== null) added.push(i);
  // A change of an existing key costs about two new keys' work here: its new element hashed, its old
  // one looked up in the memo, both added to the lanes, the new one remembered.
  const work = added.length + UPDATE_WEIGHT * (changes.length - added.length);
  const share = Math.min(added.length, Math.floor((work * folder.size) / (folder.size + 1)));
  const fold = base.fold(memo);
  if (share < MIN_SHARED_CHANGES) {
    changes.forEach((c, i) => fold.change(c.key, before[i], c.value ?? undefined));
    return fold.done();
  }
  const shared = added.slice(added.length - share);
  const entries: Entry[] = shared.map((i) => ({ key: changes[i]!.key, value: changes[i]!.value! }));
  const theirs = folder.sum(entries); // posted before this thread starts on its part
  const isShared = new Uint8Array(changes.length);
  for (const i of shared) isShared[i] = 1;
  changes.forEach((c, i) => isShared[i] === 0 && fold.change(c.key, before[i], c.value ?? undefined));
  // A share that fails (its packing's memory, say) is folded here like one the threads did not answer.
  const sum = await theirs.catch(() => undefined);
  if (sum !== undefined) fold.include(sum);
  else for (const e of entries) fold.add(e.key, e.value);
  return fold.done();
}
