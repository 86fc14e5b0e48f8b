// The node-level methods over a fake node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fakeServer } from "../testFixture.js";

test("chain id 2611, net_version, listening, peers, accounts, client version, sha3", async () => {
  const { call } = fakeServer();
  assert.equal((await call("eth_chainId")).result, "0xa33");
  assert.equal((await call("net_version")).result, "2611");
  assert.equal((await call("net_listening")).result, true);
  assert.equal((await call("net_peerCount")).result, "0x3");
  assert.deepEqual((await call("eth_accounts")).result, []);
  assert.match((await call("web3_clientVersion")).result, /^unitd\/v\d+\.\d+\.\d+\//);
  assert.equal((await call("web3_sha3", "0x68656c6c6f20776f726c64")).result, "0x47173285a8d7341e5e972fc677286384f802f8ef42a5ec5f03bbfa254cb01fad");
  assert.equal((await call("web3_sha3", "hello")).error?.code, -32602);
});

test("eth_syncing: false when caught up, progress while CometBFT catches up", async () => {
  const { node, call } = fakeServer();
  node.addBlock();
  node.addBlock();
  assert.equal((await call("eth_syncing")).result, false);
  node.syncing = true;
  assert.deepEqual((await call("eth_syncing")).result, { startingBlock: "0x1", currentBlock: "0x2", highestBlock: "0x2" });
});

test("what the server does not do is -32601", async () => {
  const { call } = fakeServer();
  for (const m of [
    "eth_sendTransaction",
    "eth_sign",
    "eth_signTransaction",
    "eth_fillTransaction",
    "eth_mining",
    "eth_hashrate",
    "eth_coinbase",
    "hardhat_mine",
    "debug_traceTransaction",
    "personal_sign",
    "eth_subscribe_",
  ]) {
    assert.deepEqual((await call(m)).error, { code: -32601, message: `the method ${m} does not exist/is not available` }, m);
  }
  const sub = (await call("eth_subscribe", "newHeads")).error!;
  assert.equal(sub.code, -32601, "no subscriptions over HTTP");
  assert.match(sub.message, /needs a WebSocket connection \(ws:\/\//);
});
