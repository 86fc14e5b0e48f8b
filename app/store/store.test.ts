import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import Database from "better-sqlite3";
import type { Branch } from "./branch.js";
import { HeightNotAvailableError } from "./errors.js";
import { Store } from "./store.js";
import type { KVEntry, KVReader, StoreOptions } from "./types.js";

const b = (s: string): Buffer => Buffer.from(s, "latin1");
const str = (v: Uint8Array | undefined): string | undefined => (v === undefined ? undefined : Buffer.from(v).toString("latin1"));
const list = (it: Iterable<KVEntry>): string[] => Array.from(it, (e) => `${str(e.key)}=${str(e.value)}`);
const keys = (it: Iterable<KVEntry>): string[] => Array.from(it, (e) => str(e.key)!);

const tmpRoot = mkdtempSync(join(tmpdir(), "store-test-"));
after(() => rmSync(tmpRoot, { recursive: true, force: true }));
let fileCounter = 0;
const tmpFile = (): string => join(tmpRoot, `db-${++fileCounter}.sqlite`);

/** Commits `branch` at `height` with the hash computed from its changes. */
function commit(store: Store, branch: Branch, height: number): Uint8Array {
  const hash = store.appHashOf(branch, height, store.lastHash);
  store.commit(branch, height, hash);
  return hash;
}

/** Commits one block setting (or, for null, deleting) the given keys. */
function block(store: Store, height: number, writes: Record<string, string | null>): void {
  const br = store.begin();
  for (const [k, v] of Object.entries(writes)) {
    if (v === null) br.delete(b(k));
    else br.set(b(k), b(v));
  }
  commit(store, br, height);
}

/** The versions of `key` in the store file at `path`, read through a second connection. */
function storedVersions(path: string, key: string): number[] {
  return readRaw(path, (db) => db.prepare("SELECT version FROM kv WHERE key = ? ORDER BY version").pluck().all(b(key)) as number[]);
}

function storedRows(path: string): number {
  return readRaw(path, (db) => db.prepare("SELECT count(*) FROM kv").pluck().get() as number);
}

