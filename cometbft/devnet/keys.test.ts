import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureCometbft } from "../install.js";
import { consensusKey, nodeId, nodeKey, nodeKeyJson, privValidatorKeyJson } from "./keys.js";

test("the devnet keys are deterministic and distinct", () => {
  assert.deepEqual(consensusKey(2), consensusKey(2));
  const ids = [0, 1, 2, 3].map((i) => nodeId(nodeKey(i)));
  assert.equal(new Set(ids).size, 4);
  assert.notDeepEqual(consensusKey(0).pubKey, nodeKey(0).pubKey);
  assert.throws(() => consensusKey(4), /test keys for 4 validators/);
});

test("CometBFT itself reads our key files: the same node id and validator address", () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "unit-devnet-keys-"));
  try {
    const cometbft = ensureCometbft();
    execFileSync(cometbft, ["init", "--home", home], { stdio: "ignore" });
    fs.writeFileSync(path.join(home, "config", "priv_validator_key.json"), privValidatorKeyJson(consensusKey(1)));
    fs.writeFileSync(path.join(home, "config", "node_key.json"), nodeKeyJson(nodeKey(1)));
    assert.equal(execFileSync(cometbft, ["show-node-id", "--home", home], { encoding: "utf8" }).trim(), nodeId(nodeKey(1)));
    const shown = JSON.parse(execFileSync(cometbft, ["show-validator", "--home", home], { encoding: "utf8" }));
    assert.equal(shown.value, Buffer.from(consensusKey(1).pubKey).toString("base64"));
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
});
