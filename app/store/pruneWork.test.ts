// PruneWork on a bare `kv` table against a model: random histories of writes and tombstones,
// `pruned_to` raised at random, steps of random sizes with rounds of a few rows (so rounds end in
// the middle of a height), restarts in between. After the last step exactly the versions a
// retained height can read are left, and every step left those reads as they were.
import assert from "node:assert/strict";
import { test } from "node:test";
import Database from "better-sqlite3";
import { PruneWork } from "./pruneWork.js";

const SCHEMA = `
CREATE TABLE kv (key BLOB NOT NULL, version INTEGER NOT NULL, value BLOB, PRIMARY KEY (key, version)) WITHOUT ROWID;
CREATE INDEX kv_by_version ON kv (version);
CREATE TABLE meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE prune_progress (id INTEGER PRIMARY KEY CHECK (id = 1), done_to INTEGER NOT NULL, version INTEGER NOT NULL, key BLOB);
`;

const doneTo = (db: Database.Database): number | undefined => db.prepare<[], number>("SELECT done_to FROM prune_progress").pluck().get();

class Rand {
  constructor(private seed: number) {}
  int(n: number): number {
    this.seed = (this.seed * 1103515245 + 12345) % 2147483648;
    return this.seed % n;
  }
}

type Row = [key: string, version: number, value: string | null];

function rows(db: Database.Database): Row[] {
  return db
    .prepare<[], [Buffer, number, Buffer | null]>("SELECT key, version, value FROM kv ORDER BY key, version")
    .raw()
    .all()
    .map(([k, v, value]) => [k.toString(), v, value === null ? null : value.toString()]);
}

/** What each key reads at `height`: its newest version <= height, absent when that is a tombstone. */
function readsAt(all: Row[], height: number): string[] {
  const newest = new Map<string, Row>();
  for (const row of all) if (row[1] <= height) newest.set(row[0], row);
  return [...newest.values()].filter((r) => r[2] !== null).map((r) => `${r[0]}=${r[2]}`);
}

/** The rows a full prune to `to` keeps: per key, the versions above `to`, and the newest <= `to` unless a tombstone. */
function kept(all: Row[], to: number): Row[] {
  const out: Row[] = [];
  const byKey = new Map<string, Row[]>();
  for (const row of all) byKey.set(row[0], [...(byKey.get(row[0]) ?? []), row]);
  for (const versions of byKey.values()) {
    const below = versions.filter((r) => r[1] <= to);
    const last = below[below.length - 1];
    if (last !== undefined && last[2] !== null) out.push(last);
    out.push(...versions.filter((r) => r[1] > to));
  }
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
}

for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
  test(`random histories, seed ${seed}: the rows left are exactly the readable ones`, () => {
    const r = new Rand(seed);
    const db = new Database(":memory:");
    db.exec(SCHEMA);
    const insert = db.prepare("INSERT INTO kv (key, version, value) VALUES (?, ?, ?)");
    const setPrunedTo = db.prepare("INSERT INTO meta (name, value) VALUES ('pruned_to', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value");
    // Rounds of a few rows end inside heights; larger ones take several steps to collect, while
    // pruned_to may rise.
    const roundRows = seed % 2 === 0 ? 1 + r.int(6) : 20 + r.int(30);
    let work = new PruneWork(db, 0, roundRows);
    let prunedTo = 0;
    for (let height = 1; height <= 60; height++) {
      const keys = new Set<number>();
      for (let n = r.int(6); n > 0; n--) keys.add(r.int(12));
      for (const k of keys) insert.run(Buffer.from(`k${k}`), height, r.int(4) === 0 ? null : Buffer.from(`v${height}`));
      if (height % (1 + r.int(5)) === 0 && height - 3 > prunedTo) {
        const to = height - 3;
        db.transaction(() => {
          work.beforeRaise();
          setPrunedTo.run(to);
        })();
        work.raised(to);
        prunedTo = to;
      }
      const before = rows(db);
      for (let steps = r.int(4); steps > 0; steps--) work.step(1 + r.int(5));
      const after = rows(db);
      for (let h = Math.max(prunedTo, 1); h <= height; h++) assert.deepEqual(readsAt(after, h), readsAt(before, h), `height ${h} after steps at ${height}`);
      if (r.int(8) === 0) work = new PruneWork(db, prunedTo, roundRows); // a restart: the round in memory is lost
    }
    const history = rows(db);
    let steps = 0;
    while (work.step(1 + r.int(5))) steps++;
    assert.equal(work.pending, false);
    assert.deepEqual(rows(db), kept(history, prunedTo), `${steps} final steps, rounds of ${roundRows}`);
    assert.equal(doneTo(db), prunedTo);
    db.close();
  });
}

