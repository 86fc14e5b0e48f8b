// Staking over REST on a real one-validator chain (real CometBFT, the app, the gateway as its own
// process): each route compared field by field with its gRPC twin, and the LegacyDec rule seen
// from both sides: the protobuf bytes carry atomics (value x 10^18), which CosmJS decodes, while
// REST prints the decimal form a Cosmos SDK node's gateway prints.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary, type DescMessage, type DescService, type MessageInitShape } from "@bufbuild/protobuf";
import { QueryClient, setupStakingExtension } from "@cosmjs/stargate";
import { connectComet, type CometClient } from "@cosmjs/tendermint-rpc";
import { NodeGrpcClient } from "../common/grpc/client.js";
import { parseDec } from "../sdk/math/dec.js";
import { validatorAccountAddress } from "../app/localGenesis.js";
import { VALIDATOR_SELF_DELEGATION } from "../common/node/testKeys.js";
import { Query as StakingQuery } from "../gen/cosmos/staking/v1beta1/query_pb.js";
import { formatValidatorAddress, parseAccountAddress } from "../sdk/crypto/accountAddress.js";
import { LocalNode } from "./support/localNode.js";
import { assertJsonMatchesMessage } from "./support/protoJsonOracle.js";
import { RestGatewayProcess } from "./support/restGateway.js";

const staking = StakingQuery as unknown as DescService;
/** 100000000000 uunit self-delegated at genesis: one share per token, so as many shares. */
const SHARES_DECIMAL = "100000000000.000000000000000000";
const SHARES_ATOMICS = "100000000000000000000000000000";

let node: LocalNode;
let gateway: RestGatewayProcess;
let grpc: NodeGrpcClient;
let delegator: string;
let operator: string;

before(async () => {
  node = await LocalNode.create();
  await node.start();
  await node.waitForHeight(2);
  gateway = new RestGatewayProcess(node.ports.rest, ["--home", node.paths.root]);
  grpc = new NodeGrpcClient(`127.0.0.1:${node.ports.grpc}`);
  delegator = validatorAccountAddress(0);
  operator = formatValidatorAddress(parseAccountAddress(delegator));
  await gateway.waitFor("/cosmos/staking/v1beta1/params");
});

after(async () => {
  grpc?.close();
  await gateway?.stop();
  await node?.destroy();
});

interface RouteCase {
  url: () => string;
  method: string;
  request: () => Record<string, unknown>;
}

const ROUTES: Record<string, RouteCase> = {
  "/cosmos/staking/v1beta1/validators": { url: () => "/cosmos/staking/v1beta1/validators", method: "Validators", request: () => ({}) },
  "/cosmos/staking/v1beta1/validators?status": {
    url: () => "/cosmos/staking/v1beta1/validators?status=BOND_STATUS_BONDED",
    method: "Validators",
    request: () => ({ status: "BOND_STATUS_BONDED" }),
  },
  "/cosmos/staking/v1beta1/validators/{validator_addr}": {
    url: () => `/cosmos/staking/v1beta1/validators/${operator}`,
    method: "Validator",
    request: () => ({ validatorAddr: operator }),
  },
  "/cosmos/staking/v1beta1/delegations/{delegator_addr}": {
    url: () => `/cosmos/staking/v1beta1/delegations/${delegator}`,
    method: "DelegatorDelegations",
    request: () => ({ delegatorAddr: delegator }),
  },
  "/cosmos/staking/v1beta1/params": { url: () => "/cosmos/staking/v1beta1/params", method: "Params", request: () => ({}) },
  "/cosmos/staking/v1beta1/pool": { url: () => "/cosmos/staking/v1beta1/pool", method: "Pool", request: () => ({}) },
};

