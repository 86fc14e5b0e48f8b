import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import Database from "better-sqlite3";
import { LatestReadCache } from "./latestReadCache.js";
import { Store } from "./store.js";
import type { KVEntry, KVReader } from "./types.js";

const tmpRoot = mkdtempSync(join(tmpdir(), "latest-read-cache-"));
after(() => rmSync(tmpRoot, { recursive: true, force: true }));

const b = (s: string): Buffer => Buffer.from(s, "latin1");
const str = (v: Uint8Array | undefined): string | undefined => (v === undefined ? undefined : Buffer.from(v).toString("latin1"));

function block(store: Store, writes: Record<string, string | null>): void {
  const branch = store.begin();
  for (const k of Object.keys(writes).sort()) {
    const v = writes[k]!;
    if (v === null) branch.delete(b(k));
    else branch.set(b(k), b(v));
  }
  const height = store.lastHeight + 1;
  store.commit(branch, height, store.appHashOf(branch, height, store.lastHash));
}

test("latest reads stay exact across commits that change, delete and create cached keys", () => {
  const store = Store.open(":memory:");
  block(store, { a: "1", b: "1" });
  const atOne = store.view(1);
  // Cache a value, a value that will be deleted, and an absent key that will appear.
  assert.equal(str(store.view().get(b("a"))), "1");
  assert.equal(str(store.view().get(b("b"))), "1");
  assert.equal(store.view().get(b("c")), undefined);
  block(store, { a: "2", b: null, c: "3" });
  assert.equal(str(store.view().get(b("a"))), "2");
  assert.equal(store.view().get(b("b")), undefined);
  assert.equal(str(store.view().get(b("c"))), "3");
  assert.equal(store.view().has(b("b")), false);
  // A view pinned at the older height still reads that height, cache or not.
  assert.equal(str(atOne.get(b("a"))), "1");
  assert.equal(str(atOne.get(b("b"))), "1");
  assert.equal(atOne.get(b("c")), undefined);
  // A branch begun at the latest height reads through the cache to the same values.
  const branch = store.begin();
  assert.equal(str(branch.get(b("a"))), "2");
  store.close();
});

test("a block's changes are read from memory at the new height, not from SQLite again", () => {
  const store = Store.open(":memory:");
  const backend = (store as unknown as { backend: { get: (key: Buffer, height: number) => Buffer | undefined } }).backend;
  const realGet = backend.get.bind(backend);
  const sqliteReads: string[] = [];
  backend.get = (key, height) => {
    sqliteReads.push(str(key)!);
    return realGet(key, height);
  };
  block(store, { a: "1", b: "1" });
  assert.deepEqual(
    ["a", "b", "c"].map((k) => str(store.view().get(b(k)))),
    ["1", "1", undefined],
  );
  assert.deepEqual(sqliteReads.splice(0), ["a", "b", "c"]);
  block(store, { a: "2", b: null, c: "3", d: "4" });
  // The app hash folds each change against the value it replaces: d, never read, is read once.
  assert.deepEqual(sqliteReads.splice(0), ["d"]);
  assert.deepEqual(
    ["a", "b", "c", "d"].map((k) => str(store.view().get(b(k)))),
    ["2", undefined, "3", "4"],
  );
  assert.deepEqual(sqliteReads.splice(0), [], "changed, deleted and created keys need no SQLite read at the new height");
  assert.equal(str(store.view(1).get(b("a"))), "1", "the height before still reads its own values");
  store.close();
});

test("a caller that mutates a value it read does not change the next read", () => {
  const store = Store.open(":memory:");
  block(store, { k: "value" });
  const first = store.view().get(b("k"))!;
  first.fill(0);
  assert.equal(str(store.view().get(b("k"))), "value");
  assert.equal(str(store.view().get(b("k"))), "value");
  store.close();
});

test("bounded by entries and by bytes, least recently used first", () => {
  const cache = new LatestReadCache(3, 1_000_000);
  for (const k of ["a", "b", "c", "d"]) cache.set(k, b(k));
  assert.equal(cache.size, 3);
  assert.equal(cache.get("a"), undefined, "the oldest went");
  assert.equal(str(cache.get("d") ?? undefined), "d");
  const small = new LatestReadCache(100, 600);
  small.set("x", Buffer.alloc(300));
  small.set("y", Buffer.alloc(300));
  assert.equal(small.get("x"), undefined, "evicted by weight");
  assert.notEqual(small.get("y"), undefined);
  cache.set("absent", undefined);
  assert.equal(cache.get("absent"), null, "an absent key is remembered as absent");
});

