// The consensus module's storage schema, under the `consensus/` namespace: one record, CometBFT's
// consensus params as InitChain gave them and governance changed them since.
export const MODULE_NAME = "consensus";

/** tendermint.types.ConsensusParams (protobuf) */
export const PARAMS_KEY = Uint8Array.of(0x01);
