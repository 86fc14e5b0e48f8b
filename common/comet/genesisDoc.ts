// The genesis document CometBFT reads (config/genesis.json), in its JSON field names: what the
// launcher writes and what an export produces.
export interface GenesisDoc {
  genesis_time: string;
  chain_id: string;
  initial_height: string;
  consensus_params: Record<string, unknown>;
  validators?: Array<{ address: string; pub_key: { type: string; value: string }; power: string; name: string }>;
  app_hash: string;
  app_state?: unknown;
}
