import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateAppJson, nodeHomePaths, readAppConfig, updateAppConfig, writeAppConfig, isInitialised } from "./home.js";
import { CONFIG_KEYS, envName, formatAppToml, keyPath, parseAppToml, type AppConfig } from "./config.js";
import { DEFAULT_PORTS, shiftPorts } from "./ports.js";
import { parseEvmRpcArgs } from "../../evm/config.js";

function tempHome(): ReturnType<typeof nodeHomePaths> {
  return nodeHomePaths(fs.mkdtempSync(path.join(os.tmpdir(), "unitd-config-")));
}

const LEGACY: AppConfig = {
  chainId: "unit-legacy-1",
  ports: shiftPorts(20),
  pruningKeepRecent: 100,
  pruningInterval: 5,
  queryWorkers: 0,
  unsafeCors: true,
  restCorsOrigins: ["https://app.example.com"],
  listenHost: "0.0.0.0",
};

test("app.toml round trip: every key written with its documentation and read back", () => {
  const paths = tempHome();
  writeAppConfig(paths, { ...LEGACY, minimumGasPrices: "0.05uunit", snapshotInterval: 50, jsonRpc: { logsCap: 77 }, enable: { faucet: false } });
  const text = fs.readFileSync(paths.appConfigFile, "utf8");
  for (const k of CONFIG_KEYS) assert.match(text, new RegExp(`^${k.key} = `, "m"), `${keyPath(k)} is written`);
  assert.match(text, /\[json-rpc\]\n[\s\S]*logs-cap = 77/);
  const back = readAppConfig(paths, {});
  assert.equal(back.chainId, "unit-legacy-1");
  assert.deepEqual(back.ports, shiftPorts(20));
  assert.equal(back.minimumGasPrices, "0.05uunit");
  assert.equal(back.snapshotInterval, 50);
  assert.equal(back.snapshotKeepRecent, 2, "default");
  assert.equal(back.jsonRpc?.logsCap, 77);
  assert.equal(back.jsonRpc?.batchRequestLimit, 100, "default");
  assert.deepEqual(back.enable, { rest: true, grpc: true, jsonRpc: true, faucet: false });
  assert.deepEqual(back.restCorsOrigins, ["https://app.example.com"]);
  assert.equal(formatAppToml(back), text, "writing what was read gives the same file");
});

test("precedence: flag > UNITD_* variable > app.toml > default", () => {
  const paths = tempHome();
  writeAppConfig(paths, { ...LEGACY, ports: DEFAULT_PORTS, jsonRpc: { batchRequestLimit: 50 } });
  assert.equal(readAppConfig(paths, {}).jsonRpc?.batchRequestLimit, 50, "file over default");
  assert.equal(readAppConfig(paths, {}).jsonRpc?.blockRangeCap, 10_000, "default when the file is silent");
  const env = {
    UNITD_JSON_RPC_BATCH_REQUEST_LIMIT: "60",
    UNITD_GRPC_PORT: "19090",
    UNITD_MINIMUM_GAS_PRICES: "1uunit",
    UNITD_API_CORS_ORIGINS: "https://a.example, https://b.example",
  };
  const over = readAppConfig(paths, env);
  assert.equal(over.jsonRpc?.batchRequestLimit, 60, "variable over file");
  assert.equal(over.ports.grpc, 19090);
  assert.equal(over.minimumGasPrices, "1uunit");
  assert.deepEqual(over.restCorsOrigins, ["https://a.example", "https://b.example"]);
  assert.equal(envName({ section: "state-sync", key: "snapshot-interval" }), "UNITD_STATE_SYNC_SNAPSHOT_INTERVAL");
  // A process's flag wins over both (the EVM JSON-RPC server reads the home through readAppConfig).
  const saved = process.env.UNITD_JSON_RPC_BATCH_REQUEST_LIMIT;
  process.env.UNITD_JSON_RPC_BATCH_REQUEST_LIMIT = "60";
  try {
    const viaEnv = parseEvmRpcArgs(["--home", paths.root]);
    const viaFlag = parseEvmRpcArgs(["--home", paths.root, "--max-batch", "70"]);
    assert.ok(viaEnv !== "help" && viaFlag !== "help");
    assert.equal(viaEnv.maxBatch, 60);
    assert.equal(viaFlag.maxBatch, 70);
  } finally {
    if (saved === undefined) delete process.env.UNITD_JSON_RPC_BATCH_REQUEST_LIMIT;
    else process.env.UNITD_JSON_RPC_BATCH_REQUEST_LIMIT = saved;
  }
});

