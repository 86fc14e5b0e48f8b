// /chain-info/keplr and /chain-info/evm on a real socket with a fake app behind the gateway: the
// answers are what the SDK's keplrChainInfo and evmNetworkParameters give for the chain id and EVM
// chain id the app reports and the configured public endpoints; failures are {code, message, details}.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { create, toBinary } from "@bufbuild/protobuf";
import { QueryParamsResponseSchema } from "../../../gen/chain/evm/query_pb.js";
import { GetNodeInfoResponseSchema } from "../../../gen/cosmos/base/tendermint/v1beta1/query_pb.js";
import { GrpcCode } from "../../../common/errors.js";
import { evmNetworkParameters, keplrChainInfo } from "../../../sdk/wallet/index.js";
import type { CallAnswer, RestBackend } from "../backend.js";
import { RouteTable } from "../routes.js";
import { createRestApp } from "../server.js";
import { createChainInfoHandler } from "./chainInfoRoutes.js";
import type { ChainInfoSettings } from "./chainInfoConfig.js";

let evmChainId = 2611n;
let appDown = false;
const backend: RestBackend = {
  snapshot: () => ({ table: new RouteTable([]), registry: undefined as never, services: [] }),
  unavailableReason: () => "fake",
  learnType: async () => false,
  async call(grpcPath): Promise<CallAnswer> {
    if (appDown) throw Object.assign(new Error("down"), { code: GrpcCode.UNAVAILABLE, details: "connection refused" });
    if (grpcPath === "/cosmos.base.tendermint.v1beta1.Service/GetNodeInfo")
      return { bytes: toBinary(GetNodeInfoResponseSchema, create(GetNodeInfoResponseSchema, { defaultNodeInfo: { network: "unit_2611-1" } })), height: 0 };
    if (grpcPath === "/chain.evm.Query/Params")
      return { bytes: toBinary(QueryParamsResponseSchema, create(QueryParamsResponseSchema, { params: { chainId: evmChainId } })), height: 0 };
    throw new Error(`unexpected call ${grpcPath}`);
  },
};

const settings: ChainInfoSettings = {
  rpcUrl: "https://rpc.unit.example",
  restUrl: "https://rest.unit.example",
  evmRpcUrl: "https://evm.unit.example",
  explorerUrl: "https://rest.unit.example/explorer/",
};

async function serve(chainInfoSettings: ChainInfoSettings) {
  const app = createRestApp({
    backend,
    cors: { mode: "off" } as never,
    info: { title: "t", version: "0", description: "" },
    chainInfo: createChainInfoHandler({ backend, settings: chainInfoSettings, timeoutMs: 1000 }),
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const { server, url } = await serve(settings);
after(() => server.close());

async function get(path: string, init: RequestInit = {}) {
  const res = await fetch(url + path, init);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

test("/chain-info/keplr is keplrChainInfo of the app's chain id and the public endpoints", async () => {
  const res = await get("/chain-info/keplr");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/json; charset=utf-8");
  const expected = keplrChainInfo({ chainId: "unit_2611-1", chainName: "Unit (unit_2611-1)", rpcEndpoint: settings.rpcUrl, restEndpoint: settings.restUrl });
  assert.deepEqual(res.body, JSON.parse(JSON.stringify(expected)));
  assert.equal((res.body.bip44 as { coinType: number }).coinType, 118);
  assert.deepEqual(res.body.stakeCurrency, { coinDenom: "UNIT", coinMinimalDenom: "uunit", coinDecimals: 6 });
  assert.equal((res.body.bech32Config as Record<string, string>).bech32PrefixValAddr, "unitvaloper");
});

test("/chain-info/evm is the EIP-3085 parameter for the app's EVM chain id", async () => {
  const res = await get("/chain-info/evm/");
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, {
    chainId: "0xa33",
    chainName: "Unit (unit_2611-1)",
    nativeCurrency: { name: "UNIT", symbol: "UNIT", decimals: 18 },
    rpcUrls: ["https://evm.unit.example"],
    blockExplorerUrls: ["https://rest.unit.example/explorer/"],
  });
  evmChainId = 9001n;
  try {
    assert.equal((await get("/chain-info/evm")).body.chainId, "0x2329", "read from the app, not assumed");
  } finally {
    evmChainId = 2611n;
  }
  const named = await serve({ ...settings, chainName: "Unit testnet" });
  try {
    const body = (await (await fetch(`${named.url}/chain-info/evm`)).json()) as { chainName: string };
    assert.equal(body.chainName, "Unit testnet");
    assert.deepEqual(
      body,
      evmNetworkParameters({ evmChainId: 2611, chainName: "Unit testnet", rpcUrl: settings.evmRpcUrl, blockExplorerUrl: settings.explorerUrl! }),
    );
  } finally {
    named.server.close();
  }
});

test("other paths, other methods and an unreachable app answer {code, message, details}", async () => {
  const unknown = await get("/chain-info/cosmostation");
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.code, GrpcCode.NOT_FOUND);
  assert.match(String(unknown.body.message), /\/chain-info\/keplr and \/chain-info\/evm/);
  const post = await get("/chain-info/keplr", { method: "POST" });
  assert.equal(post.status, 405);
  appDown = true;
  try {
    const down = await get("/chain-info/keplr");
    assert.equal(down.status, 503);
    assert.deepEqual(down.body, { code: GrpcCode.UNAVAILABLE, message: "the app is unavailable: connection refused", details: [] });
  } finally {
    appDown = false;
  }
});
