// foldShared against the fold of one thread: the same lanes for any change set, whichever share
// the helper threads answer, or when they answer nothing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { prng } from "../../test/support/prng.js";
import type { ElementFolder } from "./elementFold/pool.js";
import type { Entry } from "./elementFold/protocol.js";
import { foldShared, MIN_SHARED_CHANGES } from "./sharedFold.js";
import type { StoredChange } from "./sqliteBackend.js";
import { ElementMemo, StateAccumulator } from "./stateHash.js";

/** Folds its shares on this thread, as the real threads would; records what it was given. */
class LocalFolder implements ElementFolder {
  readonly given: Entry[][] = [];
  constructor(
    readonly size: number,
    private readonly answers = true,
  ) {}
  async sum(entries: readonly Entry[]): Promise<StateAccumulator | undefined> {
    this.given.push([...entries]);
    return this.answers ? StateAccumulator.of(entries.map((e) => [e.key, e.value] as const)) : undefined;
  }
}

/** A committed state of `existing` keys and a change set over it: updates, deletions, new keys. */
function scenario(seed: number, existing: number, changed: number, added: number) {
  const rand = prng(seed);
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(rand() * 256)));
  const key = (i: number) => Buffer.from(`key-${String(i).padStart(7, "0")}`);
  const state = new Map<string, Buffer>();
  for (let i = 0; i < existing; i++) state.set(key(i).toString("latin1"), bytes(1 + Math.floor(rand() * 60)));
  const changes: StoredChange[] = [];
  for (let i = 0; i < changed; i++) changes.push({ key: key(i), value: i % 7 === 0 ? null : bytes(1 + Math.floor(rand() * 60)) });
  for (let i = 0; i < added; i++) changes.push({ key: key(existing + i), value: bytes(1 + Math.floor(rand() * 200)) });
  changes.sort((a, b) => Buffer.compare(a.key, b.key));
  const base = StateAccumulator.of([...state].map(([k, v]) => [Buffer.from(k, "latin1"), v] as const));
  const previous = (k: Buffer) => state.get(k.toString("latin1"));
  const alone = base.fold();
  for (const c of changes) alone.change(c.key, previous(c.key), c.value ?? undefined);
  return { base, changes, previous, expected: alone.done() };
}

test("shared with one, two or four threads, the fold is the one thread's", async () => {
  const shares: number[] = [];
  for (const [seed, size] of [
    [1, 1],
    [2, 2],
    [3, 4],
  ] as const) {
    const s = scenario(seed, 400, 300, 1500);
    const folder = new LocalFolder(size);
    const sum = await foldShared(s.base, s.changes, s.previous, undefined, folder);
    assert.ok(sum?.equals(s.expected), `seed ${seed}, ${size} threads`);
    for (const e of folder.given.flat()) assert.equal(s.previous(Buffer.from(e.key)), undefined, "only new keys are shared");
    shares.push(folder.given.flat().length);
  }
  // Of 1,800 changes, 1,500 of them new keys: about half to one thread, more to more, never an existing key.
  assert.ok(shares[0]! > 600 && shares[0]! < 1200, `one thread took ${shares[0]}`);
  assert.ok(shares[0]! < shares[1]! && shares[1]! <= shares[2]! && shares[2]! <= 1500, `shares ${shares}`);
});

test("with the element memo the result is the same, and the next fold's removals find what this one added", async () => {
  const s = scenario(4, 300, 300, 900);
  const memo = new ElementMemo(10_000);
  const sum = await foldShared(s.base, s.changes, s.previous, memo, new LocalFolder(1));
  assert.ok(sum?.equals(s.expected));
  const viaMemo = await foldShared(s.base, s.changes, s.previous, memo, new LocalFolder(1));
  assert.ok(viaMemo?.equals(s.expected));
});

test("a share the threads do not answer, or that fails, is folded here", async () => {
  const s = scenario(5, 100, 100, 2000);
  const folder = new LocalFolder(2, false);
  const sum = await foldShared(s.base, s.changes, s.previous, undefined, folder);
  assert.ok(sum?.equals(s.expected));
  assert.ok(folder.given.flat().length > 0, "a share was asked for");
  const failing: ElementFolder = { size: 1, sum: () => Promise.reject(new RangeError("Array buffer allocation failed")) };
  assert.ok((await foldShared(s.base, s.changes, s.previous, undefined, failing))?.equals(s.expected));
});

test("a small set is left to the one-thread fold, and a set with few new keys is folded here", async () => {
  const small = scenario(6, 100, 50, MIN_SHARED_CHANGES - 51);
  const folder = new LocalFolder(1);
  assert.equal(await foldShared(small.base, small.changes, small.previous, undefined, folder), undefined);
  const updates = scenario(7, 3000, 2000, 100);
  const sum = await foldShared(updates.base, updates.changes, updates.previous, undefined, folder);
  assert.ok(sum?.equals(updates.expected));
  assert.equal(folder.given.length, 0, "100 new keys are too few to share");
});
