// The mint module of a chain without inflation, over a real store: genesis in the SDK's JSON shape
// (decimals), each of the SDK's param checks and this chain's zero-inflation rule refused with a
// message naming the field, and the three queries in the SDK's wire form (LegacyDec atomics).
import { test } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import { TimestampSchema } from "@bufbuild/protobuf/wkt";
import * as q from "../../../gen/cosmos/mint/v1beta1/query_pb.js";
import { Context } from "../../context.js";
import { QueryServices } from "../../query/service.js";
import { openStore } from "../../store/index.js";
import type { Branch } from "../../store/index.js";
import { testLogger } from "../../../test/support/logger.js";
import { defaultMintGenesis, initMintGenesis } from "./genesis.js";
import { MintKeeper } from "./keeper.js";
import { mintModule } from "./module.js";

function setup() {
  const store = openStore(":memory:");
  const root = store.begin();
  const keeper = new MintKeeper();
  const ctx = () =>
    new Context(
      { chainId: "t", height: 1n, time: create(TimestampSchema, { seconds: 1n }), hash: new Uint8Array(), proposerAddress: new Uint8Array() },
      root,
      testLogger,
    );
  const services = new QueryServices();
  mintModule(keeper).registerServices!({ msgs: undefined as never, queries: services });
  const query = <O extends DescMessage>(method: string, input: DescMessage, output: O, state: Branch = root): MessageShape<O> =>
    fromBinary(output, services.method(`/cosmos.mint.v1beta1.Query/${method}`)!.handle(toBinary(input, create(input)), { state, height: 1 }));
  return { store, root, keeper, ctx, query };
}

type Json = Record<string, Record<string, unknown>>;
const genesisWith = (params: Record<string, unknown> = {}, minter: Record<string, unknown> = {}): Json => {
  const g = structuredClone(defaultMintGenesis()) as Json;
  return { params: { ...g.params, ...params }, minter: { ...g.minter, ...minter } };
};

test("default genesis: zero inflation in the SDK's JSON shape, with the SDK's goal_bonded and blocks_per_year", () => {
  assert.deepEqual(defaultMintGenesis(), {
    minter: { inflation: "0.000000000000000000", annual_provisions: "0.000000000000000000" },
    params: {
      mint_denom: "uunit",
      inflation_rate_change: "0.000000000000000000",
      inflation_max: "0.000000000000000000",
      inflation_min: "0.000000000000000000",
      goal_bonded: "0.670000000000000000",
      blocks_per_year: "6311520",
    },
  });
});

test("the queries answer zero inflation in the SDK's wire form, from genesis or with no record at all", () => {
  const { keeper, ctx, query, root, store } = setup();
  const check = () => {
    const { params } = query("Params", q.QueryParamsRequestSchema, q.QueryParamsResponseSchema);
    assert.deepEqual(
      [params!.mintDenom, params!.inflationRateChange, params!.inflationMax, params!.inflationMin, params!.goalBonded, params!.blocksPerYear],
      ["uunit", "0", "0", "0", "670000000000000000", 6_311_520n],
    );
    const decoder = new TextDecoder();
    assert.equal(decoder.decode(query("Inflation", q.QueryInflationRequestSchema, q.QueryInflationResponseSchema).inflation), "0");
    assert.equal(decoder.decode(query("AnnualProvisions", q.QueryAnnualProvisionsRequestSchema, q.QueryAnnualProvisionsResponseSchema).annualProvisions), "0");
  };
  check();
  assert.equal(root.changes().length, 0, "nothing stored yet: a chain started before the module answers the same");
  initMintGenesis(ctx(), keeper, genesisWith({ goal_bonded: "0.67", blocks_per_year: "6311520" }));
  assert.equal(root.changes().length, 2);
  check();
  store.close();
});

test("genesis accepts another denom and goal, and refuses inflation and the SDK's invalid params, each by name", () => {
  const { keeper, ctx, query, store } = setup();
  initMintGenesis(ctx(), keeper, genesisWith({ mint_denom: "ustake", goal_bonded: "1", blocks_per_year: "100" }));
  const { params } = query("Params", q.QueryParamsRequestSchema, q.QueryParamsResponseSchema);
  assert.deepEqual([params!.mintDenom, params!.goalBonded, params!.blocksPerYear], ["ustake", "1000000000000000000", 100n]);

  const refused: [Json, RegExp][] = [
    [genesisWith({ inflation_max: "0.2" }), /inflation_max must be 0: this chain does not mint/],
    [genesisWith({ inflation_min: "0.07", inflation_max: "0.2" }), /inflation_max must be 0/],
    [genesisWith({ inflation_rate_change: "0.13" }), /inflation_rate_change must be 0/],
    [genesisWith({ inflation_max: "1.5" }), /inflation_max too large/],
    [genesisWith({ inflation_min: "-0.1" }), /inflation_min: "-0.1" is not a non-negative decimal/],
    [genesisWith({ goal_bonded: "0" }), /goal bonded must be positive/],
    [genesisWith({ goal_bonded: "1.01" }), /goal bonded too large/],
    [genesisWith({ goal_bonded: "lots" }), /goal_bonded: "lots" is not a non-negative decimal/],
    [genesisWith({ blocks_per_year: "0" }), /blocks per year must be positive/],
    [genesisWith({ mint_denom: "" }), /mint denom cannot be blank/],
    [genesisWith({ mint_denom: "u" }), /invalid denom "u"/],
    [genesisWith({}, { inflation: "0.13" }), /minter inflation must be 0/],
    [genesisWith({}, { annual_provisions: "1000" }), /minter annual_provisions must be 0/],
    [{ ...genesisWith(), extra: {} } as Json, /mint genesis: .*extra/],
  ];
  for (const [genesis, pattern] of refused) {
    assert.throws(() => initMintGenesis(ctx(), keeper, genesis), pattern, JSON.stringify(genesis));
  }
  assert.throws(() => initMintGenesis(ctx(), keeper, "none"), /expected an object/);
  store.close();
});
