import assert from 'node:assert/strict';
import { test } from 'node:test';
import { appHash } from './appHash.js';
import { LatestReadCache } from './latestReadCache.js';
import { Store } from './store.js';

const b = (s: string): Buffer => Buffer.from(s, 'latin1');
const str = (v: Uint8Array | undefined): string | undefined => (v === undefined ? undefined : Buffer.from(v).toString('latin1'));

function block(store: Store, writes: Record<string, string | null>): void {
  const branch = store.begin();
  for (const k of Object.keys(writes).sort()) {
    const v = writes[k]!;
    if (v === null) branch.delete(b(k));
    else branch.set(b(k), b(v));
  }
  const height = store.lastHeight + 1;
  store.commit(branch, height, appHash(store.lastHash, height, branch.changes()));
}

test('latest reads stay exact across commits that change, delete and create cached keys', () => {
  const store = Store.open(':memory:');
  block(store, { a: '1', b: '1' });
  const atOne = store.view(1);
  // Cache a value, a value that will be deleted, and an absent key that will appear.
  assert.equal(str(store.view().get(b('a'))), '1');
  assert.equal(str(store.view().get(b('b'))), '1');
  assert.equal(store.view().get(b('c')), undefined);
  block(store, { a: '2', b: null, c: '3' });
  assert.equal(str(store.view().get(b('a'))), '2');
  assert.equal(store.view().get(b('b')), undefined);
  assert.equal(str(store.view().get(b('c'))), '3');
  assert.equal(store.view().has(b('b')), false);
  // A view pinned at the older height still reads that height, cache or not.
  assert.equal(str(atOne.get(b('a'))), '1');
  assert.equal(str(atOne.get(b('b'))), '1');
  assert.equal(atOne.get(b('c')), undefined);
  // A branch begun at the latest height reads through the cache to the same values.
  const branch = store.begin();
  assert.equal(str(branch.get(b('a'))), '2');
  store.close();
});

test('a caller that mutates a value it read does not change the next read', () => {
  const store = Store.open(':memory:');
  block(store, { k: 'value' });
  const first = store.view().get(b('k'))!;
  first.fill(0);
  assert.equal(str(store.view().get(b('k'))), 'value');
  assert.equal(str(store.view().get(b('k'))), 'value');
  store.close();
});

test('bounded by entries and by bytes, oldest first', () => {
  const cache = new LatestReadCache(3, 1_000_000);
  for (const k of ['a', 'b', 'c', 'd']) cache.set(k, b(k));
  assert.equal(cache.size, 3);
  assert.equal(cache.get('a'), undefined, 'the oldest went');
  assert.equal(str(cache.get('d') ?? undefined), 'd');
  const small = new LatestReadCache(100, 600);
  small.set('x', Buffer.alloc(300));
  small.set('y', Buffer.alloc(300));
  assert.equal(small.get('x'), undefined, 'evicted by weight');
  assert.notEqual(small.get('y'), undefined);
  cache.set('absent', undefined);
  assert.equal(cache.get('absent'), null, 'an absent key is remembered as absent');
});
