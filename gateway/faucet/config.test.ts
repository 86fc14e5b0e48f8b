import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFaucetArgs, type FaucetConfig } from "./config.js";

test("--max-connections bounds the faucet's open connections, 256 by default", () => {
  assert.equal((parseFaucetArgs([], {}) as FaucetConfig).maxConnections, 256);
  assert.equal((parseFaucetArgs(["--max-connections", "10"], {}) as FaucetConfig).maxConnections, 10);
  assert.throws(() => parseFaucetArgs(["--max-connections", "0"], {}), /--max-connections expects a positive integer/);
});
