// The key per-client limits count under (the JSON-RPC filter shares, the faucet's per-IP limit).
import assert from "node:assert/strict";
import { test } from "node:test";
import { clientKey } from "./clientKey.js";

test("client keys: IPv4-mapped addresses are their IPv4 address; IPv6 clients are grouped by /64", () => {
  assert.equal(clientKey("::ffff:10.1.2.3"), "10.1.2.3");
  assert.equal(clientKey("10.1.2.3"), "10.1.2.3");
  assert.equal(clientKey("2001:db8:1:2::1"), clientKey("2001:0db8:0001:0002:ffff:1:2:3"));
  assert.notEqual(clientKey("2001:db8:1:2::1"), clientKey("2001:db8:1:3::1"));
  assert.equal(clientKey("::1"), clientKey("0:0:0:0:0:0:0:1"));
  assert.equal(clientKey(undefined), "unknown");
});
