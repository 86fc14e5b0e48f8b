import { test } from "node:test";
import assert from "node:assert/strict";
import { DEFAULT_REST_MAX_CONNECTIONS, parseRestArgs, type RestConfig } from "./config.js";

test("--max-connections bounds the REST gateway's open connections, 1000 by default", () => {
  assert.equal((parseRestArgs([]) as RestConfig).maxConnections, DEFAULT_REST_MAX_CONNECTIONS);
  assert.equal(DEFAULT_REST_MAX_CONNECTIONS, 1000);
  assert.equal((parseRestArgs(["--max-connections", "64"]) as RestConfig).maxConnections, 64);
  assert.throws(() => parseRestArgs(["--max-connections", "0"]), /--max-connections expects a positive integer, got "0"/);
  assert.throws(() => parseRestArgs(["--max-connections", "many"]), /--max-connections expects a positive integer/);
});

test("--comet-rpc and --explorer: the proxy's CometBFT and the explorer's folder, or off", () => {
  const defaults = parseRestArgs([]) as RestConfig;
  assert.equal(defaults.cometRpcUrl, "http://127.0.0.1:26657");
  assert.match(defaults.explorerDir!, /dist[/\\]explorer$/);
  const set = parseRestArgs(["--comet-rpc", "http://10.0.0.5:36657/", "--explorer", "off"]) as RestConfig;
  assert.equal(set.cometRpcUrl, "http://10.0.0.5:36657");
  assert.equal(set.explorerDir, undefined);
  assert.throws(() => parseRestArgs(["--comet-rpc", "tcp://127.0.0.1:26657"]), /--comet-rpc expects an http:\/\/ or https:\/\/ URL/);
  assert.throws(() => parseRestArgs(["--comet-rpc", "nonsense"]), /--comet-rpc expects a URL/);
});