async function grpcAnswer(c: RouteCase, height: number) {
  const method = staking.methods.find((m) => m.name === c.method)!;
  const bytes = toBinary(method.input, create(method.input, c.request() as MessageInitShape<DescMessage>));
  const { response } = await grpc.unary(`/${staking.typeName}/${c.method}`, bytes, { height });
  return { schema: method.output, bytes: response, message: fromBinary(method.output, response) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- runtime schema
}

/** Both answers at one committed height, so they come from the same state. */
async function bothAt(key: string) {
  const c = ROUTES[key]!;
  const latest = await gateway.committedHeight();
  const res = await gateway.get(c.url(), { headers: { "x-cosmos-block-height": String(latest) } });
  assert.equal(res.status, 200, `${key}: ${JSON.stringify(res.body)}`);
  assert.equal(res.headers.get("x-cosmos-block-height"), String(latest), key);
  return { rest: res.body, grpc: await grpcAnswer(c, latest) };
}

test("every staking route answers like its gRPC method, field by field", async () => {
  for (const key of Object.keys(ROUTES)) {
    const { rest, grpc: expected } = await bothAt(key);
    assert.deepEqual(
      Object.keys(rest),
      expected.schema.fields.map((f) => f.name),
      `${key}: every field, in declaration order`,
    );
    assertJsonMatchesMessage(expected.schema, expected.message, rest, key);
  }
});

test("delegator_shares: decimal over REST, atomics in the gRPC bytes", async () => {
  const { rest, grpc: answer } = await bothAt("/cosmos/staking/v1beta1/validators");
  assert.equal(rest.validators.length, 1, "the genesis validator");
  const v = rest.validators[0];
  assert.equal(v.operator_address, operator);
  assert.equal(v.delegator_shares, SHARES_DECIMAL);
  assert.equal(v.tokens, VALIDATOR_SELF_DELEGATION.toString(), "a cosmos.Int stays integer text");
  assert.equal(v.status, "BOND_STATUS_BONDED");
  // The SDK CLI's default commission, given to genesis validators: 10%, at most 20%, 1% a day.
  assert.deepEqual(v.commission.commission_rates, { rate: "0.100000000000000000", max_rate: "0.200000000000000000", max_change_rate: "0.010000000000000000" });

  assert.equal(answer.message.validators[0].delegatorShares, SHARES_ATOMICS);
  const wire = Buffer.from(answer.bytes);
  assert.ok(wire.includes(Buffer.from(SHARES_ATOMICS)), "the protobuf bytes hold the atomics text");
  assert.ok(!wire.includes(Buffer.from(SHARES_DECIMAL)), "and never the decimal text");

  const one = (await bothAt("/cosmos/staking/v1beta1/validators/{validator_addr}")).rest;
  assert.equal(one.validator.delegator_shares, SHARES_DECIMAL);
  const delegations = (await bothAt("/cosmos/staking/v1beta1/delegations/{delegator_addr}")).rest;
  assert.equal(delegations.delegation_responses.length, 1);
  assert.equal(delegations.delegation_responses[0].delegation.shares, SHARES_DECIMAL);
  assert.deepEqual(delegations.delegation_responses[0].balance, { denom: "uunit", amount: VALIDATOR_SELF_DELEGATION.toString() });
  const params = (await bothAt("/cosmos/staking/v1beta1/params")).rest;
  assert.match(params.params.min_commission_rate, /^[0-9]+\.[0-9]{18}$/);
  assert.equal(params.params.bond_denom, "uunit");
  const pool = (await bothAt("/cosmos/staking/v1beta1/pool")).rest;
  assert.equal(pool.pool.bonded_tokens, VALIDATOR_SELF_DELEGATION.toString(), "pool amounts are cosmos.Int: integer text");
});

test("the OpenAPI document describes LegacyDec fields as decimal strings", async () => {
  const doc = (await gateway.get("/openapi.json")).body;
  const validator = doc.components.schemas["cosmos.staking.v1beta1.Validator"].properties;
  const pattern = new RegExp(validator.delegator_shares.pattern);
  assert.match(SHARES_DECIMAL, pattern);
  assert.doesNotMatch(SHARES_ATOMICS, pattern);
  assert.deepEqual(validator.tokens, { type: "string" });
});

test("CosmJS's staking extension reads the validator and its shares as atomics", async () => {
  let comet: CometClient | undefined;
  try {
    comet = await connectComet(node.rpcUrl);
    const query = QueryClient.withExtensions(comet, setupStakingExtension);
    const { validators } = await query.staking.validators("BOND_STATUS_BONDED");
    assert.equal(validators.length, 1);
    const v = validators[0]!;
    assert.equal(v.operatorAddress, operator);
    assert.equal(v.tokens, VALIDATOR_SELF_DELEGATION.toString());
    // CosmJS hands the wire text over unchanged; Decimal.fromAtomics(text, 18) is how dapps read it.
    assert.equal(v.delegatorShares, SHARES_ATOMICS);
    const rest = (await gateway.get(`/cosmos/staking/v1beta1/validators/${operator}`)).body.validator;
    assert.equal(BigInt(v.delegatorShares), parseDec(rest.delegator_shares), "the same value both ways");
    const { delegationResponse } = await query.staking.delegation(delegator, operator);
    assert.equal(delegationResponse?.delegation.shares, SHARES_ATOMICS);
  } finally {
    comet?.disconnect();
  }
});