function readRaw<T>(path: string, read: (db: Database.Database) => T): T {
  const db = new Database(path, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

function withStore(options: StoreOptions, fn: (store: Store) => void): void {
  const store = Store.open(":memory:", options);
  try {
    fn(store);
  } finally {
    store.close();
  }
}

describe("empty store", () => {
  test("reports nothing committed and reads as empty", () => {
    withStore({}, (store) => {
      assert.equal(store.lastHeight, 0);
      assert.equal(store.lastHash.length, 0);
      assert.equal(store.earliestHeight, 0);
      assert.equal(store.hashAt(1), undefined);
      assert.equal(store.view().get(b("a")), undefined);
      assert.deepEqual(list(store.view().iterator()), []);
      assert.throws(
        () => store.view(1),
        (err: unknown) => {
          assert.ok(err instanceof HeightNotAvailableError);
          assert.match(err.message, /nothing has been committed/);
          return true;
        },
      );
    });
  });

  test("the first commit may be at any height >= 1", () => {
    withStore({}, (store) => {
      block(store, 100, { a: "1" });
      assert.equal(store.lastHeight, 100);
      assert.equal(store.earliestHeight, 100);
      assert.throws(() => store.view(99), HeightNotAvailableError);
      assert.equal(str(store.view(100).get(b("a"))), "1");
    });
  });
});

describe("tombstones", () => {
  test("a deletion hides the key at and after its height only", () => {
    withStore({}, (store) => {
      block(store, 1, { a: "1", b: "2", c: "3" });
      block(store, 2, { b: null });
      block(store, 3, { c: "33" });
      assert.equal(str(store.view(1).get(b("b"))), "2");
      assert.equal(store.view(2).get(b("b")), undefined);
      assert.equal(store.view(2).has(b("b")), false);
      assert.deepEqual(list(store.view(3).iterator()), ["a=1", "c=33"]);
      assert.deepEqual(list(store.view(3).iterator({ reverse: true })), ["c=33", "a=1"]);
      block(store, 4, { b: "back" });
      assert.deepEqual(list(store.view(4).iterator()), ["a=1", "b=back", "c=33"]);
      assert.deepEqual(list(store.view(2).iterator()), ["a=1", "c=3"]);
    });
  });

  test("an empty value is a value, not a deletion", () => {
    withStore({}, (store) => {
      const br = store.begin();
      br.set(b("e"), new Uint8Array(0));
      assert.equal(br.has(b("e")), true);
      assert.equal(br.get(b("e"))?.length, 0);
      commit(store, br, 1);
      assert.equal(store.view().has(b("e")), true);
      assert.deepEqual(list(store.view().iterator()), ["e="]);
    });
  });

  test("deleting in a branch hides committed keys from reads and iteration", () => {
    withStore({}, (store) => {
      block(store, 1, { a: "1", b: "2", c: "3" });
      const br = store.begin();
      br.delete(b("b"));
      br.set(b("bb"), b("x"));
      assert.equal(br.get(b("b")), undefined);
      assert.deepEqual(list(br.iterator()), ["a=1", "bb=x", "c=3"]);
      assert.deepEqual(list(br.iterator({ reverse: true })), ["c=3", "bb=x", "a=1"]);
      assert.deepEqual(
        br.changes().map((c) => [str(c.key), str(c.value ?? undefined) ?? null]),
        [
          ["b", null],
          ["bb", "x"],
        ],
      );
    });
  });
});

describe("nested branches", () => {
  test("a discarded child leaves no trace; a written child merges", () => {
    withStore({}, (store) => {
      block(store, 1, { a: "1" });
      const root = store.begin();
      root.set(b("r"), b("root"));

      const failed = root.branch();
      failed.set(b("x"), b("lost"));
      failed.delete(b("a"));
      assert.equal(str(failed.get(b("r"))), "root"); // reads through its parent
      assert.deepEqual(list(failed.iterator()), ["r=root", "x=lost"]);
      // dropped without write()

      assert.equal(root.get(b("x")), undefined);
      assert.equal(str(root.get(b("a"))), "1");
      assert.deepEqual(keys(root.iterator()), ["a", "r"]);

      const ok = root.branch();
      const inner = ok.branch();
      inner.set(b("y"), b("kept"));
      inner.write();
      assert.equal(root.get(b("y")), undefined);
      ok.write();
      assert.equal(str(root.get(b("y"))), "kept");
      assert.deepEqual(keys(root.changes().map((c) => ({ key: c.key, value: c.value ?? new Uint8Array() }))), ["r", "y"]);

      commit(store, root, 2);
      assert.deepEqual(list(store.view().iterator()), ["a=1", "r=root", "y=kept"]);
    });
  });

  test("a finished branch rejects further writes", () => {
    withStore({}, (store) => {
      const root = store.begin();
      const child = root.branch();
      child.write();
      assert.throws(() => child.set(b("k"), b("v")), /already been written/);
      assert.throws(() => child.write(), /already been written/);
      assert.throws(() => root.write(), /root branch/);
      commit(store, root, 1);
      assert.throws(() => root.set(b("k"), b("v")), /already been committed/);
      assert.throws(() => root.branch(), /already been committed/);
      const late = store.begin().branch();
      late.set(b("k"), b("v"));
      assert.equal(str(late.get(b("k"))), "v");
    });
  });

  test("writing into a committed parent throws instead of losing writes", () => {
    withStore({}, (store) => {
      const root = store.begin();
      const child = root.branch();
      child.set(b("k"), b("v"));
      commit(store, root, 1);
      assert.throws(() => child.write(), /already finished/);
    });
  });

  test("values are copied in and out", () => {
    withStore({}, (store) => {
      const root = store.begin();
      const v = b("value");
      root.set(b("k"), v);
      v.fill(0);
      const got = root.get(b("k"))!;
      got.fill(0);
      for (const e of root.iterator()) e.value.fill(0);
      for (const c of root.changes()) c.value?.fill(0);
      assert.equal(str(root.get(b("k"))), "value");
      const hash = store.appHashOf(root, 1, store.lastHash);
      store.commit(root, 1, hash);
      hash.fill(0);
      assert.notDeepEqual(Buffer.from(store.lastHash), Buffer.alloc(32));
      store.lastHash.fill(0);
      assert.notDeepEqual(Buffer.from(store.lastHash), Buffer.alloc(32));
      assert.equal(str(store.view().get(b("k"))), "value");
    });
  });

  test("rejects non-byte keys and values", () => {
    withStore({}, (store) => {
      const root = store.begin();
      assert.throws(() => root.set("k" as unknown as Uint8Array, b("v")), TypeError);
      assert.throws(() => root.set(b("k"), "v" as unknown as Uint8Array), TypeError);
      assert.throws(() => root.get(undefined as unknown as Uint8Array), TypeError);
    });
  });
});

describe("pinned reads", () => {
  test("a branch keeps reading its height after a later commit", () => {
    withStore({}, (store) => {
      block(store, 1, { a: "1", b: "1" });
      const pinned = store.begin();
      const pinnedChild = pinned.branch();
      const view1 = store.view();

      const next = store.begin();
      next.set(b("a"), b("2"));
      next.delete(b("b"));
      next.set(b("c"), b("2"));
      commit(store, next, 2);

      for (const reader of [pinned, pinnedChild, view1] as KVReader[]) {
        assert.equal(str(reader.get(b("a"))), "1");
        assert.equal(reader.has(b("b")), true);
        assert.equal(reader.has(b("c")), false);
        assert.deepEqual(list(reader.iterator()), ["a=1", "b=1"]);
      }
      assert.deepEqual(list(store.begin().iterator()), ["a=2", "c=2"]);
      assert.equal(pinned.baseHeight, 1);
      // Built on height 1, so it cannot become height 3 on top of height 2.
      assert.throws(() => commit(store, pinned, 3), /begun at height 1/);
    });
  });

  test("a reader pinned at a pruned height fails instead of returning wrong data", () => {
    withStore({ keepRecent: 1, pruneInterval: 1 }, (store) => {
      block(store, 1, { a: "1" });
      const pinned = store.begin();
      pinned.set(b("local"), b("x"));
      const view1 = store.view(1);
      block(store, 2, { a: "2" });
      assert.throws(() => pinned.get(b("a")), HeightNotAvailableError);
      assert.throws(() => pinned.get(b("local")), HeightNotAvailableError);
      assert.throws(() => [...pinned.iterator()], HeightNotAvailableError);
      assert.throws(() => view1.get(b("a")), HeightNotAvailableError);
      assert.equal(str(store.view().get(b("a"))), "2");
    });
  });
});

describe("commit", () => {
  test("rejects bad heights, double commits and foreign or nested branches", () => {
    withStore({}, (store) => {
      block(store, 5, { a: "1" });
      const hash = Buffer.from(store.lastHash);
      const br = store.begin();
      br.set(b("x"), b("y"));
      assert.throws(() => store.commit(br, 5, hash), /greater than the last committed height 5/);
      assert.throws(() => store.commit(br, 4, hash), RangeError);
      assert.throws(() => store.commit(br, 0, hash), RangeError);
      assert.throws(() => store.commit(br, 6.5, hash), RangeError);
      assert.throws(() => store.commit(br.branch(), 6, hash), /not a root branch/);
      withStore({}, (other) => {
        assert.throws(() => other.commit(br, 6, hash), /not a root branch of this store/);
      });
      // Failed attempts changed nothing.
      assert.equal(store.lastHeight, 5);
      assert.deepEqual(Buffer.from(store.lastHash), hash);
      assert.equal(store.view().has(b("x")), false);

      commit(store, br, 6);
      assert.throws(() => store.commit(br, 7, hash), /already been committed/);
      assert.equal(store.lastHeight, 6);
    });
  });

  test("heights may skip; skipped heights read as the previous state", () => {
    withStore({}, (store) => {
      block(store, 1, { a: "1" });
      block(store, 4, { a: "4" });
      assert.equal(str(store.view(2).get(b("a"))), "1");
      assert.equal(store.hashAt(2), undefined);
      assert.ok(store.hashAt(4) !== undefined);
    });
  });

  test("reopening a file restores height, hash and state", () => {
    const path = tmpFile();
    let hash: Uint8Array;
    {
      const store = Store.open(path);
      block(store, 3, { a: "1", b: "2" });
      const br = store.begin();
      br.delete(b("a"));
      hash = commit(store, br, 4);
      store.close();
      assert.throws(() => store.begin(), /closed/);
    }
    const store = Store.open(path);
    try {
      assert.equal(store.lastHeight, 4);
      assert.deepEqual(Buffer.from(store.lastHash), Buffer.from(hash));
      assert.deepEqual(Buffer.from(store.hashAt(4)!), Buffer.from(hash));
      assert.equal(store.earliestHeight, 3);
      assert.deepEqual(list(store.view().iterator()), ["b=2"]);
      assert.deepEqual(list(store.view(3).iterator()), ["a=1", "b=2"]);
      block(store, 5, { c: "3" });
      assert.equal(store.lastHeight, 5);
    } finally {
      store.close();
    }
  });

  test("validates options", () => {
    assert.throws(() => Store.open(":memory:", { keepRecent: -1 }), RangeError);
    assert.throws(() => Store.open(":memory:", { pruneInterval: 0 }), RangeError);
    assert.throws(() => Store.open(":memory:", { synchronous: "OFF" as "FULL" }), RangeError);
    Store.open(":memory:", { synchronous: "NORMAL" }).close();
  });
});

describe("atomicity", () => {
  /** Makes SQLite abort the commit transaction partway, through a trigger added by another connection. */
  function failingCommit(trigger: string): void {
    const path = tmpFile();
    const store = Store.open(path);
    block(store, 1, { a: "1", z: "1" });
    const hash1 = Buffer.from(store.lastHash);

    const saboteur = new Database(path);
    saboteur.exec(trigger);
    saboteur.close();

    const br = store.begin();
    for (let i = 0; i < 500; i++) br.set(b(`k${String(i).padStart(3, "0")}`), b(`v${i}`));
    br.set(b("a"), b("2"));
    br.delete(b("z"));
    const hash2 = store.appHashOf(br, 2, store.lastHash);
    assert.throws(() => store.commit(br, 2, hash2), /injected failure/);
    // The in-memory view of the store is unchanged.
    assert.equal(store.lastHeight, 1);
    assert.deepEqual(Buffer.from(store.lastHash), hash1);
    assert.equal(store.hashAt(2), undefined);
    assert.throws(() => store.view(2), HeightNotAvailableError);
    store.close();

    const raw = new Database(path);
    raw.exec("DROP TRIGGER sabotage");
    assert.equal(raw.prepare("SELECT COUNT(*) FROM kv WHERE version = 2").pluck().get(), 0);
    assert.equal(raw.prepare("SELECT COUNT(*) FROM commits WHERE height = 2").pluck().get(), 0);
    raw.close();

    const reopened = Store.open(path);
    try {
      assert.equal(reopened.lastHeight, 1);
      assert.deepEqual(Buffer.from(reopened.lastHash), hash1);
      assert.deepEqual(list(reopened.view().iterator()), ["a=1", "z=1"]);
      // The same block can then be committed normally.
      const retry = reopened.begin();
      retry.set(b("a"), b("2"));
      commit(reopened, retry, 2);
      assert.deepEqual(list(reopened.view().iterator()), ["a=2", "z=1"]);
    } finally {
      reopened.close();
    }
  }

  test("a failure midway through the block rows leaves nothing of the block", () => {
    failingCommit(`CREATE TRIGGER sabotage BEFORE INSERT ON kv WHEN NEW.key = CAST('k250' AS BLOB)
                   BEGIN SELECT RAISE(ABORT, 'injected failure'); END`);
  });

  test("a failure after all rows, when recording the height, leaves nothing of the block", () => {
    failingCommit(`CREATE TRIGGER sabotage BEFORE INSERT ON commits
                   BEGIN SELECT RAISE(ABORT, 'injected failure'); END`);
  });

  test("a failed commit can be retried with the same branch", () => {
    const path = tmpFile();
    const store = Store.open(path);
    try {
      block(store, 1, { a: "1" });
      const saboteur = new Database(path);
      saboteur.exec(`CREATE TRIGGER sabotage BEFORE INSERT ON commits BEGIN SELECT RAISE(ABORT, 'injected failure'); END`);
      const br = store.begin();
      br.set(b("b"), b("2"));
      assert.throws(() => commit(store, br, 2), /injected failure/);
      saboteur.exec("DROP TRIGGER sabotage");
      saboteur.close();
      commit(store, br, 2);
      assert.deepEqual(list(store.view().iterator()), ["a=1", "b=2"]);
    } finally {
      store.close();
    }
  });
});

describe("pruning", () => {
  test("keeps the last keepRecent heights readable and rejects older ones", () => {
    const path = tmpFile();
    const store = Store.open(path, { keepRecent: 3, pruneInterval: 5 });
    try {
      block(store, 1, { stable: "s", gone: "g", a: "1" });
      for (let h = 2; h <= 9; h++) block(store, h, { a: String(h), [`k${h}`]: "x" });
      block(store, 10, { gone: null, a: "10" }); // prunes to 10 - 3 + 1 = 8
      assert.equal(store.earliestHeight, 8);
      for (let h = 11; h <= 14; h++) block(store, h, { a: String(h) });
      assert.equal(store.earliestHeight, 8, "no prune between intervals");

      assert.throws(
        () => store.view(7),
        (err: unknown) =>
          err instanceof HeightNotAvailableError &&
          err.height === 7 &&
          err.earliest === 8 &&
          err.latest === 14 &&
          /height 7 is not available: readable heights are 8\.\.14/.test(err.message),
      );
      assert.throws(() => store.view(15), /readable heights are 8\.\.14/);
      assert.equal(str(store.view(8).get(b("a"))), "8");
      assert.equal(str(store.view(8).get(b("stable"))), "s", "a key written once, long ago, survives");
      assert.equal(str(store.view(8).get(b("gone"))), "g");
      assert.equal(store.view(10).get(b("gone")), undefined);
      assert.deepEqual(keys(store.view(8).prefixIterator(b("k"))), ["k2", "k3", "k4", "k5", "k6", "k7", "k8"]);
      assert.ok(store.hashAt(2) !== undefined, "app hashes of pruned heights are kept");

      block(store, 15, {}); // prune to 13
      assert.equal(store.earliestHeight, 13);
      assert.throws(() => store.view(12), HeightNotAvailableError);
      assert.equal(str(store.view(13).get(b("a"))), "13");
      assert.equal(str(store.view(13).get(b("stable"))), "s");
      assert.equal(store.view(13).get(b("gone")), undefined);
      assert.ok(store.prunePending, "the commit moved the earliest height and deleted nothing");
      assert.deepEqual(storedVersions(path, "a").slice(0, 2), [1, 2]);
      while (store.pruneStep()) {
        /* drain */
      }
      assert.equal(store.prunePending, false);
      store.close();

      // Old versions and the tombstone are physically gone.
      const raw = new Database(path, { readonly: true });
      const versions = (k: string): number[] => raw.prepare("SELECT version FROM kv WHERE key = ? ORDER BY version").pluck().all(b(k)) as number[];
      assert.deepEqual(versions("a"), [13, 14]);
      assert.deepEqual(versions("stable"), [1]);
      assert.deepEqual(versions("gone"), []);
      raw.close();

      const reopened = Store.open(path, { keepRecent: 3, pruneInterval: 5 });
      assert.equal(reopened.earliestHeight, 13);
      assert.equal(reopened.prunePending, false);
      assert.throws(() => reopened.view(12), HeightNotAvailableError);
      reopened.close();
    } finally {
      store.close();
    }
  });

  test("a backlog leaves the commit at once and is deleted in steps, through a restart", () => {
    const path = tmpFile();
    const archive = Store.open(path, { keepRecent: 0 });
    try {
      block(archive, 1, { stable: "s", dropped: "d" });
      for (let h = 2; h <= 100; h++) block(archive, h, { a: String(h), [`k${h % 7}`]: String(h), ...(h === 50 ? { dropped: null } : {}) });
    } finally {
      archive.close();
    }
    // Keep-recent lowered on a store with 100 heights: the prune at height 105 makes 1..102 unreadable.
    let store = Store.open(path, { keepRecent: 3, pruneInterval: 5 });
    try {
      for (let h = 101; h <= 105; h++) block(store, h, { a: String(h) });
      assert.equal(store.earliestHeight, 103);
      assert.throws(() => store.view(102), HeightNotAvailableError);
      const readable = (): string[] => [103, 104, 105].flatMap((h) => list(store.view(h).iterator()));
      const expected = readable();
      assert.ok(expected.includes("stable=s") && !expected.some((e) => e.startsWith("dropped=")));
      const rowsBefore = storedRows(path);

      // Steps of 7 written rows: a step takes keys until their rows reach 7 (pruneWork.test.ts
      // has the exact bound), so the backlog goes over many steps.
      let steps = 0;
      let deleting = 0;
      let rows = rowsBefore;
      while (store.pruneStep(7)) {
        steps++;
        const now = storedRows(path);
        if (now < rows) deleting++;
        rows = now;
        assert.deepEqual(readable(), expected, `step ${steps}: reads at readable heights unchanged`);
        if (steps === 10) {
          // A restart in the middle goes on from where the persisted progress stands.
          store.close();
          store = Store.open(path, { keepRecent: 3, pruneInterval: 5 });
          assert.ok(store.prunePending);
        }
      }
      assert.ok(steps >= 15 && deleting >= 8, `${steps} steps, ${deleting} of them deleting`);
      assert.deepEqual(readable(), expected);
      assert.deepEqual(storedVersions(path, "a"), [103, 104, 105]);
      assert.deepEqual(storedVersions(path, "stable"), [1]);
      assert.deepEqual(storedVersions(path, "dropped"), []);
      assert.deepEqual(storedVersions(path, "k3"), [94]);
      assert.equal(store.pruneStep(7), false);
      assert.throws(() => store.pruneStep(0), RangeError);
    } finally {
      store.close();
    }
  });

  test("keepRecent = 0 keeps every height", () => {
    withStore({ keepRecent: 0, pruneInterval: 1 }, (store) => {
      for (let h = 1; h <= 20; h++) block(store, h, { a: String(h) });
      assert.equal(store.earliestHeight, 1);
      assert.equal(str(store.view(1).get(b("a"))), "1");
    });
  });
});

describe("iteration", () => {
  test("ranges, prefixes and their edges", () => {
    withStore({}, (store) => {
      const br = store.begin();
      for (const k of ["", "\x00", "a", "a\x00", "a\xff", "a\xff\xff", "ab", "b", "\xff", "\xff\xff"]) br.set(b(k), b("v"));
      commit(store, br, 1);
      const child = store.begin().branch();
      child.set(b("aa"), b("v"));
      for (const reader of [store.view() as KVReader, child]) {
        const extra = reader === child ? ["aa"] : [];
        assert.deepEqual(keys(reader.prefixIterator(b("a"))), ["a", "a\x00", ...extra, "a\xff", "a\xff\xff", "ab"].sort());
        assert.deepEqual(keys(reader.prefixIterator(b("a\xff"))), ["a\xff", "a\xff\xff"]);
        assert.deepEqual(keys(reader.prefixIterator(b("\xff"))), ["\xff", "\xff\xff"]);
        assert.deepEqual(keys(reader.prefixIterator(b("\xff"), true)), ["\xff\xff", "\xff"]);
        assert.equal(keys(reader.prefixIterator(b(""))).length, 10 + extra.length);
        assert.deepEqual(keys(reader.iterator({ start: b("a"), end: b("b") })), ["a", "a\x00", ...extra, "a\xff", "a\xff\xff", "ab"].sort());
        assert.deepEqual(keys(reader.iterator({ start: b("a\xff"), end: b("b"), reverse: true })), ["a\xff\xff", "a\xff"]);
        assert.deepEqual(keys(reader.iterator({ start: b("a\x00"), end: b("a\xff"), reverse: true })), ["ab", ...extra, "a\x00"]);
        assert.deepEqual(keys(reader.iterator({ end: b("a") })), ["", "\x00"]);
        assert.deepEqual(keys(reader.iterator({ start: b("b"), end: b("a") })), []);
        assert.deepEqual(keys(reader.iterator({ start: b("a"), end: b("a") })), []);
      }
    });
  });

  test("reads and writes during iteration do not break it", () => {
    withStore({}, (store) => {
      const br = store.begin();
      const total = 3000; // many SQLite pages
      const key = (i: number): Buffer => b(`k${String(i).padStart(5, "0")}`);
      for (let i = 0; i < total; i += 2) br.set(key(i), b(String(i)));
      commit(store, br, 1);

      const work = store.begin();
      for (let i = 1; i < total; i += 4) work.set(key(i), b(String(i)));
      for (const reverse of [false, true]) {
        const before = new Set(keys(work.iterator()));
        const touched = new Set<string>();
        const seen: string[] = [];
        let n = 0;
        for (const e of work.iterator({ reverse })) {
          seen.push(str(e.key)!);
          n++;
          // Another statement mid-iteration; values written since iteration began may differ.
          if (!touched.has(str(e.key)!)) assert.equal(str(work.get(e.key)), str(e.value));
          work.set(b(`new${n}`), b("x")); // new keys
          const changed = key((n * 7) % total); // keys ahead and behind
          work.set(changed, b("changed"));
          touched.add(str(changed)!);
          if (n % 3 === 0) {
            const deleted = key((n * 13) % total);
            work.delete(deleted);
            touched.add(str(deleted)!);
          }
          const child = work.branch();
          child.set(b("tmp"), b("x"));
          for (const _ of child.prefixIterator(b("k0001"))) break; // nested iterator
          child.write();
        }
        const sorted = [...seen].sort();
        assert.deepEqual(seen, reverse ? sorted.reverse() : sorted, "keys come out in order");
        assert.equal(new Set(seen).size, seen.length, "no key twice");
        const seenSet = new Set(seen);
        for (const k of before) if (!touched.has(k)) assert.ok(seenSet.has(k), `untouched key ${k} was seen`);
        assert.ok(before.size > 2000);
      }
      commit(store, work, 2);
    });
  });

  test("an abandoned iterator leaves the store usable", () => {
    withStore({}, (store) => {
      block(store, 1, Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, "v"])));
      const it = store.view().iterator();
      it.next();
      block(store, 2, { k1: null });
      assert.equal(store.view().has(b("k1")), false);
      assert.equal(it.next().done, false);
    });
  });
});
