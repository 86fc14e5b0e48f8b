import { test } from "node:test";
import assert from "node:assert/strict";
import { parseRestArgs, type RestConfig } from "../config.js";
import { chainInfoSettings } from "./chainInfoConfig.js";

test("public endpoints default to the local ports, then UNIT_PUBLIC_* variables, then flags win", () => {
  const local = { ports: { rpc: 26667, evmHttp: 8555 }, restPort: 1327, explorer: true };
  assert.deepEqual(chainInfoSettings({}, local, {}), {
    rpcUrl: "http://127.0.0.1:26667",
    restUrl: "http://127.0.0.1:1327",
    evmRpcUrl: "http://127.0.0.1:8555",
    explorerUrl: "http://127.0.0.1:1327/explorer/",
  });
  const env = { UNIT_PUBLIC_RPC_URL: "https://rpc.example/", UNIT_PUBLIC_REST_URL: "https://api.example", UNIT_CHAIN_NAME: " Unit testnet " };
  assert.deepEqual(chainInfoSettings({ "public-evm-rpc": "https://evm.example" }, { ...local, explorer: false }, env), {
    rpcUrl: "https://rpc.example",
    restUrl: "https://api.example",
    evmRpcUrl: "https://evm.example",
    chainName: "Unit testnet",
  });
  assert.equal(chainInfoSettings({ "public-rpc": "https://flag.example" }, local, env).rpcUrl, "https://flag.example");
});

test("the gateway's flags reach the settings and bad URLs are refused by flag name", () => {
  const config = parseRestArgs(["--port", "1400", "--public-rpc", "https://rpc.example", "--chain-name", "Unit", "--explorer", "off"]) as RestConfig;
  assert.deepEqual(config.chainInfo, {
    rpcUrl: "https://rpc.example",
    restUrl: "http://127.0.0.1:1400",
    evmRpcUrl: "http://127.0.0.1:8545",
    chainName: "Unit",
  });
  assert.throws(() => parseRestArgs(["--public-rest", "ws://x"]), /--public-rest expects an http:\/\/ or https:\/\/ URL/);
  assert.throws(() => parseRestArgs(["--public-evm-rpc", "not a url"]), /--public-evm-rpc expects a URL/);
  assert.throws(() => chainInfoSettings({}, { restPort: 1317, explorer: false }, { UNIT_PUBLIC_RPC_URL: "https://x/?a=1" }), /--public-rpc/);
});
