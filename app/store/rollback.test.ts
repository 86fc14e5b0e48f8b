// Store.rollbackLatest (`unitd rollback`): the latest height's writes and deletes are undone, the
// store reads as the height below, survives a reopen, and the next commit of that height works.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { Store } from "./store.js";

const dir = mkdtempSync(join(tmpdir(), "store-rollback-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const b = (s: string) => Buffer.from(s);
const str = (v: Uint8Array | undefined) => (v === undefined ? undefined : Buffer.from(v).toString());

function block(store: Store, height: number, writes: Record<string, string | null>): Uint8Array {
  const br = store.begin();
  for (const [k, v] of Object.entries(writes).sort(([x], [y]) => (x < y ? -1 : 1))) {
    if (v === null) br.delete(b(k));
    else br.set(b(k), b(v));
  }
  const hash = store.appHashOf(br, height, store.lastHash);
  store.commit(br, height, hash);
  return hash;
}

const all = (store: Store) => Array.from(store.view().iterator(), (e) => `${str(e.key)}=${str(e.value)}`);

test("rolling back the latest height restores the state, hash and latest reads of the height below", () => {
  const file = join(dir, "a.db");
  let store = Store.open(file);
  block(store, 1, { a: "1", b: "1", c: "1" });
  const hash2 = block(store, 2, { a: "2", d: "2" });
  const atTwo = all(store);
  block(store, 3, { a: "3", b: null, e: "3", d: "2b" });
  assert.deepEqual(store.rollbackLatest(), { height: 2, appHash: hash2 });
  assert.equal(store.lastHeight, 2);
  assert.deepEqual(Buffer.from(store.lastHash), Buffer.from(hash2));
  assert.deepEqual(all(store), atTwo, "the latest state is height 2's again");
  assert.equal(str(store.view().get(b("b"))), "1", "a key deleted at 3 is back");
  assert.equal(store.view().get(b("e")), undefined, "a key created at 3 is gone");
  store.close();
  store = Store.open(file);
  assert.equal(store.lastHeight, 2, "kept across a reopen");
  assert.deepEqual(all(store), atTwo);
  // Re-executing the block gives the same hash as the first time.
  const again = block(store, 3, { a: "3", b: null, e: "3", d: "2b" });
  assert.equal(store.lastHeight, 3);
  assert.deepEqual(all(store), ["a=3", "c=1", "d=2b", "e=3"]);
  assert.ok(again.length > 0);
  store.close();
});

test("rollback is refused at height 1 and below the earliest readable height", () => {
  const one = Store.open(":memory:");
  block(one, 1, { a: "1" });
  assert.throws(() => one.rollbackLatest(), /no committed height to go back to/);
  one.close();
  const pruned = Store.open(":memory:", { keepRecent: 1, pruneInterval: 1 });
  for (let h = 1; h <= 4; h++) block(pruned, h, { a: String(h) });
  assert.throws(() => pruned.rollbackLatest(), /height 3 has been pruned \(earliest readable height is 4\)/);
  pruned.close();
});
