// Pruning on a running node (real CometBFT, the app process, its SQLite file): keep-recent 3 and a
// prune every 2 heights; the rows each prune made unreadable are deleted between blocks, and the
// node keeps making blocks and answering reads at the heights it keeps.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import { LocalNode } from "./support/localNode.js";

let node: LocalNode;
before(async () => {
  node = await LocalNode.create();
  node.appEnv = { UNITD_PRUNING_KEEP_RECENT: "3", UNITD_PRUNING_INTERVAL: "2" };
  await node.start();
});
after(() => node.destroy());

interface Progress {
  prunedTo: number;
  doneTo: number;
  /** Rows a height >= prunedTo cannot read: superseded by a version <= prunedTo. */
  unreadable: number;
}

/** One read transaction over the node's file (WAL: the app keeps writing meanwhile). */
function progress(db: Database.Database): Progress {
  return db.transaction(() => {
    const meta = (name: string) => db.prepare<[string], number>("SELECT value FROM meta WHERE name = ?").pluck().get(name) ?? 0;
    const prunedTo = meta("pruned_to");
    const unreadable = db
      .prepare<[number], number>("SELECT count(*) FROM kv AS o JOIN kv AS w ON w.key = o.key AND w.version > o.version WHERE w.version <= ?")
      .pluck()
      .get(prunedTo)!;
    const doneTo = db.prepare<[], number>("SELECT done_to FROM prune_progress").pluck().get() ?? 0;
    return { prunedTo, doneTo, unreadable };
  })();
}

test("a running node deletes what each prune made unreadable, between its blocks", async () => {
  await node.waitForHeight(12);
  const db = new Database(node.paths.appDb, { readonly: true });
  try {
    // Every block rewrites a few keys (its block record, the proposer's counters), so each prune
    // leaves superseded rows; poll until an instant when the deletions have caught up with one.
    let seen: Progress | undefined;
    for (let tries = 0; tries < 100; tries++) {
      const p = progress(db);
      if (p.prunedTo >= 8 && p.doneTo === p.prunedTo) {
        seen = p;
        break;
      }
      await sleep(50);
    }
    assert.ok(seen, `deletions never caught up: ${JSON.stringify(progress(db))}`);
    assert.equal(seen.unreadable, 0, "no row superseded at or below pruned_to is left");
  } finally {
    db.close();
  }
  const status = await node.status();
  const latest = status.latestBlockHeight;
  // The kept heights read; one below them is refused.
  const at = (h: number) =>
    node.rpc<{ response: { code: number; log: string } }>(`abci_query?path="/store/blockinfo/key"&data=0x${Buffer.from("last").toString("hex")}&height=${h}`);
  assert.equal((await at(latest - 1)).response.code, 0);
  const pruned = await at(2);
  assert.notEqual(pruned.response.code, 0);
  assert.match(pruned.response.log, /height 2 is not available/);
  assert.doesNotMatch(node.logFile("app"), /pruning step failed/);
});
