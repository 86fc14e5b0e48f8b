// State-sync restore: chunks are checked against the metadata before they are kept (a corrupted one
// is refetched from another sender and never applied), and the whole snapshot against the trusted
// app hash before anything reaches the store (a mismatch leaves the store empty). The app hash
// commits to the state hash of every entry, so any entry altered, dropped or added is refused.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import pino from "pino";
import { HeightNotAvailableError } from "../store/errors.js";
import { Store } from "../store/store.js";
import type { Change, StateReader } from "../store/types.js";
import { RESTORE_DIR } from "./files.js";
import { SNAPSHOT_FORMAT } from "./format.js";
import { SnapshotManager } from "./manager.js";
import { SnapshotRestore, type ApplyOutcome, type OfferedSnapshot } from "./restore.js";
import { writeSnapshot, type SnapshotLink } from "./writeSnapshot.js";

const b = (s: string): Buffer => Buffer.from(s, "latin1");
const root = fs.mkdtempSync(path.join(os.tmpdir(), "snapshot-restore-"));
after(() => fs.rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = (): string => fs.mkdtempSync(path.join(root, `case-${++n}-`));

function commitBlock(store: Store, writes: Record<string, string | null>): { prevHash: Uint8Array; changes: Change[] } {
  const br = store.begin();
  for (const [k, v] of Object.entries(writes)) {
    if (v === null) br.delete(b(k));
    else br.set(b(k), b(v));
  }
  const prevHash = store.lastHash;
  const height = store.lastHeight + 1;
  const changes = br.changes();
  store.commit(br, height, store.appHashOf(br, height, prevHash));
  return { prevHash, changes };
}

/** A store at height 3 with 40 keys (one deleted in block 3) and its snapshot at 3, cut into small chunks. */
function source(dir: string): { store: Store; snapshot: OfferedSnapshot; chunks: Buffer[]; link: SnapshotLink } {
  const store = Store.open(path.join(dir, "source.db"));
  const first: Record<string, string> = {};
  for (let i = 0; i < 40; i++) first[`key/${String(i).padStart(3, "0")}`] = `value-${i}`.repeat(8);
  commitBlock(store, first);
  commitBlock(store, { "key/005": "changed in 2" });
  const link = { height: 3, ...commitBlock(store, { "key/007": null, "key/100": "new in 3" }) };
  const { snapshot, chunks } = written(path.join(dir, "snapshots"), link, store.view(3), 500);
  return { store, snapshot, chunks, link };
}

/** Writes a snapshot of `state` with `link` and reads it back as CometBFT would offer it. */
function written(root: string, link: SnapshotLink, state: StateReader, chunkTarget?: number): { snapshot: OfferedSnapshot; chunks: Buffer[] } {
  const info = writeSnapshot(root, link, state, chunkTarget);
  const chunks = Array.from({ length: info.chunks }, (_, i) => fs.readFileSync(path.join(root, String(link.height), `chunk-${i}`)));
  const snapshot = {
    height: link.height,
    format: info.format,
    chunks: info.chunks,
    hash: Buffer.from(info.hash, "hex"),
    metadata: Buffer.from(info.metadata, "hex"),
  };
  return { snapshot, chunks };
}

/** Offers and applies every chunk; the last outcome. */
function restoreAll(root: string, snapshot: OfferedSnapshot, chunks: Buffer[], trusted: Uint8Array, target: Store): ApplyOutcome {
  const session = SnapshotRestore.offer(root, snapshot, trusted, (h, hash, e) => target.restore(h, hash, e));
  assert.ok(session instanceof SnapshotRestore, "offer accepted");
  let last: ApplyOutcome = { result: "abort" };
  for (let i = 0; i < chunks.length; i++) last = session.apply(i, chunks[i]!, "peer-a");
  return last;
}

const all = (state: { iterator(): IterableIterator<{ key: Uint8Array; value: Uint8Array }> }): string[] =>
  Array.from(state.iterator(), (e) => `${Buffer.from(e.key).toString()}=${Buffer.from(e.value).toString()}`);

test("a corrupted chunk is refused with RETRY, refetched, and the good copy then applies; the restored store reads from the snapshot height only", () => {
  const dir = fresh();
  const { store, snapshot, chunks } = source(dir);
  assert.ok(chunks.length >= 3, `several chunks (got ${chunks.length})`);
  const target = Store.open(path.join(dir, "target.db"));
  const session = SnapshotRestore.offer(path.join(dir, "target-snapshots"), snapshot, store.lastHash, (h, hash, e) => target.restore(h, hash, e));
  assert.ok(session instanceof SnapshotRestore);

  const corrupted = Buffer.from(chunks[1]!);
  corrupted[corrupted.length - 1] = corrupted.at(-1)! ^ 0xff;
  assert.deepEqual(session.apply(0, chunks[0]!, "peer-a"), { result: "accept" });
  const refused = session.apply(1, corrupted, "peer-bad");
  assert.equal(refused.result, "retry");
  assert.deepEqual(refused.refetchChunks, [1]);
  assert.deepEqual(refused.rejectSenders, ["peer-bad"]);
  assert.equal(target.lastHeight, 0, "nothing applied");
  for (let i = 1; i < chunks.length; i++) {
    const outcome: ApplyOutcome = session.apply(i, chunks[i]!, "peer-a");
    assert.equal(outcome.result, "accept", outcome.reason);
    assert.equal(outcome.restored, i === chunks.length - 1 ? true : undefined);
  }

  assert.equal(target.lastHeight, 3);
  assert.deepEqual(Buffer.from(target.lastHash), Buffer.from(store.lastHash));
  assert.deepEqual(all(target.view()), all(store.view(3)));
  assert.equal(target.view().get(b("key/007")), undefined);
  assert.equal(Buffer.from(target.view().get(b("key/005"))!).toString(), "changed in 2");
  assert.throws(() => target.view(2), HeightNotAvailableError);
  assert.throws(() => target.view(2), /height 2 is not available: readable heights are 3\.\.3/);
  // The chain goes on from the restored height with the same hashes as the source.
  commitBlock(store, { "key/200": "4" });
  commitBlock(target, { "key/200": "4" });
  assert.deepEqual(Buffer.from(target.lastHash), Buffer.from(store.lastHash));
  assert.equal(fs.existsSync(path.join(dir, "target-snapshots", RESTORE_DIR)), false, "kept chunks removed");
  store.close();
  target.close();
});

test("a snapshot whose final app hash is not the trusted one is rejected and leaves no state", () => {
  const dir = fresh();
  const { store, snapshot, chunks } = source(dir);
  const target = Store.open(path.join(dir, "target.db"));
  const wrongTrust = Buffer.from(store.hashAt(2)!);
  const session = SnapshotRestore.offer(path.join(dir, "t"), snapshot, wrongTrust, (h, hash, e) => target.restore(h, hash, e));
  assert.ok(session instanceof SnapshotRestore);
  let last;
  for (let i = 0; i < chunks.length; i++) last = session.apply(i, chunks[i]!, "peer-a");
  assert.equal(last?.result, "rejectSnapshot");
  assert.match(last?.reason ?? "", /is not the trusted/);
  assert.equal(target.lastHeight, 0);
  assert.deepEqual(all(target.view(0)), []);
  assert.equal(fs.existsSync(path.join(dir, "t", RESTORE_DIR)), false);
  store.close();
  target.close();
});

test("a snapshot whose state disagrees with its own block changes is rejected even with matching chunk hashes", () => {
  const dir = fresh();
  const store = Store.open(path.join(dir, "source.db"));
  commitBlock(store, { a: "1" });
  const link = commitBlock(store, { b: "2" });
  // A dishonest provider: the real link for block 2, but a state where b differs.
  const forged = Store.open(path.join(dir, "forged.db"));
  commitBlock(forged, { a: "1", b: "forged" });
  commitBlock(forged, { c: "3" });
  const info = writeSnapshot(path.join(dir, "s"), { height: 2, ...link }, forged.view(2));
  const target = Store.open(path.join(dir, "target.db"));
  const offered = { height: 2, format: info.format, chunks: info.chunks, hash: Buffer.from(info.hash, "hex"), metadata: Buffer.from(info.metadata, "hex") };
  const session = SnapshotRestore.offer(path.join(dir, "t"), offered, store.lastHash, (h, hash, e) => target.restore(h, hash, e));
  assert.ok(session instanceof SnapshotRestore);
  const outcome = session.apply(0, fs.readFileSync(path.join(dir, "s", "2", "chunk-0")), "p");
  assert.equal(outcome.result, "rejectSnapshot");
  assert.match(outcome.reason ?? "", /differs from the one the block wrote/);
  assert.equal(target.lastHeight, 0);
  for (const s of [store, forged, target]) s.close();
});

test("a snapshot with any entry the block did not touch altered, dropped or added is rejected: the app hash proves every entry", () => {
  const dir = fresh();
  const { store, link } = source(dir);
  const honest = Array.from(store.view(3).iterator(), (e): [Buffer, Buffer] => [Buffer.from(e.key), Buffer.from(e.value)]);
  const forgeries: Array<[string, Array<[Buffer, Buffer]>]> = [
    ["value changed", honest.map(([k, v]): [Buffer, Buffer] => [k, k.toString() === "key/020" ? b("forged") : v])],
    ["entry dropped", honest.filter(([k]) => k.toString() !== "key/020")],
    ["entry added", [...honest, [b("key/999"), b("invented")]]],
  ];
  for (const [what, entries] of forgeries) {
    // The forger's state, with block 3's true link and changes: consistent with them, so only the
    // state hash can tell.
    const forged = Store.open(":memory:");
    const br = forged.begin();
    for (const [k, v] of entries) br.set(k, v);
    forged.commit(br, 1, Buffer.alloc(32));
    const { snapshot, chunks } = written(path.join(dir, `forged-${what}`), link, forged.view());
    const target = Store.open(":memory:");
    const outcome = restoreAll(path.join(dir, `t-${what}`), snapshot, chunks, store.lastHash, target);
    assert.equal(outcome.result, "rejectSnapshot", what);
    assert.match(outcome.reason ?? "", /is not the trusted/, what);
    assert.equal(target.lastHeight, 0, `${what}: nothing restored`);
    forged.close();
    target.close();
  }
  // The honest state written the same way is accepted: the forgeries differ only in the entry.
  const forged = Store.open(":memory:");
  const br = forged.begin();
  for (const [k, v] of honest) br.set(k, v);
  forged.commit(br, 1, Buffer.alloc(32));
  const { snapshot, chunks } = written(path.join(dir, "honest"), link, forged.view());
  const target = Store.open(":memory:");
  const outcome = restoreAll(path.join(dir, "t-honest"), snapshot, chunks, store.lastHash, target);
  assert.equal(outcome.result, "accept", outcome.reason);
  assert.equal(outcome.restored, true);
  assert.deepEqual(Buffer.from(target.lastStateHash), Buffer.from(store.lastStateHash));
  for (const s of [store, forged, target]) s.close();
});

test("a kept chunk that changes on disk between the check and the restore is caught and the store's transaction rolled back", () => {
  const dir = fresh();
  const { store, snapshot, chunks } = source(dir);
  const target = Store.open(path.join(dir, "target.db"));
  const root = path.join(dir, "t");
  const session = SnapshotRestore.offer(root, snapshot, store.lastHash, (h, hash, entries) => {
    // After the whole snapshot was proven: the last kept chunk is altered before it is read again.
    const last = path.join(root, RESTORE_DIR, `chunk-${chunks.length - 1}`);
    const bytes = fs.readFileSync(last);
    bytes[bytes.length - 1] = bytes.at(-1)! ^ 0xff;
    fs.writeFileSync(last, bytes);
    target.restore(h, hash, entries);
  });
  assert.ok(session instanceof SnapshotRestore);
  let last: ApplyOutcome = { result: "abort" };
  for (let i = 0; i < chunks.length; i++) last = session.apply(i, chunks[i]!, "peer-a");
  assert.equal(last.result, "rejectSnapshot");
  assert.match(last.reason ?? "", /kept chunk \d+ no longer matches its hash/);
  assert.equal(target.lastHeight, 0, "the partial restore was rolled back");
  assert.deepEqual(all(target.view(0)), []);
  store.close();
  target.close();
});

test("offers of another format (format 1 included: its snapshots cannot be proven) or with metadata that does not match the snapshot hash are refused", () => {
  const dir = fresh();
  const { store, snapshot } = source(dir);
  const offer = (s: OfferedSnapshot) => SnapshotRestore.offer(path.join(dir, "t"), s, store.lastHash, () => assert.fail("no restore"));
  assert.equal(snapshot.format, SNAPSHOT_FORMAT);
  assert.equal(SNAPSHOT_FORMAT, 2);
  for (const format of [1, 3]) assert.deepEqual((offer({ ...snapshot, format }) as { verdict: string }).verdict, "rejectFormat");
  const metadata = Buffer.from(snapshot.metadata);
  metadata[0] = metadata[0]! ^ 1;
  assert.equal((offer({ ...snapshot, metadata }) as { verdict: string }).verdict, "reject");
  assert.equal((offer({ ...snapshot, chunks: snapshot.chunks + 1 }) as { verdict: string }).verdict, "reject");
  store.close();
});

test("the manager takes snapshots at multiples of the interval, keeps the newest ones, and serves their chunks", async () => {
  const dir = fresh();
  const store = Store.open(path.join(dir, "node.db"));
  const manager = new SnapshotManager({
    dir: path.join(dir, "snapshots"),
    interval: 2,
    keepRecent: 2,
    logger: pino({ level: "silent" }),
    stateAt: (h) => store.view(h),
  });
  for (let h = 1; h <= 7; h++) {
    const link = commitBlock(store, { [`k${h}`]: `v${h}` });
    assert.equal(manager.due(h), h % 2 === 0);
    if (manager.due(h)) {
      manager.take({ height: h, ...link });
      await manager.idle();
    }
  }
  assert.deepEqual(
    manager.list().map((s) => s.height),
    [6, 4],
  );
  const six = manager.list()[0]!;
  assert.ok(manager.loadChunk(6, SNAPSHOT_FORMAT, 0).byteLength > 0);
  assert.equal(manager.loadChunk(6, SNAPSHOT_FORMAT, six.chunks).byteLength, 0, "no such chunk");
  assert.equal(manager.loadChunk(6, 1, 0).byteLength, 0, "no snapshot of format 1");
  assert.equal(manager.loadChunk(2, SNAPSHOT_FORMAT, 0).byteLength, 0, "pruned snapshot");
  // Snapshots of the same state are byte-identical, so every validator announces the same hash.
  const again = writeSnapshot(path.join(dir, "again"), { height: 6, prevHash: store.hashAt(5)!, changes: [{ key: b("k6"), value: b("v6") }] }, store.view(6));
  assert.equal(again.hash, six.hash);
  assert.throws(() => new SnapshotManager({ dir: path.join(dir, "x"), interval: -1, keepRecent: 0, logger: pino({ level: "silent" }) }), /snapshotInterval/);
  store.close();
});
