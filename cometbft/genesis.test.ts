// Our genesis fields over what `cometbft init` writes: the chain's ids, time and app state, and
// the block limits a new chain starts with.
import { test } from "node:test";
import assert from "node:assert/strict";
import { APP_PROTOCOL_VERSION } from "../common/version.js";
import { customizeGenesis, DEFAULT_BLOCK_PARAMS, type GenesisDoc } from "./genesis.js";

const generated = {
  genesis_time: "2020-01-01T00:00:00Z",
  chain_id: "test-chain-x",
  initial_height: "0",
  consensus_params: {
    block: { max_bytes: "22020096", max_gas: "-1", time_iota_ms: "1000" },
    evidence: { max_age_num_blocks: "100000", max_age_duration: "172800000000000", max_bytes: "1048576" },
    validator: { pub_key_types: ["ed25519"] },
    version: { app: "0" },
  },
  validators: [],
  app_hash: "",
} as unknown as GenesisDoc;

test("a new chain's block limits replace init's, other consensus params are kept", () => {
  const doc = customizeGenesis(generated, { chainId: "unit_2611-1", genesisTime: new Date("2026-01-02T03:04:05Z"), appState: { bank: {} } });
  const params = doc.consensus_params as Record<string, Record<string, unknown>>;
  assert.deepEqual(params.block, { max_bytes: "4194304", max_gas: "-1", time_iota_ms: "1000" });
  assert.equal(DEFAULT_BLOCK_PARAMS.max_bytes, String(4 * 1024 * 1024));
  assert.deepEqual(params.evidence, (generated.consensus_params as Record<string, unknown>).evidence);
  // Evidence must fit in a block: CometBFT refuses params where it does not.
  assert.ok(Number(params.evidence!.max_bytes) < Number(params.block!.max_bytes));
  assert.deepEqual(params.version, { app: String(APP_PROTOCOL_VERSION) });
  assert.deepEqual([doc.chain_id, doc.initial_height, doc.genesis_time, doc.app_state], ["unit_2611-1", "1", "2026-01-02T03:04:05.000Z", { bank: {} }]);
});
