// The store's state accumulator: kept incrementally block by block, it always equals the one
// computed from scratch over the live state; it survives reopening, follows rollback and restore,
// and a store written before it existed gets it on open.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import Database from "better-sqlite3";
import { prng, seedFromEnv } from "../../test/support/prng.js";
import { oracleAppHash, oracleStateHash } from "./oracle.js";
import { ReadOnlyStore } from "./readOnlyStore.js";
import { Store } from "./store.js";
import type { Branch } from "./branch.js";
import type { KVReader } from "./types.js";

const b = (s: string): Buffer => Buffer.from(s, "latin1");
const hex = (u: Uint8Array | undefined): string | undefined => (u === undefined ? undefined : Buffer.from(u).toString("hex"));
const root = mkdtempSync(join(tmpdir(), "state-commitment-"));
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const file = (): string => join(root, `db-${++n}.sqlite`);

/** The state hash of what `state` holds, from scratch by the reference encoder. */
const scratch = (state: KVReader): string => hex(oracleStateHash(Array.from(state.iterator(), (e) => ({ key: e.key, value: e.value }))))!;

/** The state hash of the rows of the `latest` table, read straight from the file. */
function fromLatestTable(path: string): string {
  const raw = new Database(path, { readonly: true });
  try {
    return hex(oracleStateHash(raw.prepare<[], { key: Buffer; value: Buffer }>("SELECT key, value FROM latest").all()))!;
  } finally {
    raw.close();
  }
}

function stateHashColumn(path: string, height: number): string | undefined {
  const raw = new Database(path, { readonly: true });
  try {
    return hex(raw.prepare<[number], Buffer | null>("SELECT state_hash FROM commits WHERE height = ?").pluck().get(height) ?? undefined);
  } finally {
    raw.close();
  }
}

function block(store: Store, writes: Record<string, string | null>): Buffer {
  const br = store.begin();
  for (const [k, v] of Object.entries(writes)) {
    if (v === null) br.delete(b(k));
    else br.set(b(k), b(v));
  }
  const height = store.lastHeight + 1;
  const hash = store.appHashOf(br, height, store.lastHash);
  store.commit(br, height, hash);
  return hash;
}

test("over many random blocks the incremental accumulator equals the one from scratch over the latest table", () => {
  const seed = seedFromEnv("STATE_HASH_SEED");
  const random = prng(seed);
  const int = (k: number): number => Math.floor(random() * k);
  const path = file();
  let store = Store.open(path, { synchronous: "NORMAL", keepRecent: int(2) === 0 ? 0 : 4, pruneInterval: 3 });
  for (let height = 1; height <= 60; height++) {
    const top = store.begin();
    // Nested branches like txs: some written into the block, some dropped.
    const levels: Branch[] = [top];
    const writes = 1 + int(25);
    for (let i = 0; i < writes; i++) {
      const at = levels[levels.length - 1]!;
      const key = b(`k/${int(40)}`);
      const r = random();
      if (r < 0.55)
        at.set(key, b(`v${int(5)}`)); // small value space: rewrites of the same value happen
      else if (r < 0.75)
        at.delete(key); // deletions of absent keys happen too
      else if (r < 0.85 && levels.length < 4) levels.push(at.branch());
      else if (levels.length > 1) {
        const child = levels.pop()!;
        if (random() < 0.7) child.write();
      }
    }
    while (levels.length > 1) {
      const child = levels.pop()!;
      if (random() < 0.7) child.write();
    }
    // Some blocks are hashed before commit (as the app does), some committed directly.
    const hash = random() < 0.8 ? store.appHashOf(top, height, store.lastHash) : Buffer.alloc(32, height);
    store.commit(top, height, hash);
    const expected = fromLatestTable(path);
    assert.equal(hex(store.lastStateHash), expected, `seed ${seed}, height ${height}: incremental vs latest table`);
    assert.equal(scratch(store.view()), expected, `seed ${seed}, height ${height}: latest table vs reads`);
    assert.equal(stateHashColumn(path, height), expected, `seed ${seed}, height ${height}: the state hash recorded beside the app hash`);
    if (random() < 0.15) {
      store.close();
      store = Store.open(path, { synchronous: "NORMAL" });
      assert.equal(hex(store.lastStateHash), expected, `seed ${seed}, height ${height}: kept across a reopen`);
    }
  }
  store.close();
});

test("the same final state reached through different block splits has the same state hash", () => {
  const entries = Array.from({ length: 30 }, (_, i) => [`key/${i}`, `value ${i}`] as const);
  const one = Store.open(":memory:");
  block(one, Object.fromEntries(entries));
  const many = Store.open(":memory:");
  // Other order, other blocks, and detours: a key set to something else first, a key created then deleted.
  block(many, { "key/29": "first", extra: "gone later" });
  for (let i = entries.length - 1; i >= 0; i -= 7) block(many, Object.fromEntries(entries.slice(Math.max(0, i - 6), i + 1)));
  block(many, { extra: null });
  assert.equal(hex(many.lastStateHash), hex(one.lastStateHash));
  assert.notEqual(hex(many.lastHash), hex(one.lastHash), "the app hashes differ: they commit to the chain of changes too");
  one.close();
  many.close();
});