test("a home with only app.json is read as before, then migrated to app.toml with a backup", () => {
  const paths = tempHome();
  fs.mkdirSync(path.dirname(paths.legacyAppConfigFile), { recursive: true });
  fs.mkdirSync(path.join(paths.cometHome, "config"), { recursive: true });
  fs.writeFileSync(path.join(paths.cometHome, "config", "genesis.json"), "{}");
  fs.writeFileSync(paths.legacyAppConfigFile, JSON.stringify(LEGACY, null, 2));
  assert.ok(isInitialised(paths));
  const before = readAppConfig(paths, {});
  assert.equal(before.ports.rest, DEFAULT_PORTS.rest + 20);
  const line = migrateAppJson(paths);
  assert.match(line ?? "", /migrated .*app\.json to .*app\.toml \(the old file is kept as .*app\.json\.bak\)/);
  assert.ok(fs.existsSync(paths.appConfigFile));
  assert.ok(!fs.existsSync(paths.legacyAppConfigFile));
  assert.deepEqual(JSON.parse(fs.readFileSync(`${paths.legacyAppConfigFile}.bak`, "utf8")), LEGACY);
  assert.deepEqual(readAppConfig(paths, {}), before, "the same settings from app.toml");
  assert.ok(isInitialised(paths));
  assert.equal(migrateAppJson(paths), undefined, "nothing left to migrate");
  assert.equal(updateAppConfig(paths, { queryWorkers: 3 }).queryWorkers, 3);
  assert.equal(readAppConfig(paths, {}).queryWorkers, 3);
});

test("invalid values are refused with the key and the file (or variable) named", () => {
  const paths = tempHome();
  writeAppConfig(paths, LEGACY);
  const file = paths.appConfigFile;
  const text = fs.readFileSync(file, "utf8");
  const bad = (from: RegExp, to: string) => parseAppToml(text.replace(from, to), file);
  assert.throws(
    () => bad(/^\[grpc\]\n([\s\S]*?)^port = \d+/m, "[grpc]\n$1port = 70000"),
    new RegExp(`${file}:\\d+: grpc.port expects an integer from 1 up to 65535, got 70000`),
  );
  assert.throws(() => bad(/^enabled-unsafe-cors = true/m, 'enabled-unsafe-cors = "yes"'), /api.enabled-unsafe-cors expects true or false, got "yes"/);
  assert.throws(
    () => bad(/^minimum-gas-prices = ""/m, 'minimum-gas-prices = "cheap"'),
    /minimum-gas-prices expects "" or a decimal amount followed by a denom/,
  );
  assert.throws(() => bad(/^keep-recent = \d+/m, "keep-recent = -1"), /pruning.keep-recent expects an integer from 0/);
  assert.throws(() => bad(/^interval = \d+/m, "intervall = 10"), /unknown key pruning.intervall/);
  assert.throws(() => bad(/^\[query\]/m, "[queries]"), /unknown table \[queries\]/);
  assert.throws(() => bad(/^cors-origins = .*$/m, "cors-origins = https://x"), /api.cors-origins expects a list of strings/);
  assert.throws(
    () => readAppConfig(paths, { UNITD_PRUNING_INTERVAL: "ten" }),
    /environment variable UNITD_PRUNING_INTERVAL: pruning.interval expects an integer, got ten/,
  );
  assert.throws(() => readAppConfig(paths, { UNITD_JSON_RPC_WS_PORT: String(LEGACY.ports.evmHttp) }), /json-rpc.port and json-rpc.ws-port must differ/);
  assert.throws(() => readAppConfig(paths, { UNITD_GRPC_ENABLE: "false" }), new RegExp(`${file}: grpc.enable = false, but api and json-rpc read through gRPC`));
  assert.equal(readAppConfig(paths, { UNITD_GRPC_ENABLE: "false", UNITD_API_ENABLE: "false", UNITD_JSON_RPC_ENABLE: "false" }).enable?.grpc, false);
});