const ALL = ["a", "b", "c", "d", "e"];
/** Every key of ALL as `get` answers it and as iteration answers it: the two must agree. */
function readAll(reader: KVReader): { got: (string | undefined)[]; iterated: (string | undefined)[] } {
  const entries = new Map(Array.from(reader.iterator(), (e: KVEntry) => [str(e.key)!, str(e.value)]));
  return { got: ALL.map((k) => str(reader.get(b(k)))), iterated: ALL.map((k) => entries.get(k)) };
}

test("readers pinned at the pending block's base height read it before and after the commit that moves the store on", () => {
  const store = Store.open(":memory:");
  block(store, { a: "1", b: "1", c: "1" });
  const root = store.begin(); // FinalizeBlock's root for height 2, pinned at 1
  const reader = store.begin(); // the mempool's check state over the same height
  // Cached at height 1 through the root's reads.
  assert.deepEqual(readAll(reader).got, ["1", "1", "1", undefined, undefined]);
  root.set(b("a"), b("2"));
  root.delete(b("b"));
  root.set(b("d"), b("2"));
  const pinnedView = store.view();
  store.commit(root, 2, store.appHashOf(root, 2, store.lastHash));
  // Height 1 readers (pinned before the commit) still see height 1 where the block wrote.
  const atOne = readAll(pinnedView);
  assert.deepEqual(atOne.got, ["1", "1", "1", undefined, undefined]);
  assert.deepEqual(atOne.iterated, atOne.got);
  assert.deepEqual(readAll(reader).got, ["1", "1", "1", undefined, undefined]);
  // The committed root reads its own writes over height 1.
  assert.deepEqual([str(root.get(b("a"))), str(root.get(b("b"))), str(root.get(b("d")))], ["2", undefined, "2"]);
  // The new latest height, through the cache, agrees with iteration, which never uses it.
  const latest = readAll(store.view());
  assert.deepEqual(latest.got, ["2", undefined, "1", "2", undefined]);
  assert.deepEqual(latest.iterated, latest.got);
  assert.equal(store.view().has(b("b")), false);
  assert.equal(store.begin().has(b("d")), true);
  store.close();
});

test("a commit that fails in SQLite leaves the cached reads of the latest height exact, and its retry drops what it changed", () => {
  const path = join(tmpRoot, "failing.sqlite");
  const store = Store.open(path);
  block(store, { a: "1", b: "1" });
  assert.deepEqual(readAll(store.view()).got, ["1", "1", undefined, undefined, undefined]);
  const saboteur = new Database(path);
  saboteur.exec(`CREATE TRIGGER sabotage BEFORE INSERT ON commits BEGIN SELECT RAISE(ABORT, 'injected failure'); END`);
  const branch = store.begin();
  branch.set(b("a"), b("2"));
  branch.delete(b("b"));
  branch.set(b("c"), b("2"));
  const hash = store.appHashOf(branch, 2, store.lastHash);
  assert.throws(() => store.commit(branch, 2, hash), /injected failure/);
  assert.deepEqual(readAll(store.view()).got, ["1", "1", undefined, undefined, undefined], "still height 1");
  saboteur.exec("DROP TRIGGER sabotage");
  saboteur.close();
  store.commit(branch, 2, hash);
  const latest = readAll(store.view());
  assert.deepEqual(latest.got, ["2", undefined, "2", undefined, undefined]);
  assert.deepEqual(latest.iterated, latest.got);
  store.close();
  // A reopened store starts with no cache and reads the same.
  const reopened = Store.open(path);
  assert.deepEqual(readAll(reopened.view()).got, latest.got);
  reopened.close();
});

test("pruning (tombstones and superseded versions) never makes a cached latest read stale", () => {
  const store = Store.open(":memory:", { keepRecent: 1, pruneInterval: 1 });
  block(store, { a: "1", b: "1", c: "1" });
  for (let h = 2; h <= 8; h++) {
    // Read everything at the latest height (filling the cache), then change some of it.
    const before = readAll(store.view());
    assert.deepEqual(before.iterated, before.got, `height ${h - 1}`);
    block(store, h % 2 === 0 ? { a: String(h), b: null, e: String(h) } : { b: String(h), e: null });
  }
  const latest = readAll(store.view());
  assert.deepEqual(latest.got, ["8", undefined, "1", undefined, "8"]);
  assert.deepEqual(latest.iterated, latest.got);
  store.close();
});