test("an app hash of a child branch over a pending root, then commit of the root, as the first block after genesis", () => {
  for (const initialHeight of [1, 5]) {
    const store = Store.open(":memory:");
    const genesis = store.begin();
    genesis.set(b("a"), b("genesis"));
    genesis.set(b("b"), b("genesis"));
    const genesisHash = store.appHashOf(genesis, initialHeight - 1, new Uint8Array());
    const genesisState = [
      { key: b("a"), value: b("genesis") },
      { key: b("b"), value: b("genesis") },
    ];
    assert.equal(hex(genesisHash), hex(oracleAppHash(new Uint8Array(), initialHeight - 1, oracleStateHash(genesisState), genesis.changes())));
    const first = genesis.branch();
    first.set(b("a"), b("block"));
    first.delete(b("b"));
    first.set(b("c"), b("block"));
    const hash = store.appHashOf(first, initialHeight, genesisHash);
    const after = [
      { key: b("a"), value: b("block") },
      { key: b("c"), value: b("block") },
    ];
    assert.equal(hex(hash), hex(oracleAppHash(genesisHash, initialHeight, oracleStateHash(after), first.changes())));
    first.write();
    store.commit(genesis, initialHeight, hash);
    assert.equal(hex(store.lastStateHash), hex(oracleStateHash(after)));
    assert.equal(scratch(store.view()), hex(oracleStateHash(after)));
    store.close();
  }
});

test("a remembered accumulator goes stale when its branch or a parent is written again", () => {
  const store = Store.open(":memory:");
  block(store, { a: "1" });
  const top = store.begin();
  const child = top.branch();
  child.set(b("x"), b("1"));
  const before = store.appHashOf(child, 2, store.lastHash);
  top.set(b("y"), b("parent wrote after"));
  const after = store.appHashOf(child, 2, store.lastHash);
  assert.notEqual(hex(after), hex(before));
  const expected = [
    { key: b("a"), value: b("1") },
    { key: b("x"), value: b("1") },
    { key: b("y"), value: b("parent wrote after") },
  ];
  assert.equal(hex(after), hex(oracleAppHash(store.lastHash, 2, oracleStateHash(expected), child.changes())));
  child.write();
  top.set(b("z"), b("root wrote after the child"));
  store.commit(top, 2, Buffer.alloc(32));
  assert.equal(hex(store.lastStateHash), hex(oracleStateHash([...expected, { key: b("z"), value: b("root wrote after the child") }])));
  assert.throws(() => store.appHashOf(top, 3, store.lastHash), /already been written or committed/);
  const stale = store.begin();
  block(store, { q: "moved on" });
  assert.throws(() => store.appHashOf(stale, 4, store.lastHash), /begun at height 2 but the store is now at height 3/);
  const other = Store.open(":memory:");
  assert.throws(() => other.appHashOf(store.begin(), 1, new Uint8Array()), /not a branch of this store/);
  other.close();
  store.close();
});

test("rollback puts the state hash and app hash back to the height below, and re-execution gives the same hashes", () => {
  const path = file();
  const store = Store.open(path);
  block(store, { a: "1", b: "1", c: "1" });
  block(store, { a: "2", d: "2" });
  const two = { hash: hex(store.lastHash), state: hex(store.lastStateHash) };
  const three = block(store, { a: "3", b: null, e: "3", d: "2b", never: null });
  const threeState = hex(store.lastStateHash);
  assert.equal(hex(store.rollbackLatest().appHash), two.hash);
  assert.equal(hex(store.lastStateHash), two.state);
  assert.equal(fromLatestTable(path), two.state);
  store.close();
  const reopened = Store.open(path);
  assert.equal(hex(reopened.lastStateHash), two.state, "the rolled-back accumulator was persisted");
  assert.equal(hex(block(reopened, { a: "3", b: null, e: "3", d: "2b", never: null })), hex(three));
  assert.equal(hex(reopened.lastStateHash), threeState);
  reopened.close();
});

test("rollback is refused, changing nothing, when the result does not match the state hash recorded below", () => {
  const path = file();
  let store = Store.open(path);
  block(store, { a: "1" });
  block(store, { a: "2" });
  store.close();
  const raw = new Database(path);
  raw.prepare("UPDATE commits SET state_hash = ? WHERE height = 1").run(Buffer.alloc(32, 1));
  raw.close();
  store = Store.open(path);
  const hash = hex(store.lastHash);
  assert.throws(() => store.rollbackLatest(), /does not match the state hash recorded for it; the store is unchanged/);
  assert.equal(store.lastHeight, 2);
  assert.equal(hex(store.lastHash), hash);
  assert.equal(Buffer.from(store.view().get(b("a"))!).toString(), "2");
  store.close();
  store = Store.open(path);
  assert.equal(store.lastHeight, 2);
  assert.equal(hex(store.lastStateHash), fromLatestTable(path));
  store.close();
});

