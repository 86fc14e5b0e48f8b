// Mint export: the params and minter in state come back as the genesis section that rebuilds the
// same store entries, and export again gives the same section.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { TimestampSchema } from "@bufbuild/protobuf/wkt";
import { Context } from "../../context.js";
import { openStore } from "../../store/index.js";
import { testLogger } from "../../../test/support/logger.js";
import { assertGenesisRoundTrip } from "../../testing/moduleGenesisRoundTrip.js";
import { defaultMintGenesis } from "./genesis.js";
import { MintKeeper } from "./keeper.js";
import { mintModule } from "./module.js";

test("mint export -> import -> export: params and minter byte for byte", () => {
  const store = openStore(":memory:");
  const header = { chainId: "t", height: 0n, time: create(TimestampSchema, { seconds: 1n }), hash: new Uint8Array(), proposerAddress: new Uint8Array() };
  const root = store.begin();
  const module = mintModule(new MintKeeper());
  const g = defaultMintGenesis() as { params: object; minter: object };
  module.initGenesis!(new Context(header, root, testLogger), {
    ...g,
    params: { ...g.params, mint_denom: "ustake", goal_bonded: "0.5", blocks_per_year: "100" },
  });
  const { exported, keys } = assertGenesisRoundTrip(module, root, header, mintModule(new MintKeeper()));
  assert.equal(keys, 2);
  const params = (exported as { params: Record<string, string> }).params;
  assert.deepEqual([params.mint_denom, params.goal_bonded, params.blocks_per_year], ["ustake", "0.500000000000000000", "100"]);
  assert.deepEqual((exported as { minter: object }).minter, { inflation: "0.000000000000000000", annual_provisions: "0.000000000000000000" });
  store.close();
});
