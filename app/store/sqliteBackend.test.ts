// The writer connection's settings.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import type Database from "better-sqlite3";
import { SqliteBackend } from "./sqliteBackend.js";

test("the writer runs in WAL mode and keeps statement journals and other temporary files in memory", () => {
  const dir = mkdtempSync(join(tmpdir(), "sqlite-backend-"));
  try {
    const backend = new SqliteBackend(join(dir, "app.db"), { synchronous: "FULL", pruning: false });
    const db = (backend as unknown as { db: Database.Database }).db;
    assert.equal(db.pragma("journal_mode", { simple: true }), "wal");
    assert.equal(db.pragma("temp_store", { simple: true }), 2, "2 is MEMORY");
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
