// The standard services a Cosmos client asks for before its first send, on a real one-validator
// chain (CometBFT, the app, the REST gateway), each over gRPC and REST: cosmos.consensus.v1
// Query/Params, the legacy cosmos.params.v1beta1 Query/Params and Subspaces, the node service's
// Config and Status, and auth's and bank's Params in the SDK's shape. Then a governance round
// that changes block max_gas with MsgUpdateParams, typed as a user types it, until CometBFT's own
// /consensus_params reports the new value.
import { APP_PROTOCOL_VERSION } from "../common/version.js";
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { Client, credentials } from "@grpc/grpc-js";
import { Query as ConsensusQuery } from "../gen/cosmos/consensus/v1/query_pb.js";
import { Query as ParamsQuery } from "../gen/cosmos/params/v1beta1/query_pb.js";
import { Service as NodeService } from "../gen/cosmos/base/node/v1beta1/query_pb.js";
import { Query as AuthQuery } from "../gen/cosmos/auth/v1beta1/query_pb.js";
import { Query as BankQuery } from "../gen/cosmos/bank/v1beta1/query_pb.js";
import { ServerReflectionRequestSchema, ServerReflectionResponseSchema } from "../gen/grpc/reflection/v1/reflection_pb.js";
import { NodeGrpcClient } from "../common/grpc/client.js";
import { canConnect, waitUntil } from "../cometbft/readiness.js";
import { VALIDATOR_TEST_MNEMONICS } from "../common/node/testKeys.js";
import { readAppConfig } from "../common/node/home.js";
import { LocalNode } from "./support/localNode.js";
import { RestGatewayProcess } from "./support/restGateway.js";
import { readMatchingGrpc } from "./support/restVsGrpc.js";
import { DEFAULT_BLOCK_PARAMS } from "../cometbft/genesis.js";
import { runUnitd, type CliRun } from "./support/unitdCli.js";

const VOTING_PERIOD_SECONDS = 6;
const TX_FLAGS = ["--gas", "400000", "--fees", "10000uunit", "-y", "--wait", "-o", "json"];
const GOV = "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc";
const NEW_MAX_GAS = "40000000";

let node: LocalNode;
let gateway: RestGatewayProcess;
let grpc: NodeGrpcClient;
const home = fs.mkdtempSync(path.join(os.tmpdir(), "unit-standard-services-"));

before(async () => {
  node = await LocalNode.create({ votingPeriod: `${VOTING_PERIOD_SECONDS}s` });
  await node.start();
  await waitUntil("app gRPC port", () => canConnect(node.ports.grpc), 10_000);
  await node.waitForHeight(2);
  grpc = new NodeGrpcClient(`127.0.0.1:${node.ports.grpc}`);
  gateway = new RestGatewayProcess(node.ports.rest, ["--home", node.paths.root]);
  await gateway.waitFor("/cosmos/consensus/v1/params");
});

after(async () => {
  grpc?.close();
  await gateway?.stop();
  await node?.destroy();
  fs.rmSync(home, { recursive: true, force: true });
});

function unitd(args: string[], input?: string): Promise<CliRun> {
  return runUnitd([...args, ...(args[0] === "keys" ? [] : ["--node", node.rpcUrl])], { input, env: { UNITD_HOME: home } });
}

