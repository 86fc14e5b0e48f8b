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
