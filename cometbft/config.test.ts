import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { applyCometConfig, defaultCometConfig } from "./config.js";
import { ensureCometbft } from "./install.js";
import { DEFAULT_PORTS, portsForValidator, shiftPorts } from "../common/node/ports.js";
import { getTomlValue, setTomlValue } from "./toml.js";
import { COMETBFT_VERSION } from "./version.js";

// The config.toml the pinned CometBFT itself generates, so a key renamed upstream fails here.
const home = fs.mkdtempSync(path.join(os.tmpdir(), "unit-config-"));
const binary = ensureCometbft();
execFileSync(binary, ["init", "--home", home], { stdio: "ignore" });
const generated = fs.readFileSync(path.join(home, "config", "config.toml"), "utf8");
fs.rmSync(home, { recursive: true, force: true });

test("the installed CometBFT is the pinned version", () => {
  assert.equal(execFileSync(binary, ["version"], { encoding: "utf8" }).trim(), COMETBFT_VERSION);
});

test("our settings land in the right sections of the generated config.toml", () => {
  const toml = applyCometConfig(generated, { ...defaultCometConfig({ rpc: 36657, p2p: 36656, abci: 36658 }, "n0"), timeoutCommit: "750ms" });
  assert.equal(getTomlValue(toml, "", "proxy_app"), '"tcp://127.0.0.1:36658"');
  assert.equal(getTomlValue(toml, "", "moniker"), '"n0"');
  assert.equal(getTomlValue(toml, "rpc", "laddr"), '"tcp://127.0.0.1:36657"');
  assert.equal(getTomlValue(toml, "p2p", "laddr"), '"tcp://127.0.0.1:36656"');
  assert.equal(getTomlValue(toml, "consensus", "timeout_commit"), '"750ms"');
  assert.equal(getTomlValue(toml, "tx_index", "indexer"), '"kv"');
  assert.equal(getTomlValue(toml, "rpc", "cors_allowed_origins"), "[]", "CORS off by default");
  // Same key name in another section is left alone.
  assert.equal(getTomlValue(toml, "rpc", "grpc_laddr"), getTomlValue(generated, "rpc", "grpc_laddr"));
});

test("a new home commits every 500 ms and keeps CometBFT's other consensus timeouts", () => {
  const toml = applyCometConfig(generated, defaultCometConfig(DEFAULT_PORTS));
  assert.equal(getTomlValue(toml, "consensus", "timeout_commit"), '"500ms"', "docs/node-lifecycle.md, Block interval");
  for (const key of ["timeout_propose", "timeout_prevote", "timeout_precommit", "skip_timeout_commit", "create_empty_blocks"]) {
    assert.equal(getTomlValue(toml, "consensus", key), getTomlValue(generated, "consensus", key), key);
  }
});

test("permissive CORS and devnet peer settings", () => {
  const toml = applyCometConfig(generated, {
    ...defaultCometConfig(DEFAULT_PORTS),
    corsAllowedOrigins: ["*"],
    persistentPeers: "abc@127.0.0.1:26666",
    allowDuplicateIp: true,
    addrBookStrict: false,
  });
  assert.equal(getTomlValue(toml, "rpc", "cors_allowed_origins"), '["*"]');
  assert.equal(getTomlValue(toml, "p2p", "persistent_peers"), '"abc@127.0.0.1:26666"');
  assert.equal(getTomlValue(toml, "p2p", "allow_duplicate_ip"), "true");
  assert.equal(getTomlValue(toml, "p2p", "addr_book_strict"), "false");
});

test("a key the file does not have is an error, not a silent no-op", () => {
  assert.throws(() => setTomlValue(generated, "rpc", "no_such_key", 1), /no key "no_such_key" in section \[rpc\]/);
});

test("validator i has every port shifted by 10·i; out-of-range offsets are refused", () => {
  const v1 = portsForValidator(1);
  assert.equal(v1.rest, 1327);
  assert.equal(v1.rpc, 26667);
  assert.equal(v1.grpc, 9100);
  assert.equal(v1.evmHttp, 8555);
  assert.equal(portsForValidator(3).rest, 1347);
  assert.throws(() => shiftPorts(60_000), /out of range/);
});