test("a step takes keys until their rows reach the number asked, at least one key", () => {
  const db = new Database(":memory:");
  db.exec(SCHEMA);
  const insert = db.prepare("INSERT INTO kv (key, version, value) VALUES (?, ?, ?)");
  // "a" written at 1..10, "b".."e" at 1 and 10: the round of (0, 10] holds 10 rows of a, 2 of each other.
  for (let v = 1; v <= 10; v++) insert.run(Buffer.from("a"), v, Buffer.from("x"));
  for (const k of ["b", "c", "d", "e"]) for (const v of [1, 10]) insert.run(Buffer.from(k), v, Buffer.from("x"));
  const work = new PruneWork(db, 0);
  db.prepare("INSERT INTO meta (name, value) VALUES ('pruned_to', 10)").run();
  work.raised(10);
  const count = (): number => db.prepare("SELECT count(*) FROM kv").pluck().get() as number;
  assert.equal(work.step(1_000), true, "the first step collects the round");
  assert.equal(count(), 18);
  assert.equal(work.step(2), true);
  assert.equal(count(), 9, "key a alone: its 9 older versions, though 2 rows were asked for");
  assert.equal(work.step(2), true);
  assert.equal(count(), 8, "b: its two rows in the round reach 2");
  assert.equal(work.step(3), true);
  assert.equal(count(), 6, "c's two rows are short of 3, so d as well");
  assert.equal(work.step(3), false, "e, and the round is done");
  assert.equal(count(), 5);
  assert.equal(work.step(2), false);
  assert.throws(() => work.step(0), RangeError);
  db.close();
});

test("a store pruned by an earlier version (pruned_to, no progress row) has nothing pending", () => {
  const db = new Database(":memory:");
  db.exec(SCHEMA);
  db.prepare("INSERT INTO meta (name, value) VALUES ('pruned_to', 40)").run();
  const work = new PruneWork(db, 40);
  assert.equal(work.pending, false);
  // Its next raise records where the deletions stand before pruned_to moves.
  db.transaction(() => work.beforeRaise())();
  work.raised(50);
  assert.equal(doneTo(db), 40);
  assert.equal(work.pending, true);
  db.close();
});

test("a step whose transaction fails changes nothing, and the next step does its work", () => {
  const db = new Database(":memory:");
  db.exec(SCHEMA);
  const insert = db.prepare("INSERT INTO kv (key, version, value) VALUES (?, ?, ?)");
  for (let v = 1; v <= 10; v++) for (const k of ["a", "b", "c"]) insert.run(Buffer.from(k), v, Buffer.from("x"));
  const work = new PruneWork(db, 0);
  db.transaction(() => work.beforeRaise())();
  work.raised(10);
  const count = (): number => db.prepare("SELECT count(*) FROM kv").pluck().get() as number;
  assert.equal(work.step(1_000), true, "collected");
  // The round's last transaction fails at its progress write (as a full disk would).
  db.exec("CREATE TRIGGER fail BEFORE UPDATE ON prune_progress BEGIN SELECT RAISE(ABORT, 'disk full'); END");
  assert.throws(() => work.step(1_000), /disk full/);
  assert.equal(count(), 30, "rolled back");
  assert.equal(work.pending, true);
  db.exec("DROP TRIGGER fail");
  assert.equal(work.step(1_000), false);
  assert.equal(count(), 3);
  assert.equal(doneTo(db), 10);
  db.close();
});

test("a restart inside a height larger than a round goes on from the last round's end", () => {
  const db = new Database(":memory:");
  db.exec(SCHEMA);
  const insert = db.prepare("INSERT INTO kv (key, version, value) VALUES (?, ?, ?)");
  // 40 keys written at 1 and again at 2: height 2 holds four rounds of 10.
  for (const v of [1, 2]) for (let k = 0; k < 40; k++) insert.run(Buffer.from(`k${String(k).padStart(2, "0")}`), v, Buffer.from("x"));
  let work = new PruneWork(db, 0, 10);
  db.transaction(() => work.beforeRaise())();
  work.raised(2);
  const count = (): number => db.prepare("SELECT count(*) FROM kv").pluck().get() as number;
  // Height 1's 40 rows are four rounds too; then two rounds into height 2.
  let steps = 0;
  while (count() > 60) {
    work.step(100);
    steps++;
  }
  assert.equal(count(), 60, "20 of height 2's keys done");
  while (db.prepare("SELECT version FROM prune_progress").pluck().get() !== 2) work.step(100);
  work = new PruneWork(db, 2, 10);
  let after = 1;
  while (work.step(100)) after++;
  assert.equal(count(), 40);
  // Two rounds left and an empty one that finds the end, each a collecting step and a deleting
  // one; from the height's start it would be four rounds and the empty one.
  assert.equal(after, 6, `${after} steps after the restart (${steps} before it)`);
  db.close();
});
