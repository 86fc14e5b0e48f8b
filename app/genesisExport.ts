// The whole state at a committed height as a genesis file (the SDK's `export`): a new chain
// started from it continues at the next height with every module's state. Each module writes its
// own section (AppModule.exportGenesis); modules without one keep nothing a new chain needs.
import type { ConsensusParams } from "../gen/tendermint/types/params_pb.js";
import type { GenesisDoc } from "../common/comet/genesisDoc.js";
import type { AppModule } from "./module.js";
import type { ConsensusParamsStore } from "./blockParams.js";
import type { StateReader } from "./store/types.js";
import { BlockInfoKeeper } from "./modules/blockinfo/keeper.js";

export interface ExportInput {
  chainId: string;
  /** The committed height exported; the new chain starts at the next one. */
  height: number;
  /** The committed state at `height`. */
  state: StateReader;
  modules: readonly AppModule[];
  consensusParams: ConsensusParamsStore;
}

/** Every module's section, in module order; modules without exportGenesis are left out. */
export function exportAppState(state: StateReader, modules: readonly AppModule[]): Record<string, unknown> {
  const appState: Record<string, unknown> = {};
  for (const m of modules) if (m.exportGenesis) appState[m.name] = m.exportGenesis(state);
  return appState;
}

/**
 * The genesis document of a chain continuing from `height`. genesis_time is the exported block's
 * time, so the new chain's clock (voting windows, unbonding ends, credentials' dates) goes on
 * from where the old one stopped. `validators` is empty: InitChain answers staking's set, which
 * CometBFT then uses (docs/operators.md).
 */
export function exportGenesisDoc(input: ExportInput): GenesisDoc {
  const block = new BlockInfoKeeper().lastBlock(input.state);
  if (!block || block.height !== BigInt(input.height) || !block.time)
    throw new Error(`the state at height ${input.height} has no record of its block (found ${block ? `height ${block.height}` : "none"})`);
  const params = input.consensusParams.getParams(input.state);
  if (!params) throw new Error(`the state at height ${input.height} keeps no consensus params`);
  const time = new Date(Number(block.time.seconds) * 1000);
  const nanos = String(block.time.nanos).padStart(9, "0");
  return {
    genesis_time: `${time.toISOString().slice(0, 19)}.${nanos}Z`,
    chain_id: input.chainId,
    initial_height: String(input.height + 1),
    consensus_params: consensusParamsJson(params),
    validators: [],
    app_hash: "",
    app_state: exportAppState(input.state, input.modules),
  };
}

/** CometBFT's genesis form of the params: 64-bit numbers and the evidence age (nanoseconds) as strings. */
export function consensusParamsJson(p: ConsensusParams): Record<string, unknown> {
  const age = p.evidence?.maxAgeDuration;
  return {
    block: { max_bytes: String(p.block?.maxBytes ?? 0n), max_gas: String(p.block?.maxGas ?? 0n) },
    evidence: {
      max_age_num_blocks: String(p.evidence?.maxAgeNumBlocks ?? 0n),
      max_age_duration: String((age?.seconds ?? 0n) * 1_000_000_000n + BigInt(age?.nanos ?? 0)),
      max_bytes: String(p.evidence?.maxBytes ?? 0n),
    },
    validator: { pub_key_types: [...(p.validator?.pubKeyTypes ?? [])] },
    version: { app: String(p.version?.app ?? 0n) },
    abci: { vote_extensions_enable_height: String(p.abci?.voteExtensionsEnableHeight ?? 0n) },
  };
}
