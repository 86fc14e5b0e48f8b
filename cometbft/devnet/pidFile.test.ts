import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startDevnet } from "./launcher.js";
import { markerFile } from "./generate.js";
import { pidFile, readRunningPid } from "./pidFile.js";
import { localChainAppState } from "../../app/localGenesis.js";

test("a pid file naming a live process that is no devnet supervisor is stale, never signalled", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-devnet-pid-"));
  try {
    assert.equal(readRunningPid(dir), undefined, "no file");
    fs.writeFileSync(pidFile(dir), String(process.pid)); // alive, but a test runner
    assert.equal(readRunningPid(dir), undefined);
    fs.writeFileSync(pidFile(dir), "not a pid");
    assert.equal(readRunningPid(dir), undefined);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a devnet generated for containers is not started as local processes", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-devnet-docker-"));
  try {
    fs.writeFileSync(markerFile(dir), JSON.stringify({ network: "docker", validators: 4 }));
    await assert.rejects(
      startDevnet({ dir, cometBinary: "/nonexistent", appState: localChainAppState, say: () => {}, stopRequested: new Promise(() => {}) }),
      /generated for docker/,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