test("restore computes the accumulator of the restored entries: the source's state hash, and the same next app hash", () => {
  const source = Store.open(":memory:");
  for (let h = 1; h <= 5; h++) block(source, { [`k${h}`]: `v${h}`, k1: `rewritten at ${h}`, ...(h === 4 ? { k2: null } : {}) });
  const target = Store.open(file());
  const entries = Array.from(source.view().iterator(), (e): [Buffer, Buffer] => [Buffer.from(e.key), Buffer.from(e.value)]);
  target.restore(5, source.lastHash, entries);
  assert.equal(hex(target.lastStateHash), hex(source.lastStateHash));
  assert.equal(hex(block(target, { k9: "next" })), hex(block(source, { k9: "next" })));
  source.close();
  target.close();
});

/** A store file in schema version 2 (before the state accumulator), at height 2. */
function version2Store(path: string): void {
  const db = new Database(path);
  db.exec(`
    CREATE TABLE kv (key BLOB NOT NULL, version INTEGER NOT NULL, value BLOB, PRIMARY KEY (key, version)) WITHOUT ROWID;
    CREATE TABLE latest (key BLOB PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID;
    CREATE TABLE commits (height INTEGER PRIMARY KEY, app_hash BLOB NOT NULL);
    CREATE TABLE meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
    INSERT INTO meta VALUES ('schema_version', 2), ('latest_height', 2), ('earliest_height', 1);
    INSERT INTO commits VALUES (1, x'01'), (2, x'02');
  `);
  const kv = db.prepare("INSERT INTO kv VALUES (?, ?, ?)");
  const latest = db.prepare("INSERT INTO latest VALUES (?, ?)");
  kv.run(b("a"), 1, b("a1"));
  kv.run(b("a"), 2, b("a2"));
  kv.run(b("b"), 1, b("b1"));
  kv.run(b("b"), 2, null);
  kv.run(b("c"), 2, b("c2"));
  latest.run(b("a"), b("a2"));
  latest.run(b("c"), b("c2"));
  db.close();
}

test("a store without the accumulator (schema version 2) gets it from the latest table on open", async () => {
  const path = file();
  version2Store(path);
  const expected = hex(
    oracleStateHash([
      { key: b("a"), value: b("a2") },
      { key: b("c"), value: b("c2") },
    ]),
  );
  const store = Store.open(path);
  assert.equal(store.lastHeight, 2);
  assert.equal(hex(store.lastStateHash), expected);
  assert.equal(stateHashColumn(path, 2), expected, "the latest height gets its state hash");
  assert.equal(stateHashColumn(path, 1), undefined, "older heights have none");
  // Rolling back to height 1 cannot be checked against a recorded state hash, but is still exact.
  block(store, { a: "a3", d: "d3" });
  assert.equal(hex(store.lastStateHash), fromLatestTable(path));
  store.rollbackLatest();
  assert.equal(hex(store.lastStateHash), expected);
  store.rollbackLatest();
  assert.equal(hex(store.lastStateHash), fromLatestTable(path));
  store.close();
  const raw = new Database(path, { readonly: true });
  assert.equal(raw.prepare("SELECT value FROM meta WHERE name = 'schema_version'").pluck().get(), 3);
  raw.close();
  // Query workers open the migrated file read-only as before.
  const reader = ReadOnlyStore.open(path);
  assert.deepEqual(await reader.snapshot(() => Array.from(reader.view().iterator(), (e) => Buffer.from(e.value).toString())), ["a1", "b1"]);
  reader.close();
});

test("an empty store; a missing or stale accumulator row is recomputed from the latest table on open", () => {
  const empty = Store.open(file());
  assert.equal(hex(empty.lastStateHash), hex(oracleStateHash([])));
  empty.close();
  const path = file();
  let store = Store.open(path);
  block(store, { a: "1" });
  block(store, { b: "2" });
  const expected = hex(store.lastStateHash);
  store.close();
  // As a schema 2 binary would leave it after committing to a file a newer one had migrated.
  const raw = new Database(path);
  raw.prepare("UPDATE state_sum SET height = 1, lanes = ?").run(Buffer.alloc(2048, 3));
  raw.prepare("UPDATE commits SET state_hash = NULL WHERE height = 2").run();
  raw.close();
  store = Store.open(path);
  assert.equal(hex(store.lastStateHash), expected);
  assert.equal(stateHashColumn(path, 2), expected);
  store.close();
  const raw2 = new Database(path);
  raw2.prepare("DELETE FROM state_sum").run();
  raw2.close();
  store = Store.open(path);
  assert.equal(hex(store.lastStateHash), expected);
  store.close();
});
