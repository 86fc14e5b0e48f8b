// The app's gRPC server on a real one-validator chain (real CometBFT, real app process), called
// with grpc-js as a client would, and with grpcurl when it is installed.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import net from "node:net";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { bech32 } from "@scure/base";
import { Client, credentials, status, type ServiceError } from "@grpc/grpc-js";
import { Service as TendermintService } from "../gen/cosmos/base/tendermint/v1beta1/query_pb.js";
import { BroadcastMode, Service as TxService } from "../gen/cosmos/tx/v1beta1/service_pb.js";
import { ServerReflectionRequestSchema, ServerReflectionResponseSchema } from "../gen/grpc/reflection/v1/reflection_pb.js";
import { NodeGrpcClient } from "../common/grpc/client.js";
import { DEFAULT_CHAIN_ID } from "../cometbft/genesis.js";
import { canConnect, waitUntil } from "../cometbft/readiness.js";
import { LocalNode } from "./support/localNode.js";
import { Query as BankQuery } from "../gen/cosmos/bank/v1beta1/query_pb.js";
import { Query as AuthQuery } from "../gen/cosmos/auth/v1beta1/query_pb.js";
import { BaseAccountSchema, ModuleAccountSchema } from "../gen/cosmos/auth/v1beta1/auth_pb.js";
import { faucetAddress } from "../app/localGenesis.js";
import { FAUCET_GENESIS_BALANCE, VALIDATOR_GENESIS_BALANCE } from "../common/node/testKeys.js";

interface CometBlock {
  block_id: { hash: string };
  block: { header: { height: string; time: string; chain_id: string; app_hash: string; proposer_address: string } };
}

const FAUCET = faucetAddress();
let node: LocalNode;
let grpcAddress: string;
let client: NodeGrpcClient;

before(async () => {
  node = await LocalNode.create();
  await node.start();
  grpcAddress = `127.0.0.1:${node.ports.grpc}`;
  await waitUntil("app gRPC port", () => canConnect(node.ports.grpc), 10_000);
  await node.waitForHeight(3);
  client = new NodeGrpcClient(grpcAddress);
});

after(async () => {
  client?.close();
  await node?.destroy();
});

const hex = (b: Uint8Array | undefined) =>
  Buffer.from(b ?? [])
    .toString("hex")
    .toUpperCase();

async function failsWith(promise: Promise<unknown>, code: status, message?: RegExp): Promise<void> {
  await assert.rejects(promise, (err: ServiceError) => {
    assert.equal(err.code, code, `expected ${status[code]}, got ${status[err.code]}: ${err.details}`);
    if (message) assert.match(err.details, message);
    return true;
  });
}

test("reflection lists the node services and itself", async () => {
  const raw = new Client(grpcAddress, credentials.createInsecure());
  try {
    const names = await new Promise<string[]>((resolve, reject) => {
      const call = raw.makeBidiStreamRequest(
        "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
        (b: Buffer) => b,
        (b: Buffer) => b,
      );
      call.on("data", (chunk: Buffer) => {
        const res = fromBinary(ServerReflectionResponseSchema, chunk).messageResponse;
        call.end();
        resolve(res.case === "listServicesResponse" ? res.value.service.map((s) => s.name) : []);
      });
      call.on("error", reject);
      call.write(
        Buffer.from(toBinary(ServerReflectionRequestSchema, create(ServerReflectionRequestSchema, { messageRequest: { case: "listServices", value: "" } }))),
      );
    });
    for (const name of [
      "cosmos.base.tendermint.v1beta1.Service",
      "cosmos.tx.v1beta1.Service",
      "grpc.reflection.v1.ServerReflection",
      "grpc.reflection.v1alpha.ServerReflection",
    ]) {
      assert.ok(names.includes(name), `${name} in ${names.join(", ")}`);
    }
  } finally {
    raw.close();
  }
});

test("GetNodeInfo reports the chain id as the network and the app's version", async () => {
  const { response, height } = await client.call(TendermintService, "getNodeInfo", {});
  assert.equal(response.defaultNodeInfo?.network, DEFAULT_CHAIN_ID);
  assert.equal(response.defaultNodeInfo?.version, "0.38.25");
  assert.equal(response.applicationVersion?.name, "unit");
  assert.ok(height > 0, "the answer carries the app's committed height");
  assert.equal((await client.call(TendermintService, "getSyncing", {})).response.syncing, false);
});

