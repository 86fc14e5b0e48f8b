import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import type { Branch } from "./branch.js";
import { HeightNotAvailableError } from "./errors.js";
import { OracleBranch, OracleStore, oracleAppHash, oracleStateHash } from "./oracle.js";
import { Store } from "./store.js";
import type { Change, IteratorOptions, KVEntry, StoreOptions } from "./types.js";
import { prng } from "../../test/support/prng.js";

/** Seeded randomness (mulberry32) with the helpers these tests use. */
class Rand {
  private readonly random: () => number;
  constructor(seed: number) {
    this.random = prng(seed);
  }
  next(): number {
    return this.random();
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

// Few symbols and short keys, so keys collide, share prefixes, and hit the 0x00
// and 0xff edges of prefix-end and successor computations.
const ALPHABET = [0x00, 0x61, 0x62, 0xff];

function randKey(r: Rand, maxLen = 3): Buffer {
  const len = r.int(maxLen + 1);
  return Buffer.from(Array.from({ length: len }, () => ALPHABET[r.int(ALPHABET.length)]!));
}

function randValue(r: Rand): Buffer {
  return Buffer.from(Array.from({ length: r.int(4) }, () => r.int(256)));
}

function randRange(r: Rand): IteratorOptions {
  const opts: IteratorOptions = {};
  if (r.chance(0.6)) opts.start = randKey(r);
  if (r.chance(0.6)) opts.end = randKey(r);
  if (r.chance(0.5)) opts.reverse = true;
  return opts;
}

const fmt = (entries: Iterable<KVEntry>): string[] =>
  Array.from(entries, (e) => `${Buffer.from(e.key).toString("hex")}=${Buffer.from(e.value).toString("hex")}`);

const fmtChanges = (changes: Change[]): string[] =>
  changes.map((c) => `${Buffer.from(c.key).toString("hex")}=${c.value === null ? "DEL" : Buffer.from(c.value).toString("hex")}`);

const hex = (b: Uint8Array | undefined): string | undefined => (b === undefined ? undefined : Buffer.from(b).toString("hex"));

/** Runs both sides; they must return equal results or both fail with the same HeightNotAvailableError. */
function same<T>(real: () => T, model: () => T, label: string): void {
  let realErr: unknown;
  let modelErr: unknown;
  let realVal: T | undefined;
  let modelVal: T | undefined;
  try {
    realVal = real();
  } catch (err) {
    realErr = err;
  }
  try {
    modelVal = model();
  } catch (err) {
    modelErr = err;
  }
  if (realErr !== undefined || modelErr !== undefined) {
    if (!(realErr instanceof HeightNotAvailableError) || !(modelErr instanceof HeightNotAvailableError)) {
      assert.fail(`${label}: real threw ${String(realErr)}, model threw ${String(modelErr)}`);
    }
    assert.equal(realErr.message, modelErr.message, label);
    return;
  }
  assert.deepEqual(realVal, modelVal, label);
}

interface Pair {
  real: Branch;
  model: OracleBranch;
}

interface Scenario {
  seed: number;
  ops: number;
  file: boolean;
  keepRecent: number;
  pruneInterval: number;
}

function runScenario(sc: Scenario): void {
  const r = new Rand(sc.seed);
  const dir = sc.file ? mkdtempSync(join(tmpdir(), "store-oracle-")) : undefined;
  const path = dir === undefined ? ":memory:" : join(dir, "state.db");
  const options: StoreOptions = { keepRecent: sc.keepRecent, pruneInterval: sc.pruneInterval, synchronous: "NORMAL" };
  let store = Store.open(path, options);
  const oracle = new OracleStore(sc.keepRecent, sc.pruneInterval);
  let stack: Pair[] = [{ real: store.begin(), model: oracle.begin() }];
  let previous: Pair | undefined; // last committed root, read through its pinned height
  let commits = 0;

  const checkHeads = (where: string): void => {
    assert.equal(store.lastHeight, oracle.lastHeight, `${where}: lastHeight`);
    assert.equal(hex(store.lastHash), hex(oracle.lastHash), `${where}: lastHash`);
    assert.equal(store.earliestHeight, oracle.earliestHeight, `${where}: earliestHeight`);
    assert.equal(hex(store.lastStateHash), hex(oracleStateHash(oracle.view().entries())), `${where}: state hash`);
  };

  const commit = (step: number): void => {
    // Collapse nested branches into the root, randomly keeping or dropping each.
    while (stack.length > 1) {
      const top = stack.pop()!;
      if (r.chance(0.7)) {
        top.real.write();
        top.model.write();
      }
    }
    const root = stack[0]!;
    const realChanges = root.real.changes();
    assert.deepEqual(fmtChanges(realChanges), fmtChanges(root.model.changes()), `step ${step}: changes`);

    if (oracle.lastHeight > 0 && r.chance(0.2)) {
      const bad = oracle.lastHeight - r.int(2);
      assert.throws(() => store.commit(root.real, bad, Buffer.alloc(32)), RangeError);
    }
    const height = oracle.lastHeight === 0 ? 1 + r.int(5) : oracle.lastHeight + (r.chance(0.1) ? 2 : 1);
    const hash = store.appHashOf(root.real, height, store.lastHash);
    const stateHash = oracleStateHash(root.model.entries());
    assert.equal(hex(hash), hex(oracleAppHash(oracle.lastHash, height, stateHash, root.model.changes())), `step ${step}: app hash`);
    store.commit(root.real, height, hash);
    oracle.commit(root.model, height, hash);
    assert.throws(() => store.commit(root.real, height + 1, hash), /already been committed/);
    commits++;
    checkHeads(`step ${step} commit`);
    previous = root;
    // Pruning's deletions, a few rows at a time at random points between blocks: reads at
    // readable heights (the views below) must not notice them.
    if (r.chance(0.5)) store.pruneStep(1 + r.int(4));

    if (dir !== undefined && r.chance(0.15)) {
      store.close();
      store = Store.open(path, options);
      previous = undefined; // bound to the closed handle
      checkHeads(`step ${step} reopen`);
    }
    stack = [{ real: store.begin(), model: oracle.begin() }];
  };

  try {
    for (let step = 0; step < sc.ops; step++) {
      const top = stack[stack.length - 1]!;
      const x = r.next();
      if (x < 0.3) {
        const k = randKey(r);
        const v = randValue(r);
        top.real.set(k, v);
        top.model.set(k, v);
        v.fill(0x5a); // the store must have taken a copy
      } else if (x < 0.4) {
        const k = randKey(r);
        top.real.delete(k);
        top.model.delete(k);
      } else if (x < 0.52) {
        const k = randKey(r);
        const got = top.real.get(k);
        assert.equal(hex(got), hex(top.model.get(k)), `step ${step}: get`);
        if (got !== undefined) got.fill(0xa5); // must not reach the store's copy
        assert.equal(top.real.has(k), top.model.has(k), `step ${step}: has`);
      } else if (x < 0.6) {
        const opts = randRange(r);
        assert.deepEqual(fmt(top.real.iterator(opts)), fmt(top.model.entries(opts)), `step ${step}: iterator ${JSON.stringify(opts)}`);
      } else if (x < 0.65) {
        const p = randKey(r, 2);
        const rev = r.chance(0.5);
        assert.deepEqual(fmt(top.real.prefixIterator(p, rev)), fmt(top.model.prefixEntries(p, rev)), `step ${step}: prefix`);
      } else if (x < 0.7) {
        // Iterate while reading and writing keys outside the range; the result must be unaffected.
        const opts = randRange(r);
        const expected = fmt(top.model.entries(opts));
        const inRange = (k: Buffer): boolean =>
          (opts.start === undefined || Buffer.compare(k, opts.start) >= 0) && (opts.end === undefined || Buffer.compare(k, opts.end) < 0);
        const stopAt = r.chance(0.2) ? r.int(expected.length + 1) : Infinity;
        const got: string[] = [];
        for (const e of top.real.iterator(opts)) {
          if (got.length >= stopAt) break;
          got.push(...fmt([e]));
          if (r.chance(0.3)) {
            const k = randKey(r);
            assert.equal(hex(top.real.get(k)), hex(top.model.get(k)), `step ${step}: get during iteration`);
          }
          if (r.chance(0.3)) {
            const k = randKey(r);
            if (!inRange(k)) {
              const v = randValue(r);
              top.real.set(k, v);
              top.model.set(k, v);
            }
          }
        }
        assert.deepEqual(got, expected.slice(0, Math.min(stopAt, expected.length)), `step ${step}: iteration with writes`);
      } else if (x < 0.75) {
        if (stack.length < 5) stack.push({ real: top.real.branch(), model: top.model.branch() });
      } else if (x < 0.79) {
        if (stack.length > 1) {
          top.real.write();
          top.model.write();
          stack.pop();
        }
      } else if (x < 0.82) {
        if (stack.length > 1) stack.pop(); // discard
      } else if (x < 0.835) {
        commit(step);
      } else if (x < 0.855) {
        // The app hash of any branch mid-block (as FinalizeBlock hashes a child of genesis): its
        // own changes over the state it reads; later writes make the remembered accumulator stale.
        const height = oracle.lastHeight + 1;
        const stateHash = oracleStateHash(top.model.entries());
        assert.equal(
          hex(store.appHashOf(top.real, height, store.lastHash)),
          hex(oracleAppHash(oracle.lastHash, height, stateHash, top.model.changes())),
          `step ${step}: app hash of a branch at depth ${stack.length}`,
        );
      } else if (x < 0.93) {
        const lo = Math.max(0, oracle.earliestHeight - 2);
        const h = lo + r.int(oracle.lastHeight + 2 - lo);
        const k = randKey(r);
        const opts = randRange(r);
        same(
          () => hex(store.view(h).get(k)),
          () => hex(oracle.view(h).get(k)),
          `step ${step}: view(${h}).get`,
        );
        same(
          () => fmt(store.view(h).iterator(opts)),
          () => fmt(oracle.view(h).entries(opts)),
          `step ${step}: view(${h}).iterator`,
        );
        const p = randKey(r, 2);
        same(
          () => fmt(store.view(h).prefixIterator(p)),
          () => fmt(oracle.view(h).prefixEntries(p)),
          `step ${step}: view(${h}).prefix`,
        );
        assert.equal(hex(store.hashAt(h)), hex(oracle.hashAt(h)), `step ${step}: hashAt(${h})`);
      } else if (previous !== undefined) {
        // A committed root still reads at its pinned height (until pruning removes it).
        const prev = previous;
        const k = randKey(r);
        const opts = randRange(r);
        same(
          () => hex(prev.real.get(k)),
          () => hex(prev.model.get(k)),
          `step ${step}: pinned get`,
        );
        same(
          () => fmt(prev.real.iterator(opts)),
          () => fmt(prev.model.entries(opts)),
          `step ${step}: pinned iterator`,
        );
      }
    }
    commit(sc.ops);
    assert.ok(commits > 10, "scenario should commit a fair number of blocks");
    while (store.pruneStep(3)) {
      /* drain */
    }
    assert.equal(store.prunePending, false);
    for (let h = Math.max(1, oracle.earliestHeight); h <= oracle.lastHeight; h++) {
      same(
        () => fmt(store.view(h).iterator()),
        () => fmt(oracle.view(h).entries()),
        `after pruning: view(${h})`,
      );
    }
    store.close();
    if (dir !== undefined) {
      store = Store.open(path, options);
      checkHeads("final reopen");
      same(
        () => fmt(store.view().iterator()),
        () => fmt(oracle.view().entries()),
        "final state",
      );
      store.close();
    }
  } finally {
    store.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  }
}

const scenarios: Scenario[] = [
  { seed: 1, ops: 4000, file: false, keepRecent: 0, pruneInterval: 10 },
  { seed: 2, ops: 4000, file: true, keepRecent: 0, pruneInterval: 10 },
  { seed: 3, ops: 4000, file: true, keepRecent: 3, pruneInterval: 2 },
  { seed: 4, ops: 4000, file: false, keepRecent: 1, pruneInterval: 1 },
  { seed: 5, ops: 4000, file: true, keepRecent: 5, pruneInterval: 3 },
  { seed: 6, ops: 4000, file: false, keepRecent: 2, pruneInterval: 4 },
];

// More seeds on demand, e.g. STORE_ORACLE_SEEDS=200 for a longer soak.
const extra = Number(process.env["STORE_ORACLE_SEEDS"] ?? 0);
for (let i = 0; i < extra; i++) {
  const seed = 1000 + i;
  const r = new Rand(seed);
  const keepRecent = [0, 1, 2, 3, 7][r.int(5)]!;
  scenarios.push({ seed, ops: 4000, file: r.chance(0.5), keepRecent, pruneInterval: 1 + r.int(5) });
}

for (const sc of scenarios) {
  const storage = sc.file ? "file" : "memory";
  test(`oracle: seed ${sc.seed}, ${storage}, keepRecent=${sc.keepRecent}, pruneInterval=${sc.pruneInterval}`, () => {
    runScenario(sc);
  });
}
