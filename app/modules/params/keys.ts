// The legacy params module keeps no state of its own: its subspaces answer from the params the
// other modules keep (subspaces.ts). The name is the SDK's x/params module name and codespace.
export const MODULE_NAME = "params";