test("GetLatestBlock returns the block CometBFT has at that height", async () => {
  const { response } = await client.call(TendermintService, "getLatestBlock", {});
  const height = response.block?.header?.height ?? 0n;
  assert.ok(height > 0n);
  const comet = await node.rpc<CometBlock>(`block?height=${height}`);
  assert.equal(hex(response.blockId?.hash), comet.block_id.hash);
  assert.equal(hex(response.block?.header?.appHash), comet.block.header.app_hash);
  assert.equal(response.sdkBlock?.header?.height, height);
});

test("GetBlockByHeight(2) matches CometBFT's header, with a bech32 proposer in sdk_block", async () => {
  const { response } = await client.call(TendermintService, "getBlockByHeight", { height: 2n });
  const comet = await node.rpc<CometBlock>("block?height=2");
  const header = response.block!.header!;
  assert.equal(header.height, 2n);
  assert.equal(header.chainId, comet.block.header.chain_id);
  assert.equal(hex(response.blockId?.hash), comet.block_id.hash);
  assert.equal(hex(header.appHash), comet.block.header.app_hash);
  assert.equal(hex(header.proposerAddress), comet.block.header.proposer_address);
  assert.equal(new Date(Number(header.time!.seconds) * 1000).toISOString().slice(0, 19), comet.block.header.time.slice(0, 19));
  const proposer = response.sdkBlock!.header!.proposerAddress;
  assert.match(proposer, /^unitvalcons1/);
  assert.equal(hex(bech32.fromWords(bech32.decode(proposer as `${string}1${string}`).words)), comet.block.header.proposer_address);
});

test("a block above the chain's height is OUT_OF_RANGE, height 0 INVALID_ARGUMENT", async () => {
  await failsWith(client.call(TendermintService, "getBlockByHeight", { height: 1_000_000n }), status.OUT_OF_RANGE);
  await failsWith(client.call(TendermintService, "getBlockByHeight", { height: 0n }), status.INVALID_ARGUMENT);
});

test("GetTx of an unknown hash is NOT_FOUND", async () => {
  const hash = "AB".repeat(32);
  await failsWith(client.call(TxService, "getTx", { hash }), status.NOT_FOUND, new RegExp(`tx not found: ${hash}`));
});

test("BroadcastTx of bytes that are no tx returns the app's rejection in a TxResponse", async () => {
  const { response } = await client.call(TxService, "broadcastTx", { txBytes: Buffer.from([0x0a, 0x0b, 0x0c]), mode: BroadcastMode.SYNC });
  assert.ok(response.txResponse);
  assert.notEqual(response.txResponse.code, 0);
  assert.equal(response.txResponse.codespace, "sdk");
  assert.match(response.txResponse.txhash, /^[0-9A-F]{64}$/);
  await failsWith(client.call(TxService, "broadcastTx", { txBytes: Buffer.from([1]), mode: BroadcastMode.BLOCK }), status.INVALID_ARGUMENT, /deprecated/);
});

test("GetTxsEvent answers an event query (none match on an idle chain)", async () => {
  const { response } = await client.call(TxService, "getTxsEvent", { query: "tx.height>1000000" });
  assert.equal(response.total, 0n);
  assert.deepEqual(response.txResponses, []);
});

