// The mint module's storage schema, under the `mint/` namespace: its params and its minter (the
// current inflation and annual provisions), as the SDK keys them.
export const MODULE_NAME = "mint";

/** cosmos.mint.v1beta1.Minter (protobuf) */
export const MINTER_KEY = Uint8Array.of(0x00);
/** cosmos.mint.v1beta1.Params (protobuf) */
export const PARAMS_KEY = Uint8Array.of(0x01);
