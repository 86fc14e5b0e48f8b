// The `latest` table beside the versioned history: reads and iteration at the latest height use
// only it (however long the history), it always equals the live state, and a store written in
// the first layout (no `latest`) is migrated on open.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import Database from "better-sqlite3";
import { ReadOnlyStore } from "./readOnlyStore.js";
import { Store } from "./store.js";
import type { KVReader } from "./types.js";

const b = (s: string): Buffer => Buffer.from(s, "latin1");
const list = (state: KVReader, prefix = ""): string[] =>
  Array.from(state.prefixIterator(b(prefix)), (e) => `${Buffer.from(e.key).toString("latin1")}=${Buffer.from(e.value).toString("latin1")}`);

const tmpRoot = mkdtempSync(join(tmpdir(), "latest-table-"));
after(() => rmSync(tmpRoot, { recursive: true, force: true }));
let n = 0;
const tmpFile = (): string => join(tmpRoot, `db-${++n}.sqlite`);

function block(store: Store, writes: Record<string, string | null>): void {
  const br = store.begin();
  for (const [k, v] of Object.entries(writes)) {
    if (v === null) br.delete(b(k));
    else br.set(b(k), b(v));
  }
  const height = store.lastHeight + 1;
  store.commit(br, height, store.appHashOf(br, height, store.lastHash));
}

/** A queue that grows and drains (like staking's unbonding queue): many tombstones, few live keys. */
function churn(store: Store, blocks: number): void {
  for (let i = 0; i < blocks; i++) {
    const h = store.lastHeight + 1;
    block(store, { [`q/${String(h).padStart(6, "0")}`]: "entry", ...(h > 3 ? { [`q/${String(h - 3).padStart(6, "0")}`]: null } : {}), "v/a": `power${h}` });
  }
}

test("latest-height reads and iteration never read the history: they answer with every old version gone", () => {
  const path = tmpFile();
  const store = Store.open(path, { synchronous: "NORMAL" });
  churn(store, 200);
  const before = { queue: list(store.view(), "q/"), validator: list(store.view(), "v/") };
  assert.equal(before.queue.length, 3);
  // Delete the whole history behind the store's back: what the latest height reads must not change.
  const raw = new Database(path);
  raw.exec("DELETE FROM kv");
  raw.close();
  assert.deepEqual(list(store.view(), "q/"), before.queue);
  assert.deepEqual(list(store.begin(), "v/"), before.validator);
  assert.equal(Buffer.from(store.view().get(b("v/a"))!).toString(), "power200");
  // Older heights do read the history (and now find it empty).
  assert.deepEqual(list(store.view(150), "q/"), []);
  store.close();
});

test("the latest table equals the live entries of the latest height after sets, overwrites and deletes", () => {
  const path = tmpFile();
  const store = Store.open(path, { synchronous: "NORMAL", keepRecent: 5, pruneInterval: 3 });
  churn(store, 50);
  block(store, { "v/a": null, "v/b": "x", "q/000049": "changed" });
  const raw = new Database(path, { readonly: true });
  const fromLatest = raw
    .prepare<[], { key: Buffer; value: Buffer }>("SELECT key, value FROM latest ORDER BY key")
    .all()
    .map((r) => `${r.key.toString("latin1")}=${r.value.toString("latin1")}`);
  raw.close();
  assert.deepEqual(fromLatest, list(store.view()));
  assert.deepEqual(fromLatest, ["q/000048=entry", "q/000049=changed", "q/000050=entry", "v/b=x"]);
  store.close();
});

test("a store in the first layout (no latest table) is migrated when opened, history intact", () => {
  const path = tmpFile();
  const v1 = new Database(path);
  v1.exec(`
    CREATE TABLE kv (key BLOB NOT NULL, version INTEGER NOT NULL, value BLOB, PRIMARY KEY (key, version)) WITHOUT ROWID;
    CREATE TABLE commits (height INTEGER PRIMARY KEY, app_hash BLOB NOT NULL);
    CREATE TABLE meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
    INSERT INTO meta VALUES ('schema_version', 1), ('latest_height', 2), ('earliest_height', 1);
    INSERT INTO commits VALUES (1, x'01'), (2, x'02');
  `);
  const insert = v1.prepare("INSERT INTO kv VALUES (?, ?, ?)");
  insert.run(b("a"), 1, b("a1"));
  insert.run(b("a"), 2, b("a2"));
  insert.run(b("b"), 1, b("b1"));
  insert.run(b("b"), 2, null);
  insert.run(b("c"), 2, b("c2"));
  v1.close();

  const store = Store.open(path);
  assert.deepEqual(list(store.view()), ["a=a2", "c=c2"]);
  assert.deepEqual(list(store.view(1)), ["a=a1", "b=b1"]);
  block(store, { c: null, d: "d3" });
  assert.deepEqual(list(store.view()), ["a=a2", "d=d3"]);
  store.close();
  const raw = new Database(path, { readonly: true });
  assert.equal(raw.prepare("SELECT value FROM meta WHERE name = 'schema_version'").pluck().get(), 3);
  raw.close();
});

test("a read-only connection reads one snapshot per query while the writer commits", async () => {
  const path = tmpFile();
  const store = Store.open(path);
  block(store, { k: "one" });
  const reader = ReadOnlyStore.open(path);
  const seen = await reader.snapshot(async () => {
    const first = Buffer.from(reader.view().get(b("k"))!).toString();
    const height = reader.lastHeight;
    block(store, { k: "two" }); // commits while the snapshot is open
    await new Promise((r) => setImmediate(r));
    return { first, height, again: Buffer.from(reader.view().get(b("k"))!).toString(), heightAgain: reader.lastHeight };
  });
  assert.deepEqual(seen, { first: "one", height: 1, again: "one", heightAgain: 1 });
  const next = await reader.snapshot(() => ({ latest: reader.lastHeight, k: Buffer.from(reader.view().get(b("k"))!).toString(), old: list(reader.view(1)) }));
  assert.deepEqual(next, { latest: 2, k: "two", old: ["k=one"] });
  assert.throws(() => reader.view(), /outside a snapshot/);
  await assert.rejects(
    reader.snapshot(() => reader.view(7)),
    /height 7 is not available/,
  );
  reader.close();
  store.close();
});