async function ok(args: string[], input?: string): Promise<any> {
  const run = await unitd(args, input);
  assert.equal(run.code, 0, `unitd ${args.join(" ")}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  return run.stdout.trim().startsWith("{") ? JSON.parse(run.stdout) : run.stdout;
}

interface CometBlockResults {
  finalize_block_events: Array<{ type: string }>;
  consensus_param_updates: { block: { max_gas: string }; version?: unknown } | null;
}

interface CometConsensusParams {
  block_height: string;
  consensus_params: { block: { max_bytes: string; max_gas: string }; evidence: { max_age_num_blocks: string; max_age_duration: string; max_bytes: string } };
}

test("reflection lists the three new services", async () => {
  const raw = new Client(`127.0.0.1:${node.ports.grpc}`, credentials.createInsecure());
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
    for (const name of ["cosmos.consensus.v1.Query", "cosmos.params.v1beta1.Query", "cosmos.base.node.v1beta1.Service"]) {
      assert.ok(names.includes(name), `${name} in ${names.join(", ")}`);
    }
  } finally {
    raw.close();
  }
});

test("consensus params: gRPC and REST answer genesis.json's consensus params, the same as CometBFT's", async () => {
  const body = await readMatchingGrpc(gateway, grpc, { url: "/cosmos/consensus/v1/params", service: ConsensusQuery, method: "Params", request: {} });
  assert.deepEqual(body.params, {
    block: DEFAULT_BLOCK_PARAMS,
    evidence: { max_age_num_blocks: "100000", max_age_duration: "172800s", max_bytes: "1048576" },
    validator: { pub_key_types: ["ed25519"] },
    // Genesis files name the app version their blocks carry (CometBFT's rollback replays with it).
    version: { app: String(APP_PROTOCOL_VERSION) },
    abci: { vote_extensions_enable_height: "0" },
  });
  // At a height whose state CometBFT has surely saved: its latest block's can still be on the way.
  const settled = Number((await node.status()).latestBlockHeight) - 1;
  const comet = await node.rpc<CometConsensusParams>(`consensus_params?height=${settled}`);
  assert.equal(comet.consensus_params.block.max_gas, body.params.block.max_gas);
  assert.equal(comet.consensus_params.block.max_bytes, body.params.block.max_bytes);
  const cli = await ok(["query", "consensus", "params", "-o", "json"]);
  assert.deepEqual(cli, body, "unitd query consensus params prints the REST answer");
});

test("legacy params: baseapp and the modules' subspaces answer amino JSON over gRPC and REST", async () => {
  const cases: Array<[string, string, string]> = [
    ["baseapp", "BlockParams", JSON.stringify(DEFAULT_BLOCK_PARAMS)],
    ["baseapp", "EvidenceParams", `{"max_age_num_blocks":"100000","max_age_duration":"172800000000000","max_bytes":"1048576"}`],
    ["baseapp", "ValidatorParams", `{"pub_key_types":["ed25519"]}`],
    ["staking", "MaxValidators", "100"],
    ["staking", "BondDenom", `"uunit"`],
    ["staking", "UnbondingTime", `"1814400000000000"`],
    ["auth", "MaxMemoCharacters", `"256"`],
    ["bank", "DefaultSendEnabled", "true"],
    ["gov", "votingparams", `{"voting_period":"${VOTING_PERIOD_SECONDS}000000000"}`],
    ["distribution", "communitytax", `"0.020000000000000000"`],
    ["distribution", "withdrawaddrenabled", "true"],
    ["slashing", "SignedBlocksWindow", `"100"`],
    ["slashing", "DowntimeJailDuration", `"600000000000"`],
    ["mint", "MintDenom", `"uunit"`],
    ["mint", "InflationMax", `"0.000000000000000000"`],
    ["mint", "BlocksPerYear", `"6311520"`],
    ["staking", "NoSuchKey", ""],
  ];
  for (const [subspace, key, value] of cases) {
    const body = await readMatchingGrpc(gateway, grpc, {
      url: `/cosmos/params/v1beta1/params?subspace=${subspace}&key=${key}`,
      service: ParamsQuery,
      method: "Params",
      request: { subspace, key },
    });
    assert.deepEqual(body, { param: { subspace, key, value } }, `${subspace}/${key}`);
  }
  const subspaces = await readMatchingGrpc(gateway, grpc, { url: "/cosmos/params/v1beta1/subspaces", service: ParamsQuery, method: "Subspaces", request: {} });
  assert.deepEqual(
    subspaces.subspaces.map((s: { subspace: string }) => s.subspace),
    ["auth", "bank", "baseapp", "distribution", "gov", "mint", "slashing", "staking"],
  );
  const cli = await ok(["query", "params", "subspace", "baseapp", "BlockParams", "-o", "json"]);
  assert.equal(cli.param.value, JSON.stringify(DEFAULT_BLOCK_PARAMS));
});

test("legacy params errors: an unknown subspace is 404 (params/2), a missing key 400", async () => {
  const unknown = await gateway.get("/cosmos/params/v1beta1/params?subspace=crisis&key=ConstantFee");
  assert.equal(unknown.status, 404, JSON.stringify(unknown.body));
  assert.equal(unknown.body.code, 5);
  assert.match(unknown.body.message, /crisis: unknown subspace/);
  const missing = await gateway.get("/cosmos/params/v1beta1/params?subspace=baseapp");
  assert.equal(missing.status, 400);
  assert.equal(missing.body.code, 3);
  const cli = await unitd(["query", "params", "subspace", "crisis", "ConstantFee"]);
  assert.equal(cli.code, 1);
  assert.match(cli.stderr, /unknown subspace "crisis"/);
});

test("node Config: the chain's minimum gas price as a DecCoin and app.json's pruning settings, over gRPC and REST", async () => {
  const config = readAppConfig(node.paths);
  const expected = {
    minimum_gas_price: "0.025000000000000000uunit",
    pruning_keep_recent: String(config.pruningKeepRecent),
    pruning_interval: String(config.pruningInterval),
    halt_height: "0",
  };
  const { response } = await grpc.call(NodeService, "config", {});
  assert.deepEqual(
    {
      minimum_gas_price: response.minimumGasPrice,
      pruning_keep_recent: response.pruningKeepRecent,
      pruning_interval: response.pruningInterval,
      halt_height: `${response.haltHeight}`,
    },
    expected,
  );
  const rest = await gateway.get("/cosmos/base/node/v1beta1/config");
  assert.equal(rest.status, 200);
  assert.deepEqual(rest.body, expected);
});

test("node Status: the latest committed height and that block's header fields, over gRPC and REST", async () => {
  const hex = (b: Uint8Array) => Buffer.from(b).toString("hex").toUpperCase();
  const { response } = await grpc.call(NodeService, "status", {});
  assert.ok(response.height >= 2n);
  assert.equal(response.earliestStoreHeight, 1n, "nothing pruned yet");
  const comet = await node.rpc<{ header: { time: string; app_hash: string; next_validators_hash: string } }>(`header?height=${response.height}`);
  assert.equal(hex(response.appHash), comet.header.app_hash);
  assert.equal(hex(response.validatorHash), comet.header.next_validators_hash);
  assert.equal(new Date(Number(response.timestamp!.seconds) * 1000).toISOString().slice(0, 19), comet.header.time.slice(0, 19));

  const rest = await gateway.get("/cosmos/base/node/v1beta1/status");
  assert.equal(rest.status, 200);
  assert.deepEqual(Object.keys(rest.body), ["earliest_store_height", "height", "timestamp", "app_hash", "validator_hash"]);
  const restHeader = await node.rpc<{ header: { time: string; app_hash: string; next_validators_hash: string } }>(`header?height=${rest.body.height}`);
  assert.equal(rest.body.earliest_store_height, "1");
  assert.equal(Buffer.from(rest.body.app_hash, "base64").toString("hex").toUpperCase(), restHeader.header.app_hash);
  assert.equal(Buffer.from(rest.body.validator_hash, "base64").toString("hex").toUpperCase(), restHeader.header.next_validators_hash);
  assert.equal(new Date(rest.body.timestamp).getTime(), new Date(restHeader.header.time).getTime());
});

test("auth and bank Params answer the SDK's shape", async () => {
  const auth = await readMatchingGrpc(gateway, grpc, { url: "/cosmos/auth/v1beta1/params", service: AuthQuery, method: "Params", request: {} });
  assert.deepEqual(auth, {
    params: { max_memo_characters: "256", tx_sig_limit: "7", tx_size_cost_per_byte: "10", sig_verify_cost_ed25519: "590", sig_verify_cost_secp256k1: "1000" },
  });
  const bank = await readMatchingGrpc(gateway, grpc, { url: "/cosmos/bank/v1beta1/params", service: BankQuery, method: "Params", request: {} });
  assert.deepEqual(bank, { params: { send_enabled: [], default_send_enabled: true } });
});

test("OpenAPI describes the five new routes", async () => {
  const doc = (await gateway.get("/openapi.json")).body;
  for (const route of [
    "/cosmos/consensus/v1/params",
    "/cosmos/params/v1beta1/params",
    "/cosmos/params/v1beta1/subspaces",
    "/cosmos/base/node/v1beta1/config",
    "/cosmos/base/node/v1beta1/status",
  ]) {
    assert.ok(doc.paths[route]?.get, route);
  }
});

test("governance: a passed MsgUpdateParams changes block max_gas, and CometBFT's /consensus_params reports it", async () => {
  await ok(["keys", "add", "validator", "--recover", "-o", "json"], VALIDATOR_TEST_MNEMONICS[0] + "\n");
  const file = path.join(home, "consensus-proposal.json");
  fs.writeFileSync(
    file,
    JSON.stringify({
      messages: [
        {
          "@type": "/cosmos.consensus.v1.MsgUpdateParams",
          authority: GOV,
          block: { max_bytes: DEFAULT_BLOCK_PARAMS.max_bytes, max_gas: NEW_MAX_GAS },
          evidence: { max_age_num_blocks: "100000", max_age_duration: "172800s", max_bytes: "1048576" },
          validator: { pub_key_types: ["ed25519"] },
        },
      ],
      metadata: "",
      deposit: "10000000uunit",
      title: "Limit block gas",
      summary: `block.max_gas ${NEW_MAX_GAS}`,
    }),
  );
  const submitted = await ok(["tx", "gov", "submit-proposal", file, "--from", "validator", ...TX_FLAGS]);
  assert.equal(submitted.code, 0, submitted.raw_log);
  const voted = await ok(["tx", "gov", "vote", "1", "yes", "--from", "validator", ...TX_FLAGS]);
  assert.equal(voted.code, 0, voted.raw_log);

  await waitUntil(
    "the proposal to pass",
    async () => (await gateway.get("/cosmos/gov/v1/proposals/1")).body.proposal?.status === "PROPOSAL_STATUS_PASSED",
    (VOTING_PERIOD_SECONDS + 30) * 1000,
  );
  assert.equal((await gateway.get("/cosmos/gov/v1/proposals/1")).body.proposal.failed_reason, "");
  // CometBFT applies the update from the height after the block that executed it.
  // Without a height CometBFT reads its latest height, whose params it may not have saved yet
  // ("value retrieved from db is empty"): such an answer is read as "not yet".
  let comet: CometConsensusParams | undefined;
  await waitUntil(
    "CometBFT to report the new max_gas",
    async () => {
      comet = await node.rpc<CometConsensusParams>("consensus_params").catch(() => undefined);
      return comet?.consensus_params.block.max_gas === NEW_MAX_GAS;
    },
    20_000,
  );
  assert.equal(comet!.consensus_params.evidence.max_age_duration, "172800000000000");
  const stored = (await gateway.get("/cosmos/consensus/v1/params")).body.params;
  assert.equal(stored.block.max_gas, NEW_MAX_GAS);
  assert.deepEqual(stored.version, { app: String(APP_PROTOCOL_VERSION) }, "the version is not touched");
  const legacy = (await gateway.get("/cosmos/params/v1beta1/params?subspace=baseapp&key=BlockParams")).body.param.value;
  assert.equal(legacy, `{"max_bytes":"${DEFAULT_BLOCK_PARAMS.max_bytes}","max_gas":"${NEW_MAX_GAS}"}`);

  // The block that ran the proposal handed CometBFT the update (no version), which applies from the next height.
  const latest = Number((await node.status()).latestBlockHeight);
  let executed: number | undefined;
  let results: CometBlockResults | undefined;
  for (let h = Number(voted.height) + 1; h <= latest && executed === undefined; h++) {
    const r = await node.rpc<CometBlockResults>(`block_results?height=${h}`);
    if (r.consensus_param_updates) [executed, results] = [h, r];
  }
  assert.ok(executed !== undefined && results, "a block's results carry consensus_param_updates");
  assert.ok(results.finalize_block_events.some((e) => e.type === "update_consensus_params"));
  assert.equal(results.consensus_param_updates!.block.max_gas, NEW_MAX_GAS);
  assert.ok(results.consensus_param_updates!.version == null, "the version is left out of the update");
  assert.equal((await node.rpc<CometConsensusParams>(`consensus_params?height=${executed}`)).consensus_params.block.max_gas, "-1");
  assert.equal((await node.rpc<CometConsensusParams>(`consensus_params?height=${executed + 1}`)).consensus_params.block.max_gas, NEW_MAX_GAS);

  // Blocks go on under the new limit, and a tx within it is included.
  const alice = (await ok(["keys", "add", "alice", "-o", "json"])).address;
  const sent = await ok(["tx", "bank", "send", "validator", alice, "1uunit", ...TX_FLAGS]);
  assert.equal(sent.code, 0, sent.raw_log);
  await node.waitForHeight(Number(sent.height) + 1);
});