function grpcurl(...args: string[]): string | undefined {
  try {
    return execFileSync("grpcurl", ["-plaintext", ...args], { encoding: "utf8", timeout: 20_000 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

test("grpcurl lists and describes the services through reflection", async (t) => {
  const list = grpcurl(grpcAddress, "list");
  if (list === undefined) return t.skip("grpcurl is not installed");
  assert.match(list, /^cosmos\.base\.tendermint\.v1beta1\.Service$/m);
  assert.match(list, /^cosmos\.tx\.v1beta1\.Service$/m);
  assert.match(grpcurl(grpcAddress, "describe", "cosmos.tx.v1beta1.Service")!, /rpc BroadcastTx \( \.cosmos\.tx\.v1beta1\.BroadcastTxRequest \)/);
  const info = JSON.parse(grpcurl(grpcAddress, "cosmos.base.tendermint.v1beta1.Service/GetNodeInfo")!) as { defaultNodeInfo: { network: string } };
  assert.equal(info.defaultNodeInfo.network, DEFAULT_CHAIN_ID);
});

test("the app exits with a clear message when the gRPC port is taken", async () => {
  const other = await LocalNode.create();
  const squatter = net.createServer();
  await new Promise<void>((resolve) => squatter.listen(other.ports.grpc, "127.0.0.1", resolve));
  try {
    await other.startApp().catch(() => undefined);
    await other.waitExit("app");
    assert.equal(other.app?.child.exitCode, 1);
    assert.match(other.output("app"), /cannot listen for gRPC on 127\.0\.0\.1:\d+ \(port in use/);
  } finally {
    squatter.close();
    await other.destroy();
  }
});

test("bank queries over gRPC: the faucet's genesis balance, supply and the native denom's metadata", async () => {
  const balance = await client.call(BankQuery, "balance", { address: FAUCET, denom: "uunit" });
  assert.equal(balance.response.balance?.amount, FAUCET_GENESIS_BALANCE.toString());
  assert.ok(balance.height >= 3, `answered at height ${balance.height}`);
  const all = await client.call(BankQuery, "allBalances", { address: FAUCET });
  assert.deepEqual(
    all.response.balances.map((c) => [c.denom, c.amount]),
    [["uunit", FAUCET_GENESIS_BALANCE.toString()]],
  );
  const atHeight2 = await client.call(BankQuery, "balance", { address: FAUCET, denom: "uunit" }, { height: 2 });
  assert.equal(atHeight2.height, 2);
  const supply = await client.call(BankQuery, "supplyOf", { denom: "uunit" });
  assert.equal(
    supply.response.amount?.amount,
    (FAUCET_GENESIS_BALANCE + VALIDATOR_GENESIS_BALANCE).toString(),
    "the faucet's and the validator's genesis coins",
  );
  const total = await client.call(BankQuery, "totalSupply", { pagination: { countTotal: true } });
  assert.equal(total.response.pagination?.total, 1n);
  const meta = await client.call(BankQuery, "denomMetadata", { denom: "uunit" });
  assert.equal(meta.response.metadata?.display, "UNIT");
  assert.deepEqual(
    meta.response.metadata?.denomUnits.map((u) => [u.denom, u.exponent]),
    [
      ["uunit", 0],
      ["UNIT", 6],
    ],
  );
  await failsWith(client.call(BankQuery, "balance", { address: "unit1notanaddress", denom: "uunit" }), status.INVALID_ARGUMENT, /invalid address/);
  await failsWith(client.call(BankQuery, "denomMetadata", { denom: "unknowncoin" }), status.NOT_FOUND);
});

test("auth queries over gRPC: accounts, the gov module account, params, NotFound for a stranger", async () => {
  const gov = await client.call(AuthQuery, "moduleAccountByName", { name: "gov" });
  assert.equal(gov.response.account?.typeUrl, "/cosmos.auth.v1beta1.ModuleAccount");
  assert.equal(fromBinary(ModuleAccountSchema, gov.response.account!.value).baseAccount?.address, "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc");
  const faucet = await client.call(AuthQuery, "account", { address: FAUCET });
  assert.equal(faucet.response.account?.typeUrl, "/cosmos.auth.v1beta1.BaseAccount");
  assert.equal(fromBinary(BaseAccountSchema, faucet.response.account!.value).address, FAUCET);
  const params = await client.call(AuthQuery, "params", {});
  assert.equal(params.response.params?.maxMemoCharacters, 256n);
  const accounts = await client.call(AuthQuery, "accounts", { pagination: { limit: 2n } });
  assert.equal(accounts.response.accounts.length, 2);
  assert.ok(accounts.response.pagination?.nextKey.length, "a next key when more accounts exist");
  await failsWith(
    client.call(AuthQuery, "account", { address: "unit1qurswpc8qurswpc8qurswpc8qurswpc8mtehk2" }),
    status.NOT_FOUND,
    /account unit1\w+ not found/,
  );
  await failsWith(client.call(AuthQuery, "moduleAccountByName", { name: "nosuchmodule" }), status.NOT_FOUND);
});
