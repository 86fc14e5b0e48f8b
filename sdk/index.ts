// The client SDK in one import: every browser-safe entry point (`@unit/sdk/query`, `/tx`, `/wallet`,
// ...) re-exported. The Node-only keyring is not here: import `@unit/sdk/keyring`.
export * from "./client/index.js";
export * from "./cosmjs/index.js";
export * from "./crypto/index.js";
export * from "./keys/index.js";
export * from "./math/index.js";
export * from "./query/index.js";
export * from "./tx/index.js";
export * from "./wallet/index.js";
export * from "./signer.js";
