// ReadOnlyStore's cache of latest reads: a query at the same latest height reads from memory, and a
// new height, or the same height committed again after a rollback, is read from the database.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import Database from "better-sqlite3";
import { ReadOnlyStore } from "./readOnlyStore.js";
import { Store } from "./store.js";

const dir = mkdtempSync(join(tmpdir(), "read-only-store-"));
after(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const b = (s: string) => Buffer.from(s);
const str = (v: Uint8Array | undefined) => (v === undefined ? undefined : Buffer.from(v).toString());

function block(store: Store, writes: Record<string, string>): void {
  const br = store.begin();
  for (const [k, v] of Object.entries(writes)) br.set(b(k), b(v));
  const height = store.lastHeight + 1;
  store.commit(br, height, store.appHashOf(br, height, store.lastHash));
}

/** A store with `k` = one at height 1, a reader on it, and a raw connection that edits rows behind both. */
function open(): { store: Store; reader: ReadOnlyStore; raw: Database.Database; read: (height?: number) => Promise<string | undefined> } {
  const file = join(dir, `db-${++n}.sqlite`);
  const store = Store.open(file);
  block(store, { k: "one" });
  const reader = ReadOnlyStore.open(file);
  const raw = new Database(file);
  const read = (height?: number) => reader.snapshot(() => str(reader.view(height).get(b("k"))));
  return { store, reader, raw, read };
}

const close = (o: { store: Store; reader: ReadOnlyStore; raw: Database.Database }) => {
  o.raw.close();
  o.reader.close();
  o.store.close();
};

test("a read of the latest height is kept for the next query at that height, and a new height reads the database", async () => {
  const o = open();
  try {
    assert.equal(await o.read(), "one");
    // Behind the reader's back (no commit: same height, same app hash), the row changes.
    o.raw.prepare("UPDATE latest SET value = ? WHERE key = ?").run(b("edited"), b("k"));
    assert.equal(await o.read(), "one", "the second query at height 1 is answered from memory");
    block(o.store, { k: "two" });
    assert.equal(await o.read(), "two", "height 2 starts an empty cache");
    assert.equal(await o.read(1), "one", "an older height reads its own version");
  } finally {
    close(o);
  }
});

test("the same height committed again after a rollback, with another app hash, is read afresh", async () => {
  const o = open();
  try {
    block(o.store, { k: "two" });
    assert.equal(await o.read(), "two");
    o.store.rollbackLatest();
    block(o.store, { k: "other" });
    assert.equal(await o.read(), "other");
  } finally {
    close(o);
  }
});

test("a caller that changes the bytes it was given does not change what the next query reads", async () => {
  const o = open();
  try {
    await o.reader.snapshot(() => o.reader.view().get(b("k"))!.fill(0));
    assert.equal(await o.read(), "one");
    assert.equal(await o.read(), "one");
  } finally {
    close(o);
  }
});
